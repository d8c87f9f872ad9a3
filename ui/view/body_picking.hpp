#pragma once
// Which body a click means, and finding a body again by id after indices shifted. Pure C++
// on aabb_core, unit tested.

#include <optional>
#include <vector>

#include "core/world/world.hpp"

namespace aabb::ui {

/// The body whose world box contains `point` (within `slack` world units), preferring one whose
/// exact shape contains it, then the smallest box: a click on a small box inside a large one
/// picks the small one. Uses the broad phase's box query.
[[nodiscard]] std::optional<std::size_t> pick_body(const World& world, glm::vec2 point,
                                                   float slack);

/// The current index of the body with id `id`, if it still exists.
[[nodiscard]] std::optional<std::size_t> find_body(const World& world, BodyId id);

/// The candidate pairs a body is in: the other body's index and whether the pair is a true
/// contact, in pair order.
struct BodyPairs {
    /// The other body of each pair.
    std::vector<std::size_t> others;
    /// 1 for a true contact, 0 for a false positive, per pair.
    std::vector<std::uint8_t> is_contact;
};

/// The candidate pairs of body `index` in the last step.
[[nodiscard]] BodyPairs pairs_of(const World& world, std::size_t index);

}  // namespace aabb::ui

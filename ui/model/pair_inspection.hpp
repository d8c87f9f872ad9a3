#pragma once
// The pair inspector's numbers (curriculum §2, §5): for two bodies, their boxes' per-axis
// intervals, the overlap lengths dx and dy, the verdict of each touching rule and of the
// world's policy, and — when either moves — the sweep of the next step: per-axis entry and
// exit times and the resulting time of impact. Pure C++ on aabb_core, unit tested.

#include <cstddef>

#include "core/geometry/swept_box.hpp"
#include "core/world/world.hpp"

namespace aabb::ui {

/// Everything the inspector shows for a pair.
struct PairInspection {
    /// World box of the first body.
    Box2 first;
    /// World box of the second body.
    Box2 second;
    /// Overlap length per axis: min(max) − max(min); negative is the gap (dx, dy).
    glm::vec2 overlap_lengths{0.0f};
    /// Verdict of the closed rule (touching counts).
    bool closed_overlap = false;
    /// Verdict of the open rule (touching does not count).
    bool open_overlap = false;
    /// Verdict of the world's touching policy (what the broad phase uses).
    bool policy_overlap = false;
    /// True when the pair is among the world's candidate pairs.
    bool is_candidate = false;
    /// True when the narrow phase confirmed it (meaningful when is_candidate).
    bool is_contact = false;
    /// Displacement of each body over the next step (velocity · dt).
    glm::vec2 first_displacement{0.0f};
    /// Displacement of the second body over the next step.
    glm::vec2 second_displacement{0.0f};
    /// The sweep of the first box against the second over the next step.
    SweepResult<2> sweep{};
};

/// Inspects bodies `first` and `second` (indices) of `world`. Precondition: both are valid
/// indices.
[[nodiscard]] PairInspection inspect_pair(const World& world, std::size_t first,
                                          std::size_t second);

}  // namespace aabb::ui

#pragma once
// What the editing tools create, as plain bodies: a bullet from a drag (direction and speed),
// a wall from a dragged rectangle, a rotating shape of a kind, size and spin, and a spray of
// random objects. The UI sends them to the World as commands. Pure C++, unit tested.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/world/world.hpp"

namespace aabb::ui {

/// The kinds of shape the shape tool drops.
enum class ToolShape : std::uint8_t {
    /// An oriented box twice as wide as high.
    box,
    /// A circle.
    circle,
    /// A regular hexagon.
    hexagon,
};

/// A bullet at `from` moving toward `to`: velocity = (to − from) · `speed_per_unit` per
/// second. Nullopt when the drag is shorter than `min_drag` (a click, not a drag).
[[nodiscard]] std::optional<Body> bullet_from_drag(glm::vec2 from, glm::vec2 to,
                                                   float speed_per_unit, float size,
                                                   DetectionMode detection, float min_drag = 1e-3f);

/// A wall covering the rectangle with corners `a` and `b`. Nullopt when either side is
/// shorter than `min_size`.
[[nodiscard]] std::optional<Body> wall_from_drag(glm::vec2 a, glm::vec2 b, float min_size = 1e-3f);

/// A rotating shape at `position`: `size` is its full width, `spin` its angular velocity in
/// radians per second. A hexagon's polygon id is left 0: pair it with hexagon_vertices().
[[nodiscard]] Body shape_body(ToolShape shape, glm::vec2 position, float size, float spin);

/// Counter-clockwise local vertices of a regular hexagon of full width `size`.
[[nodiscard]] std::vector<glm::vec2> hexagon_vertices(float size);

/// `count` moving boxes of random sizes (`size_min`..`size_max`) and directions at up to
/// `speed` inside `region`, from `seed`.
[[nodiscard]] std::vector<Body> spray_bodies(std::size_t count, const Box2& region, float size_min,
                                             float size_max, float speed, std::uint32_t seed);

}  // namespace aabb::ui

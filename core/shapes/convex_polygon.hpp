#pragma once
// Convex polygons as spans of counter-clockwise vertices: validation, transform and box.

#include <span>

#include "core/geometry/box.hpp"
#include "core/shapes/rotation.hpp"

namespace aabb {

/// The fewest vertices a polygon may have.
inline constexpr std::size_t min_polygon_vertices = 3;
/// The most vertices a polygon may have (keeps scenes and the narrow phase bounded).
inline constexpr std::size_t max_polygon_vertices = 16;

/// Throws std::invalid_argument (message starting with `what`) unless the vertices are finite,
/// between min_ and max_polygon_vertices in number, strictly convex and counter-clockwise.
void validate_convex_polygon(std::span<const glm::vec2> vertices, const char* what);

/// True when the vertices form a strictly convex counter-clockwise polygon (no checks on count).
[[nodiscard]] bool is_convex_counter_clockwise(std::span<const glm::vec2> vertices);

/// Writes each local vertex rotated by `rotation` and moved by `position` into `out` (same size).
void transform_points(std::span<const glm::vec2> local, glm::vec2 position,
                      const Rotation& rotation, std::span<glm::vec2> out);

/// The box of the points, grown from the empty box (never from the origin, curriculum §3).
[[nodiscard]] Box2 bounding_box_of_points(std::span<const glm::vec2> points);

}  // namespace aabb

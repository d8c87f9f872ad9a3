#pragma once
// Separating-axis test of two convex polygons (oriented boxes are 4-vertex polygons).

#include <span>

#include "core/narrowphase/shape_contact.hpp"

namespace aabb {

/// Exact separation of two convex counter-clockwise polygons: the largest, over every edge
/// normal of both, of the gap between their projections (separating axis theorem: the shapes
/// are disjoint iff some edge normal separates them). Negative means they overlap.
[[nodiscard]] ShapeContact contact_polygon_polygon(std::span<const glm::vec2> a,
                                                   std::span<const glm::vec2> b);

}  // namespace aabb

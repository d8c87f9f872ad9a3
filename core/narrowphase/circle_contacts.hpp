#pragma once
// Exact tests involving circles: by the distance between centers, or from the center to the
// nearest point of a convex polygon.

#include <span>

#include "core/narrowphase/shape_contact.hpp"
#include "core/shapes/circle.hpp"

namespace aabb {

/// Separation of two circles: |cB − cA| − (rA + rB), normal from A's center to B's.
[[nodiscard]] ShapeContact contact_circle_circle(const Circle& a, const Circle& b);

/// Separation of a circle (A) and a convex counter-clockwise polygon (B): the distance from
/// the center to the polygon minus the radius, or, with the center inside, minus (the depth
/// to the nearest edge plus the radius). The normal points from the circle towards the polygon.
[[nodiscard]] ShapeContact contact_circle_polygon(const Circle& a,
                                                  std::span<const glm::vec2> polygon);

}  // namespace aabb

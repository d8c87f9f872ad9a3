#pragma once
// Where two touching shapes touch: up to two contact points, the normal and the depth. Boxes
// and convex polygons clip the incident edge against the reference face; circles use the line
// between centers or the polygon's closest point.

#include <array>
#include <cstdint>
#include <span>

#include "core/narrowphase/narrow_phase.hpp"

namespace aabb {

/// The contact points of one touching pair (a 2D contact manifold).
struct ContactManifold {
    /// The points in world coordinates; only the first `count` are meaningful.
    std::array<glm::vec2, 2> points{};
    /// Number of points: 0 (the shapes do not touch), 1 (corner or circle) or 2 (edge on edge).
    std::uint32_t count = 0;
    /// Unit normal from A towards B.
    glm::vec2 normal{1.0f, 0.0f};
    /// Penetration depth along the normal (negative for a gap the policy counts as touching).
    float depth = 0.0f;
};

/// Contact points of two convex counter-clockwise polygons (boxes are 4-vertex polygons) by
/// edge clipping: the reference face is the edge of least penetration, the incident edge is
/// the other polygon's edge most anti-parallel to it, clipped to the reference face's side
/// planes; clipped points on or behind the reference face (within `slack`) are the contacts,
/// reported on the incident edge. Zero points when the polygons are apart by more than `slack`.
[[nodiscard]] ContactManifold contact_points_polygon_polygon(std::span<const glm::vec2> a,
                                                             std::span<const glm::vec2> b,
                                                             float slack = 0.0f);

/// The contact point of two circles: midway between the two surface points on the line
/// between the centers. Zero points when they are apart by more than `slack`.
[[nodiscard]] ContactManifold contact_points_circle_circle(glm::vec2 center_a, float radius_a,
                                                           glm::vec2 center_b, float radius_b,
                                                           float slack = 0.0f);

/// The contact point of a circle (A) and a convex counter-clockwise polygon (B): the point of
/// the polygon's boundary closest to the center. Zero points when apart by more than `slack`.
[[nodiscard]] ContactManifold contact_points_circle_polygon(glm::vec2 center, float radius,
                                                            std::span<const glm::vec2> polygon,
                                                            float slack = 0.0f);

/// The contact points of two placed shapes by their types (an axis-aligned box without
/// vertices uses its box's corners); `slack` is the largest gap still counted as touching.
[[nodiscard]] ContactManifold contact_points(const PlacedShape& a, const PlacedShape& b,
                                             float slack = 0.0f);

}  // namespace aabb

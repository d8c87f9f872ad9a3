#pragma once
// The distance between two convex shapes placed in the world, in double precision, with the
// closest points: what continuous detection advances on (time_of_impact.hpp). A circle is a
// one-point core with a radius and a polygon a core of 3–16 points without one, as Box2D's
// b2DistanceProxy does, so every pair is "core distance minus both radii".

#include <array>
#include <cstddef>
#include <span>

#include <glm/glm.hpp>

#include "core/shapes/convex_polygon.hpp"

namespace aabb {

/// A convex shape at one pose: its core (one point for a circle, the counter-clockwise
/// vertices of a box or polygon) and a radius around it (a circle's, 0 for polygons).
struct ConvexShape {
    /// The core's points in world coordinates; the first `count` are used.
    std::array<glm::dvec2, max_polygon_vertices> points{};
    /// 1 for a circle (its center), 3..max_polygon_vertices for a polygon.
    std::size_t count = 0;
    /// The circle's radius; 0 for a polygon.
    double radius = 0.0;
    /// The core's points in use.
    [[nodiscard]] std::span<const glm::dvec2> core() const { return {points.data(), count}; }
};

/// How far apart two shapes are.
struct ShapeDistance {
    /// Signed distance: the gap when apart, 0 when touching, minus the penetration depth
    /// (the least overlap over the separating axes) when overlapping.
    double separation = 0.0;
    /// Unit direction from A towards B along which `separation` is measured.
    glm::dvec2 normal{1.0, 0.0};
    /// The point of A nearest to B (on A's boundary).
    glm::dvec2 point_a{0.0};
    /// The point of B nearest to A (on B's boundary).
    glm::dvec2 point_b{0.0};
};

/// The signed distance between two convex shapes. Apart, it is exact: the least distance from
/// a core point of either to the other's core (point to segment; the nearest points of two
/// disjoint convex polygons include a vertex), minus both radii. Overlapping cores give the
/// separating-axis value (the largest gap over both polygons' edge normals, <= 0); a point core
/// inside a polygon gives its depth to the nearest edge.
[[nodiscard]] ShapeDistance shape_distance(const ConvexShape& a, const ConvexShape& b);

}  // namespace aabb

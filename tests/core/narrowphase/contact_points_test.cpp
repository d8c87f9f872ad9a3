// Contact points worked by hand: edge clipping for boxes and polygons, the line between
// centers for circles, the closest boundary point for a circle and a box.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "core/narrowphase/contact_points.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb {

namespace {

PlacedShape axis_aligned_box(glm::vec2 min, glm::vec2 max) {
    PlacedShape shape;
    shape.type = ShapeType::box;
    shape.axis_aligned = true;
    shape.box = Box2{min, max};
    return shape;
}

PlacedShape circle(glm::vec2 center, float radius) {
    PlacedShape shape;
    shape.type = ShapeType::circle;
    shape.center = center;
    shape.radius = radius;
    shape.box = Box2{center - glm::vec2(radius), center + glm::vec2(radius)};
    return shape;
}

/// True when the manifold's points are exactly `expected` in either order.
bool has_points(const ContactManifold& manifold, std::array<glm::vec2, 2> expected) {
    const auto near = [](glm::vec2 a, glm::vec2 b) { return glm::length(a - b) < 1e-5f; };
    if (manifold.count != 2) return false;
    return (near(manifold.points[0], expected[0]) && near(manifold.points[1], expected[1])) ||
           (near(manifold.points[0], expected[1]) && near(manifold.points[1], expected[0]));
}

}  // namespace

TEST_CASE("two overlapping axis-aligned boxes touch at the two corners of the overlap edge") {
    // A = [0,2]², B = [1.5,3.5]×[0.5,1.5]: overlap 0.5 along x (less than 1 along y), so the
    // reference face is A's right face x = 2 and the incident edge B's left face x = 1.5.
    const ContactManifold manifold = contact_points(axis_aligned_box({0, 0}, {2, 2}),
                                                    axis_aligned_box({1.5f, 0.5f}, {3.5f, 1.5f}));
    CHECK(has_points(manifold, {glm::vec2(1.5f, 0.5f), glm::vec2(1.5f, 1.5f)}));
    CHECK(manifold.normal == glm::vec2(1.0f, 0.0f));
    CHECK(manifold.depth == doctest::Approx(0.5f));

    // B = [1.5,3.5]×[1,3] sticks out above A: its left edge is clipped at A's top, y = 2.
    const ContactManifold clipped = contact_points(axis_aligned_box({0, 0}, {2, 2}),
                                                   axis_aligned_box({1.5f, 1.0f}, {3.5f, 3.0f}));
    CHECK(has_points(clipped, {glm::vec2(1.5f, 1.0f), glm::vec2(1.5f, 2.0f)}));
    CHECK(clipped.normal == glm::vec2(1.0f, 0.0f));

    // The same pair the other way round: the normal still points from A to B.
    const ContactManifold swapped = contact_points(axis_aligned_box({1.5f, 0.5f}, {3.5f, 1.5f}),
                                                   axis_aligned_box({0, 0}, {2, 2}));
    CHECK(swapped.count == 2);
    CHECK(swapped.normal.x == doctest::Approx(-1.0f));
    CHECK(swapped.depth == doctest::Approx(0.5f));
}

TEST_CASE("a rotated box's corner pushed into a box touches at that one corner") {
    // A unit square turned 45° about (1, 2.6): its lowest corner is at y = 2.6 − √2/2 ≈ 1.893,
    // 0.107 below the top face of B = [0,2]²; its other corners are above B.
    const auto diamond = corners(OrientedBox{{1.0f, 2.6f}, {0.5f, 0.5f}, 0.78539816f});
    PlacedShape a;
    a.type = ShapeType::box;
    a.axis_aligned = false;
    a.vertices = diamond;
    a.box = Box2{{0.29f, 1.89f}, {1.71f, 3.31f}};
    const ContactManifold manifold = contact_points(a, axis_aligned_box({0, 0}, {2, 2}));
    REQUIRE(manifold.count == 1);
    CHECK(manifold.points[0].x == doctest::Approx(1.0f));
    CHECK(manifold.points[0].y == doctest::Approx(2.6f - 0.70710678f));
    CHECK(manifold.normal.x == doctest::Approx(0.0f));
    CHECK(manifold.normal.y == doctest::Approx(-1.0f));
    CHECK(manifold.depth == doctest::Approx(0.70710678f - 0.6f));
}

TEST_CASE("two circles touch midway between their surface points") {
    // Centers 1.5 apart, radii 1: surfaces at x = 1 (A) and x = 0.5 (B), midpoint 0.75.
    const ContactManifold manifold = contact_points(circle({0, 0}, 1.0f), circle({1.5f, 0}, 1.0f));
    REQUIRE(manifold.count == 1);
    CHECK(manifold.points[0].x == doctest::Approx(0.75f));
    CHECK(manifold.points[0].y == doctest::Approx(0.0f));
    CHECK(manifold.normal == glm::vec2(1.0f, 0.0f));
    CHECK(manifold.depth == doctest::Approx(0.5f));
    // Along a 3-4-5 diagonal: centers 5 apart, radii 2 and 3.5, surfaces at 2 and 1.5 from A.
    const ContactManifold diagonal = contact_points_circle_circle({0, 0}, 2.0f, {3, 4}, 3.5f);
    REQUIRE(diagonal.count == 1);
    CHECK(diagonal.points[0].x == doctest::Approx(1.75f * 0.6f));
    CHECK(diagonal.points[0].y == doctest::Approx(1.75f * 0.8f));
    CHECK(contact_points(circle({0, 0}, 1.0f), circle({3, 0}, 1.0f)).count == 0);
}

TEST_CASE("a circle and a box touch at the box's point closest to the center") {
    // Circle at the origin, radius 1; box [0.5,2.5]×[−1,1]: closest point (0.5, 0).
    const ContactManifold manifold =
        contact_points(circle({0, 0}, 1.0f), axis_aligned_box({0.5f, -1.0f}, {2.5f, 1.0f}));
    REQUIRE(manifold.count == 1);
    CHECK(manifold.points[0].x == doctest::Approx(0.5f));
    CHECK(manifold.points[0].y == doctest::Approx(0.0f));
    CHECK(manifold.normal.x == doctest::Approx(1.0f));
    CHECK(manifold.depth == doctest::Approx(0.5f));
    // Box first: same point, normal from the box towards the circle.
    const ContactManifold flipped =
        contact_points(axis_aligned_box({0.5f, -1.0f}, {2.5f, 1.0f}), circle({0, 0}, 1.0f));
    REQUIRE(flipped.count == 1);
    CHECK(flipped.points[0].x == doctest::Approx(0.5f));
    CHECK(flipped.normal.x == doctest::Approx(-1.0f));
    // Near a corner: circle at (3, 2), radius 1.5, box corner (2.5, 1) at distance √1.25.
    const ContactManifold corner =
        contact_points(circle({3, 2}, 1.5f), axis_aligned_box({0.5f, -1.0f}, {2.5f, 1.0f}));
    REQUIRE(corner.count == 1);
    CHECK(corner.points[0].x == doctest::Approx(2.5f));
    CHECK(corner.points[0].y == doctest::Approx(1.0f));
    CHECK(corner.depth == doctest::Approx(1.5f - std::sqrt(1.25f)));
    // Center inside [0,4]×[−1,1] at (1, 0.2): the nearest face is the top, 0.8 away.
    const ContactManifold inside =
        contact_points(circle({1.0f, 0.2f}, 0.5f), axis_aligned_box({0, -1}, {4, 1}));
    REQUIRE(inside.count == 1);
    CHECK(inside.points[0].x == doctest::Approx(1.0f));
    CHECK(inside.points[0].y == doctest::Approx(1.0f));
    CHECK(inside.depth == doctest::Approx(1.3f));
}

TEST_CASE("shapes apart have no contact points unless the slack covers the gap") {
    const PlacedShape left = axis_aligned_box({0, 0}, {1, 1});
    const PlacedShape right = axis_aligned_box({1.25f, 0.0f}, {2.25f, 1.0f});
    CHECK(contact_points(left, right).count == 0);
    const ContactManifold within_slack = contact_points(left, right, 0.5f);
    CHECK(within_slack.count == 2);
    CHECK(within_slack.depth == doctest::Approx(-0.25f));
    // Touching exactly (closed policy): the shared edge.
    const ContactManifold touching = contact_points(left, axis_aligned_box({1, 0}, {2, 1}));
    CHECK(has_points(touching, {glm::vec2(1, 0), glm::vec2(1, 1)}));
    CHECK(touching.depth == doctest::Approx(0.0f));
    CHECK(contact_points(circle({0, 0}, 1.0f), axis_aligned_box({2, -1}, {3, 1})).count == 0);
}

TEST_CASE("contact points of polygons lie in both shapes and the depth matches the narrow phase") {
    // A triangle's apex pushed 0.25 into a square's top face: one point, the apex.
    const std::array<glm::vec2, 3> triangle{glm::vec2(0, 0.75f), glm::vec2(1, 2.75f),
                                            glm::vec2(-1, 2.75f)};
    const auto square = corners(OrientedBox{{0, 0}, {1, 1}, 0.0f});
    const ContactManifold manifold = contact_points_polygon_polygon(triangle, square);
    REQUIRE(manifold.count == 1);
    CHECK(manifold.points[0].x == doctest::Approx(0.0f));
    CHECK(manifold.points[0].y == doctest::Approx(0.75f));
    CHECK(manifold.normal.y == doctest::Approx(-1.0f));
    CHECK(manifold.depth == doctest::Approx(0.25f));
    const std::array<glm::vec2, 2> too_few{glm::vec2(0, 0), glm::vec2(1, 1)};
    CHECK(contact_points_polygon_polygon(too_few, square).count == 0);
}

}  // namespace aabb

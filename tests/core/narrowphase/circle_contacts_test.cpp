// Circle tests by distance, with hand-computed cases.

#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include "core/narrowphase/circle_contacts.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb {

TEST_CASE("circle against circle") {
    const ShapeContact gap = contact_circle_circle({{0, 0}, 1}, {{3, 4}, 2});
    CHECK(gap.separation == doctest::Approx(2.0f));
    CHECK(gap.normal.x == doctest::Approx(0.6f));
    CHECK(gap.normal.y == doctest::Approx(0.8f));
    CHECK(contact_circle_circle({{0, 0}, 1}, {{2, 0}, 1}).separation == doctest::Approx(0.0f));
    CHECK(contact_circle_circle({{0, 0}, 1}, {{1, 0}, 1}).separation == doctest::Approx(-1.0f));
    const ShapeContact same = contact_circle_circle({{1, 1}, 1}, {{1, 1}, 1});
    CHECK(same.separation == doctest::Approx(-2.0f));
    CHECK(std::abs(glm::length(same.normal) - 1.0f) < 1e-6f);
}

TEST_CASE("circle against a square: corner region, edge region, inside") {
    const auto square = corners(OrientedBox{{0, 0}, {1, 1}, 0.0f});
    const ShapeContact corner = contact_circle_polygon({{2, 2}, 1}, square);
    CHECK(corner.separation == doctest::Approx(std::sqrt(2.0f) - 1.0f));
    CHECK(corner.normal.x == doctest::Approx(-0.70710678f));
    CHECK(corner.normal.y == doctest::Approx(-0.70710678f));
    // The box test would call this a hit (the circle's box reaches the square's corner).
    const ShapeContact near_corner = contact_circle_polygon({{1.8f, 1.8f}, 1}, square);
    CHECK(near_corner.separation > 0.0f);
    const ShapeContact edge = contact_circle_polygon({{1.5f, 0}, 1}, square);
    CHECK(edge.separation == doctest::Approx(-0.5f));
    CHECK(edge.normal.x == doctest::Approx(-1.0f));
    const ShapeContact inside = contact_circle_polygon({{0.5f, 0}, 0.25f}, square);
    CHECK(inside.separation == doctest::Approx(-0.75f));
    CHECK(inside.normal.x == doctest::Approx(-1.0f));
}

}  // namespace aabb

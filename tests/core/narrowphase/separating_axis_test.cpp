// Separating-axis tests with hand-computed cases.

#include <doctest/doctest.h>

#include <array>

#include "core/geometry/overlap.hpp"
#include "core/narrowphase/separating_axis.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb {

namespace {

std::array<glm::vec2, 4> square_at(glm::vec2 center, float half, float angle = 0.0f) {
    return corners(OrientedBox{center, glm::vec2(half), angle});
}

}  // namespace

TEST_CASE("axis-aligned squares: gap, touching, overlap") {
    const auto a = square_at({0, 0}, 1);
    const ShapeContact gap = contact_polygon_polygon(a, square_at({3, 0}, 1));
    CHECK(gap.separation == doctest::Approx(1.0f));
    CHECK(gap.normal.x == doctest::Approx(1.0f));
    CHECK(gap.normal.y == doctest::Approx(0.0f));
    CHECK(contact_polygon_polygon(a, square_at({2, 0}, 1)).separation == doctest::Approx(0.0f));
    const ShapeContact overlap = contact_polygon_polygon(a, square_at({0, -1.5f}, 1));
    CHECK(overlap.separation == doctest::Approx(-0.5f));
    CHECK(overlap.normal.y == doctest::Approx(-1.0f));
}

TEST_CASE("a diamond against a square: the corner decides") {
    const auto square = square_at({0, 0}, 1);
    // A unit square turned 45° reaches √2 ≈ 1.414 from its center.
    const ShapeContact near =
        contact_polygon_polygon(square, square_at({2.2f, 0}, 1, 0.785398163f));
    CHECK(near.separation == doctest::Approx((2.2f - 1.4142136f) - 1.0f).epsilon(1e-4));
    CHECK(near.separation < 0.0f);
    const ShapeContact far = contact_polygon_polygon(square, square_at({2.5f, 0}, 1, 0.785398163f));
    CHECK(far.separation == doctest::Approx(2.5f - 1.4142136f - 1.0f).epsilon(1e-4));
    CHECK(far.normal.x == doctest::Approx(1.0f));
}

TEST_CASE("parallel slanted bars: boxes overlap, shapes are 2 apart") {
    const float angle = 0.785398163f;
    const glm::vec2 across{-0.70710678f, 0.70710678f};
    const OrientedBox a{{0, 0}, {10.0f, 0.5f}, angle};
    const OrientedBox b{across * 3.0f, {10.0f, 0.5f}, angle};
    CHECK(overlaps(bounding_box(a), bounding_box(b)));
    const ShapeContact contact = contact_polygon_polygon(corners(a), corners(b));
    CHECK(contact.separation == doctest::Approx(2.0f).epsilon(1e-4));
    CHECK(contact.normal.x == doctest::Approx(across.x).epsilon(1e-4));
    CHECK(contact.normal.y == doctest::Approx(across.y).epsilon(1e-4));
}

TEST_CASE("triangle against square, and containment") {
    const std::array<glm::vec2, 3> triangle{{glm::vec2(2, -1), glm::vec2(4, -1), glm::vec2(3, 1)}};
    CHECK(contact_polygon_polygon(square_at({0, 0}, 1), triangle).separation ==
          doctest::Approx(1.0f));
    // A small square deep inside a big one: the least overlap is to the nearest side.
    const ShapeContact inside = contact_polygon_polygon(square_at({0, 0}, 5), square_at({3, 0}, 1));
    CHECK(inside.separation == doctest::Approx(-3.0f));
    CHECK(inside.normal.x == doctest::Approx(1.0f));
}

}  // namespace aabb

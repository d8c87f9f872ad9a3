// Times of impact of shapes, each checked against an answer computed by hand (the computation
// is beside each case), within the stated tolerance: at a hit the shapes are at most `slop`
// apart, so τ is at most slop / (closing speed per step) before the exact touching time.

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <random>

#include "core/narrowphase/time_of_impact.hpp"

namespace aabb {

namespace {

constexpr float pi = 3.14159265358979f;
constexpr float quarter_turn = 0.785398163f;  // 45°

std::array<glm::vec2, 4> box_points(float half_x, float half_y) {
    return {glm::vec2{-half_x, -half_y}, {half_x, -half_y}, {half_x, half_y}, {-half_x, half_y}};
}

ShapeSweep moving(std::span<const glm::vec2> points, glm::vec2 from, glm::vec2 to,
                  float from_angle = 0.0f, float to_angle = 0.0f) {
    ShapeSweep sweep;
    sweep.local_points = points;
    sweep.start_position = from;
    sweep.end_position = to;
    sweep.start_angle = from_angle;
    sweep.end_angle = to_angle;
    return sweep;
}

ShapeSweep circle(float radius, glm::vec2 from, glm::vec2 to) {
    ShapeSweep sweep;
    sweep.radius = radius;
    sweep.start_position = from;
    sweep.end_position = to;
    return sweep;
}

// A hit at `expected` (the exact touching time) within the tolerance: never after it, and at
// most slop / closing (closing: how far the gap shrinks over the whole step) before it.
void check_hit(const TimeOfImpact& impact, float expected, float slop, float closing) {
    REQUIRE(impact.state == ImpactState::hit);
    CHECK(impact.separation <= slop);
    CHECK(impact.separation >= 0.0f);
    CHECK(impact.time <= expected + 1e-6f);
    CHECK(impact.time >= expected - slop / closing - 1e-6f);
}

}  // namespace

TEST_CASE("shape distance: polygons, circles, apart and overlapping") {
    const auto square = box_points(1, 1);
    const ConvexShape a = shape_at(moving(square, {0, 0}, {0, 0}), 0.0);
    // Corners (1, 1) and (2, 2) of squares centred at 0 and (3, 3): √2 apart.
    const ShapeDistance corners = shape_distance(a, shape_at(moving(square, {3, 3}, {3, 3}), 0.0));
    CHECK(corners.separation == doctest::Approx(std::sqrt(2.0)));
    CHECK(corners.normal.x == doctest::Approx(std::sqrt(0.5)));
    // A circle of radius 0.5 at (0, 3) above the square's top face y = 1: 3 − 1 − 0.5 = 1.5.
    const ShapeDistance face = shape_distance(shape_at(circle(0.5f, {0, 3}, {0, 3}), 0.0), a);
    CHECK(face.separation == doctest::Approx(1.5));
    CHECK(face.normal.y == doctest::Approx(-1.0));  // from the circle down to the square
    // A circle at (2, 2) beyond the corner (1, 1): √2 − 0.5.
    const ShapeDistance corner = shape_distance(a, shape_at(circle(0.5f, {2, 2}, {2, 2}), 0.0));
    CHECK(corner.separation == doctest::Approx(std::sqrt(2.0) - 0.5));
    // Circles at 0 (radius 1) and (3, 4) (radius 1.5): 5 − 2.5.
    CHECK(shape_distance(shape_at(circle(1, {0, 0}, {0, 0}), 0.0),
                         shape_at(circle(1.5f, {3, 4}, {3, 4}), 0.0))
              .separation == doctest::Approx(2.5));
    // Squares of half-size 1 at 0 and (1.5, 0) overlap by 0.5.
    CHECK(shape_distance(a, shape_at(moving(square, {1.5f, 0}, {1.5f, 0}), 0.0)).separation ==
          doctest::Approx(-0.5));
}

TEST_CASE("a bullet against the issue's rotated bar: the shape's time, not the box's") {
    // The bar 6 × 0.4 at (10, 0) turned 45°; a 0.2 × 0.2 bullet at y = 1.9 moves 10 a step,
    // from x = 10 to 20. Its near face is across = +0.2 on the axis (−√½, √½): the points with
    // x = y + 10 − 0.2 / √½. The bullet's bottom-right corner (x + 0.1, 1.8) reaches it at
    // x + 0.1 = 1.8 + 10 − 0.28284 = 11.51716, so τ = (11.41716 − 10) / 10 = 0.141716 (there the
    // along coordinate is 2.35 < 3, on the face). Its box says 0: the bullet starts inside it.
    const auto bar = box_points(3.0f, 0.2f);
    const auto bullet = box_points(0.1f, 0.1f);
    const ShapeSweep a = moving(bullet, {10, 1.9f}, {20, 1.9f});
    const ShapeSweep b = moving(bar, {10, 0}, {10, 0}, quarter_turn, quarter_turn);
    const float slop = time_of_impact_slop(a, b);
    // The smaller thickness is the bullet's 0.1: 1e-4; the float resolution at 20 is below it.
    CHECK(slop == doctest::Approx(1e-4f));
    const TimeOfImpact impact = time_of_impact(a, b, 0.0f, 1.0f, slop);
    // Closing speed along the face normal: 10 · √½ per step.
    check_hit(impact, 0.141716f, slop, 10.0f * std::sqrt(0.5f));
    CHECK(impact.normal.x == doctest::Approx(std::sqrt(0.5f)).epsilon(1e-3));
    CHECK(impact.normal.y == doctest::Approx(-std::sqrt(0.5f)).epsilon(1e-3));
    // It leaves past the bar's corner (10 + 3.2·√½, 2.8·√½) = (12.26274, 1.97990), which lies
    // in the bullet's y range [1.8, 2]: when x − 0.1 = 12.26274, τ = 0.236274.
    const TimeOfImpact exit = time_of_exit(a, b, impact.time, 1.0f, slop);
    REQUIRE(exit.state == ImpactState::hit);
    CHECK(exit.time == doctest::Approx(0.236274f).epsilon(2e-5));
    // Penetration on the way through: the bullet is inside the bar.
    CHECK(deepest_separation(a, b, impact.time, exit.time).separation < -0.05f);
}

TEST_CASE("a box bullet against a circle target") {
    // A circle of radius 1 at (5, 0); the bullet (half 0.1) from (0, 0.5) to (10, 0.5). Its
    // right face spans y in [0.4, 0.6]; the circle's boundary nearest it is at y = 0.4, where
    // x = 5 − √(1 − 0.16) = 4.083485. So x + 0.1 = 4.083485 and τ = 3.983485 / 10 = 0.3983485.
    const auto bullet = box_points(0.1f, 0.1f);
    const ShapeSweep a = moving(bullet, {0, 0.5f}, {10, 0.5f});
    const ShapeSweep b = circle(1.0f, {5, 0}, {5, 0});
    const float slop = time_of_impact_slop(a, b);
    // The circle's normal there is (−0.916515, 0.4): the gap closes at 10 · 0.9165 a step.
    check_hit(time_of_impact(a, b, 0.0f, 1.0f, slop), 0.3983485f, slop, 9.165f);
}

TEST_CASE("a circle bullet against a polygon target's slanted face") {
    // The triangle (5, 0), (7, 0), (5, 2): its hypotenuse is x + y = 7 with outward normal
    // (1, 1)/√2. A circle of radius 0.5 moves from (10, 1) to (0, 1): it touches when
    // (x + 1 − 7)/√2 = 0.5, x = 6 + 0.5·√2 = 6.707107, so τ = (10 − 6.707107)/10 = 0.3292893.
    // The foot (6.353553, 0.646447) is on the hypotenuse (x in [5, 7]): a face hit.
    const std::array<glm::vec2, 3> triangle{glm::vec2{0, 0}, {2, 0}, {0, 2}};
    const ShapeSweep a = circle(0.5f, {10, 1}, {0, 1});
    const ShapeSweep b = moving(triangle, {5, 0}, {5, 0});
    const float slop = time_of_impact_slop(a, b);
    const TimeOfImpact impact = time_of_impact(a, b, 0.0f, 1.0f, slop);
    check_hit(impact, 0.3292893f, slop, 10.0f * std::sqrt(0.5f));
    CHECK(impact.normal.x == doctest::Approx(-std::sqrt(0.5f)).epsilon(1e-3));
}

TEST_CASE("a rotating bullet, and a spinning target: rotation is part of the motion") {
    // A bar of half-size (1, 0.05) turning a quarter (0 → π/2) about the origin, and a circle
    // of radius 0.1 at (0, 0.8). The bar's leading face is the line through R(θ)(s, 0.05) with
    // normal (−sin θ, cos θ): its distance to the circle's center is 0.8·cos θ − 0.05, which is
    // 0.1 when cos θ = 0.1875, θ = 1.38218, τ = θ / (π/2) = 0.879923. The nearest point is at
    // s = 0.8·sin θ = 0.786 < 1: on the face, not past the bar's end.
    const auto bar = box_points(1.0f, 0.05f);
    const ShapeSweep spinning = moving(bar, {0, 0}, {0, 0}, 0.0f, pi / 2);
    const ShapeSweep still = circle(0.1f, {0, 0.8f}, {0, 0.8f});
    const float slop = time_of_impact_slop(spinning, still);
    // The face point nearest the circle moves at 0.786 · π/2 = 1.23 a step along the normal.
    check_hit(time_of_impact(spinning, still, 0.0f, 1.0f, slop), 0.879923f, slop, 1.23f);
    // The same pair the other way round: the circle as the body, the bar as the target.
    check_hit(time_of_impact(still, spinning, 0.0f, 1.0f, slop), 0.879923f, slop, 1.23f);
}

TEST_CASE("two moving bodies approach each other") {
    // Circles of radius 0.5: A from (0, 0) to (4, 0), B from (6, 0) to (2, 0). Their centers
    // are 6 − 8τ apart, which is 1 at τ = 0.625.
    const ShapeSweep a = circle(0.5f, {0, 0}, {4, 0});
    const ShapeSweep b = circle(0.5f, {6, 0}, {2, 0});
    const float slop = time_of_impact_slop(a, b);
    check_hit(time_of_impact(a, b, 0.0f, 1.0f, slop), 0.625f, slop, 8.0f);
    // Within a later part of the step only: from τ = 0.7 they already overlap.
    CHECK(time_of_impact(a, b, 0.7f, 1.0f, slop).state == ImpactState::overlapping);
    // Within [0, 0.5] they never meet (centers still 2 apart at 0.5).
    CHECK(time_of_impact(a, b, 0.0f, 0.5f, slop).state == ImpactState::separated);
}

TEST_CASE("separated, touching and overlapping at the start") {
    const auto square = box_points(0.5f, 0.5f);
    // A passes 1 above B (y gap 2 − 0.5 − 0.5 = 1): never meets.
    const ShapeSweep b = moving(square, {5, 0}, {5, 0}, 0.1f, 0.1f);
    const TimeOfImpact passing =
        time_of_impact(moving(square, {0, 2.5f}, {10, 2.5f}), b, 0.0f, 1.0f, 1e-4f);
    CHECK(passing.state == ImpactState::separated);
    // Circles of radius 1 at 0 and (2, 0) touch at the start; moving together or apart.
    const ShapeSweep other = circle(1.0f, {2, 0}, {2, 0});
    const TimeOfImpact closing = time_of_impact(circle(1, {0, 0}, {1, 0}), other, 0, 1, 1e-4f);
    CHECK(closing.state == ImpactState::touching);
    CHECK(closing.approach == doctest::Approx(1.0f));
    const TimeOfImpact leaving = time_of_impact(circle(1, {0, 0}, {-1, 0}), other, 0, 1, 1e-4f);
    CHECK(leaving.state == ImpactState::touching);
    CHECK(leaving.approach == doctest::Approx(-1.0f));
    CHECK(time_of_impact(circle(1, {0.5f, 0}, {1, 0}), other, 0, 1, 1e-4f).state ==
          ImpactState::overlapping);
}

TEST_CASE("the deepest separation tells a graze from a crossing") {
    // A unit square sliding along the top face of another (bottom y = 0.5 = top y): touching
    // all the way, never overlapping (least separation 0). Lowered by 0.1 it overlaps by 0.1.
    // Both turned by 30° about their centers so the distance, not the box, decides.
    const auto square = box_points(0.5f, 0.5f);
    const ShapeSweep below = moving(square, {5, 0}, {5, 0});
    const DeepestSeparation graze =
        deepest_separation(moving(square, {0, 1}, {10, 1}), below, 0.0f, 1.0f);
    CHECK(graze.separation == doctest::Approx(0.0f).epsilon(1e-6));
    const DeepestSeparation crossing =
        deepest_separation(moving(square, {0, 0.9f}, {10, 0.9f}), below, 0.0f, 1.0f);
    CHECK(crossing.separation == doctest::Approx(-0.1f).epsilon(1e-4));
    // A corner passing exactly through a corner: a diamond (square at 45°, reaching √½ from its
    // center) at y = √½ + 0.5 moving along x over the square's top: its bottom vertex slides
    // along the top face y = 0.5, touching, never inside.
    const float h = std::sqrt(0.5f) + 0.5f;
    const DeepestSeparation corner = deepest_separation(
        moving(square, {0, h}, {10, h}, quarter_turn, quarter_turn), below, 0.0f, 1.0f);
    CHECK(std::abs(corner.separation) < 1e-5f);
}

TEST_CASE("the tolerance holds for rotating, moving pairs of every shape (fixed seed)") {
    // The stated tolerance as a property: at every hit the shapes are apart by at most the
    // slop, and at 64 even times before it they were never closer than slop / 2 (the
    // advancement's target, with a margin for rounding).
    std::mt19937 random(50);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    const auto square = box_points(0.4f, 0.1f);
    const std::array<glm::vec2, 5> pentagon{
        glm::vec2{0.5f, 0}, {0.15f, 0.48f}, {-0.4f, 0.3f}, {-0.4f, -0.3f}, {0.15f, -0.48f}};
    int hits = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const auto pick = [&](int kind, glm::vec2 from, glm::vec2 to) {
            const float a0 = unit(random) * pi;
            const float a1 = a0 + unit(random) * 2.0f;
            if (kind == 0) return circle(0.3f, from, to);
            if (kind == 1) return moving(square, from, to, a0, a1);
            return moving(pentagon, from, to, a0, a1);
        };
        const ShapeSweep a = pick(trial % 3, {unit(random) * 3 - 4, unit(random)},
                                  {unit(random) * 3 + 4, unit(random)});
        const ShapeSweep b =
            pick((trial / 3) % 3, {unit(random), unit(random)}, {unit(random), unit(random)});
        const float slop = time_of_impact_slop(a, b);
        const TimeOfImpact impact = time_of_impact(a, b, 0.0f, 1.0f, slop);
        CHECK(impact.state != ImpactState::unresolved);
        if (impact.state != ImpactState::hit) continue;
        ++hits;
        CHECK(impact.separation <= slop);
        // Measured at the float τ returned, not at a time it was rounded from.
        CHECK(shape_distance(shape_at(a, impact.time), shape_at(b, impact.time)).separation <=
              slop);
        for (int k = 0; k < 64; ++k) {
            const double time = impact.time * k / 64.0;
            const double separation =
                shape_distance(shape_at(a, time), shape_at(b, time)).separation;
            CHECK(separation > 0.49 * slop);
        }
    }
    CHECK(hits > 100);
}

TEST_CASE("a hit is within the slop at the float τ returned (fuzz: spinning octagon)") {
    // tests/data/fuzz/time_of_impact/spinning_octagon_float_tau: an octagon of radius 97
    // turning 16.15 rad in the step meets a small triangle. The advancement stopped in double
    // 3.56e-4 apart, within the slop 3.84e-4, but τ rounded to a float moved the octagon's rim
    // (270 units per unit of τ) 8e-6 further and the poses at the τ returned were 3.92e-4
    // apart. Now every iterate is a float τ, and the slop covers four floats of τ of motion.
    const std::array<glm::vec2, 8> octagon{
        glm::vec2{0x1.840a0cp+6f, 0.0f},     {0x1.12629ap+6f, 0x1.12629ap+6f},
        {-0x1.1c9218p-18f, 0x1.840a0cp+6f},  {-0x1.12629ap+6f, 0x1.12629ap+6f},
        {-0x1.840a0cp+6f, -0x1.1c9218p-17f}, {-0x1.126298p+6f, -0x1.12629ep+6f},
        {0x1.3688c8p-20f, -0x1.840a0cp+6f},  {0x1.1262a2p+6f, -0x1.126294p+6f}};
    const std::array<glm::vec2, 3> triangle{glm::vec2{0x1.46025p-2f, 0.0f},
                                            {-0x1.460252p-3f, 0x1.1a5504p-2f},
                                            {-0x1.46024cp-3f, -0x1.1a5506p-2f}};
    const ShapeSweep a = moving(octagon, {0x1.9dc2dcp+6f, 0.0f}, {0x1.a0c2cp+6f, -0x1.31e53ap+3f},
                                0.0f, 0x1.026e58p+4f);
    const ShapeSweep b = moving(triangle, {0.0f, -0x1.04ee4p+7f}, {0x1.81dd5ap+6f, -0x1.e63ec4p+5f},
                                0x1.000234p+0f, 0x1.0043bep+0f);
    const float slop = time_of_impact_slop(a, b);
    const TimeOfImpact impact = time_of_impact(a, b, 0.0f, 1.0f, slop);
    REQUIRE(impact.state == ImpactState::hit);
    const double at_tau =
        shape_distance(shape_at(a, impact.time), shape_at(b, impact.time)).separation;
    CHECK(at_tau <= slop);
    CHECK(at_tau == doctest::Approx(impact.separation).epsilon(1e-6));
    CHECK(impact.time == doctest::Approx(0.597).epsilon(1e-3));
}

}  // namespace aabb

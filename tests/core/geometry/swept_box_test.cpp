// Swept box against box (curriculum §5): the bullet worked example, zero-displacement axes,
// touching and overlapping starts, normals, both boxes moving, 3D, and a brute-force check
// against discrete sub-steps.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "core/geometry/overlap.hpp"
#include "core/geometry/swept_box.hpp"

namespace aabb {
namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

}  // namespace

TEST_CASE("worked example: the bullet tunnels through the wall between two discrete tests") {
    // Seed 000: a bullet of width 1 from x = [0,1] to [10,11] in one step; wall x = [5,5.5].
    const Box2 bullet{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const glm::vec2 displacement(10.0f, 0.0f);
    const Box2 wall{{5.0f, -10.0f}, {5.5f, 10.0f}};  // y overlaps throughout

    // Discrete tests at both ends of the step miss.
    CHECK_FALSE(overlaps(bullet, wall));
    CHECK_FALSE(overlaps(translated(bullet, displacement), wall));
    CHECK(translated(bullet, displacement) == Box2{{10.0f, 0.0f}, {11.0f, 1.0f}});

    // The sweep finds it: enter = (5 − 1)/10 = 0.40, exit = (5.5 − 0)/10 = 0.55.
    const SweepResult<2> result = sweep(bullet, displacement, wall);
    CHECK(result.state == SweepState::hit);
    CHECK(result.time_of_impact == 0.40f);
    CHECK(result.time_of_exit == 0.55f);
    CHECK(result.entry_times.x == 0.40f);
    CHECK(result.exit_times.x == 0.55f);
    CHECK(result.entry_times.y == -infinity);  // y: no relative motion, overlapping
    CHECK(result.exit_times.y == infinity);
    CHECK(result.normal == glm::vec2(-1.0f, 0.0f));  // the wall's left face, opposing motion

    // At τ = 0.4 the boxes touch; just after, they overlap.
    CHECK(overlaps(translated(bullet, displacement * 0.4f), wall));
    CHECK_FALSE(overlaps(translated(bullet, displacement * 0.4f), wall, TouchingPolicy::open()));
    CHECK(overlaps(translated(bullet, displacement * 0.5f), wall, TouchingPolicy::open()));

    // The swept box (union of start and end) is a broad-phase region: it does overlap the wall.
    const Box2 region = swept_box(bullet, displacement);
    CHECK(region == Box2{{0.0f, 0.0f}, {11.0f, 1.0f}});
    CHECK(overlaps(region, wall));

    // Only the relative displacement matters: the wall moving −10 instead gives the same times.
    const SweepResult<2> wall_moves = sweep(bullet, glm::vec2(0.0f), wall, -displacement);
    CHECK(wall_moves.state == SweepState::hit);
    CHECK(wall_moves.time_of_impact == 0.40f);
    CHECK(wall_moves.time_of_exit == 0.55f);
    CHECK(wall_moves.normal == glm::vec2(-1.0f, 0.0f));
    // Both moving toward each other: d = 6 − (−4) = 10 again.
    const SweepResult<2> both = sweep(bullet, glm::vec2(6.0f, 0.0f), wall, glm::vec2(-4.0f, 0.0f));
    CHECK(both.time_of_impact == 0.40f);
}

TEST_CASE("too slow to reach, moving away, or passing beside: separated, τ = 1") {
    const Box2 bullet{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const Box2 wall{{5.0f, -10.0f}, {5.5f, 10.0f}};
    const SweepResult<2> short_step = sweep(bullet, glm::vec2(3.0f, 0.0f), wall);
    CHECK(short_step.state == SweepState::separated);
    CHECK(short_step.time_of_impact == 1.0f);
    CHECK(short_step.entry_times.x == 4.0f / 3.0f);  // would hit later, beyond the step
    CHECK(short_step.normal == glm::vec2(0.0f));
    // Reaches the wall exactly at the end of the step: a hit at τ = 1.
    const SweepResult<2> exactly = sweep(bullet, glm::vec2(4.0f, 0.0f), wall);
    CHECK(exactly.state == SweepState::hit);
    CHECK(exactly.time_of_impact == 1.0f);
    CHECK(sweep(bullet, glm::vec2(-10.0f, 0.0f), wall).state == SweepState::separated);
    // Passing above a short wall.
    const Box2 short_wall{{5.0f, -3.0f}, {5.5f, -1.0f}};
    CHECK(sweep(bullet, glm::vec2(10.0f, 0.0f), short_wall).state == SweepState::separated);
}

TEST_CASE("an axis with zero displacement: separated never hits, overlapping no constraint") {
    const Box2 a{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const Box2 b{{3.0f, 5.0f}, {4.0f, 6.0f}};  // apart on x and y
    // Moving only along y: x stays separated, so it never hits, however far it goes.
    const SweepResult<2> result = sweep(a, glm::vec2(0.0f, 100.0f), b);
    CHECK(result.state == SweepState::separated);
    CHECK(result.entry_times.x == infinity);
    CHECK(result.exit_times.x == -infinity);
    CHECK_FALSE(std::isnan(result.entry_times.x));
    // Zero displacement altogether, separated or touching: no NaN anywhere (0/0 avoided).
    const SweepResult<2> still = sweep(a, glm::vec2(0.0f), b);
    CHECK(still.state == SweepState::separated);
    const SweepResult<2> still_touching =
        sweep(a, glm::vec2(0.0f), Box2{{1.0f, 0.0f}, {2.0f, 1.0f}});
    CHECK(still_touching.state == SweepState::hit);
    CHECK(still_touching.time_of_impact == 0.0f);
    CHECK(still_touching.normal == glm::vec2(-1.0f, 0.0f));
    for (int axis = 0; axis < 2; ++axis) {
        CHECK_FALSE(std::isnan(still_touching.entry_times[axis]));
        CHECK_FALSE(std::isnan(still_touching.exit_times[axis]));
    }
    // Vertical drop onto a box below that overlaps in x: hits the top face.
    const Box2 floor{{-5.0f, -3.0f}, {5.0f, -1.0f}};
    const SweepResult<2> drop = sweep(a, glm::vec2(0.0f, -4.0f), floor);
    CHECK(drop.state == SweepState::hit);
    CHECK(drop.time_of_impact == 0.25f);
    CHECK(drop.normal == glm::vec2(0.0f, 1.0f));
}

TEST_CASE("touching at the start is a hit at τ = 0, positive overlap is its own state") {
    const Box2 a{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const Box2 b{{1.0f, 0.0f}, {2.0f, 1.0f}};  // shares a's right face
    SUBCASE("moving into the touching face") {
        const SweepResult<2> result = sweep(a, glm::vec2(1.0f, 0.0f), b);
        CHECK(result.state == SweepState::hit);
        CHECK(result.time_of_impact == 0.0f);
        CHECK(result.normal == glm::vec2(-1.0f, 0.0f));
        CHECK(glm::dot(result.normal, glm::vec2(1.0f, 0.0f)) < 0.0f);  // approaching
    }
    SUBCASE("moving away: still a hit at τ = 0 for an instant, normal tells it is separating") {
        const SweepResult<2> result = sweep(a, glm::vec2(-1.0f, 0.0f), b);
        CHECK(result.state == SweepState::hit);
        CHECK(result.time_of_impact == 0.0f);
        CHECK(result.time_of_exit == 0.0f);
        CHECK(result.normal == glm::vec2(-1.0f, 0.0f));
        CHECK(glm::dot(result.normal, glm::vec2(-1.0f, 0.0f)) > 0.0f);  // separating
    }
    SUBCASE("sliding along the touching face") {
        const SweepResult<2> result = sweep(a, glm::vec2(0.0f, 0.5f), b);
        CHECK(result.state == SweepState::hit);
        CHECK(result.time_of_impact == 0.0f);
        CHECK(result.normal == glm::vec2(-1.0f, 0.0f));
    }
    SUBCASE("positive overlap on every axis: already overlapping, τ = 0, no normal") {
        const Box2 overlapping{{0.5f, 0.5f}, {1.5f, 1.5f}};
        const SweepResult<2> result = sweep(a, glm::vec2(-2.0f, 0.0f), overlapping);
        CHECK(result.state == SweepState::already_overlapping);
        CHECK(result.time_of_impact == 0.0f);
        CHECK(result.time_of_exit == 0.25f);  // they come apart a quarter into the step
        CHECK(result.normal == glm::vec2(0.0f));
        CHECK(sweep(a, glm::vec2(0.0f), overlapping).state == SweepState::already_overlapping);
    }
}

TEST_CASE("normals oppose the motion on the axis of latest entry") {
    const Box2 target{{-1.0f, -1.0f}, {1.0f, 1.0f}};
    const Box2 mover = Box2::from_center_extents({0.0f, 0.0f}, {0.5f, 0.5f});
    struct Case {
        glm::vec2 start, displacement, normal;
    };
    const Case cases[] = {
        {{-5.0f, 0.0f}, {10.0f, 0.0f}, {-1.0f, 0.0f}},
        {{5.0f, 0.0f}, {-10.0f, 0.0f}, {1.0f, 0.0f}},
        {{0.0f, -5.0f}, {0.0f, 10.0f}, {0.0f, -1.0f}},
        {{0.0f, 5.0f}, {0.0f, -10.0f}, {0.0f, 1.0f}},
        // Diagonal: from (−5, −2) moving (10, 4): x enters at 0.35, y at 0.125: x is last.
        {{-5.0f, -2.0f}, {10.0f, 4.0f}, {-1.0f, 0.0f}},
        // From (−2, 5) moving (4, −10): y enters at 0.35, x at 0.125: y is last.
        {{-2.0f, 5.0f}, {4.0f, -10.0f}, {0.0f, 1.0f}},
    };
    for (const Case& c : cases) {
        CAPTURE(c.start);
        const SweepResult<2> result = sweep(translated(mover, c.start), c.displacement, target);
        CHECK(result.state == SweepState::hit);
        CHECK(result.normal == c.normal);
        CHECK(glm::dot(result.normal, c.displacement) < 0.0f);
        CHECK(result.time_of_impact == doctest::Approx(0.35f));
    }
}

TEST_CASE("3D sweep and a corner-grazing pass") {
    const Box3 a{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}};
    const Box3 b{{4.0f, 4.0f, 4.0f}, {5.0f, 5.0f, 5.0f}};
    // Along the diagonal: every axis enters at (4 − 1)/8 = 0.375.
    const SweepResult<3> diagonal = sweep(a, glm::vec3(8.0f), b);
    CHECK(diagonal.state == SweepState::hit);
    CHECK(diagonal.time_of_impact == 0.375f);
    CHECK(diagonal.normal == glm::vec3(-1.0f, 0.0f, 0.0f));  // tie: lowest axis
    // Grazing: A's corner (1,1,1) meets B's corner (4,4,4) only when z lines up at the same τ.
    const SweepResult<3> graze = sweep(a, glm::vec3(3.0f, 3.0f, 3.0f), b);
    CHECK(graze.state == SweepState::hit);
    CHECK(graze.time_of_impact == 1.0f);
    CHECK(graze.time_of_exit == 1.0f);
    // Missing in z only.
    const Box3 b_high{{4.0f, 4.0f, 9.0f}, {5.0f, 5.0f, 10.0f}};
    CHECK(sweep(a, glm::vec3(8.0f, 8.0f, 0.0f), b_high).state == SweepState::separated);
    CHECK(swept_box(a, glm::vec3(-1.0f, 2.0f, 0.0f)) ==
          Box3{{-1.0f, 0.0f, 0.0f}, {1.0f, 3.0f, 1.0f}});
}

namespace {

/// Random sweeps (some axes without motion, sometimes B moving too) checked against 2001
/// discrete sub-steps; returns the number of hits.
template <int Dim>
int check_random_sweeps_against_sub_steps(unsigned seed, int trials) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> coordinate(-10.0f, 10.0f);
    std::uniform_real_distribution<float> size(0.1f, 4.0f);
    std::uniform_real_distribution<float> motion(-20.0f, 20.0f);
    const auto random_vector = [&](auto& distribution) {
        Vector<Dim> vector;
        for (int axis = 0; axis < Dim; ++axis)
            vector[axis] = distribution(random);
        return vector;
    };
    int hits = 0;
    for (int trial = 0; trial < trials; ++trial) {
        const Vector<Dim> a_min = random_vector(coordinate);
        const Vector<Dim> b_min = random_vector(coordinate);
        const Box<Dim> a{a_min, a_min + random_vector(size)};
        const Box<Dim> b{b_min, b_min + random_vector(size)};
        Vector<Dim> da = random_vector(motion);
        if (trial % 5 == 0) da[Dim - 1] = 0.0f;  // exercise the d = 0 rule
        Vector<Dim> db(0.0f);
        if (trial % 3 == 0) db[0] = motion(random);
        const SweepResult<Dim> result = sweep(a, da, b, db);
        CHECK(result.time_of_impact >= 0.0f);
        CHECK(result.time_of_impact <= 1.0f);
        if (result.state == SweepState::already_overlapping) {
            CHECK(overlaps(a, b, TouchingPolicy::open()));
            continue;
        }
        // Brute force: the first of 2001 sub-steps at which the moved boxes overlap (closed).
        float first_overlap = -1.0f;
        for (int step = 0; step <= 2000; ++step) {
            const float tau = static_cast<float>(step) / 2000.0f;
            if (overlaps(translated(a, da * tau), translated(b, db * tau))) {
                first_overlap = tau;
                break;
            }
        }
        if (result.state == SweepState::hit) {
            ++hits;
            // The boxes touch at the reported time (within rounding)...
            const Box<Dim> a_at = expanded(translated(a, da * result.time_of_impact), 1e-3f);
            CHECK(overlaps(a_at, translated(b, db * result.time_of_impact)));
            // ...and do not overlap clearly before it.
            if (first_overlap >= 0.0f) CHECK(first_overlap >= result.time_of_impact - 1e-3f);
        } else {
            CHECK(first_overlap < 0.0f);  // no sub-step overlaps
        }
    }
    return hits;
}

}  // namespace

TEST_CASE("sweep agrees with dense discrete sub-steps on random motions, 2D and 3D") {
    CHECK(check_random_sweeps_against_sub_steps<2>(555, 2000) > 100);
    CHECK(check_random_sweeps_against_sub_steps<3>(556, 2000) > 20);
}

TEST_CASE("bad sweep input is rejected with a message naming the field") {
    const Box2 box{{0.0f, 0.0f}, {1.0f, 1.0f}};
    CHECK_THROWS_WITH_AS((void)sweep(Box2{{2.0f, 0.0f}, {1.0f, 1.0f}}, glm::vec2(1.0f), box),
                         doctest::Contains("box a"), std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)sweep(box, glm::vec2(1.0f), Box2::empty()),
                         doctest::Contains("box b"), std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)sweep(box, glm::vec2(std::nanf(""), 0.0f), box),
                         doctest::Contains("displacement_a"), std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)sweep(box, glm::vec2(0.0f), box, glm::vec2(0.0f, infinity)),
                         doctest::Contains("displacement_b"), std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)sweep(box, glm::vec2(3e38f, 0.0f), box, glm::vec2(-3e38f, 0.0f)),
                         doctest::Contains("relative displacement"), std::invalid_argument);
}

}  // namespace aabb

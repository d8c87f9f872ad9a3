// The deliberately wrong variants do exactly the wrong thing the lessons show, and nothing
// outside core/lesson/ uses them: no broad phase, world, geometry or scene file includes
// deliberately_wrong.hpp.

#include "core/lesson/deliberately_wrong.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>
#include <random>
#include <sstream>

#include "core/geometry/overlap.hpp"
#include "core/geometry/ray.hpp"

namespace aabb {
namespace {

using deliberately_wrong::NaiveMinMax;

constexpr float pi = std::numbers::pi_v<float>;
constexpr float infinity = std::numeric_limits<float>::infinity();

const Box2 slab_box{{2, 1}, {4, 3}};

deliberately_wrong::NaiveSlabResult along_x(float y0, NaiveMinMax style) {
    return deliberately_wrong::naive_slab(slab_box, {0, y0}, {1, 0}, style);
}

}  // namespace

TEST_CASE("naive slab: 1/0 = ∞ works inside and outside the slab") {
    for (const NaiveMinMax style :
         {NaiveMinMax::std_min_max, NaiveMinMax::swapped_arguments, NaiveMinMax::ternary}) {
        const auto inside = along_x(2, style);
        CHECK(inside.inverse_direction.y == infinity);
        CHECK(inside.hit);
        CHECK(inside.t_enter == 2.0f);
        CHECK(inside.t_exit == 4.0f);
        const auto outside = along_x(4, style);
        CHECK_FALSE(outside.hit);
    }
    CHECK(along_x(4, NaiveMinMax::std_min_max).t_exit == -infinity);
}

TEST_CASE("naive slab: the origin on the top face (y0 = 3) computes 0·∞ = NaN and misses") {
    const auto naive = along_x(3, NaiveMinMax::std_min_max);
    CHECK(std::isnan(naive.t2.y));
    CHECK(naive.t1.y == -infinity);
    CHECK(naive.near_t.y == -infinity);  // std::min(−∞, NaN) keeps −∞
    CHECK(naive.far_t.y == -infinity);   // std::max(−∞, NaN) keeps −∞ too
    CHECK(naive.t_exit == -infinity);
    CHECK_FALSE(naive.hit);
    // Swapped arguments: the NaN is kept per axis, then dropped by the accumulation: a hit.
    const auto swapped = along_x(3, NaiveMinMax::swapped_arguments);
    CHECK(swapped.hit);
    CHECK(swapped.t_enter == 2.0f);
    CHECK(swapped.t_exit == 4.0f);
    // C#-style ternaries spread the NaN into both ends.
    const auto ternary = along_x(3, NaiveMinMax::ternary);
    CHECK(std::isnan(ternary.t_enter));
    CHECK(std::isnan(ternary.t_exit));
    CHECK_FALSE(ternary.hit);
    // The project's guarded test hits.
    const RayBoxHit<2> guarded = intersect(Ray2{{0, 3}, {1, 0}}, slab_box);
    CHECK(guarded.hit);
    CHECK(guarded.t_enter == 2.0f);
    CHECK(guarded.t_exit == 4.0f);
}

TEST_CASE("naive slab: the bottom face (y0 = 1) hits, and misses with the arguments swapped") {
    const auto naive = along_x(1, NaiveMinMax::std_min_max);
    CHECK(std::isnan(naive.t1.y));
    CHECK(naive.hit);
    const auto swapped = along_x(1, NaiveMinMax::swapped_arguments);
    CHECK_FALSE(swapped.hit);
    CHECK(swapped.t_enter == infinity);
    CHECK(intersect(Ray2{{0, 1}, {1, 0}}, slab_box).hit);
}

TEST_CASE("turning last step's world box again grows it: 16.8 after a turn of 45° steps") {
    const Box2 bar = Box2::from_center_extents({0, 0}, {1, 0.05f});
    Box2 bug = bar;
    for (int step = 1; step <= 8; ++step) {
        bug = deliberately_wrong::rotate_world_box_again(bug, pi / 4.0f);
        if (step == 1) CHECK(bug.size().x == doctest::Approx(1.48492));
        if (step == 2) CHECK(bug.size().x == doctest::Approx(2.1));
        if (step == 4) CHECK(bug.size().x == doctest::Approx(4.2));
    }
    CHECK(bug.size().x == doctest::Approx(16.8));
    CHECK(bug.size().y == doctest::Approx(16.8));
    // It never shrinks: |R| has no negative entries.
    Box2 grown = bar;
    for (int step = 0; step < 360; ++step) {
        const Box2 next = deliberately_wrong::rotate_world_box_again(grown, pi / 180.0f);
        CHECK(next.size().x >= grown.size().x * 0.9999f);
        grown = next;
    }
    CHECK(grown.size().x == doctest::Approx(504.5).epsilon(1e-4));
}

TEST_CASE("transforming only min and max is wrong") {
    // The unit square at 45°: the two transformed points lie on a vertical line.
    const Box2 square{{0.0f, 0.0f}, {1.0f, 1.0f}};
    const glm::mat2 turn = rotation_2d(pi / 4.0f);
    const Box2 wrong = deliberately_wrong::transformed_min_max_only(square, turn, glm::vec2(0.0f));
    const Box2 right = transformed(square, turn, glm::vec2(0.0f));
    CHECK(wrong.size().x == doctest::Approx(0.0f).epsilon(1e-6));  // collapsed to a line
    CHECK(right.size().x == doctest::Approx(std::sqrt(2.0f)));
    CHECK(right.size().y == doctest::Approx(std::sqrt(2.0f)));

    // On random rotations it usually misses some corner of the rotated box; the right box
    // always contains every corner.
    std::mt19937 random(45);
    std::uniform_real_distribution<float> coordinate(-20.0f, 20.0f);
    std::uniform_real_distribution<float> angle(-pi, pi);
    int wrong_count = 0;
    const int trials = 500;
    for (int trial = 0; trial < trials; ++trial) {
        Box3 local = Box3::empty();
        for (int corner = 0; corner < 2; ++corner)
            local.grow({coordinate(random), coordinate(random), coordinate(random)});
        const glm::vec3 axis =
            glm::normalize(glm::vec3(coordinate(random), coordinate(random), coordinate(random)) +
                           glm::vec3(1e-3f, 0.0f, 0.0f));
        const glm::mat3 rotation = rotation_3d(axis, angle(random));
        const Box3 naive =
            deliberately_wrong::transformed_min_max_only(local, rotation, glm::vec3(0.0f));
        const Box3 arvo = transformed(local, rotation, glm::vec3(0.0f));
        bool naive_misses_a_corner = false;
        for (const glm::vec3& corner : local.corners()) {
            const glm::vec3 world = rotation * corner;
            CHECK(contains(expanded(arvo, 1e-4f), world));
            naive_misses_a_corner =
                naive_misses_a_corner || !contains(expanded(naive, 1e-4f), world);
        }
        wrong_count += naive_misses_a_corner;
    }
    CHECK(wrong_count > trials * 9 / 10);
}

TEST_CASE("min and max scaled by −2 and kept are min (−2,−2), max (−6,−4): not a box") {
    const Box2 local{{1, 1}, {3, 2}};
    const Box2 wrong =
        deliberately_wrong::transformed_min_max_directly(local, glm::mat2(-2.0f), glm::vec2(0.0f));
    CHECK(wrong.min == glm::vec2(-2, -2));
    CHECK(wrong.max == glm::vec2(-6, -4));
    CHECK_FALSE(wrong.is_valid());
    const Box2 right = scaled(local, glm::vec2(-2.0f));
    CHECK(right == Box2{{-6, -4}, {-2, -2}});
}

TEST_CASE("growing from (0, 0) drags the box to the origin") {
    const glm::vec2 points[] = {{5, 5}, {10, 7}, {7, 10}};
    CHECK(deliberately_wrong::bounds_from_origin(points) == Box2{{0, 0}, {10, 10}});
    CHECK(bounding_box<2>(points) == Box2{{5, 5}, {10, 10}});
}

TEST_CASE("seed 001's parity rule: 0 of 1 pair, 2 of 3, and what the right sweep finds") {
    const Box2 pair[] = {{{0, 0}, {2, 1}}, {{1, 0}, {3, 1}}};
    CHECK(deliberately_wrong::seed001_sweep_pairs(pair).empty());
    const Box2 trio[] = {{{0, 0}, {3, 1}}, {{1, 0}, {4, 1}}, {{2, 0}, {5, 1}}};
    const std::vector<BoxPair> found = deliberately_wrong::seed001_sweep_pairs(trio);
    CHECK(found == std::vector<BoxPair>{{0, 2}, {1, 2}});  // A–B is missed
    // Disjoint intervals keep min/max alternating, and then the rule happens to be right.
    const Box2 apart[] = {{{0, 0}, {1, 1}}, {{2, 0}, {3, 1}}, {{2.5f, 0.5f}, {3.5f, 2}}};
    CHECK(deliberately_wrong::seed001_sweep_pairs(apart).size() <= 1);
}

TEST_CASE("no broad phase, world, geometry or scene source includes deliberately_wrong.hpp") {
    // core/lesson sits above them all, so none of them may include any of it.
    const std::filesystem::path root = AABB_SOURCE_DIR;
    for (const char* folder : {"core/broadphase", "core/world", "core/geometry", "core/scene",
                               "core/narrowphase", "core/measure"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream file(entry.path());
            std::stringstream text;
            text << file.rdbuf();
            CAPTURE(entry.path().string());
            // Not the wrong variants, nor anything else of the lesson layer above them.
            CHECK(text.str().find("#include \"core/lesson/") == std::string::npos);
        }
    }
}

}  // namespace aabb

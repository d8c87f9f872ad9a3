// The slab readouts on the curriculum's numbers (lessons.md L11, L12): tx = [2, 4] and
// ty = [1, 3] for o = (0,0), d = (1,1); the origin inside, behind, parallel inside and outside;
// and the 0·∞ cases checked with g++ 12: y0 = 3 misses with std::min/std::max and hits with the
// arguments swapped, y0 = 1 the other way round, C#-style ternaries spread the NaN, and the
// guarded test hits both faces.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

namespace {

ReadoutProbe ray(glm::vec2 origin, glm::vec2 direction) {
    ReadoutProbe probe;
    probe.box("B", {{2, 1}, {4, 3}}).point("o", origin).point("d", direction, ObjectKind::vector);
    return probe;
}

ReadoutValue slab(const ReadoutProbe& probe, const char* output, const char* variant = "guarded") {
    return probe.value("ray_slab", output,
                       {{"box", "B"}, {"origin", "o"}, {"direction", "d"}, {"variant", variant}});
}

}  // namespace

TEST_CASE("slabs: tx = [2, 4], ty = [1, 3], enter 2, exit 3, point (2, 2), normal (−1, 0)") {
    const ReadoutProbe probe = ray({0, 0}, {1, 1});
    CHECK(slab(probe, "inv_x").number == 1.0);
    CHECK(slab(probe, "near_x").number == 2.0);
    CHECK(slab(probe, "far_x").number == 4.0);
    CHECK(slab(probe, "near_y").number == 1.0);
    CHECK(slab(probe, "far_y").number == 3.0);
    CHECK(slab(probe, "t_enter").number == 2.0);
    CHECK(slab(probe, "t_exit").number == 3.0);
    CHECK(slab(probe, "hit").flag);
    CHECK(slab(probe, "point_x").number == 2.0);
    CHECK(slab(probe, "point_y").number == 2.0);
    CHECK(slab(probe, "normal_x").number == -1.0);
    CHECK(slab(probe, "normal_y").number == 0.0);
}

TEST_CASE(
    "origin inside answers t_exit — a box behind misses — parallel inside hits, outside misses") {
    const ReadoutProbe inside = ray({3, 2}, {1, 0});
    CHECK(slab(inside, "inside").flag);
    CHECK(slab(inside, "t_enter").number == -1.0);
    CHECK(slab(inside, "t_hit").number == 1.0);
    CHECK(slab(inside, "point_x").number == 4.0);
    const ReadoutProbe behind = ray({6, 2}, {1, 0});
    CHECK(slab(behind, "t_exit").number == -2.0);
    CHECK_FALSE(slab(behind, "hit").flag);
    const ReadoutProbe along = ray({0, 2}, {1, 0});
    CHECK(slab(along, "hit").flag);
    CHECK(slab(along, "t_enter").number == 2.0);
    CHECK(slab(along, "t_exit").number == 4.0);
    const ReadoutProbe outside = ray({0, 4}, {1, 0});
    CHECK_FALSE(slab(outside, "hit").flag);
    CHECK(slab(outside, "t_enter").number == std::numeric_limits<double>::infinity());
}

TEST_CASE(
    "the 0·∞ trap, y0 = 3 (top face): naive misses with t_exit = −∞, swapped hits, guarded hits") {
    const ReadoutProbe probe = ray({0, 3}, {1, 0});
    CHECK(std::isnan(slab(probe, "t2_y", "naive").number));  // (3 − 3)·∞
    CHECK(slab(probe, "t1_y", "naive").number == -std::numeric_limits<double>::infinity());
    CHECK_FALSE(slab(probe, "hit", "naive").flag);
    CHECK(slab(probe, "t_exit", "naive").number == -std::numeric_limits<double>::infinity());
    CHECK(slab(probe, "hit", "naive_swapped").flag);
    CHECK(slab(probe, "t_enter", "naive_swapped").number == 2.0);
    CHECK(slab(probe, "t_exit", "naive_swapped").number == 4.0);
    CHECK_FALSE(slab(probe, "hit", "naive_ternary").flag);
    CHECK(std::isnan(slab(probe, "t_enter", "naive_ternary").number));
    CHECK(std::isnan(slab(probe, "t_exit", "naive_ternary").number));
    CHECK(slab(probe, "hit").flag);
    CHECK(slab(probe, "t_enter").number == 2.0);
    CHECK(slab(probe, "t_exit").number == 4.0);
}

TEST_CASE("the 0·∞ trap, y0 = 1 (bottom face): naive hits, swapped misses with t_enter = +∞") {
    const ReadoutProbe probe = ray({0, 1}, {1, 0});
    CHECK(std::isnan(slab(probe, "t1_y", "naive").number));  // (1 − 1)·∞
    CHECK(slab(probe, "hit", "naive").flag);
    CHECK(slab(probe, "t_enter", "naive").number == 2.0);
    CHECK(slab(probe, "t_exit", "naive").number == 4.0);
    CHECK_FALSE(slab(probe, "hit", "naive_swapped").flag);
    CHECK(slab(probe, "t_enter", "naive_swapped").number ==
          std::numeric_limits<double>::infinity());
    CHECK(slab(probe, "hit").flag);
}

TEST_CASE("away from the slab planes naive and guarded agree") {
    for (const float y0 : {-1.0f, 0.0f, 0.5f, 1.5f, 2.0f, 2.5f, 3.5f, 4.0f}) {
        CAPTURE(y0);
        const ReadoutProbe probe = ray({0, y0}, {1, 0});
        CHECK(slab(probe, "hit", "naive").flag == slab(probe, "hit").flag);
        CHECK(slab(probe, "hit", "naive_swapped").flag == slab(probe, "hit").flag);
    }
}

}  // namespace aabb::lesson

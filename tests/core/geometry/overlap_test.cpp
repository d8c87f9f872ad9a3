// Overlap under the three touching policies and the per-axis overlap lengths (curriculum §2),
// including the sliding-box worked example (seed 000) and tolerance scaling far from the origin.

#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/geometry/overlap.hpp"

namespace aabb {

TEST_CASE("worked example: B slides along x past A = [2,5]x[2,4] (seed 000)") {
    const Box2 a{{2.0f, 2.0f}, {5.0f, 4.0f}};
    const auto b_at = [](float min_x) { return Box2{{min_x, 3.0f}, {min_x + 2.0f, 5.0f}}; };

    SUBCASE("B.x = [6,8]: dx = -1, separate under every policy") {
        const Box2 b = b_at(6.0f);
        CHECK(overlap_lengths(a, b) == glm::vec2(-1.0f, 1.0f));
        CHECK_FALSE(overlaps(a, b));
        CHECK_FALSE(overlaps(a, b, TouchingPolicy::open()));
        CHECK_FALSE(overlaps(a, b, TouchingPolicy::tolerance(1e-6f)));
    }
    SUBCASE("B.x = [5,7]: dx = 0, touching: overlaps closed, not open") {
        const Box2 b = b_at(5.0f);
        CHECK(overlap_lengths(a, b) == glm::vec2(0.0f, 1.0f));
        CHECK(overlaps(a, b));
        CHECK(overlaps(a, b, TouchingPolicy::closed()));
        CHECK(overlaps_closed(a, b));
        CHECK_FALSE(overlaps(a, b, TouchingPolicy::open()));
        CHECK_FALSE(overlaps_open(a, b));
        CHECK(overlaps(a, b, TouchingPolicy::tolerance(1e-6f)));
    }
    SUBCASE("B.x = [4,6]: dx = 1, overlap under every policy") {
        const Box2 b = b_at(4.0f);
        CHECK(overlap_lengths(a, b) == glm::vec2(1.0f, 1.0f));
        CHECK(overlaps(a, b));
        CHECK(overlaps(a, b, TouchingPolicy::open()));
        CHECK(overlaps(a, b, TouchingPolicy::tolerance(1e-6f)));
    }
    SUBCASE("dy = 1 throughout the slide, and dx = 5 - B.min.x while B.min.x >= 3") {
        for (float min_x = 3.0f; min_x <= 8.0f; min_x += 0.25f) {
            const glm::vec2 lengths = overlap_lengths(a, b_at(min_x));
            CHECK(lengths.y == 1.0f);
            CHECK(lengths.x == 5.0f - min_x);
            CHECK(overlaps(a, b_at(min_x)) == (lengths.x >= 0.0f));
            CHECK(overlaps(a, b_at(min_x), TouchingPolicy::open()) == (lengths.x > 0.0f));
        }
    }
}

TEST_CASE("overlap lengths are not push-out distances: a small box inside has its own width") {
    const Box2 big{{0.0f, 0.0f}, {10.0f, 10.0f}};
    const Box2 small{{3.0f, 4.0f}, {4.5f, 6.0f}};
    CHECK(overlap_lengths(big, small) == small.size());
    CHECK(overlap_lengths(small, big) == small.size());
    const Box3 big_3d{{0.0f, 0.0f, 0.0f}, {10.0f, 10.0f, 10.0f}};
    const Box3 small_3d{{1.0f, 2.0f, 3.0f}, {2.0f, 4.0f, 6.0f}};
    CHECK(overlap_lengths(big_3d, small_3d) == glm::vec3(1.0f, 2.0f, 3.0f));
}

TEST_CASE("policies agree with the sign of the overlap lengths on random boxes, 2D and 3D") {
    // Coordinates on a half-integer grid so touching happens often and exactly.
    std::mt19937 random(1234);
    std::uniform_int_distribution<int> grid(-8, 8);
    const auto random_box3 = [&] {
        Box3 box = Box3::empty();
        for (int corner = 0; corner < 2; ++corner)
            box.grow(glm::vec3(grid(random), grid(random), grid(random)) * 0.5f);
        return box;
    };
    int touching = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        const Box3 a = random_box3();
        const Box3 b = random_box3();
        const glm::vec3 lengths = overlap_lengths(a, b);
        const bool closed = lengths.x >= 0.0f && lengths.y >= 0.0f && lengths.z >= 0.0f;
        const bool open = lengths.x > 0.0f && lengths.y > 0.0f && lengths.z > 0.0f;
        touching += closed && !open;
        CHECK(overlaps(a, b) == closed);
        CHECK(overlaps(a, b, TouchingPolicy::open()) == open);
        CHECK(overlaps(a, b) == overlaps(b, a));
        CHECK(overlaps(a, b, TouchingPolicy::open()) == overlaps(b, a, TouchingPolicy::open()));
        // On this coarse grid any gap is >= 0.5, far above the tolerance: same as closed.
        CHECK(overlaps(a, b, TouchingPolicy::tolerance(1e-6f)) == closed);
        // The center/extents form says the same thing (exact on this grid).
        CHECK(overlaps_center_extents<3>(a.center(), a.extents(), b.center(), b.extents()) ==
              closed);
        // Overlap iff the intersection is not empty.
        CHECK(overlaps(a, b) == !intersection(a, b).is_empty());
    }
    CHECK(touching > 100);  // the grid really exercises the touching case
}

TEST_CASE("3D touching on a face, an edge and a corner") {
    const Box3 cube{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}};
    const Box3 face{{1.0f, 0.2f, 0.2f}, {2.0f, 0.8f, 0.8f}};
    const Box3 edge{{1.0f, 1.0f, 0.2f}, {2.0f, 2.0f, 0.8f}};
    const Box3 corner{{1.0f, 1.0f, 1.0f}, {2.0f, 2.0f, 2.0f}};
    for (const Box3& other : {face, edge, corner}) {
        CHECK(overlaps(cube, other));
        CHECK_FALSE(overlaps(cube, other, TouchingPolicy::open()));
        CHECK(overlaps(cube, other, TouchingPolicy::tolerance(1e-6f)));
    }
    const Box3 inside{{0.25f, 0.25f, 0.25f}, {0.75f, 0.75f, 0.75f}};
    CHECK(overlaps(cube, inside, TouchingPolicy::open()));
    // A flat box (zero thickness) overlaps nothing under the open rule, even inside.
    const Box3 flat{{0.25f, 0.25f, 0.5f}, {0.75f, 0.75f, 0.5f}};
    CHECK(overlaps(cube, flat));
    CHECK_FALSE(overlaps(cube, flat, TouchingPolicy::open()));
}

TEST_CASE("the tolerance scales with the coordinates' magnitude") {
    SUBCASE("near the origin: a gap below 1e-6 touches, a larger gap does not") {
        const Box2 a{{0.0f, 0.0f}, {1.0f, 1.0f}};
        CHECK(tolerance_padding(a, TouchingPolicy::tolerance(1e-6f)) == 1e-6f);  // max(1, |x|)
        const Box2 close_gap{{1.0f + 5e-7f, 0.0f}, {2.0f, 1.0f}};
        const Box2 wide_gap{{1.0f + 1e-4f, 0.0f}, {2.0f, 1.0f}};
        CHECK_FALSE(overlaps(a, close_gap));
        CHECK(overlaps(a, close_gap, TouchingPolicy::tolerance(1e-6f)));
        CHECK_FALSE(overlaps(a, wide_gap, TouchingPolicy::tolerance(1e-6f)));
    }
    SUBCASE("far from the origin: the same absolute gap is below float spacing there") {
        // At 1e5 the float spacing is ~0.0078; the padding is 1e-6 * 1e5 = 0.1.
        const float x = 100000.0f;
        const Box2 a{{x, 0.0f}, {x + 10.0f, 1.0f}};
        const float padding = tolerance_padding(a, TouchingPolicy::tolerance(1e-6f));
        CHECK(padding == doctest::Approx(0.1f).epsilon(1e-3));
        // A one-ulp gap: closed says apart, tolerance says touching.
        const float next = std::nextafter(x + 10.0f, 2.0f * x);
        const Box2 one_ulp_gap{{next, 0.0f}, {next + 10.0f, 1.0f}};
        CHECK_FALSE(overlaps(a, one_ulp_gap));
        CHECK(overlaps(a, one_ulp_gap, TouchingPolicy::tolerance(1e-6f)));
        // A gap of 0.05 is tolerated here (each box is padded by ~0.1)...
        const Box2 small_gap{{x + 10.05f, 0.0f}, {x + 20.0f, 1.0f}};
        CHECK(overlaps(a, small_gap, TouchingPolicy::tolerance(1e-6f)));
        // ...but a gap of 0.5 is not,
        const Box2 large_gap{{x + 10.5f, 0.0f}, {x + 20.0f, 1.0f}};
        CHECK_FALSE(overlaps(a, large_gap, TouchingPolicy::tolerance(1e-6f)));
        // ...and the same 0.05 gap near the origin is not tolerated: the slack is not fixed.
        const Box2 near_a{{0.0f, 0.0f}, {10.0f, 1.0f}};
        const Box2 near_gap{{10.05f, 0.0f}, {20.0f, 1.0f}};
        CHECK_FALSE(overlaps(near_a, near_gap, TouchingPolicy::tolerance(1e-6f)));
    }
    SUBCASE("3D far from the origin on every axis") {
        const glm::vec3 far(-2.0e6f, 3.0e6f, 1.0e6f);
        const Box3 a{far, far + glm::vec3(5.0f)};
        const Box3 b{far + glm::vec3(5.5f, 0.0f, 0.0f), far + glm::vec3(9.0f)};  // gap 0.5
        // Padding ≈ 1e-6 × 3e6 = 3 per box, so a gap of 0.5 counts as touching...
        CHECK(overlaps(a, b, TouchingPolicy::tolerance(1e-6f)));
        CHECK_FALSE(overlaps(a, b));
        // ...while with a tighter relative tolerance it does not.
        CHECK_FALSE(overlaps(a, b, TouchingPolicy::tolerance(1e-8f)));
    }
    SUBCASE("the tolerance policy contains the closed one") {
        std::mt19937 random(99);
        std::uniform_real_distribution<float> coordinate(-1e4f, 1e4f);
        std::uniform_real_distribution<float> size(0.0f, 50.0f);
        for (int trial = 0; trial < 3000; ++trial) {
            const glm::vec2 corner_a(coordinate(random), coordinate(random));
            const Box2 a{corner_a, corner_a + glm::vec2(size(random), size(random))};
            const Box2 b{a.max + glm::vec2(size(random) - 25.0f, size(random) - 25.0f),
                         a.max + glm::vec2(size(random) + 25.0f, size(random) + 25.0f)};
            if (overlaps(a, b, TouchingPolicy::open())) CHECK(overlaps(a, b));
            if (overlaps(a, b)) CHECK(overlaps(a, b, TouchingPolicy::tolerance(1e-6f)));
        }
    }
}

TEST_CASE("touching policy value semantics") {
    CHECK(TouchingPolicy{} == TouchingPolicy::closed());
    CHECK(TouchingPolicy::open().rule == TouchingRule::open);
    CHECK(TouchingPolicy::tolerance(1e-5f).relative_tolerance == 1e-5f);
    CHECK_FALSE(TouchingPolicy::tolerance(1e-5f) == TouchingPolicy::tolerance(1e-6f));
    CHECK(tolerance_padding(Box2{{0.0f, 0.0f}, {1.0f, 1.0f}}, TouchingPolicy::closed()) == 0.0f);
    CHECK(tolerance_padding(Box2{{0.0f, 0.0f}, {1.0f, 1.0f}}, TouchingPolicy::open()) == 0.0f);
}

}  // namespace aabb

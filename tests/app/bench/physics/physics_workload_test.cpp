// The recorded-physics workloads (app/bench/physics/physics_workload.hpp). With Box2D built in
// (AABB_BENCH_HAVE_PHYSICS): exact box counts, finite boxes, the same frames twice, motion that
// is physics (the pyramid settles on its ground, the tumbler turns with its boxes inside, the
// bullets fly and stay in their lanes). Without
// it: the names are still known and recording is refused naming the package; the Box2D cases then
// report themselves skipped.

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/geometric.hpp>

#include "app/bench/physics/physics_workload.hpp"
#include "core/measure/workload.hpp"

namespace aabb::bench {

TEST_CASE(
    "physics workloads: names are known with or without Box2D, distinct from generated ones") {
    CHECK(physics_workload_names().size() >= 2);
    CHECK(is_physics_workload("physics_pyramid"));
    CHECK(is_physics_workload("physics_tumbler"));
    CHECK_FALSE(is_physics_workload("uniform"));
    CHECK_FALSE(is_physics_workload("physics"));
    for (const std::string_view name : physics_workload_names())
        CHECK_THROWS_AS((void)workload_kind_from_name(name), std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)record_physics_workload("physics_nothing", 100, 2),
                         "unknown physics workload 'physics_nothing'", std::invalid_argument);
}

#if AABB_BENCH_HAVE_PHYSICS

namespace {

bool finite(const Box2& box) {
    return std::isfinite(box.min.x) && std::isfinite(box.min.y) && std::isfinite(box.max.x) &&
           std::isfinite(box.max.y) && box.min.x <= box.max.x && box.min.y <= box.max.y;
}

}  // namespace

TEST_CASE("physics workloads: exact box counts, finite boxes, the same frames twice") {
    CHECK(physics_workloads_available());
    for (const std::string_view name : physics_workload_names()) {
        CAPTURE(name);
        for (const std::size_t n : {std::size_t{16}, std::size_t{17}, std::size_t{1000}}) {
            CAPTURE(n);
            const Trace first = record_physics_workload(name, n, 20);
            CHECK(first.box_count == n);
            CHECK(first.frame_count == 20);
            REQUIRE(first.boxes.size() == n * 20);
            bool all_finite = true;
            for (const Box2& box : first.boxes)
                all_finite = all_finite && finite(box);
            CHECK(all_finite);
            const Trace second = record_physics_workload(name, n, 20);
            REQUIRE(second.boxes.size() == first.boxes.size());
            bool same = true;
            for (std::size_t i = 0; i < first.boxes.size(); ++i)
                same = same && first.boxes[i].min == second.boxes[i].min &&
                       first.boxes[i].max == second.boxes[i].max;
            CHECK(same);
        }
    }
}

TEST_CASE(
    "physics workloads: the pyramid rests on its ground, the tumbler turns with its boxes inside") {
    const std::size_t n = 500;
    const int frames = 60;
    const Trace pyramid = record_physics_workload("physics_pyramid", n, frames);
    // Box 0 is the static ground, top at y = 0; every box stays above it (within Box2D's
    // allowed penetration, a few linear slops) and the top box ends lower than it started
    // (it drops its 0.25 gap and the stack settles), though by less than a box.
    const auto last = pyramid.frame(frames - 1);
    // Box2D's polygons carry a skin of b2_polygonRadius (0.01) that their AABBs include.
    CHECK(pyramid.frame(0)[0].max.y == doctest::Approx(0.01f));
    CHECK(last[0].min == pyramid.frame(0)[0].min);
    float lowest = 1e9f;
    for (std::size_t i = 1; i < n; ++i)
        lowest = std::min(lowest, last[i].min.y);
    CHECK(lowest > -0.05f);
    const float top_start = pyramid.frame(0)[n - 1].max.y;
    const float top_end = last[n - 1].max.y;
    CHECK(top_end < top_start);
    CHECK(top_end > top_start - 1.0f);

    const Trace tumbler = record_physics_workload("physics_tumbler", n, frames);
    // Boxes 0..3 are the container's walls, turned by the motor at 0.05π rad/s: after one
    // second the right wall's centre has swung 9° about the container's centre, which is the
    // middle of the left and right walls at frame 0. Every small box stays inside the circle
    // through the container's corners.
    const glm::vec2 centre = (tumbler.frame(0)[0].center() + tumbler.frame(0)[1].center()) * 0.5f;
    const glm::vec2 arm_start = tumbler.frame(0)[0].center() - centre;
    const glm::vec2 arm_end = tumbler.frame(frames - 1)[0].center() - centre;
    const float turned = std::atan2(arm_end.y, arm_end.x) - std::atan2(arm_start.y, arm_start.x);
    CHECK(turned == doctest::Approx(0.05f * 3.14159265f * 59.0f / 60.0f).epsilon(0.05));
    const float reach = glm::length(arm_start) * 1.5f;
    bool inside = true;
    for (int frame = 0; frame < frames; ++frame) {
        for (std::size_t i = 4; i < n; ++i) {
            inside = inside && glm::length(tumbler.frame(frame)[i].center() - centre) < reach;
        }
    }
    CHECK(inside);
    CHECK(tumbler.frame(0)[4].extents().x == doctest::Approx(0.125f + 0.01f));
}

TEST_CASE("physics workloads: bullets stay in flight through the walls, every box in its lanes") {
    const std::size_t n = 1000;
    const int frames = 240;
    const Trace bullets = record_physics_workload("physics_bullets", n, frames);
    // The last box is a bullet (one in 256 of the boxes, the last ones): side 0.25 and the
    // skin. A bullet flies 100/60 units a step and is refired once it slows below 50 m/s or has
    // flown 90 frames, so in most frames it moved more than a unit since the last.
    CHECK(bullets.frame(0)[n - 1].extents().x == doctest::Approx(0.125f + 0.01f));
    int flying = 0;
    for (int frame = 1; frame < frames; ++frame) {
        const glm::vec2 step =
            bullets.frame(frame)[n - 1].center() - bullets.frame(frame - 1)[n - 1].center();
        flying += std::abs(step.x) > 1.0f ? 1 : 0;
    }
    CHECK(flying > (frames - 1) / 3);
    // The static floors, end walls and ceiling (frame 0's bounds) hold every box in every
    // frame: nothing tunnels out, the bullets included.
    Box2 bounds = bullets.frame(0)[0];
    for (const Box2& box : bullets.frame(0))
        bounds = merge(bounds, box);
    bool inside = true;
    for (int frame = 0; frame < frames; ++frame)
        for (const Box2& box : bullets.frame(frame))
            inside = inside && contains(bounds, box);
    CHECK(inside);
}

TEST_CASE("physics workloads: counts and sizes out of range are refused by name") {
    CHECK_THROWS_WITH_AS((void)record_physics_workload("physics_pyramid", 15, 2),
                         "'physics_pyramid' needs 16..4000000 boxes, got 15",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)record_physics_workload("physics_tumbler", 1'000'000, 100),
                         doctest::Contains("more than a recording holds"), std::invalid_argument);
}

#else

TEST_CASE("physics workloads: refused without Box2D; recording tests skipped") {
    CHECK_FALSE(physics_workloads_available());
    CHECK_THROWS_WITH_AS((void)record_physics_workload("physics_pyramid", 1000, 2),
                         "'physics_pyramid': aabb-bench was built without Box2D (libbox2d-dev)",
                         std::invalid_argument);
    MESSAGE("skipped: install libbox2d-dev and re-run cmake to test the recorded physics");
}

#endif

}  // namespace aabb::bench

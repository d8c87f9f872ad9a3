// The ray probe: its hits come through the world's broad phase and are measured against the
// bodies' world boxes; the slab view gives each axis's interval, the parallel case included.

#include "ui/model/ray_probe.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/broadphase/broad_phase_factory.hpp"
#include "ui/model/tool_actions.hpp"

namespace aabb::ui {

namespace {

/// A world of three still boxes in a row along x, under `broad_phase`.
World row_of_boxes(const std::string& broad_phase) {
    WorldSettings settings;
    settings.broad_phase = broad_phase;
    World world(settings);
    for (const float x : {2.0f, 6.0f, 10.0f}) {
        Body body;
        body.kind = BodyKind::wall;
        body.position = {x, 0.0f};
        body.half_size = {1.0f, 1.0f};
        world.add_body(body);
    }
    world.refresh_pairs();
    return world;
}

}  // namespace

TEST_CASE("the probe ray's hits are nearest first, with t in drag lengths, under every broad "
          "phase") {
    for (const std::string& name : broad_phase_names()) {
        CAPTURE(name);
        const World world = row_of_boxes(name);
        RayProbe probe;
        probe.aim({0.0f, 0.0f}, {1.0f, 0.0f});  // t = 1 one unit along +x
        const std::vector<RayProbeHit> hits = probe.cast(world);
        REQUIRE(hits.size() == 3);
        CHECK(hits[0].t_enter == doctest::Approx(1.0f));
        CHECK(hits[0].t_exit == doctest::Approx(3.0f));
        CHECK(hits[1].t_enter == doctest::Approx(5.0f));
        CHECK(hits[2].t_enter == doctest::Approx(9.0f));
        CHECK(hits[2].index == 2);
        // Aimed away, nothing is hit; a ray above the row misses every box.
        probe.aim({0.0f, 0.0f}, {-1.0f, 0.0f});
        CHECK(probe.cast(world).empty());
        probe.aim({0.0f, 1.5f}, {1.0f, 1.5f});
        CHECK(probe.cast(world).empty());
        // Along the top face (y = 1, closed boxes): every box is hit.
        probe.aim({0.0f, 1.0f}, {1.0f, 1.0f});
        CHECK(probe.cast(world).size() == 3);
    }
}

TEST_CASE("a click without a drag clears the probe") {
    RayProbe probe;
    probe.aim({1.0f, 1.0f}, {2.0f, 1.0f});
    CHECK(probe.ray().has_value());
    probe.aim({1.0f, 1.0f}, {1.0f, 1.0f});
    CHECK_FALSE(probe.ray().has_value());
    CHECK(probe.cast(row_of_boxes("brute_force")).empty());
}

TEST_CASE("slab view: one interval per axis, and the parallel ray on a face (0·inf) handled") {
    const Box2 box{{2.0f, 1.0f}, {4.0f, 3.0f}};
    // The curriculum's ray from the origin along (1, 1): tx = [2, 4], ty = [1, 3], enter 2,
    // exit 3.
    SlabView view = slab_view(Ray2{{0.0f, 0.0f}, {1.0f, 1.0f}}, box);
    CHECK(view.x.entry == doctest::Approx(2.0f));
    CHECK(view.x.exit == doctest::Approx(4.0f));
    CHECK(view.y.entry == doctest::Approx(1.0f));
    CHECK(view.y.exit == doctest::Approx(3.0f));
    CHECK(view.hit.hit);
    CHECK(view.hit.t_enter == doctest::Approx(2.0f));
    CHECK(view.hit.t_exit == doctest::Approx(3.0f));
    // Horizontal ray exactly on the top face y = 3: the y axis places no constraint.
    view = slab_view(Ray2{{0.0f, 3.0f}, {1.0f, 0.0f}}, box);
    CHECK(std::isinf(view.y.entry));
    CHECK(view.y.entry < 0.0f);
    CHECK(view.y.exit > 0.0f);
    CHECK(view.hit.hit);
    CHECK(view.hit.t_enter == doctest::Approx(2.0f));
    // Parallel outside the slab: an empty interval and a miss.
    view = slab_view(Ray2{{0.0f, 4.0f}, {1.0f, 0.0f}}, box);
    CHECK(view.y.entry > view.y.exit);
    CHECK_FALSE(view.hit.hit);
}

TEST_CASE("a ray script action aims nothing at the world") {
    SimulationController simulation({.body_count = 5});
    const auto actions = parse_tool_script("ray:0,0,1,1");
    REQUIRE(actions.size() == 1);
    CHECK(actions[0].tool == Tool::ray);
    CHECK(apply_tool_action(simulation, actions[0], {}, 1) == 0);
    CHECK(simulation.world().bodies().size() == 5);
}

}  // namespace aabb::ui

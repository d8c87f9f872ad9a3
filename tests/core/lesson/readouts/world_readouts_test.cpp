// The world readouts: they read the caller's World (null without one), including the new
// broad-phase counters (tree updates after a move of 0.31 beyond a 0.3 margin; a ray that
// misses visits one node and no leaf).

#include <doctest/doctest.h>

#include "core/scene/scene_world.hpp"
#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

namespace {

World one_moving_box(float speed) {
    Scene scene;
    scene.world.time_step = 1.0f;
    scene.world.broad_phase = "dynamic_tree";
    SceneBody body;
    body.body.position = {1, 1};
    body.body.half_size = {1, 1};
    body.body.velocity = {speed, 0};
    scene.bodies.push_back(body);
    World world = build_world(scene);
    world.step();
    return world;
}

}  // namespace

TEST_CASE("world readouts are null without a world") {
    const ReadoutProbe probe;
    CHECK(probe.value("world_stat", "box_tests", {}).type == ValueType::null);
}

TEST_CASE("world_stat reads the broad phase's counters: 0 tree updates at 0.3, 1 at 0.31") {
    const ReadoutProbe probe;
    const World slow = one_moving_box(0.3f);
    CHECK(probe.number_of("world_stat", "tree_updates", {}, &slow) == 0.0);
    const World fast = one_moving_box(0.31f);
    CHECK(probe.number_of("world_stat", "tree_updates", {}, &fast) == 1.0);
    CHECK(probe.number_of("world_stat", "bodies", {}, &fast) == 1.0);
    CHECK(probe.number_of("world_stat", "frame", {}, &fast) == 1.0);
    CHECK(probe.value("world_stat", "broad_phase", {}, &fast).text == "dynamic_tree");
    CHECK(probe.value("world_stat", "root_boxes", {}, &fast).type == ValueType::null);
}

TEST_CASE("ray_cast through the world: a hit, and a miss that visits one node and no leaf") {
    const World world = one_moving_box(0.0f);
    ReadoutProbe probe;
    probe.point("o", {-10, 1}).point("d", {1, 0}, ObjectKind::vector).point("far", {-10, 50});
    CHECK(probe.number_of("ray_cast", "hits", {{"origin", "o"}, {"direction", "d"}}, &world) ==
          1.0);
    CHECK(probe.number_of("ray_cast", "first_t", {{"origin", "o"}, {"direction", "d"}}, &world) ==
          10.0);
    CHECK(probe.number_of("ray_cast", "hits", {{"origin", "far"}, {"direction", "d"}}, &world) ==
          0.0);
    CHECK(probe.number_of("ray_cast", "node_visits", {{"origin", "far"}, {"direction", "d"}},
                          &world) == 1.0);
    CHECK(probe.number_of("ray_cast", "leaf_visits", {{"origin", "far"}, {"direction", "d"}},
                          &world) == 0.0);
}

}  // namespace aabb::lesson

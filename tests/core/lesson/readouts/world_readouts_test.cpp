// The world readouts: they read the caller's World (null without one), including the new
// broad-phase counters (tree updates after a move of 0.31 beyond a 0.3 margin; a ray that
// misses visits one node and no leaf), and a ray's walk through a tree node by node, which
// must count exactly what ray_cast counts.

#include <doctest/doctest.h>

#include <string>
#include <utility>

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

namespace {

// 64 boxes on an 8 × 8 lattice (each 1.5 wide, 2 apart) under `broad_phase`, stepped once.
World lattice(const char* broad_phase) {
    Scene scene;
    scene.world.time_step = 1.0f;
    scene.world.broad_phase = broad_phase;
    for (int i = 0; i < 64; ++i) {
        SceneBody body;
        body.body.position = {float(i % 8) * 2.0f, float(i / 8) * 2.0f};
        body.body.half_size = {0.75f, 0.75f};
        scene.bodies.push_back(body);
    }
    World world = build_world(scene);
    world.step();
    return world;
}

}  // namespace

TEST_CASE("ray_traversal: the walk node by node is exactly ray_cast's visits, in both trees") {
    ReadoutProbe probe;
    probe.point("d", {1, 0.25f}, ObjectKind::vector).point("o", {-5, 3}).number("p", 1);
    const std::pair<std::string, std::string> ray[] = {{"origin", "o"}, {"direction", "d"}};
    for (const char* structure : {"dynamic_tree", "bvh"}) {
        CAPTURE(structure);
        const World world = lattice(structure);
        for (const glm::vec2 origin :
             {glm::vec2(-5, 3), glm::vec2(-5, 40), glm::vec2(7, 7), glm::vec2(-5, -0.75f)}) {
            CAPTURE(origin.y);
            probe.objects[1].vector = origin;
            const auto of = [&](const char* kind, const char* output) {
                return probe.number_of(kind, output, {ray[0], ray[1]}, &world);
            };
            CHECK(probe.flag_of("ray_traversal", "traced", {ray[0], ray[1]}, &world));
            CHECK(of("ray_traversal", "visits") == of("ray_cast", "node_visits"));
            CHECK(of("ray_traversal", "leaf_visits") == of("ray_cast", "leaf_visits"));
            CHECK(of("ray_traversal", "hit_nodes") + of("ray_traversal", "missed_nodes") ==
                  of("ray_traversal", "visits"));
            CHECK(of("ray_traversal", "visits") + of("ray_traversal", "skipped_nodes") ==
                  of("ray_traversal", "nodes"));
            CHECK(of("ray_traversal", "nodes") == 127.0);  // 2·64 − 1 nodes in a binary tree
        }
        // A ray above everything: the root is tested and missed, the other 126 never are.
        probe.objects[1].vector = {-5, 40};
        CHECK(probe.number_of("ray_traversal", "visits", {ray[0], ray[1]}, &world) == 1.0);
        CHECK(probe.number_of("ray_traversal", "missed_nodes", {ray[0], ray[1]}, &world) == 1.0);
        CHECK(probe.number_of("ray_traversal", "skipped_nodes", {ray[0], ray[1]}, &world) == 126.0);
        CHECK_FALSE(probe.flag_of("ray_traversal", "current_hit", {ray[0], ray[1]}, &world));
        CHECK(probe.number_of("ray_traversal", "current_depth", {ray[0], ray[1]}, &world) == 0.0);
    }
}

TEST_CASE("ray_traversal: progress shows the visits one by one; other structures are not traced") {
    const World world = lattice("dynamic_tree");
    ReadoutProbe probe;
    probe.point("o", {-5, 3}).point("d", {1, 0.25f}, ObjectKind::vector).number("p", 0);
    const auto at = [&](double progress, const char* output) {
        probe.set("p", progress);
        return probe.value("ray_traversal", output,
                           {{"origin", "o"}, {"direction", "d"}, {"progress", "p"}}, &world);
    };
    const double visits = at(1.0, "visits").number;
    REQUIRE(visits > 3.0);
    CHECK(at(0.0, "shown").number == 0.0);
    CHECK(at(0.0, "current_depth").type == ValueType::null);
    CHECK(at(0.5 / (visits + 1.0), "shown").number == 0.0);
    CHECK(at(1.5 / (visits + 1.0), "shown").number == 1.0);
    CHECK(at(1.5 / (visits + 1.0), "current_depth").number == 0.0);  // the root first
    CHECK(at(1.5 / (visits + 1.0), "current_hit").flag);
    CHECK(at(1.0, "shown").number == visits);
    const World brute = lattice("brute_force");
    CHECK_FALSE(
        probe.flag_of("ray_traversal", "traced", {{"origin", "o"}, {"direction", "d"}}, &brute));
    CHECK(probe.value("ray_traversal", "visits", {{"origin", "o"}, {"direction", "d"}}, &brute)
              .type == ValueType::null);
    CHECK(probe.value("ray_traversal", "traced", {{"origin", "o"}, {"direction", "d"}}).type ==
          ValueType::null);  // no world
}

}  // namespace aabb::lesson

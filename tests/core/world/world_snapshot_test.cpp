// World::snapshot and World::restore: a restored world steps bit-identically, keeps its events
// and counts, and keeps the broad phase chosen since.

#include <doctest/doctest.h>

#include "core/world/world.hpp"
#include "core/world/world_snapshot.hpp"

namespace aabb {

namespace {

// A bullet that tunnels through a thin wall in step 2 (10 units a step, wall 0.2 wide at 15),
// among random boxes, with a spawner (its random state and progress are part of the state).
World tunneling_world() {
    WorldSettings settings;
    settings.seed = 4;
    World world(settings);
    add_random_moving_boxes(world, 200, 7);
    world.add_body({.position = {15.0f, 80.0f}, .half_size = {0.1f, 5.0f}, .kind = BodyKind::wall});
    world.add_body({.position = {0.0f, 80.0f},
                    .velocity = {600.0f, 0.0f},
                    .half_size = {0.1f, 0.1f},
                    .kind = BodyKind::bullet});
    world.add_spawner({.position = {-50.0f, -90.0f}, .spread = 1.0f, .rate = 30.0f, .limit = 20});
    world.refresh_pairs();
    return world;
}

}  // namespace

TEST_CASE("a restored world steps exactly as the original did, with the same events") {
    World world = tunneling_world();
    world.step();
    const WorldSnapshot state = world.snapshot();
    std::vector<std::uint64_t> hashes;
    std::vector<std::size_t> events;
    for (int i = 0; i < 5; ++i) {
        world.step();
        hashes.push_back(world.state_hash());
        events.push_back(world.events().size());
    }
    const DetectionCounts totals = world.total_counts();
    CHECK(totals.tunneling_events >= 1);
    world.restore(state);
    CHECK(world.frame() == 1);
    for (int i = 0; i < 5; ++i) {
        world.step();
        CHECK(world.state_hash() == hashes[static_cast<std::size_t>(i)]);
        CHECK(world.events().size() == events[static_cast<std::size_t>(i)]);
    }
    CHECK(world.total_counts().tunneling_events == totals.tunneling_events);
    CHECK(world.total_counts().tunneled_bodies == totals.tunneled_bodies);
}

TEST_CASE("restoring keeps the last step's events and the broad phase chosen since") {
    World world = tunneling_world();
    world.step();
    world.step();
    REQUIRE(world.events().size() == 1);
    const WorldSnapshot after_tunneling = world.snapshot();
    const std::uint64_t hash = world.state_hash();
    const std::size_t pairs = world.overlapping_pairs().size();
    world.step();
    world.set_broad_phase("brute_force");
    world.restore(after_tunneling);
    CHECK(world.settings().broad_phase == "brute_force");
    CHECK(world.state_hash() == hash);
    REQUIRE(world.events().size() == 1);
    CHECK(world.events()[0].kind == MotionEventKind::tunneled);
    CHECK(world.overlapping_pairs().size() == pairs);
    CHECK(world.world_boxes().size() == world.bodies().size());
}

TEST_CASE("a compact state is a few tens of bytes a body") {
    World world;
    add_random_moving_boxes(world, 10'000, 2);
    const std::size_t bytes = world.snapshot().bytes();
    CHECK(bytes < 10'000 * 64);
    CHECK(bytes > 10'000 * (sizeof(Body) + sizeof(BodyId)));
}

}  // namespace aabb

// Step-back history: newest last, capacity and byte budget respected, states restore exactly.

#include <doctest/doctest.h>

#include <vector>

#include "ui/model/world_history.hpp"

namespace aabb::ui {

TEST_CASE("the history keeps the newest states and restores them exactly") {
    World world;
    add_random_moving_boxes(world, 50, 3);
    WorldHistory history(5);
    std::vector<std::uint64_t> hashes;
    for (int i = 0; i < 8; ++i) {
        history.push(world);
        hashes.push_back(world.state_hash());
        world.step();
    }
    CHECK(history.size() == 5);
    for (int k = 7; k >= 3; --k) {
        std::optional<World> state = history.pop();
        REQUIRE(state.has_value());
        CHECK(state->state_hash() == hashes[static_cast<std::size_t>(k)]);
        CHECK(state->frame() == static_cast<std::uint64_t>(k));
    }
    CHECK(history.empty());
    CHECK(history.bytes() == 0);
    CHECK_FALSE(history.pop().has_value());
}

TEST_CASE("a restored state steps like the original did") {
    World world;
    add_random_moving_boxes(world, 80, 9);
    WorldHistory history;
    history.push(world);
    world.step();
    world.step();
    const std::uint64_t two_steps = world.state_hash();
    World restored = *history.pop();
    restored.step();
    restored.step();
    CHECK(restored.state_hash() == two_steps);
}

TEST_CASE("the byte budget bounds the history; a world larger than the budget empties it") {
    World world;
    add_random_moving_boxes(world, 100, 1);
    const std::size_t one = WorldHistory::estimate_bytes(world);
    WorldHistory history(300, one * 3);
    for (int i = 0; i < 10; ++i)
        history.push(world);
    CHECK(history.size() == 3);
    CHECK(history.bytes() <= one * 3);
    add_random_moving_boxes(world, 1000, 2);
    history.push(world);
    CHECK(history.empty());
    CHECK(history.too_large());
    WorldHistory few_bodies(300, WorldHistory::default_byte_budget, 50);
    few_bodies.push(world);
    CHECK(few_bodies.empty());
    CHECK(few_bodies.too_large());
    WorldHistory disabled(0);
    disabled.push(world);
    CHECK(disabled.empty());
}

}  // namespace aabb::ui

// Step-back history: newest last, capacity and byte budget respected, states restore exactly,
// and tens of steps back at 100,000 bodies within the default budget.

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
        std::optional<WorldSnapshot> state = history.pop();
        REQUIRE(state.has_value());
        world.restore(*state);
        CHECK(world.state_hash() == hashes[static_cast<std::size_t>(k)]);
        CHECK(world.frame() == static_cast<std::uint64_t>(k));
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
    World restored;
    restored.restore(*history.pop());
    restored.step();
    restored.step();
    CHECK(restored.state_hash() == two_steps);
}

TEST_CASE("the byte budget bounds the history; a world larger than the budget empties it") {
    World world;
    add_random_moving_boxes(world, 100, 1);
    const std::size_t one = world.snapshot().bytes();
    WorldHistory history(300, one * 3);
    for (int i = 0; i < 10; ++i)
        history.push(world);
    CHECK(history.size() == 3);
    CHECK(history.bytes() <= one * 3);
    add_random_moving_boxes(world, 1000, 2);
    history.push(world);
    CHECK(history.empty());
    CHECK(history.too_large());
    WorldHistory no_budget(300, 0);
    no_budget.push(world);
    CHECK(no_budget.empty());
    WorldHistory disabled(0);
    disabled.push(world);
    CHECK(disabled.empty());
}

TEST_CASE("the default budget steps back tens of steps at 100,000 bodies") {
    // Issue 50, item 7: step back was off above 5,000 bodies. A compact state is about 56
    // bytes a body (5.6 MB here), so 256 MiB holds 45 of them.
    World world;
    add_random_moving_boxes(world, 100'000, 5);
    WorldHistory history;
    std::vector<std::uint64_t> hashes;
    constexpr int steps = 40;
    for (int i = 0; i < steps; ++i) {
        history.push(world);
        hashes.push_back(world.state_hash());
        world.step();
    }
    CHECK_FALSE(history.too_large());
    REQUIRE(history.size() == steps);
    CHECK(history.bytes() <= WorldHistory::default_byte_budget);
    for (int k = steps - 1; k >= 0; --k) {
        world.restore(*history.pop());
        CHECK(world.state_hash() == hashes[static_cast<std::size_t>(k)]);
    }
    // From the oldest state, the same steps again.
    for (int i = 0; i < 3; ++i)
        world.step();
    CHECK(world.state_hash() == hashes[3]);
}

}  // namespace aabb::ui

// The world steps deterministically and its pairs match brute force under any broad phase.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/world/world.hpp"

namespace aabb {

TEST_CASE("world pairs are the same under every broad phase, frame after frame") {
    World reference(WorldSettings{.broad_phase = "brute_force"});
    add_random_moving_boxes(reference, 300, 99);
    std::vector<std::unique_ptr<World>> others;
    for (const std::string& name : broad_phase_names()) {
        WorldSettings settings;
        settings.broad_phase = name;
        others.push_back(std::make_unique<World>(settings));
        add_random_moving_boxes(*others.back(), 300, 99);
    }
    for (int frame = 0; frame < 60; ++frame) {
        reference.step();
        for (auto& world : others) {
            world->step();
            const auto expected = reference.overlapping_pairs();
            const auto actual = world->overlapping_pairs();
            REQUIRE(std::equal(expected.begin(), expected.end(), actual.begin(), actual.end()));
        }
    }
    CHECK(reference.frame() == 60);
    CHECK_FALSE(reference.overlapping_pairs().empty());
}

TEST_CASE("switching the broad phase keeps the pairs") {
    World world;
    add_random_moving_boxes(world, 200, 5);
    world.step();
    const std::vector<BoxPair> before(world.overlapping_pairs().begin(),
                                      world.overlapping_pairs().end());
    for (const std::string& name : broad_phase_names()) {
        world.set_broad_phase(name);
        CHECK(world.broad_phase().name() == name);
        CHECK(std::equal(before.begin(), before.end(), world.overlapping_pairs().begin(),
                         world.overlapping_pairs().end()));
    }
}

TEST_CASE("bodies stay inside the bounds") {
    World world;
    add_random_moving_boxes(world, 100, 3);
    for (int frame = 0; frame < 600; ++frame)
        world.step();
    const Box2& bounds = world.settings().bounds;
    for (const Box2& box : world.world_boxes())
        CHECK(contains(bounds, box));
}

TEST_CASE("bad world input is rejected with a clear error") {
    CHECK_THROWS_WITH_AS(World(WorldSettings{.broad_phase = "nope"}), doctest::Contains("nope"),
                         std::invalid_argument);
    CHECK_THROWS_AS(World(WorldSettings{.time_step = 0.0f}), std::invalid_argument);
    World world;
    CHECK_THROWS_AS(world.add_body({.half_size = {0.0f, 1.0f}}), std::invalid_argument);
    CHECK_THROWS_AS(world.add_body({.position = {std::nanf(""), 0.0f}}), std::invalid_argument);
    CHECK(world.bodies().empty());
}

}  // namespace aabb

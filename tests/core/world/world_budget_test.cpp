// The world under its resource budget (issue 13, class 2): a fast spawner piling boxes at one
// point stops with BudgetExceeded naming the count and the limit instead of a bare
// std::bad_alloc, and a broad-phase switch whose options cost too much keeps the old one.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/broadphase/resource_budget.hpp"
#include "core/world/world.hpp"

namespace aabb {
namespace {

// A spawner putting `per_step` still boxes per step at the origin.
Spawner pile_spawner(float per_step) {
    Spawner spawner;
    spawner.position = {0.0f, 0.0f};
    spawner.speed = 0.0f;
    spawner.rate = per_step * 60.0f;
    spawner.body.half_size = {0.5f, 0.5f};
    return spawner;
}

TEST_CASE("A fast spawner piling boxes at one point goes over the pair budget, clearly") {
    World world;
    world.add_spawner(pile_spawner(40000.0f));  // 799,980,000 pairs after one step
    try {
        world.step();
        FAIL("no BudgetExceeded");
    } catch (const BudgetExceeded& error) {
        const std::string message = error.what();
        INFO(message);
        CHECK(message.find("sort_and_sweep: ") == 0);
        CHECK(message.find("pairs needed, above the budget of 33554432 (max_pairs)") !=
              std::string::npos);
        CHECK(message.find("spread them out") != std::string::npos);
    }
}

TEST_CASE("The world's budget reaches every broad phase it builds, copies included") {
    ResourceBudget budget;
    budget.max_pairs = 100;
    WorldSettings settings;
    settings.broad_phase = "brute_force";
    World world(settings);
    world.set_resource_budget(budget);
    world.add_spawner(pile_spawner(10.0f));
    world.step();  // 10 boxes: 45 pairs
    CHECK(world.overlapping_pairs().size() == 45);
    world.set_broad_phase("dynamic_tree");
    CHECK(world.broad_phase().budget().max_pairs == 100);
    const World copy(world);
    CHECK(copy.resource_budget().max_pairs == 100);
    CHECK(copy.broad_phase().budget().max_pairs == 100);
    CHECK_THROWS_AS(world.step(), BudgetExceeded);  // 20 boxes: 190 pairs
}

TEST_CASE("Switching to options that cost too much throws and keeps the broad phase") {
    World world;
    // Fifty boxes of 0.9: with cell_size 1e-3 each covers 810,000 cells (under
    // max_cells_per_box), 40 million entries in all.
    for (int i = 0; i < 50; ++i) {
        Body body;
        body.position = {static_cast<float>(i) * 0.1f, 0.0f};
        body.half_size = {0.45f, 0.45f};
        world.add_body(body);
    }
    world.refresh_pairs();
    const std::vector<BoxPair> before(world.overlapping_pairs().begin(),
                                      world.overlapping_pairs().end());
    REQUIRE_FALSE(before.empty());
    CHECK_THROWS_AS(
        world.set_broad_phase("spatial_hash", {{"cell_size", 1e-3}, {"max_cells_per_box", 1e6}}),
        BudgetExceeded);
    CHECK(world.broad_phase().name() == "sort_and_sweep");
    CHECK(world.settings().broad_phase == "sort_and_sweep");
    CHECK(std::vector<BoxPair>(world.overlapping_pairs().begin(),
                               world.overlapping_pairs().end()) == before);
    world.step();
    CHECK(world.overlapping_pairs().size() == before.size());
}

}  // namespace
}  // namespace aabb

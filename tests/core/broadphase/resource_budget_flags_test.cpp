// The budget flags' table: every ResourceBudget field has one flag and the help names the
// default. (The values are checked by the programs' flag tables: tests/app/.)

#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/broadphase/resource_budget_flags.hpp"
#include "core/world/world.hpp"

namespace aabb {

TEST_CASE("each budget field has one flag") {
    // Member pointers have no order: distinct fields are counted by equality.
    std::vector<std::uint64_t ResourceBudget::*> fields;
    for (const ResourceBudgetFlag& flag : resource_budget_flags) {
        CHECK(flag.name.starts_with("--max-"));
        if (std::find(fields.begin(), fields.end(), flag.field) == fields.end())
            fields.push_back(flag.field);
        // The largest value is far above the default: raising is what the flags are for.
        CHECK(flag.largest > default_resource_budget.*flag.field * 1000);
    }
    CHECK(fields.size() == 3);
}

TEST_CASE("the help line names the default") {
    CHECK(resource_budget_flag_help(resource_budget_flags[0]) ==
          "most overlapping pairs one broad-phase search may hold (default 33554432)");
    CHECK(resource_budget_flag_help(resource_budget_flags[2]).ends_with("(default 1073741824)"));
}

TEST_CASE("a world built with a budget in its settings checks it, and a raised one passes") {
    WorldSettings settings;
    settings.resource_budget.max_pairs = 10;
    World world(settings);
    CHECK(world.resource_budget().max_pairs == 10);
    Body body;
    body.half_size = {0.5f, 0.5f};
    for (int i = 0; i < 6; ++i)  // 15 pairs at one point
        world.add_body(body);
    CHECK_THROWS_WITH_AS(world.refresh_pairs(),
                         doctest::Contains("pairs needed, above the budget of 10 (max_pairs); too "
                                           "many boxes overlap"),
                         BudgetExceeded);
    world.set_resource_budget(
        ResourceBudget{15, default_resource_budget.max_cells, default_resource_budget.max_bytes});
    CHECK(world.settings().resource_budget.max_pairs == 15);
    world.refresh_pairs();
    CHECK(world.overlapping_pairs().size() == 15);
}

}  // namespace aabb

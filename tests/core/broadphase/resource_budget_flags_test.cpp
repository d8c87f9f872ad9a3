// The budget flags' table: every ResourceBudget field has one flag, values are checked whole,
// a refused value leaves the budget as it was, and the help names the default.

#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "core/broadphase/resource_budget_flags.hpp"
#include "core/world/world.hpp"

namespace aabb {

TEST_CASE("each budget field has one flag, found by name") {
    // Pointers to members have no order: the set holds where each field lies in one budget.
    const ResourceBudget budget;
    std::set<const std::uint64_t*> fields;
    for (const ResourceBudgetFlag& flag : resource_budget_flags) {
        CHECK(find_resource_budget_flag(flag.name) == &flag);
        CHECK(flag.name.starts_with("--max-"));
        fields.insert(&(budget.*flag.field));
        // The largest value is far above the default: raising is what the flags are for.
        CHECK(flag.largest > default_resource_budget.*flag.field * 1000);
    }
    CHECK(fields.size() == 3);
    CHECK(find_resource_budget_flag("--max-pair") == nullptr);
}

TEST_CASE("a budget flag takes a whole number in [1, largest], else the budget is unchanged") {
    const ResourceBudgetFlag& pairs = *find_resource_budget_flag("--max-pairs");
    ResourceBudget budget;
    set_resource_budget_flag(budget, pairs, "123");
    CHECK(budget.max_pairs == 123);
    set_resource_budget_flag(budget, pairs, std::to_string(pairs.largest));
    CHECK(budget.max_pairs == pairs.largest);
    for (const char* bad :
         {"", "0", "-1", "1e6", "12x", " 5", "68719476737", "99999999999999999999999999"}) {
        CAPTURE(bad);
        ResourceBudget before;
        before.max_pairs = 77;
        ResourceBudget after = before;
        CHECK_THROWS_WITH_AS(set_resource_budget_flag(after, pairs, bad),
                             doctest::Contains("--max-pairs: expected a whole number in [1, "
                                               "68719476736], got '"),
                             std::invalid_argument);
        CHECK(after == before);
    }
    // What a bad value quotes is cut and escaped like every other quoted input.
    ResourceBudget budget_for_long;
    try {
        set_resource_budget_flag(budget_for_long, pairs, std::string(5000, '7') + "\x1b");
        FAIL("no error");
    } catch (const std::invalid_argument& error) {
        CHECK(std::string(error.what()).size() < 200);
    }
}

TEST_CASE("the help line names the default") {
    CHECK(resource_budget_flag_help(*find_resource_budget_flag("--max-pairs")) ==
          "most overlapping pairs one broad-phase search may hold (default 33554432)");
    CHECK(resource_budget_flag_help(*find_resource_budget_flag("--max-bytes"))
              .ends_with("(default 1073741824)"));
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

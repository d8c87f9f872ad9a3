// The contact-manager pair set peer runners keep around a broad phase that reports only new
// pairs: a pair is added once however often it is reported, and dropped when asked to.

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "app/bench/runners/persistent_pair_set.hpp"

namespace aabb::bench {

namespace {

std::set<std::pair<std::uint32_t, std::uint32_t>> kept_pairs(PersistentPairSet& set) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    set.update([&](std::uint32_t a, std::uint32_t b) {
        CHECK(a < b);
        CHECK(pairs.emplace(a, b).second);
        return true;
    });
    return pairs;
}

}  // namespace

TEST_CASE("a pair is kept once, whichever way round and however often it is added") {
    PersistentPairSet set;
    set.reset(5);
    set.add(1, 3);
    set.add(3, 1);
    set.add(1, 3);
    set.add(0, 4);
    set.add(4, 3);
    CHECK(set.size() == 3);
    CHECK(kept_pairs(set) ==
          std::set<std::pair<std::uint32_t, std::uint32_t>>{{1, 3}, {0, 4}, {3, 4}});
    CHECK(set.memory_bytes() > 0);
}

TEST_CASE("update drops the pairs it is told to, and a dropped pair can come back") {
    PersistentPairSet set;
    set.reset(6);
    for (std::uint32_t a = 0; a < 6; ++a) {
        for (std::uint32_t b = a + 1; b < 6; ++b)
            set.add(a, b);
    }
    CHECK(set.size() == 15);
    // Drop every pair that involves box 2.
    set.update([](std::uint32_t a, std::uint32_t b) { return a != 2 && b != 2; });
    CHECK(set.size() == 10);
    for (const auto& [a, b] : kept_pairs(set)) {
        CHECK(a != 2);
        CHECK(b != 2);
    }
    // Box 2's edge lists were emptied with the list: adding again keeps the pair once.
    set.add(2, 5);
    set.add(5, 2);
    CHECK(set.size() == 11);
    set.update([](std::uint32_t, std::uint32_t) { return false; });
    CHECK(set.size() == 0);
    set.add(2, 5);
    CHECK(set.size() == 1);
}

TEST_CASE("reset forgets every pair") {
    PersistentPairSet set;
    set.reset(3);
    set.add(0, 1);
    set.reset(3);
    CHECK(set.size() == 0);
    set.add(0, 1);
    CHECK(set.size() == 1);
}

}  // namespace aabb::bench

namespace aabb::bench {

TEST_CASE("the kept pairs stay within the pair budget: the one over it throws, nothing added") {
    PersistentPairSet set;
    ResourceBudget budget;
    budget.max_pairs = 2;
    set.reset(4, budget, "box2d_broadphase");
    set.add(0, 1);
    set.add(1, 2);
    set.add(2, 1);  // kept already: no new pair, no error
    CHECK_THROWS_WITH_AS(set.add(2, 3),
                         doctest::Contains("box2d_broadphase: 3 kept pairs needed, above the "
                                           "budget of 2 (max_pairs)"),
                         BudgetExceeded);
    CHECK(set.size() == 2);
}

}  // namespace aabb::bench

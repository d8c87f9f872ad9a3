// The exact test every peer runner applies to a library's candidates: closed (touching boxes
// pair), pairs stored as (min, max), every test counted, and a pair met from both sides kept
// once.

#include <doctest/doctest.h>

#include <vector>

#include "app/bench/runners/exact_pairs.hpp"

namespace aabb::bench {

TEST_CASE("candidates are kept when their boxes overlap or touch, as (min, max)") {
    const std::vector<Box2> boxes = {
        {{0, 0}, {1, 1}},
        {{1, 0}, {2, 1}},  // touches box 0 along x = 1
        {{3, 3}, {4, 4}},  // apart from both
        {{1, 1}, {3, 3}},  // touches box 0 at a corner, box 2 at a corner
    };
    std::vector<BoxPair> pairs{{7, 8}};  // begin() clears what was there
    ExactPairs exact;
    exact.begin(boxes, pairs);
    exact.offer(1, 0);
    exact.offer(0, 2);
    exact.offer(3, 0);
    exact.offer(2, 3);
    CHECK(exact.tests() == 4);
    CHECK(pairs == std::vector<BoxPair>{{0, 1}, {0, 3}, {2, 3}});
}

TEST_CASE("a candidate met from both sides is tested once, from its smaller index") {
    const std::vector<Box2> boxes = {{{0, 0}, {1, 1}}, {{0.5f, 0.5f}, {2, 2}}};
    std::vector<BoxPair> pairs;
    ExactPairs exact;
    exact.begin(boxes, pairs);
    exact.offer_from_smaller(0, 1);
    exact.offer_from_smaller(1, 0);
    exact.offer_from_smaller(1, 1);
    CHECK(exact.tests() == 1);
    CHECK(pairs == std::vector<BoxPair>{{0, 1}});
    exact.begin(boxes, pairs);
    CHECK(pairs.empty());
    CHECK(exact.tests() == 0);
}

TEST_CASE("box indices travel through a library's user-data pointer unchanged") {
    for (const std::size_t index : {std::size_t{0}, std::size_t{1}, std::size_t{16'777'215}})
        CHECK(pointer_as_index(index_as_pointer(index)) == index);
}

}  // namespace aabb::bench

namespace aabb::bench {

TEST_CASE("past the pair budget the pairs stop growing and finish() names the runner") {
    const std::vector<Box2> boxes(6, Box2{{0, 0}, {1, 1}});  // 15 pairs at one point
    std::vector<BoxPair> pairs;
    ExactPairs exact;
    ResourceBudget budget;
    budget.max_pairs = 4;
    exact.begin(boxes, pairs, budget);
    for (std::uint32_t a = 0; a < 6; ++a)
        for (std::uint32_t b = a + 1; b < 6; ++b)
            exact.offer(a, b);
    CHECK(pairs.size() == 4);  // nothing kept past the budget
    CHECK(exact.tests() == 15);
    CHECK_THROWS_WITH_AS(exact.finish("some_peer"),
                         "some_peer: 5 pairs needed, above the budget of 4 (max_pairs); too many "
                         "boxes overlap each other (boxes piled at one point overlap pairwise): "
                         "spread them out, emit fewer, or raise the pair budget (--max-pairs)",
                         BudgetExceeded);
    // The byte limit counts too: 16 bytes hold two pairs.
    budget.max_pairs = 100;
    budget.max_bytes = 2 * sizeof(BoxPair);
    exact.begin(boxes, pairs, budget);
    exact.offer(0, 1);
    exact.offer(0, 2);
    exact.offer(0, 3);
    CHECK(pairs.size() == 2);
    CHECK_THROWS_AS(exact.finish("some_peer"), BudgetExceeded);
    // A new frame starts within the budget again.
    exact.begin(boxes, pairs, budget);
    exact.offer(0, 1);
    CHECK_NOTHROW(exact.finish("some_peer"));
}

}  // namespace aabb::bench

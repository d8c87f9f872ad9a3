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

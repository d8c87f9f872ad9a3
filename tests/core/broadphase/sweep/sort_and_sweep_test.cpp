// Sort-and-sweep specifics: axis choice, coherent re-sorting, endpoint order for the UI.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/sweep/sort_and_sweep.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb {
namespace {

struct EndpointRecorder final : StructureVisitor {
    struct Entry {
        int axis;
        float value;
        BoxId id;
        bool is_min;
        int rank;
    };
    std::vector<Entry> entries;
    void endpoint(int axis, float value, BoxId id, bool is_min, int rank) override {
        entries.push_back({axis, value, id, is_min, rank});
    }
};

}  // namespace

TEST_CASE("sort-and-sweep sweeps the axis along which the boxes spread") {
    SortAndSweep sweep;
    std::vector<BoxPair> pairs;
    // A tall column: the centers spread along y, so sweeping x would test everything.
    for (BoxId i = 0; i < 50; ++i)
        sweep.add(i, {{0.0f, float(i) * 3.0f}, {1.0f, float(i) * 3.0f + 1.0f}});
    sweep.find_pairs(pairs);
    CHECK(sweep.sweep_axis() == 1);
    CHECK(pairs.empty());
    CHECK(sweep.stats().candidate_pairs == 0);

    SortAndSweep forced_x(TouchingPolicy{}, SortAndSweepOptions{.axis = 0});
    for (BoxId i = 0; i < 50; ++i)
        forced_x.add(i, {{0.0f, float(i) * 3.0f}, {1.0f, float(i) * 3.0f + 1.0f}});
    forced_x.find_pairs(pairs);
    CHECK(forced_x.sweep_axis() == 0);
    CHECK(pairs.empty());
    // On x every interval overlaps every other: all 50·49/2 pairs are candidates.
    CHECK(forced_x.stats().candidate_pairs == 50 * 49 / 2);
}

TEST_CASE("sort-and-sweep re-sorts coherent motion with few swaps") {
    std::mt19937 random(11);
    std::vector<Box2> boxes = testing::random_boxes(random, 2000, 200.0f, 2.0f);
    SortAndSweep sweep;
    BruteForce reference;
    sweep.set_all(boxes);
    reference.set_all(boxes);
    std::vector<BoxPair> pairs;
    sweep.find_pairs(pairs);
    std::uniform_real_distribution<float> jitter(-0.05f, 0.05f);
    for (int frame = 0; frame < 5; ++frame) {
        for (Box2& box : boxes)
            box = translated(box, glm::vec2(jitter(random), jitter(random)));
        sweep.set_all(boxes);
        reference.set_all(boxes);
        std::vector<BoxPair> expected;
        sweep.find_pairs(pairs);
        reference.find_pairs(expected);
        std::sort(pairs.begin(), pairs.end());
        std::sort(expected.begin(), expected.end());
        CHECK(pairs == expected);
        // Tiny moves swap few neighbours: far below one swap per endpoint.
        CHECK(sweep.stats().sort_swaps < boxes.size());
    }
}

TEST_CASE("sort-and-sweep exposes its sorted endpoints") {
    SortAndSweep sweep(TouchingPolicy{}, SortAndSweepOptions{.axis = 0});
    sweep.add(0, {{2, 2}, {5, 4}});
    sweep.add(1, {{5, 3}, {7, 5}});  // touches box 0 at x = 5 (seed 000's dx = 0 case)
    sweep.add(2, {{-1, 0}, {0, 1}});
    std::vector<BoxPair> pairs;
    sweep.find_pairs(pairs);
    CHECK(pairs == std::vector<BoxPair>{{0, 1}});
    EndpointRecorder recorder;
    sweep.visit(recorder);
    REQUIRE(recorder.entries.size() == 6);
    for (std::size_t i = 1; i < recorder.entries.size(); ++i) {
        CHECK(recorder.entries[i - 1].value <= recorder.entries[i].value);
        CHECK(recorder.entries[i].rank == int(i));
    }
    // At x = 5 the opening endpoint of box 1 comes before the closing endpoint of box 0.
    CHECK(recorder.entries[3].value == 5.0f);
    CHECK(recorder.entries[3].id == 1);
    CHECK(recorder.entries[3].is_min);
    CHECK(recorder.entries[4].id == 0);
    CHECK_FALSE(recorder.entries[4].is_min);

    SortAndSweep open(TouchingPolicy::open(), SortAndSweepOptions{.axis = 0});
    open.add(0, {{2, 2}, {5, 4}});
    open.add(1, {{5, 3}, {7, 5}});
    open.find_pairs(pairs);
    CHECK(pairs.empty());
}

TEST_CASE("sort-and-sweep handles a box removed and added again before the next sweep") {
    SortAndSweep sweep;
    sweep.add(0, {{0, 0}, {1, 1}});
    sweep.add(1, {{0.5f, 0.5f}, {2, 2}});
    std::vector<BoxPair> pairs;
    sweep.find_pairs(pairs);
    sweep.remove(1);
    sweep.add(1, {{10, 10}, {11, 11}});
    sweep.add(2, {{10.5f, 10.5f}, {12, 12}});
    sweep.find_pairs(pairs);
    CHECK(pairs == std::vector<BoxPair>{{1, 2}});
    EndpointRecorder recorder;
    sweep.visit(recorder);
    CHECK(recorder.entries.size() == 6);
}

TEST_CASE("sort-and-sweep rejects bad options") {
    CHECK_THROWS_AS(SortAndSweep(TouchingPolicy{}, SortAndSweepOptions{.axis = 2}),
                    std::invalid_argument);
    CHECK_THROWS_AS(
        SortAndSweep(TouchingPolicy{}, SortAndSweepOptions{.max_swaps_per_endpoint = -1}),
        std::invalid_argument);
}

}  // namespace aabb

// "Compare all" on its worker thread: a copy of the world stepped for its own next frames, the
// same counts as the synchronous comparison on those frames, one result per algorithm in
// factory order; cancel stops early; destruction mid-run joins; bad options are rejected
// before a thread starts.

#include "ui/jobs/background_comparison.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <thread>

#include "core/broadphase/broad_phase_factory.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/stop_limit.hpp"

namespace aabb::ui {

namespace {

/// `count` boxes at the density of 700 in an 80 × 80 square.
std::vector<Box2> some_boxes(std::size_t count) {
    std::mt19937 random(31);
    const float extent = 80.0f * std::sqrt(static_cast<float>(count) / 700.0f);
    return testing::random_boxes(random, count, std::max(extent, 10.0f), 5.0f);
}

/// A world of `boxes` as plain boxes drifting right, its pairs computed.
World world_of(const std::vector<Box2>& boxes) {
    World world(WorldSettings{.bounds = {{-2000.0f, -2000.0f}, {2000.0f, 2000.0f}}});
    for (const Box2& box : boxes) {
        world.add_body({.position = box.center(),
                        .velocity = {1.0f, 0.0f},
                        .half_size = glm::max(0.5f * box.size(), glm::vec2(0.01f))});
    }
    world.refresh_pairs();
    return world;
}

ComparisonOptions once() {
    ComparisonOptions options;
    options.repetitions = 1;
    return options;
}

}  // namespace

TEST_CASE("the background comparison measures what the synchronous one does") {
    const std::vector<Box2> boxes = some_boxes(700);
    const World world = world_of(boxes);
    BackgroundComparison comparison;
    comparison.start(world, 5, once());
    comparison.wait();
    const ComparisonProgress progress = comparison.snapshot();
    CHECK(progress.finished);
    CHECK_FALSE(progress.running);
    CHECK_FALSE(progress.cancelled);
    CHECK(progress.error.empty());
    CHECK(progress.box_count == boxes.size());
    CHECK(progress.frames == 5);
    CHECK(progress.world_step == 0);
    CHECK(progress.runs_done == progress.total_runs);
    CHECK(progress.algorithms == broad_phase_names());

    World stepped = world;
    const std::vector<BroadPhaseMeasurement> expected =
        compare_broad_phases(record_world_frames(stepped, 5), once());
    REQUIRE(progress.results.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(expected[i].algorithm);
        CHECK(progress.results[i].algorithm == expected[i].algorithm);
        CHECK(progress.results[i].box_count == boxes.size());
        CHECK(progress.results[i].true_pairs == expected[i].true_pairs);
        CHECK(progress.results[i].candidate_pairs == expected[i].candidate_pairs);
        CHECK(progress.results[i].box_tests == expected[i].box_tests);
    }
}

TEST_CASE("cancel stops the background comparison early, and a new one replaces it") {
    BackgroundComparison comparison;
    // Brute force first: 15k boxes keep the worker busy long after cancel() is called.
    comparison.start(world_of(some_boxes(15'000)), 2, once());
    comparison.cancel();
    comparison.wait();
    const ComparisonProgress cancelled = comparison.snapshot();
    CHECK(cancelled.cancelled);
    CHECK_FALSE(cancelled.finished);
    CHECK(cancelled.results.size() < cancelled.algorithms.size());

    comparison.start(world_of(some_boxes(100)), 2, once());
    comparison.wait();
    CHECK(comparison.snapshot().finished);
    CHECK(comparison.snapshot().results.size() == broad_phase_names().size());
}

TEST_CASE("the background comparison joins when destroyed mid-run and rejects bad options") {
    {
        BackgroundComparison comparison;
        comparison.start(world_of(some_boxes(15'000)), 2, once());
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    BackgroundComparison comparison;
    ComparisonOptions bad;
    bad.repetitions = 0;
    CHECK_THROWS_AS(comparison.start(world_of(some_boxes(10)), 2, bad), std::invalid_argument);
    CHECK_THROWS_AS(comparison.start(world_of(some_boxes(10)), 0, once()), std::invalid_argument);
    CHECK(comparison.snapshot().algorithms.empty());
    // An option the algorithm rejects is reported before the run, not a crash.
    ComparisonOptions unknown = once();
    unknown.algorithm_options["uniform_grid"] = {{"cell_size", -1.0}};
    CHECK_THROWS_AS(comparison.start(world_of(some_boxes(10)), 2, unknown), std::invalid_argument);
    // A world whose step fails is the run's error: a pair budget of 1, and a box moving into
    // two that overlap (a second pair, then a third).
    World crowded(WorldSettings{.bounds = {{-50.0f, -50.0f}, {50.0f, 50.0f}}});
    crowded.add_body({.position = {0.0f, 0.0f}});
    crowded.add_body({.position = {0.5f, 0.0f}});
    crowded.add_body({.position = {3.0f, 0.0f}, .velocity = {-60.0f, 0.0f}});
    crowded.refresh_pairs();
    ResourceBudget tight = crowded.resource_budget();
    tight.max_pairs = 1;
    crowded.set_resource_budget(tight);
    comparison.start(crowded, 5, once());
    comparison.wait();
    CHECK_FALSE(comparison.snapshot().finished);
    CHECK_FALSE(comparison.snapshot().error.empty());
}

TEST_CASE("cancel and closing the window stop the comparison inside brute force") {
    // 200,000 boxes: brute force, measured first, takes minutes. Before, cancel waited for it
    // (and the window, closing, joined it: 110 s at a million boxes; issue 48 item 9).
    const World world = world_of(some_boxes(200'000));
    BackgroundComparison comparison;
    comparison.start(world, 2, once());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    auto start = std::chrono::steady_clock::now();
    comparison.cancel();
    comparison.wait();
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
          testing::stop_limit_seconds);
    const ComparisonProgress cancelled = comparison.snapshot();
    CHECK(cancelled.cancelled);
    CHECK(cancelled.error.empty());
    CHECK(cancelled.results.empty());
    // Destroyed mid-run, as the window is when it closes.
    start = std::chrono::steady_clock::now();
    {
        BackgroundComparison closing;
        closing.start(world, 2, once());
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    }
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
          testing::stop_limit_seconds);
}

}  // namespace aabb::ui

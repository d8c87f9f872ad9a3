// "Compare all" on its worker thread: the same counts as the synchronous comparison on a copy
// of the boxes, one result per algorithm in factory order; cancel stops early; destruction
// mid-run joins; bad options are rejected before a thread starts.

#include "ui/jobs/background_comparison.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <limits>
#include <random>
#include <stdexcept>
#include <thread>

#include "core/broadphase/broad_phase_factory.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/stop_limit.hpp"

namespace aabb::ui {

namespace {

std::vector<Box2> some_boxes(std::size_t count) {
    std::mt19937 random(31);
    return testing::random_boxes(random, count, 80.0f, 5.0f);
}

ComparisonOptions once() {
    ComparisonOptions options;
    options.repetitions = 1;
    return options;
}

}  // namespace

TEST_CASE("the background comparison measures what the synchronous one does") {
    const std::vector<Box2> boxes = some_boxes(700);
    BackgroundComparison comparison;
    comparison.start(boxes, once(), 42);
    comparison.wait();
    const ComparisonProgress progress = comparison.snapshot();
    CHECK(progress.finished);
    CHECK_FALSE(progress.running);
    CHECK_FALSE(progress.cancelled);
    CHECK(progress.error.empty());
    CHECK(progress.box_count == boxes.size());
    CHECK(progress.world_step == 42);
    CHECK(progress.algorithms == broad_phase_names());

    const std::vector<BroadPhaseMeasurement> expected = compare_broad_phases(boxes, once());
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
    comparison.start(some_boxes(15'000), once(), 1);
    comparison.cancel();
    comparison.wait();
    const ComparisonProgress cancelled = comparison.snapshot();
    CHECK(cancelled.cancelled);
    CHECK_FALSE(cancelled.finished);
    CHECK(cancelled.results.size() < cancelled.algorithms.size());

    comparison.start(some_boxes(100), once(), 2);
    comparison.wait();
    CHECK(comparison.snapshot().finished);
    CHECK(comparison.snapshot().results.size() == broad_phase_names().size());
}

TEST_CASE("the background comparison joins when destroyed mid-run and rejects bad options") {
    {
        BackgroundComparison comparison;
        comparison.start(some_boxes(15'000), once(), 1);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    BackgroundComparison comparison;
    ComparisonOptions bad;
    bad.repetitions = 0;
    CHECK_THROWS_AS(comparison.start(some_boxes(10), bad, 0), std::invalid_argument);
    CHECK(comparison.snapshot().algorithms.empty());
    // A box the algorithms reject is reported as the run's error, not a crash.
    std::vector<Box2> broken = some_boxes(10);
    broken[3].min.x = std::numeric_limits<float>::quiet_NaN();
    comparison.start(broken, once(), 0);
    comparison.wait();
    CHECK_FALSE(comparison.snapshot().finished);
    CHECK_FALSE(comparison.snapshot().error.empty());
}

TEST_CASE("cancel and closing the window stop the comparison inside brute force") {
    // 200,000 boxes: brute force, measured first, takes minutes. Before, cancel waited for it
    // (and the window, closing, joined it: 110 s at a million boxes; issue 48 item 9).
    const std::vector<Box2> boxes = some_boxes(200'000);
    BackgroundComparison comparison;
    comparison.start(boxes, once(), 1);
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
        closing.start(boxes, once(), 1);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    }
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
          testing::stop_limit_seconds);
}

}  // namespace aabb::ui

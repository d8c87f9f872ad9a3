// The scaling sweep on its worker thread: it finishes with progress at 100%, measures exactly
// what the synchronous sweep measures (pairs and tests), stops early when cancelled, joins
// when destroyed mid-sweep, and rejects bad options before starting a thread.

#include "ui/jobs/scaling_sweep_runner.hpp"
#include "tests/support/stop_limit.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace aabb::ui {

namespace {

ScalingSweepOptions small_sweep() {
    ScalingSweepOptions options;
    options.sizes = {150, 300, 600};
    options.time_budget_ms = 1e9;  // nothing skipped: the comparison must not depend on timing
    options.seed = 7;
    return options;
}

/// Many cheap points: long enough in total that a cancel right after start stops it early.
ScalingSweepOptions long_sweep() {
    ScalingSweepOptions options;
    options.sizes.clear();
    for (std::size_t n = 2'000; n <= 40'000; n += 2'000)
        options.sizes.push_back(n);
    options.algorithms = {"sort_and_sweep", "uniform_grid"};
    options.time_budget_ms = 1e9;
    return options;
}

}  // namespace

TEST_CASE("the sweep runner finishes, reaches 100% and matches the synchronous sweep") {
    ScalingSweepRunner runner;
    CHECK_FALSE(runner.started());
    runner.start(small_sweep());
    CHECK(runner.started());
    // Poll as the UI does: the fraction never goes backwards.
    double last_fraction = 0.0;
    std::uint64_t last_version = 0;
    while (runner.running()) {
        if (runner.version() != last_version) {
            last_version = runner.version();
            const ScalingSweepProgress progress = runner.snapshot();
            CHECK(progress.fraction >= last_fraction);
            CHECK(progress.results.size() <= progress.sizes.size() * progress.algorithms.size());
            last_fraction = progress.fraction;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    runner.wait();
    const ScalingSweepProgress progress = runner.snapshot();
    CHECK(progress.finished);
    CHECK_FALSE(progress.running);
    CHECK_FALSE(progress.cancelled);
    CHECK(progress.error.empty());
    CHECK(progress.fraction == doctest::Approx(1.0));
    CHECK(progress.skipped == 0);

    ScalingSweep synchronous(small_sweep());
    while (synchronous.step()) {
    }
    CHECK(progress.algorithms == synchronous.algorithms());
    CHECK(progress.sizes == synchronous.sizes());
    REQUIRE(progress.results.size() == synchronous.results().size());
    REQUIRE(progress.results.size() == 3 * synchronous.algorithms().size());
    for (std::size_t i = 0; i < progress.results.size(); ++i) {
        const BroadPhaseMeasurement& threaded = progress.results[i];
        const BroadPhaseMeasurement& expected = synchronous.results()[i];
        CAPTURE(expected.algorithm);
        CAPTURE(expected.box_count);
        CHECK(threaded.algorithm == expected.algorithm);
        CHECK(threaded.box_count == expected.box_count);
        CHECK(threaded.true_pairs == expected.true_pairs);
        CHECK(threaded.candidate_pairs == expected.candidate_pairs);
        CHECK(threaded.box_tests == expected.box_tests);
    }
    // Every exact algorithm finds the same pairs at each n.
    for (const BroadPhaseMeasurement& m : progress.results) {
        const auto first =
            std::find_if(progress.results.begin(), progress.results.end(),
                         [&](const auto& other) { return other.box_count == m.box_count; });
        CHECK(m.true_pairs == first->true_pairs);
    }
}

TEST_CASE("cancel stops the sweep runner early") {
    ScalingSweepRunner runner;
    runner.start(long_sweep());
    runner.cancel();
    runner.wait();
    const ScalingSweepProgress progress = runner.snapshot();
    CHECK_FALSE(progress.running);
    CHECK(progress.cancelled);
    CHECK_FALSE(progress.finished);
    CHECK(progress.fraction < 1.0);
    CHECK(progress.results.size() < progress.sizes.size() * progress.algorithms.size());
    CHECK(progress.error.empty());

    // A new sweep replaces the cancelled one.
    runner.start(small_sweep());
    runner.wait();
    CHECK(runner.snapshot().finished);
    CHECK_FALSE(runner.snapshot().cancelled);
}

TEST_CASE("the sweep runner joins cleanly when destroyed mid-sweep") {
    {
        ScalingSweepRunner runner;
        runner.start(long_sweep());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // Restarting before the first finished cancels it.
    ScalingSweepRunner runner;
    runner.start(long_sweep());
    runner.start(small_sweep());
    runner.wait();
    const ScalingSweepProgress progress = runner.snapshot();
    CHECK(progress.finished);
    CHECK(progress.sizes == small_sweep().sizes);
}

TEST_CASE("the sweep runner rejects bad options before starting and keeps earlier results") {
    ScalingSweepRunner runner;
    ScalingSweepOptions unsorted = small_sweep();
    unsorted.sizes = {500, 100};
    CHECK_THROWS_AS(runner.start(unsorted), std::invalid_argument);
    CHECK_FALSE(runner.started());

    runner.start(small_sweep());
    runner.wait();
    ScalingSweepOptions unknown = small_sweep();
    unknown.algorithms = {"no_such_algorithm"};
    CHECK_THROWS_AS(runner.start(unknown), std::invalid_argument);
    CHECK(runner.snapshot().finished);
    CHECK(runner.snapshot().results.size() == 3 * runner.snapshot().algorithms.size());
}

TEST_CASE("a sweep of a million boxes stops inside brute force when cancelled or destroyed") {
    // --scaling-sweep 1000000 measured brute force on a million boxes first and ignored SIGTERM
    // and the window's close for minutes (issue 48 item 9).
    ScalingSweepOptions options;
    options.sizes = {1'000'000};
    options.algorithms = {"brute_force"};
    ScalingSweepRunner runner;
    runner.start(options);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    auto start = std::chrono::steady_clock::now();
    runner.cancel();
    runner.wait();
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
          testing::stop_limit_seconds);
    const ScalingSweepProgress progress = runner.snapshot();
    CHECK(progress.cancelled);
    CHECK(progress.error.empty());
    CHECK(progress.results.empty());
    start = std::chrono::steady_clock::now();
    {
        ScalingSweepRunner closing;
        closing.start(options);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
          testing::stop_limit_seconds);
}

}  // namespace aabb::ui

// Comparing algorithms: every algorithm reports the same true pairs as brute force on the
// same boxes; uniform box sets keep their density; the scaling sweep measures every point,
// skips algorithms over budget, and exports CSV; bad options are rejected.

#include "core/measure/broad_phase_comparison.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <stdexcept>
#include <stop_token>
#include <thread>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/parallel/stop_request.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/stop_limit.hpp"

namespace aabb {

namespace {

std::uint64_t brute_force_pairs(const std::vector<Box2>& boxes) {
    std::uint64_t count = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            count += overlaps_closed(boxes[i], boxes[j]) ? 1 : 0;
        }
    }
    return count;
}

ScalingSweepOptions sweep_options(std::vector<std::size_t> sizes, double time_budget_ms,
                                  std::vector<std::string> algorithms = {}) {
    ScalingSweepOptions options;
    options.sizes = std::move(sizes);
    options.time_budget_ms = time_budget_ms;
    options.algorithms = std::move(algorithms);
    return options;
}

ComparisonOptions repeated(int repetitions) {
    ComparisonOptions options;
    options.repetitions = repetitions;
    return options;
}

UniformBoxOptions box_options(float min_size, float max_size, float coverage) {
    UniformBoxOptions options;
    options.min_size = min_size;
    options.max_size = max_size;
    options.coverage = coverage;
    return options;
}

}  // namespace

TEST_CASE("compare_broad_phases measures every algorithm and all agree on the true pairs") {
    std::mt19937 random(77);
    const std::vector<Box2> boxes = testing::random_boxes(random, 600, 60.0f, 5.0f);
    const std::uint64_t expected = brute_force_pairs(boxes);
    REQUIRE(expected > 50);
    const std::vector<BroadPhaseMeasurement> results = compare_broad_phases(boxes, repeated(2));
    const std::vector<std::string> names = broad_phase_names();
    REQUIRE(results.size() == names.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        CAPTURE(results[i].algorithm);
        CHECK(results[i].algorithm == names[i]);
        CHECK(results[i].box_count == boxes.size());
        CHECK(results[i].true_pairs == expected);
        CHECK(results[i].candidate_pairs >= results[i].true_pairs);
        CHECK(results[i].memory_bytes >= boxes.size() * sizeof(Box2));
        CHECK(results[i].build_ms >= 0.0);
        CHECK(std::isfinite(results[i].frame_ms()));
    }
    // Brute force tests every pair once.
    const auto brute = std::find_if(results.begin(), results.end(),
                                    [](const auto& m) { return m.algorithm == "brute_force"; });
    REQUIRE(brute != results.end());
    CHECK(brute->box_tests == boxes.size() * (boxes.size() - 1) / 2);
}

TEST_CASE("measure_broad_phase handles empty input and rejects bad arguments") {
    const std::vector<Box2> none;
    const BroadPhaseMeasurement empty = measure_broad_phase("sort_and_sweep", none);
    CHECK(empty.box_count == 0);
    CHECK(empty.true_pairs == 0);
    const std::vector<Box2> boxes = {{{0, 0}, {1, 1}}, {{0.5f, 0.5f}, {2, 2}}};
    CHECK_THROWS_AS((void)measure_broad_phase("no_such_algorithm", boxes), std::invalid_argument);
    CHECK_THROWS_AS((void)measure_broad_phase("brute_force", boxes, repeated(0)),
                    std::invalid_argument);
    const std::vector<Box2> invalid = {{{0, 0}, {1, 1}}, {{2, 2}, {1, 1}}};
    CHECK_THROWS_AS((void)measure_broad_phase("brute_force", invalid), std::invalid_argument);
    const std::vector<Box2> not_a_number = {{{NAN, 0}, {1, 1}}};
    CHECK_THROWS_AS((void)compare_broad_phases(not_a_number), std::invalid_argument);
}

TEST_CASE("measure_broad_phase times frames of motion after the build, the last on the boxes") {
    std::mt19937 random(31);
    const std::vector<Box2> boxes = testing::random_boxes(random, 400, 40.0f, 4.0f);
    const std::uint64_t expected = brute_force_pairs(boxes);
    REQUIRE(expected > 20);
    ComparisonOptions options;
    options.frames = 16;
    options.frame_budget_ms = 1e9;
    // The banded engine keeps state between frames: its first frame with motion sweeps
    // everything, later ones keep their pairs; all sixteen are timed and summarized.
    for (const char* algorithm : {"banded_sort_and_sweep", "dynamic_tree", "brute_force"}) {
        CAPTURE(algorithm);
        const BroadPhaseMeasurement m = measure_broad_phase(algorithm, boxes, options);
        CHECK(m.frames == 16);
        CHECK(m.true_pairs == expected);
        CHECK(m.update_ms >= 0.0);
        CHECK(m.pairs_ms >= 0.0);
        // The p99 of 16 frames is the slowest, at least their mean.
        CHECK(m.frame_p99_ms >= m.frame_ms() * (1.0 - 1e-9));
    }
    // A budget already spent after the first frame: that frame, then the boxes given.
    options.frame_budget_ms = 0.0;
    const BroadPhaseMeasurement cut = measure_broad_phase("brute_force", boxes, options);
    CHECK(cut.frames == 2);
    CHECK(cut.true_pairs == expected);
    // One frame: the build on where the boxes were a frame earlier, then the boxes.
    options.frames = 1;
    const BroadPhaseMeasurement one = measure_broad_phase("sort_and_sweep", boxes, options);
    CHECK(one.frames == 1);
    CHECK(one.true_pairs == expected);
    CHECK(one.frame_p99_ms == doctest::Approx(one.frame_ms()));
    // Out of range, named.
    for (const int frames : {0, 1001}) {
        ComparisonOptions bad;
        bad.frames = frames;
        CHECK_THROWS_WITH_AS((void)measure_broad_phase("brute_force", boxes, bad),
                             doctest::Contains("frames must be in 1..1000"), std::invalid_argument);
    }
    for (const double budget : {-1.0, static_cast<double>(NAN), static_cast<double>(INFINITY)}) {
        ComparisonOptions bad;
        bad.frame_budget_ms = budget;
        CHECK_THROWS_WITH_AS((void)measure_broad_phase("brute_force", boxes, bad),
                             doctest::Contains("frame_budget_ms"), std::invalid_argument);
    }
}

TEST_CASE("uniform_random_boxes is deterministic and keeps its density as n grows") {
    const std::vector<Box2> a = uniform_random_boxes(2000, 5);
    const std::vector<Box2> b = uniform_random_boxes(2000, 5);
    REQUIRE(a.size() == 2000);
    CHECK(std::equal(a.begin(), a.end(), b.begin(), [](const Box2& x, const Box2& y) {
        return x.min == y.min && x.max == y.max;
    }));
    for (const Box2& box : a) {
        CHECK(box.is_valid());
        CHECK(box.size().x >= 0.5f - 1e-5f);
        CHECK(box.size().x <= 2.0f + 1e-5f);
    }
    // Pairs per box stay roughly constant: 4x the boxes give about 4x the pairs.
    const double small_pairs = static_cast<double>(brute_force_pairs(uniform_random_boxes(500, 9)));
    const double large_pairs =
        static_cast<double>(brute_force_pairs(uniform_random_boxes(2000, 9)));
    CHECK(large_pairs / small_pairs == doctest::Approx(4.0).epsilon(0.3));
    CHECK_THROWS_AS((void)uniform_random_boxes(10, 1, box_options(0.0f, 2.0f, 0.1f)),
                    std::invalid_argument);
    CHECK_THROWS_AS((void)uniform_random_boxes(10, 1, box_options(3.0f, 2.0f, 0.1f)),
                    std::invalid_argument);
    CHECK_THROWS_AS((void)uniform_random_boxes(10, 1, box_options(0.5f, 2.0f, NAN)),
                    std::invalid_argument);
}

TEST_CASE("scaling sweep measures every point one step at a time and exports CSV") {
    ScalingSweep sweep(sweep_options({100, 200, 400}, 1e9));
    const std::size_t algorithms = broad_phase_names().size();
    CHECK(sweep.progress() == 0.0);
    int steps = 0;
    while (!sweep.done()) {
        sweep.step();
        ++steps;
        CHECK(sweep.progress() <= 1.0);
    }
    CHECK(steps == static_cast<int>(3 * algorithms));
    CHECK(sweep.progress() == 1.0);
    CHECK_FALSE(sweep.step());
    REQUIRE(sweep.results().size() == 3 * algorithms);
    CHECK(sweep.skipped() == 0);
    // Every algorithm agrees at every size.
    for (std::size_t i = 0; i < sweep.results().size(); i += algorithms) {
        for (std::size_t k = 1; k < algorithms; ++k) {
            CHECK(sweep.results()[i + k].true_pairs == sweep.results()[i].true_pairs);
            CHECK(sweep.results()[i + k].box_count == sweep.results()[i].box_count);
        }
    }
    const std::string csv = sweep.to_csv();
    CHECK(csv.starts_with(
        "algorithm,n,build_ms,update_ms,pairs_ms,frame_p99_ms,frames,box_tests,candidate_pairs,"
        "true_pairs,memory_bytes\n"));
    CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(1 + 3 * algorithms));
    CHECK(csv.find("brute_force,400,") != std::string::npos);
}

TEST_CASE("scaling sweep stops growing an algorithm that went over its time budget") {
    // Every measurement takes more than 0 ms, so each algorithm is measured at the first size
    // only and skipped at the others.
    ScalingSweep sweep(sweep_options({50, 100, 150}, 0.0, {"brute_force"}));
    while (sweep.step()) {
    }
    CHECK(sweep.results().size() == 1);
    CHECK(sweep.skipped() == 2);
    CHECK(sweep.results()[0].box_count == 50);
}

TEST_CASE("scaling sweep rejects bad options") {
    CHECK_THROWS_AS(ScalingSweep(sweep_options({}, 1.0)), std::invalid_argument);
    CHECK_THROWS_AS(ScalingSweep(sweep_options({100, 50}, 1.0)), std::invalid_argument);
    CHECK_THROWS_AS(ScalingSweep(sweep_options({0, 50}, 1.0)), std::invalid_argument);
    CHECK_THROWS_AS(ScalingSweep(sweep_options({10}, 1.0, {"nope"})), std::invalid_argument);
    CHECK_THROWS_AS(ScalingSweep(sweep_options({10}, -1.0)), std::invalid_argument);
    CHECK_THROWS_AS(ScalingSweep(sweep_options({10}, NAN)), std::invalid_argument);
    ScalingSweepOptions too_many_repetitions = sweep_options({10}, 1.0);
    too_many_repetitions.comparison.repetitions = 1000;
    CHECK_THROWS_AS(ScalingSweep{too_many_repetitions}, std::invalid_argument);
}

TEST_CASE("the comparison and the sweep stop when asked, between frames and inside brute force") {
    clear_stop_request();
    const std::vector<Box2> boxes = uniform_random_boxes(2000, 5);
    std::stop_source cancel;
    {
        const StopTokenScope job(cancel.get_token());
        cancel.request_stop();
        CHECK_THROWS_WITH_AS((void)measure_broad_phase("uniform_grid", boxes),
                             "comparison: uniform_grid: cancelled", StopRequested);
        ScalingSweep sweep(sweep_options({1000, 2000}, 1e9));
        CHECK_THROWS_AS(sweep.step(), StopRequested);
        CHECK(sweep.results().empty());
        CHECK(sweep.progress() == 0.0);
    }
    // Brute force on a million boxes (a minute or more): stopped inside its rows.
    const std::vector<Box2> million = uniform_random_boxes(1'000'000, 5);
    std::thread asker([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        request_stop(SIGINT);
    });
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS((void)measure_broad_phase("brute_force", million), StopRequested);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    asker.join();
    clear_stop_request();
    CHECK(seconds < aabb::testing::stop_limit_seconds);
}

}  // namespace aabb

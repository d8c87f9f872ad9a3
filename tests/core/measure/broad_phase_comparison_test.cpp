// Comparing algorithms on the same frames: every algorithm reports the same true pairs as
// brute force; runs are timed by the shared loop and summarized as aabb-bench summarizes them
// (build = making + frame 0, the rest over frames 1..); repeats give a spread that decides
// whether a ranking holds; the CSV has aabb-bench's columns; a world's own next frames keep
// static walls still and move bullets; uniform box sets keep their density; the scaling sweep
// measures every point, skips algorithms over budget, and exports CSV; bad options are rejected.

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
#include "core/world/world.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/stop_limit.hpp"

namespace aabb {

namespace {

std::uint64_t brute_force_pairs(std::span<const Box2> boxes) {
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

/// `count` frames of `boxes` drifting right by 0.1 a frame (fixed seed by the caller).
FrameSequence drifting(const std::vector<Box2>& boxes, int count) {
    FrameSequence frames;
    std::vector<Box2> moved = boxes;
    for (int frame = 0; frame < count; ++frame) {
        frames.add_frame(moved);
        for (Box2& box : moved) {
            box.min.x += 0.1f;
            box.max.x += 0.1f;
        }
    }
    return frames;
}

/// A measurement with only the repeat medians set (the middle one as its median).
BroadPhaseMeasurement with_medians(std::vector<double> medians) {
    BroadPhaseMeasurement m;
    m.repeat_medians = medians;
    std::sort(medians.begin(), medians.end());
    m.times.median_ms = medians[(medians.size() - 1) / 2];
    return m;
}

}  // namespace

TEST_CASE("compare_broad_phases measures every algorithm and all agree on the true pairs") {
    std::mt19937 random(77);
    const std::vector<Box2> boxes = testing::random_boxes(random, 600, 60.0f, 5.0f);
    const FrameSequence frames = drifting(boxes, 5);
    const std::uint64_t expected = brute_force_pairs(frames.frame(4));
    REQUIRE(expected > 50);
    const std::vector<BroadPhaseMeasurement> results = compare_broad_phases(frames, repeated(2));
    const std::vector<std::string> names = broad_phase_names();
    REQUIRE(results.size() == names.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        CAPTURE(results[i].algorithm);
        CHECK(results[i].algorithm == names[i]);
        CHECK(results[i].box_count == boxes.size());
        CHECK(results[i].frames == 5);
        CHECK(results[i].repeat_medians.size() == 2);
        CHECK(results[i].true_pairs == expected);
        CHECK(results[i].candidate_pairs >= results[i].true_pairs);
        CHECK(results[i].memory_bytes >= boxes.size() * sizeof(Box2));
        CHECK(results[i].times.build_ms >= 0.0);
        CHECK(std::isfinite(results[i].frame_ms()));
        // The median reported is one of the repeats' (the lower middle of two).
        CHECK(results[i].times.median_ms ==
              std::min(results[i].repeat_medians[0], results[i].repeat_medians[1]));
    }
    // Brute force tests every pair once a frame, and "tests" sums the frames as aabb-bench does.
    const auto brute = std::find_if(results.begin(), results.end(),
                                    [](const auto& m) { return m.algorithm == "brute_force"; });
    REQUIRE(brute != results.end());
    CHECK(brute->box_tests == boxes.size() * (boxes.size() - 1) / 2);
    CHECK(brute->tests == 5 * brute->box_tests);
}

TEST_CASE("measure_broad_phase rejects bad arguments, naming them") {
    const std::vector<Box2> boxes = {{{0, 0}, {1, 1}}, {{0.5f, 0.5f}, {2, 2}}};
    const FrameSequence frames = drifting(boxes, 2);
    CHECK_THROWS_AS((void)measure_broad_phase("no_such_algorithm", frames), std::invalid_argument);
    CHECK_THROWS_AS((void)measure_broad_phase("brute_force", frames, repeated(0)),
                    std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)measure_broad_phase("brute_force", FrameSequence{}),
                         "comparison: no frames to measure", std::invalid_argument);
    const std::vector<Box2> invalid = {{{0, 0}, {1, 1}}, {{2, 2}, {1, 1}}};
    CHECK_THROWS_AS((void)measure_broad_phase("brute_force", drifting(invalid, 2)),
                    std::invalid_argument);
    for (const double budget : {-1.0, static_cast<double>(NAN), static_cast<double>(INFINITY)}) {
        ComparisonOptions bad;
        bad.time_budget_seconds = budget;
        CHECK_THROWS_WITH_AS((void)measure_broad_phase("brute_force", frames, bad),
                             doctest::Contains("time_budget_seconds"), std::invalid_argument);
    }
    ComparisonOptions unknown_option;
    unknown_option.algorithm_options["uniform_grid"] = {{"no_such_option", 1.0}};
    CHECK_THROWS_AS((void)measure_broad_phase("uniform_grid", frames, unknown_option),
                    std::invalid_argument);
}

TEST_CASE("measure_broad_phase summarizes like aabb-bench and stops on its time budget") {
    std::mt19937 random(31);
    const std::vector<Box2> boxes = testing::random_boxes(random, 400, 40.0f, 4.0f);
    const FrameSequence frames = drifting(boxes, 17);
    const std::uint64_t expected = brute_force_pairs(frames.frame(16));
    REQUIRE(expected > 20);
    ComparisonOptions options = repeated(1);
    options.time_budget_seconds = 0.0;
    for (const char* algorithm : {"banded_sort_and_sweep", "dynamic_tree", "brute_force"}) {
        CAPTURE(algorithm);
        const BroadPhaseMeasurement m = measure_broad_phase(algorithm, frames, options);
        CHECK(m.frames == 17);
        CHECK(m.true_pairs == expected);
        // Over 16 frames after the build the p99 is the slowest, at least the mean and the
        // median.
        CHECK(m.times.p99_ms == m.times.max_ms);
        CHECK(m.times.p99_ms >= m.times.mean_ms * (1.0 - 1e-9));
        CHECK(m.times.p99_ms >= m.times.median_ms);
    }
    // A budget spent at once: the build and one frame, then it stops (as aabb-bench's).
    options.time_budget_seconds = 1e-9;
    const BroadPhaseMeasurement cut = measure_broad_phase("brute_force", frames, options);
    CHECK(cut.frames == 2);
    // The options of an algorithm reach it: a grid with a cell of 7 holds other memory than one
    // with the default cell.
    ComparisonOptions grid = repeated(1);
    grid.algorithm_options["uniform_grid"] = {{"cell_size", 7.0}};
    CHECK(measure_broad_phase("uniform_grid", frames, grid).memory_bytes !=
          measure_broad_phase("uniform_grid", frames, repeated(1)).memory_bytes);
}

TEST_CASE("a ranking holds only when the medians differ by more than the repeats' spread") {
    const BroadPhaseMeasurement fast = with_medians({1.0, 1.1, 0.9});
    const BroadPhaseMeasurement slow = with_medians({2.0, 2.1, 1.9});
    const BroadPhaseMeasurement noisy = with_medians({1.05, 0.5, 2.0});
    CHECK(fast.median_spread_ms() == doctest::Approx(0.2));
    CHECK(ranking_holds(fast, slow));
    CHECK_FALSE(ranking_holds(fast, noisy));
    CHECK_FALSE(ranking_holds(noisy, fast));
    // One repeat: no spread, any gap ranks.
    CHECK(ranking_holds(with_medians({1.0}), with_medians({1.001})));
}

TEST_CASE("a world's own frames: walls stay where they are, bullets sweep, frame 0 is now") {
    World world(WorldSettings{.bounds = {{-50.0f, -50.0f}, {50.0f, 50.0f}}});
    world.add_body(
        {.position = {0.0f, -10.0f}, .half_size = {20.0f, 0.5f}, .kind = BodyKind::wall});
    world.add_body({.position = {-20.0f, 0.0f},
                    .velocity = {600.0f, 0.0f},
                    .half_size = {0.1f, 0.1f},
                    .kind = BodyKind::bullet,
                    .detection = DetectionMode::swept});
    world.add_body({.position = {5.0f, 5.0f}, .velocity = {1.0f, 0.0f}});
    world.refresh_pairs();
    const std::vector<Box2> now(world.broad_phase_boxes().begin(), world.broad_phase_boxes().end());
    World copy = world;
    const FrameSequence frames = record_world_frames(copy, 4);
    REQUIRE(frames.frame_count() == 4);
    CHECK(world.frame() == 0);  // the caller's world is not the one stepped
    CHECK(copy.frame() == 3);
    for (std::size_t i = 0; i < now.size(); ++i)
        CHECK(frames.frame(0)[i] == now[i]);
    for (int frame = 1; frame < 4; ++frame) {
        CAPTURE(frame);
        CHECK(frames.frame(frame)[0] == frames.frame(0)[0]);  // the wall
        // The swept bullet's box covers its whole step (10 units a step at 60 Hz).
        CHECK(frames.frame(frame)[1].size().x > 5.0f);
        CHECK(frames.frame(frame)[2].min.x > frames.frame(frame - 1)[2].min.x);
    }
    const Trace trace = to_trace(frames);
    CHECK(trace.box_count == 3);
    CHECK(trace.frame_count == 4);
    CHECK_THROWS_AS((void)record_world_frames(copy, 0), std::invalid_argument);
    FrameSequence growing = frames;
    growing.add_frame(std::vector<Box2>(4, Box2{{0, 0}, {1, 1}}));
    CHECK_THROWS_WITH_AS((void)to_trace(growing), doctest::Contains("changes at frame 4"),
                         std::invalid_argument);
}

TEST_CASE("the comparison's CSV has aabb-bench's columns, then the repeats") {
    std::mt19937 random(5);
    const FrameSequence frames = drifting(testing::random_boxes(random, 200, 30.0f, 3.0f), 6);
    const std::vector<BroadPhaseMeasurement> results = compare_broad_phases(frames, repeated(3));
    const std::string csv = measurements_to_csv(results, "scene:a,b");
    CHECK(csv.starts_with(
        "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,mean_ms,"
        "max_ms,threads,repeats,median_min_ms,median_max_ms\n"));
    CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(1 + results.size()));
    CHECK(csv.find("\nbrute_force,\"scene:a,b\",200,6,") != std::string::npos);
    CHECK(csv.find(",0,") != std::string::npos);  // peer: never, these are ours
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
    CHECK(csv.starts_with(std::string(measurements_csv_header) + "\n"));
    CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(1 + 3 * algorithms));
    CHECK(csv.find("brute_force,uniform,400,16,") != std::string::npos);
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
    ScalingSweepOptions one_frame = sweep_options({10}, 1.0);
    one_frame.frames = 1;
    CHECK_THROWS_AS(ScalingSweep{one_frame}, std::invalid_argument);
}

TEST_CASE("the comparison and the sweep stop when asked, between frames and inside brute force") {
    clear_stop_request();
    const FrameSequence frames = drifting(uniform_random_boxes(2000, 5), 3);
    std::stop_source cancel;
    {
        const StopTokenScope job(cancel.get_token());
        cancel.request_stop();
        CHECK_THROWS_WITH_AS((void)measure_broad_phase("uniform_grid", frames),
                             "comparison: uniform_grid: cancelled", StopRequested);
        ScalingSweep sweep(sweep_options({1000, 2000}, 1e9));
        CHECK_THROWS_AS(sweep.step(), StopRequested);
        CHECK(sweep.results().empty());
        CHECK(sweep.progress() == 0.0);
    }
    // Brute force on a million boxes (a minute or more): stopped inside its rows.
    FrameSequence million;
    million.add_frame(uniform_random_boxes(1'000'000, 5));
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

#include "app/bench/single_run.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "app/bench/peer_comparison.hpp"
#include "app/bench/runners/runner_factory.hpp"
#include "core/measure/heap_warmup.hpp"
#include "core/measure/timed_frames.hpp"

namespace aabb::bench {

namespace {

bool has_bad_pair(const std::vector<BoxPair>& pairs, std::size_t box_count) {
    return std::any_of(pairs.begin(), pairs.end(), [&](const BoxPair& pair) {
        return pair.first >= pair.second || pair.second >= box_count;
    });
}

// Keeps the compiler from dropping the floor's copies, which nobody reads.
volatile std::uint32_t floor_sink = 0;

// The floor of one frame: copying its boxes in and its pairs out, what any broad phase must do
// at least (issue 12: each workload's time as a multiple of it). Timed right after the
// headline engine's frame, with the boxes and pairs still in cache, so the floor is if anything
// low and the multiple high. The copies go to buffers kept between frames (no allocation once
// they are large enough). Returns the milliseconds it took.
double measure_floor(std::span<const Box2> boxes, const std::vector<BoxPair>& pairs,
                     RunBuffers& buffers) {
    const FrameClock::time_point start = FrameClock::now();
    buffers.floor_boxes.assign(boxes.begin(), boxes.end());
    buffers.floor_pairs.assign(pairs.begin(), pairs.end());
    const FrameClock::time_point end = FrameClock::now();
    if (!buffers.floor_pairs.empty()) floor_sink = floor_sink + buffers.floor_pairs.back().second;
    if (!buffers.floor_boxes.empty()) {
        floor_sink = floor_sink + static_cast<std::uint32_t>(buffers.floor_boxes.back().max.x);
    }
    return milliseconds_between(start, end);
}

}  // namespace

RunRecord run_single(BenchScene& scene, const std::string& algorithm,
                     const BenchmarkSettings& settings, RunBuffers& buffers,
                     RunListener& listener) {
    const std::string where = scene.name() + " n=" + std::to_string(scene.box_count());
    RunRecord record;
    BenchResult& result = record.result;
    result.algo = algorithm;
    result.workload = scene.name();
    result.n = scene.box_count();
    result.requested_frames = scene.frame_count();
    result.peer = is_peer(algorithm);
    std::vector<BoxPair>& pairs = buffers.pairs;
    std::vector<double>& frame_ms = buffers.frame_ms;
    frame_ms.clear();
    buffers.floor_ms.clear();
    const bool measure_the_floor = algorithm == headline_algorithm;

    scene.restart();
    // Every run starts on a warm heap (core/measure/heap_warmup.hpp; a child process, where a
    // peer runs, has taken the heap it shares with this process before it gets here:
    // app/bench/child_run.cpp).
    (void)warm_heap_for_boxes(scene.box_count(), settings.warm_heap_bytes_per_box);
    // Making the runner counts as part of its build (some peers size their structures from the
    // scene's facts up front).
    const FrameClock::time_point setup_start = FrameClock::now();
    std::unique_ptr<FrameRunner> runner =
        make_runner(algorithm, scene.facts(), settings.engine_options);
    runner->set_budget(settings.budget);
    const double setup_ms = milliseconds_between(setup_start, FrameClock::now());
    result.threads = runner->threads();
    FrameClock::time_point last_report = FrameClock::now();
    // The budget also holds inside a frame: one frame of brute force on a million boxes takes
    // hours, so the runner is told when to stop (within the build, the budget from the start;
    // after it, the budget from the build's end).
    const FrameClock::duration budget = std::chrono::duration_cast<FrameClock::duration>(
        std::chrono::duration<double>(settings.time_budget_seconds));
    if (settings.time_budget_seconds > 0.0) runner->set_deadline(FrameClock::now() + budget);
    // The one timing loop (core/measure/timed_frames.hpp), which Compare all runs too.
    FrameLoop loop;
    loop.frame_count = scene.frame_count();
    loop.time_budget_seconds = settings.time_budget_seconds;
    loop.boxes = [&](int frame) { return scene.frame(frame); };
    loop.run_frame = [&](std::span<const Box2> boxes) { runner->run_frame(boxes, pairs); };
    loop.built = [&](FrameClock::time_point end) {
        if (settings.time_budget_seconds > 0.0) runner->set_deadline(end + budget);
        listener.built();
    };
    loop.after_frame = [&](int frame, std::span<const Box2> boxes, double) {
        if (measure_the_floor) buffers.floor_ms.push_back(measure_floor(boxes, pairs, buffers));
        result.pairs += pairs.size();
        result.tests += runner->last_box_tests();
        result.frames = frame + 1;
        if (settings.check) {
            if (has_bad_pair(pairs, scene.box_count())) {
                throw std::runtime_error("frame " + std::to_string(frame) +
                                         ": a pair is not (i < j < n)");
            }
            listener.frame_fingerprint(frame, fingerprint(pairs));
        }
        if (settings.pair_dump != nullptr) {
            std::sort(pairs.begin(), pairs.end());
            listener.frame_pairs(frame, pairs);
        }
        if (milliseconds_between(last_report, FrameClock::now()) > 5000.0) {
            last_report = FrameClock::now();
            listener.progress("    ... " + where + " " + algorithm + " frame " +
                              std::to_string(frame + 1) + "/" +
                              std::to_string(scene.frame_count()));
        }
    };
    try {
        if (time_frames(loop, frame_ms) == FrameLoopEnd::time_budget) {
            listener.note(algorithm + " on " + where + " stopped after " +
                          std::to_string(frame_ms.size()) + " of " +
                          std::to_string(scene.frame_count()) + " frames (time budget)");
        }
    } catch (const DeadlineExceeded&) {
        const std::string frame = std::to_string(frame_ms.size() + 1);
        listener.note(algorithm + " on " + where + " stopped inside frame " + frame + " of " +
                      std::to_string(scene.frame_count()) + " (time budget)");
        listener.progress("    ... " + where + " " + algorithm + " stopped inside frame " + frame +
                          " (time budget)");
    }
    result.memory_bytes = runner->memory_bytes();
    if (!frame_ms.empty()) {
        result.times = summarize_frames(frame_ms, setup_ms);
        result.frame_ms = frame_ms;
        record.floor_ms = buffers.floor_ms;
    }
    return record;
}

}  // namespace aabb::bench

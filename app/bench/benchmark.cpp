#include "app/bench/benchmark.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

#include "app/bench/frame_statistics.hpp"
#include "app/bench/peer_comparison.hpp"
#include "app/bench/runners/runner_factory.hpp"
#include "app/process/retained_heap.hpp"

namespace aabb::bench {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

// splitmix64's finalizer (Steele, Lea, Flood 2014): a strong 64-bit mix.
std::uint64_t mix(std::uint64_t value) {
    value += 0x9e3779b97f4a7c15ull;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
    return value ^ (value >> 31);
}

// An order-independent fingerprint of a pair set: count, sum and xor of two different mixes
// of each pair. Sets that differ (including by a duplicate) differ in it with overwhelming
// probability, and it costs O(pairs) without sorting.
struct PairFingerprint {
    std::uint64_t count = 0;
    std::uint64_t sum = 0;
    std::uint64_t exclusive_or = 0;
    bool operator==(const PairFingerprint&) const = default;
};

PairFingerprint fingerprint(const std::vector<BoxPair>& pairs) {
    PairFingerprint result;
    result.count = pairs.size();
    for (const BoxPair& pair : pairs) {
        const std::uint64_t key = (std::uint64_t{pair.first} << 32) | pair.second;
        result.sum += mix(key);
        result.exclusive_or ^= mix(key ^ 0x5bd1e9955bd1e995ull);
    }
    return result;
}

bool has_bad_pair(const std::vector<BoxPair>& pairs, std::size_t box_count) {
    return std::any_of(pairs.begin(), pairs.end(), [&](const BoxPair& pair) {
        return pair.first >= pair.second || pair.second >= box_count;
    });
}

}  // namespace

std::optional<std::string> skip_reason(const std::string& algorithm, const std::string& workload,
                                       std::size_t box_count, const BenchmarkSettings& settings) {
    if (algorithm == "brute_force" && settings.max_brute_force_n != 0 &&
        box_count > settings.max_brute_force_n) {
        return "above " + std::to_string(settings.max_brute_force_n) + " boxes (O(n²))";
    }
    for (const SkipRule& rule : settings.skip_above) {
        if (rule.skips(algorithm, workload, box_count)) {
            return "above " + std::to_string(rule.above_n) + " boxes" +
                   (rule.workload.empty() ? "" : " on " + rule.workload) + " (--skip-above)";
        }
    }
    return std::nullopt;
}

namespace {

// The floor of one frame: copying its boxes in and its pairs out, what any broad phase must do
// at least (issue 12: each workload's time as a multiple of it). Timed right after the
// headline engine's frame, with the boxes and pairs still in cache, so the floor is if anything
// low and the multiple high. The copies go to buffers kept between frames (no allocation once
// they are large enough); the sink keeps the compiler from dropping copies nobody reads.
class FrameFloor {
  public:
    /// Copies `boxes` and `pairs` and returns the milliseconds it took.
    double measure(std::span<const Box2> boxes, const std::vector<BoxPair>& pairs) {
        const Clock::time_point start = Clock::now();
        boxes_.assign(boxes.begin(), boxes.end());
        pairs_.assign(pairs.begin(), pairs.end());
        const Clock::time_point end = Clock::now();
        if (!pairs_.empty()) sink_ = sink_ + pairs_.back().second;
        if (!boxes_.empty()) sink_ = sink_ + static_cast<std::uint32_t>(boxes_.back().max.x);
        return milliseconds_between(start, end);
    }

  private:
    std::vector<Box2> boxes_;
    std::vector<BoxPair> pairs_;
    volatile std::uint32_t sink_ = 0;
};

// The first fingerprint seen for each frame, and which algorithm produced it.
struct SceneCheck {
    std::vector<std::optional<PairFingerprint>> frames;
    std::vector<std::string> reference;
};

}  // namespace

BenchmarkOutcome run_benchmark(std::vector<BenchScene>& scenes, const BenchmarkSettings& settings,
                               std::ostream& progress) {
    BenchmarkOutcome outcome;
    const std::size_t total_runs = scenes.size() * settings.algorithms.size();
    std::size_t run_number = 0;
    std::vector<BoxPair> pairs;
    std::vector<double> frame_ms;
    std::vector<double> floor_ms;
    FrameFloor frame_floor;
    for (BenchScene& scene : scenes) {
        SceneCheck check;
        check.frames.resize(static_cast<std::size_t>(scene.frame_count()));
        check.reference.resize(check.frames.size());
        for (const std::string& algorithm : settings.algorithms) {
            ++run_number;
            const std::string where = scene.name() + " n=" + std::to_string(scene.box_count());
            if (const auto reason =
                    skip_reason(algorithm, scene.name(), scene.box_count(), settings)) {
                outcome.notes.push_back(algorithm + " skipped on " + where + ": " + *reason);
                progress << "[" << run_number << "/" << total_runs << "] " << where << " "
                         << algorithm << ": skipped, " << *reason << "\n";
                continue;
            }
            BenchResult result;
            result.algo = algorithm;
            result.workload = scene.name();
            result.n = scene.box_count();
            result.requested_frames = scene.frame_count();
            result.peer = is_peer(algorithm);
            frame_ms.clear();
            floor_ms.clear();
            const bool measure_floor = algorithm == headline_algorithm;
            double setup_ms = 0.0;
            try {
                scene.restart();
                // Every run starts on a heap with room already paged in, whatever ran before:
                // with freed memory kept (app/process/retained_heap.hpp), a run after a larger
                // one reused its pages and the first run page-faulted all of its own, 9.4 us a
                // page here, most of it in its first frames (a million uniform boxes, ours: a
                // first frame of 0.58 s cold against a median of 10 ms). Capped at 1 GiB.
                constexpr std::size_t most_warm_bytes = std::size_t{1} << 30;
                (void)app::warm_heap(std::min(
                    most_warm_bytes, settings.warm_heap_bytes_per_box * scene.box_count()));
                // Making the runner counts as part of its build (some peers size their
                // structures from the scene's facts up front).
                const Clock::time_point setup_start = Clock::now();
                std::unique_ptr<FrameRunner> runner = make_runner(algorithm, scene.facts());
                runner->set_budget(settings.budget);
                setup_ms = milliseconds_between(setup_start, Clock::now());
                result.threads = runner->threads();
                // The time budget counts frames after the build, so a slow build (Bullet's
                // axis sweep inserts one box at a time) still gets its frames measured.
                Clock::time_point run_start = Clock::now();
                Clock::time_point last_report = run_start;
                // The budget also holds inside a frame: one frame of brute force on a million
                // boxes takes hours, so the runner is told when to stop (within the build, the
                // budget from the start; after it, the budget from the build's end).
                const Clock::duration budget = std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(settings.time_budget_seconds));
                if (settings.time_budget_seconds > 0.0) runner->set_deadline(run_start + budget);
                for (int frame = 0; frame < scene.frame_count(); ++frame) {
                    const std::span<const Box2> boxes = scene.frame(frame);
                    const Clock::time_point start = Clock::now();
                    try {
                        runner->run_frame(boxes, pairs);
                    } catch (const DeadlineExceeded&) {
                        outcome.notes.push_back(
                            algorithm + " on " + where + " stopped inside frame " +
                            std::to_string(frame + 1) + " of " +
                            std::to_string(scene.frame_count()) + " (time budget)");
                        progress << "    ... " << where << " " << algorithm
                                 << " stopped inside frame " << frame + 1 << " (time budget)\n";
                        break;
                    }
                    const Clock::time_point end = Clock::now();
                    frame_ms.push_back(milliseconds_between(start, end));
                    if (measure_floor) floor_ms.push_back(frame_floor.measure(boxes, pairs));
                    if (frame == 0) {
                        run_start = end;
                        if (settings.time_budget_seconds > 0.0) {
                            runner->set_deadline(run_start + budget);
                        }
                    }
                    result.pairs += pairs.size();
                    result.tests += runner->last_box_tests();
                    result.frames = frame + 1;

                    if (settings.check) {
                        if (has_bad_pair(pairs, scene.box_count())) {
                            throw std::runtime_error("frame " + std::to_string(frame) +
                                                     ": a pair is not (i < j < n)");
                        }
                        const PairFingerprint print = fingerprint(pairs);
                        const auto frame_index = static_cast<std::size_t>(frame);
                        auto& expected = check.frames[frame_index];
                        if (!expected) {
                            expected = print;
                            check.reference[frame_index] = algorithm;
                        } else if (*expected != print) {
                            std::ostringstream message;
                            message << "CHECK FAILED: " << algorithm << " on " << where << " frame "
                                    << frame << ": " << print.count << " pairs differ from "
                                    << check.reference[frame_index] << "'s " << expected->count
                                    << " pairs";
                            outcome.failures.push_back(message.str());
                            progress << "!!! " << message.str() << "\n";
                        }
                    }
                    if (settings.pair_dump != nullptr) {
                        std::sort(pairs.begin(), pairs.end());
                        for (const BoxPair& pair : pairs) {
                            *settings.pair_dump << frame << ',' << pair.first << ',' << pair.second
                                                << '\n';
                        }
                    }
                    const double elapsed_s = milliseconds_between(run_start, Clock::now()) / 1000.0;
                    if (settings.time_budget_seconds > 0.0 && frame >= 1 &&
                        frame + 1 < scene.frame_count() &&
                        elapsed_s > settings.time_budget_seconds) {
                        outcome.notes.push_back(algorithm + " on " + where + " stopped after " +
                                                std::to_string(frame + 1) + " of " +
                                                std::to_string(scene.frame_count()) +
                                                " frames (time budget)");
                        break;
                    }
                    if (milliseconds_between(last_report, Clock::now()) > 5000.0) {
                        last_report = Clock::now();
                        progress << "    ... " << where << " " << algorithm << " frame "
                                 << frame + 1 << "/" << scene.frame_count() << "\n";
                    }
                }
                result.memory_bytes = runner->memory_bytes();
            } catch (const std::exception& error) {
                const std::string message =
                    "ERROR: " + algorithm + " on " + where + ": " + error.what();
                outcome.failures.push_back(message);
                progress << "!!! " << message << "\n";
                continue;
            }
            // Stopped inside its first frame: nothing was measured.
            if (frame_ms.empty()) continue;
            result.times = summarize_frames(frame_ms, setup_ms);
            result.frame_ms = frame_ms;
            const FrameStatistics& times = result.times;
            progress << "[" << run_number << "/" << total_runs << "] " << where << " " << algorithm
                     << ": mean " << std::fixed << std::setprecision(3) << times.mean_ms
                     << " ms, p99 " << times.p99_ms << " ms, max " << times.max_ms << " ms, median "
                     << times.median_ms << " ms, build " << times.build_ms << " ms, "
                     << result.pairs / std::max(result.frames, 1) << " pairs/frame"
                     << std::defaultfloat << "\n";
            if (measure_floor) {
                BenchResult floor = result;
                floor.algo = std::string(floor_algorithm);
                floor.times = summarize_frames(floor_ms);
                floor.frame_ms = floor_ms;
                floor.tests = 0;
                floor.memory_bytes = 0;
                progress << "    " << where << " " << floor_algorithm
                         << " (boxes in, pairs out): mean " << std::fixed << std::setprecision(3)
                         << floor.times.mean_ms << " ms, p99 " << floor.times.p99_ms << " ms"
                         << std::defaultfloat << "\n";
                outcome.results.push_back(std::move(result));
                outcome.results.push_back(std::move(floor));
                continue;
            }
            outcome.results.push_back(std::move(result));
        }
    }
    return outcome;
}

}  // namespace aabb::bench

#include "core/measure/broad_phase_comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <stdexcept>
#include <utility>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/io/atomic_file.hpp"
#include "core/measure/heap_warmup.hpp"
#include "core/measure/timed_frames.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/world/world.hpp"

namespace aabb {

namespace {

/// Each box's motion per frame: up to 2% of its size in a direction picked from its index, a
/// realistic small per-frame motion (the scaling sweep's synthetic frames only).
glm::vec2 motion_of(std::size_t index, const Box2& box) {
    // A cheap integer hash (Knuth's multiplicative constant) gives every box its own direction
    // without a random generator.
    const std::uint32_t hash = static_cast<std::uint32_t>(index) * 2654435761u;
    const glm::vec2 direction(static_cast<float>(hash & 0xFFu) / 127.5f - 1.0f,
                              static_cast<float>((hash >> 8) & 0xFFu) / 127.5f - 1.0f);
    return direction * box.size() * 0.02f;
}

/// `frame_count` frames ending at `boxes`: frame f is every box moved back by
/// (frame_count − 1 − f) steps of its motion.
FrameSequence frames_ending_at(std::span<const Box2> boxes, int frame_count) {
    FrameSequence frames;
    frames.boxes.reserve(boxes.size() * static_cast<std::size_t>(frame_count));
    std::vector<Box2> frame(boxes.size());
    for (int f = 0; f < frame_count; ++f) {
        const auto steps = static_cast<float>(frame_count - 1 - f);
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const glm::vec2 offset = steps * motion_of(i, boxes[i]);
            frame[i] = {boxes[i].min + offset, boxes[i].max + offset};
        }
        frames.add_frame(frame);
    }
    return frames;
}

void check_options(const UniformBoxOptions& options) {
    if (!(std::isfinite(options.min_size) && std::isfinite(options.max_size) &&
          options.min_size > 0.0f && options.min_size <= options.max_size)) {
        throw std::invalid_argument(
            "uniform boxes: min_size and max_size must be finite with 0 < min_size <= max_size");
    }
    if (!(options.coverage > 0.0f && options.coverage <= 10.0f)) {
        throw std::invalid_argument("uniform boxes: coverage must be in (0, 10]");
    }
}

void check_frames(const FrameSequence& frames) {
    if (frames.frame_count() < 1) throw std::invalid_argument("comparison: no frames to measure");
    if (frames.largest_count() > static_cast<std::size_t>(max_box_id) + 1) {
        throw std::invalid_argument("comparison: too many boxes");
    }
}

/// One timed run of `algorithm` over `frames`: the loop and the statistics aabb-bench uses.
BroadPhaseMeasurement run_once(std::string_view algorithm, const FrameSequence& frames,
                               const ComparisonOptions& options) {
    BroadPhaseMeasurement run;
    run.algorithm = std::string(algorithm);
    run.box_count = frames.largest_count();
    const auto found = options.algorithm_options.find(algorithm);
    const BroadPhaseParameterValues parameters =
        found == options.algorithm_options.end() ? BroadPhaseParameterValues{} : found->second;
    if (const auto threads = parameters.find("threads"); threads != parameters.end())
        run.threads = std::max(1, static_cast<int>(threads->second));
    // Asked to quit or cancelled: stop between frames (brute force also inside its rows).
    const std::string where = "comparison: " + run.algorithm;
    throw_if_stop_requested(where);
    // A warm heap and the broad phase's making counted in its build, as aabb-bench does.
    (void)warm_heap_for_boxes(run.box_count, warm_heap_bytes_per_box);
    const FrameClock::time_point setup_start = FrameClock::now();
    std::unique_ptr<BroadPhase> broad_phase =
        make_broad_phase(algorithm, options.touching, parameters);
    const double setup_ms = milliseconds_between(setup_start, FrameClock::now());
    // The engine picks its own thread count when its option is 0 (up to 2): report the one it
    // runs on, as aabb-bench's threads column does.
    if (const auto* banded = dynamic_cast<const BandedSortAndSweep*>(broad_phase.get()))
        run.threads = banded->thread_count();
    std::vector<BoxPair> pairs;
    std::vector<double> frame_ms;
    FrameLoop loop;
    loop.frame_count = frames.frame_count();
    loop.time_budget_seconds = options.time_budget_seconds;
    loop.boxes = [&](int frame) {
        throw_if_stop_requested(where);
        return frames.frame(frame);
    };
    loop.run_frame = [&](std::span<const Box2> boxes) {
        broad_phase->set_all(boxes);
        broad_phase->find_pairs(pairs);
    };
    loop.after_frame = [&](int, std::span<const Box2>, double) {
        run.pairs += pairs.size();
        run.tests += broad_phase->last_box_tests();
    };
    (void)time_frames(loop, frame_ms);
    run.frames = static_cast<int>(frame_ms.size());
    run.times = summarize_frames(frame_ms, setup_ms);
    run.repeat_medians = {run.times.median_ms};
    const BroadPhaseStats stats = broad_phase->stats();
    run.box_tests = stats.box_tests;
    run.candidate_pairs = stats.candidate_pairs;
    run.true_pairs = stats.true_pairs;
    run.memory_bytes = stats.memory_bytes;
    return run;
}

/// The runs of one algorithm as one measurement: the middle run by median, every median kept.
BroadPhaseMeasurement combine_runs(std::vector<BroadPhaseMeasurement> runs) {
    std::vector<double> medians;
    for (const BroadPhaseMeasurement& run : runs)
        medians.push_back(run.times.median_ms);
    std::vector<std::size_t> order(runs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return medians[a] < medians[b]; });
    BroadPhaseMeasurement measurement = runs[order[(order.size() - 1) / 2]];
    for (const BroadPhaseMeasurement& run : runs)
        measurement.frames = std::min(measurement.frames, run.frames);
    measurement.repeat_medians = std::move(medians);
    return measurement;
}

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\n") == std::string_view::npos) return std::string(text);
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

}  // namespace

double BroadPhaseMeasurement::median_spread_ms() const {
    if (repeat_medians.empty()) return 0.0;
    const auto [low, high] = std::minmax_element(repeat_medians.begin(), repeat_medians.end());
    return *high - *low;
}

ComparisonOptions world_comparison_options(const World& world) {
    ComparisonOptions options;
    options.touching = world.settings().touching;
    options.algorithm_options[world.settings().broad_phase] = world.settings().broad_phase_options;
    return options;
}

void check_comparison_options(const ComparisonOptions& options) {
    if (options.repetitions < 1 || options.repetitions > 100) {
        throw std::invalid_argument("comparison: repetitions must be in 1..100, got " +
                                    std::to_string(options.repetitions));
    }
    if (!(std::isfinite(options.time_budget_seconds) && options.time_budget_seconds >= 0.0)) {
        throw std::invalid_argument("comparison: time_budget_seconds must be finite and >= 0");
    }
    for (const auto& [algorithm, parameters] : options.algorithm_options) {
        // Throws naming an unknown algorithm or option.
        (void)make_broad_phase(algorithm, options.touching, parameters);
    }
}

BroadPhaseMeasurement measure_broad_phase(std::string_view algorithm, const FrameSequence& frames,
                                          const ComparisonOptions& options) {
    check_comparison_options(options);
    check_frames(frames);
    std::vector<BroadPhaseMeasurement> runs;
    for (int run = 0; run < options.repetitions; ++run)
        runs.push_back(run_once(algorithm, frames, options));
    return combine_runs(std::move(runs));
}

FrameComparison::FrameComparison(FrameSequence frames, ComparisonOptions options)
    : frames_(std::move(frames)), options_(std::move(options)), algorithms_(broad_phase_names()) {
    check_comparison_options(options_);
    check_frames(frames_);
    runs_.resize(algorithms_.size());
}

std::size_t FrameComparison::total_runs() const {
    return algorithms_.size() * static_cast<std::size_t>(options_.repetitions);
}

bool FrameComparison::step() {
    if (done()) return false;
    const std::size_t algorithm = next_run_ % algorithms_.size();
    runs_[algorithm].push_back(run_once(algorithms_[algorithm], frames_, options_));
    ++next_run_;
    return !done();
}

std::vector<BroadPhaseMeasurement> FrameComparison::results() const {
    std::vector<BroadPhaseMeasurement> measurements;
    for (const std::vector<BroadPhaseMeasurement>& runs : runs_) {
        if (!runs.empty()) measurements.push_back(combine_runs(runs));
    }
    return measurements;
}

std::vector<BroadPhaseMeasurement> compare_broad_phases(const FrameSequence& frames,
                                                        const ComparisonOptions& options) {
    FrameComparison comparison(frames, options);
    while (comparison.step()) {
    }
    return comparison.results();
}

bool ranking_holds(const BroadPhaseMeasurement& faster, const BroadPhaseMeasurement& slower) {
    const double gap = slower.times.median_ms - faster.times.median_ms;
    return gap > std::max(faster.median_spread_ms(), slower.median_spread_ms());
}

std::vector<Box2> uniform_random_boxes(std::size_t count, std::uint32_t seed,
                                       const UniformBoxOptions& options) {
    check_options(options);
    if (count > static_cast<std::size_t>(max_box_id) + 1) {
        throw std::invalid_argument("uniform boxes: count above max_box_id + 1");
    }
    const float mean_size = 0.5f * (options.min_size + options.max_size);
    const float side = std::sqrt(static_cast<float>(std::max<std::size_t>(count, 1)) * mean_size *
                                 mean_size / options.coverage);
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> position(-0.5f * side, 0.5f * side);
    std::uniform_real_distribution<float> size(options.min_size, options.max_size);
    std::vector<Box2> boxes;
    boxes.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 center(position(random), position(random));
        const glm::vec2 half = 0.5f * glm::vec2(size(random), size(random));
        boxes.push_back({center - half, center + half});
    }
    return boxes;
}

ScalingSweep::ScalingSweep(ScalingSweepOptions options) : options_(std::move(options)) {
    check_comparison_options(options_.comparison);
    check_options(options_.boxes);
    if (options_.frames < 2 || options_.frames > 1000) {
        throw std::invalid_argument("scaling sweep: frames must be in 2..1000, got " +
                                    std::to_string(options_.frames));
    }
    if (options_.sizes.empty()) throw std::invalid_argument("scaling sweep: sizes is empty");
    for (std::size_t i = 0; i < options_.sizes.size(); ++i) {
        const std::size_t size = options_.sizes[i];
        if (size == 0 || size > static_cast<std::size_t>(max_box_id) + 1) {
            throw std::invalid_argument("scaling sweep: sizes[" + std::to_string(i) +
                                        "] must be in 1..max_box_id + 1");
        }
        if (i > 0 && size <= options_.sizes[i - 1]) {
            throw std::invalid_argument("scaling sweep: sizes must be strictly ascending");
        }
    }
    if (!(std::isfinite(options_.time_budget_ms) && options_.time_budget_ms >= 0.0)) {
        throw std::invalid_argument("scaling sweep: time_budget_ms must be finite and >= 0");
    }
    const std::vector<std::string> known = broad_phase_names();
    if (options_.algorithms.empty()) options_.algorithms = known;
    for (const std::string& name : options_.algorithms) {
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            throw std::invalid_argument("scaling sweep: unknown algorithm '" + name + "'");
        }
    }
    over_budget_.assign(options_.algorithms.size(), 0);
}

bool ScalingSweep::step() {
    if (done()) return false;
    throw_if_stop_requested("scaling sweep");
    if (next_algorithm_ == 0) {
        frames_ = frames_ending_at(
            uniform_random_boxes(options_.sizes[next_size_], options_.seed, options_.boxes),
            options_.frames);
    }
    if (over_budget_[next_algorithm_] != 0) {
        ++skipped_;
    } else {
        BroadPhaseMeasurement measurement =
            measure_broad_phase(options_.algorithms[next_algorithm_], frames_, options_.comparison);
        if (measurement.frame_ms() > options_.time_budget_ms) over_budget_[next_algorithm_] = 1;
        results_.push_back(std::move(measurement));
    }
    if (++next_algorithm_ == options_.algorithms.size()) {
        next_algorithm_ = 0;
        ++next_size_;
        if (done()) {
            frames_ = FrameSequence{};
        }
    }
    return !done();
}

double ScalingSweep::progress() const {
    const std::size_t total = options_.sizes.size() * options_.algorithms.size();
    const std::size_t finished = next_size_ * options_.algorithms.size() + next_algorithm_;
    return total == 0 ? 1.0 : static_cast<double>(finished) / static_cast<double>(total);
}

std::string ScalingSweep::to_csv() const {
    return measurements_to_csv(results_, "uniform");
}

std::string measurements_to_csv(std::span<const BroadPhaseMeasurement> measurements,
                                std::string_view workload) {
    std::string csv = std::string(measurements_csv_header) + "\n";
    const std::string workload_field = csv_field(workload);
    char line[512];
    for (const BroadPhaseMeasurement& m : measurements) {
        const auto [low, high] =
            m.repeat_medians.empty()
                ? std::pair(m.times.median_ms, m.times.median_ms)
                : std::pair(*std::min_element(m.repeat_medians.begin(), m.repeat_medians.end()),
                            *std::max_element(m.repeat_medians.begin(), m.repeat_medians.end()));
        std::snprintf(line, sizeof line,
                      "%s,%s,%zu,%d,%.4f,%.4f,%.4f,%llu,%llu,%zu,0,%.4f,%.4f,%d,%zu,%.4f,%.4f\n",
                      csv_field(m.algorithm).c_str(), workload_field.c_str(), m.box_count, m.frames,
                      m.times.build_ms, m.times.median_ms, m.times.p99_ms,
                      static_cast<unsigned long long>(m.pairs),
                      static_cast<unsigned long long>(m.tests), m.memory_bytes, m.times.mean_ms,
                      m.times.max_ms, m.threads, m.repeat_medians.size(), low, high);
        csv += line;
    }
    return csv;
}

void write_measurements_csv(const std::filesystem::path& path,
                            std::span<const BroadPhaseMeasurement> measurements,
                            std::string_view workload) {
    io::write_file_atomically(path, measurements_to_csv(measurements, workload));
}

}  // namespace aabb

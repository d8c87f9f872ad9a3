#include "core/measure/broad_phase_comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <stdexcept>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/measure/frame_time_statistics.hpp"
#include "core/parallel/stop_request.hpp"

namespace aabb {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Each box's motion per frame: up to 2% of its size in a direction picked from its index, a
/// realistic small per-frame motion.
glm::vec2 motion_of(std::size_t index, const Box2& box) {
    // A cheap integer hash (Knuth's multiplicative constant) gives every box its own direction
    // without a random generator.
    const std::uint32_t hash = static_cast<std::uint32_t>(index) * 2654435761u;
    const glm::vec2 direction(static_cast<float>(hash & 0xFFu) / 127.5f - 1.0f,
                              static_cast<float>((hash >> 8) & 0xFFu) / 127.5f - 1.0f);
    return direction * box.size() * 0.02f;
}

/// Where the boxes were `frames_before` frames before `boxes` (0: the boxes themselves, so
/// that the pairs of the last timed frame are those of `boxes`).
void boxes_before(std::span<const Box2> boxes, int frames_before, std::vector<Box2>& before) {
    if (frames_before == 0) {
        before.assign(boxes.begin(), boxes.end());
        return;
    }
    before.resize(boxes.size());
    const auto steps = static_cast<float>(frames_before);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const glm::vec2 offset = steps * motion_of(i, boxes[i]);
        before[i] = {boxes[i].min + offset, boxes[i].max + offset};
    }
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

}  // namespace

void check_comparison_options(const ComparisonOptions& options) {
    if (options.repetitions < 1 || options.repetitions > 100) {
        throw std::invalid_argument("comparison: repetitions must be in 1..100, got " +
                                    std::to_string(options.repetitions));
    }
    if (options.frames < 1 || options.frames > 1000) {
        throw std::invalid_argument("comparison: frames must be in 1..1000, got " +
                                    std::to_string(options.frames));
    }
    if (!(std::isfinite(options.frame_budget_ms) && options.frame_budget_ms >= 0.0)) {
        throw std::invalid_argument("comparison: frame_budget_ms must be finite and >= 0");
    }
}

BroadPhaseMeasurement measure_broad_phase(std::string_view algorithm, std::span<const Box2> boxes,
                                          const ComparisonOptions& options) {
    check_comparison_options(options);
    if (boxes.size() > static_cast<std::size_t>(max_box_id) + 1) {
        throw std::invalid_argument("comparison: too many boxes");
    }
    std::vector<Box2> frame_boxes;
    std::vector<BoxPair> pairs;
    std::vector<double> frame_ms;
    BroadPhaseMeasurement best;
    best.algorithm = std::string(algorithm);
    best.box_count = boxes.size();
    best.build_ms = best.update_ms = best.pairs_ms = best.frame_p99_ms =
        std::numeric_limits<double>::infinity();
    best.frames = options.frames;
    // Asked to quit or cancelled: stop between frames (brute force also inside its rows).
    const std::string where = "comparison: " + std::string(algorithm);
    for (int run = 0; run < options.repetitions; ++run) {
        throw_if_stop_requested(where);
        std::unique_ptr<BroadPhase> broad_phase = make_broad_phase(algorithm, options.touching);
        boxes_before(boxes, options.frames, frame_boxes);
        auto start = Clock::now();
        broad_phase->set_all(frame_boxes);
        best.build_ms = std::min(best.build_ms, milliseconds_since(start));
        frame_ms.clear();
        double update_sum = 0.0;
        double pairs_sum = 0.0;
        double spent = 0.0;
        for (int frame = 1; frame <= options.frames; ++frame) {
            throw_if_stop_requested(where);
            // Over the budget, the next frame jumps to the boxes given.
            const bool last = frame == options.frames || spent > options.frame_budget_ms;
            boxes_before(boxes, last ? 0 : options.frames - frame, frame_boxes);
            start = Clock::now();
            broad_phase->set_all(frame_boxes);
            const double update = milliseconds_since(start);
            start = Clock::now();
            broad_phase->find_pairs(pairs);
            const double search = milliseconds_since(start);
            update_sum += update;
            pairs_sum += search;
            spent += update + search;
            frame_ms.push_back(update + search);
            if (last) break;
        }
        const auto timed = static_cast<double>(frame_ms.size());
        best.update_ms = std::min(best.update_ms, update_sum / timed);
        best.pairs_ms = std::min(best.pairs_ms, pairs_sum / timed);
        best.frame_p99_ms = std::min(best.frame_p99_ms, summarize_frame_times(frame_ms).p99_ms);
        best.frames = std::min(best.frames, static_cast<int>(frame_ms.size()));
        const BroadPhaseStats stats = broad_phase->stats();
        best.box_tests = stats.box_tests;
        best.candidate_pairs = stats.candidate_pairs;
        best.true_pairs = stats.true_pairs;
        best.memory_bytes = stats.memory_bytes;
    }
    return best;
}

std::vector<BroadPhaseMeasurement> compare_broad_phases(std::span<const Box2> boxes,
                                                        const ComparisonOptions& options) {
    std::vector<BroadPhaseMeasurement> measurements;
    for (const std::string& name : broad_phase_names()) {
        measurements.push_back(measure_broad_phase(name, boxes, options));
    }
    return measurements;
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
        boxes_ = uniform_random_boxes(options_.sizes[next_size_], options_.seed, options_.boxes);
    }
    if (over_budget_[next_algorithm_] != 0) {
        ++skipped_;
    } else {
        BroadPhaseMeasurement measurement =
            measure_broad_phase(options_.algorithms[next_algorithm_], boxes_, options_.comparison);
        if (measurement.frame_ms() > options_.time_budget_ms) over_budget_[next_algorithm_] = 1;
        results_.push_back(std::move(measurement));
    }
    if (++next_algorithm_ == options_.algorithms.size()) {
        next_algorithm_ = 0;
        ++next_size_;
        if (done()) {
            boxes_.clear();
            boxes_.shrink_to_fit();
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
    return measurements_to_csv(results_);
}

std::string measurements_to_csv(std::span<const BroadPhaseMeasurement> measurements) {
    std::string csv =
        "algorithm,n,build_ms,update_ms,pairs_ms,frame_p99_ms,frames,box_tests,candidate_pairs,"
        "true_pairs,memory_bytes\n";
    char line[320];
    for (const BroadPhaseMeasurement& m : measurements) {
        std::snprintf(line, sizeof line, "%s,%zu,%.4f,%.4f,%.4f,%.4f,%d,%llu,%llu,%llu,%zu\n",
                      m.algorithm.c_str(), m.box_count, m.build_ms, m.update_ms, m.pairs_ms,
                      m.frame_p99_ms, m.frames, static_cast<unsigned long long>(m.box_tests),
                      static_cast<unsigned long long>(m.candidate_pairs),
                      static_cast<unsigned long long>(m.true_pairs), m.memory_bytes);
        csv += line;
    }
    return csv;
}

}  // namespace aabb

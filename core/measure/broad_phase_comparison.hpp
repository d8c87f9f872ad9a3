#pragma once
// Runs broad-phase algorithms on the same boxes and measures them side by side: the "Compare
// all" table and the scaling sweep (time against n for every algorithm) of the sandbox. Kept in
// core, apart from the window, so the measuring is unit tested without a display; no drawing
// code. aabb-bench does not use it: it times whole frame sequences of Workload scenes with its
// own runners (app/bench/benchmark.hpp).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb {

/// One algorithm measured on one box set.
struct BroadPhaseMeasurement {
    /// The algorithm's factory name.
    std::string algorithm;
    /// Boxes measured.
    std::size_t box_count = 0;
    /// Building the structure from empty (first set_all), milliseconds.
    double build_ms = 0.0;
    /// A per-frame update: set_all after every box moved a little, milliseconds, the mean
    /// over the timed frames.
    double update_ms = 0.0;
    /// find_pairs after that update, milliseconds, the mean over the timed frames.
    double pairs_ms = 0.0;
    /// The 99th percentile of the timed frames' update + find_pairs, milliseconds, as aabb-bench
    /// computes it (nearest rank: the slowest frame below 100 frames), so that a structure
    /// whose rare frames are dear (a full re-sweep, a rebuild) shows them.
    double frame_p99_ms = 0.0;
    /// Frames timed (the fewest of the repetitions).
    int frames = 0;
    /// Box-against-box tests of find_pairs.
    std::uint64_t box_tests = 0;
    /// Candidate pairs the structure proposed.
    std::uint64_t candidate_pairs = 0;
    /// Pairs that truly overlap (identical for every exact algorithm).
    std::uint64_t true_pairs = 0;
    /// Bytes held by the structure.
    std::size_t memory_bytes = 0;

    /// update_ms + pairs_ms: the mean cost of one frame of the broad phase.
    [[nodiscard]] double frame_ms() const { return update_ms + pairs_ms; }
};

/// How to measure.
struct ComparisonOptions {
    /// Touching policy of every algorithm. Default closed.
    TouchingPolicy touching{};
    /// Timed runs per measurement; per statistic the fastest is kept (noise only adds time).
    /// 1..100, default 1.
    int repetitions = 1;
    /// Frames timed after the build, every box moved a little each frame; the last one is the
    /// boxes given, whose pairs the counters describe. One frame would time only the first
    /// frame with motion, for an engine that keeps state between frames its dearest.
    /// 1..1000, default 16.
    int frames = 16;
    /// Once the frames timed so far took longer than this, the next one is the last (the boxes
    /// given), so that a slow algorithm on many boxes takes two frames, not `frames`. Finite,
    /// >= 0; default 1000 ms.
    double frame_budget_ms = 1000.0;
};

/// Throws std::invalid_argument naming the field when `options` is out of range (what
/// measure_broad_phase checks first).
void check_comparison_options(const ComparisonOptions& options);

/// Measures `algorithm` on `boxes` (box i gets id i): a build on the boxes as they were
/// `frames` frames earlier, then one timed frame per step of their motion up to `boxes`.
/// Throws std::invalid_argument for an unknown algorithm, options out of range
/// (check_comparison_options), or an invalid box (naming its index); StopRequested before a
/// build or a frame (brute force: within 64 rows) once stop_requested()
/// (core/parallel/stop_request.hpp: the program asked to quit, or the calling job cancelled).
[[nodiscard]] BroadPhaseMeasurement measure_broad_phase(std::string_view algorithm,
                                                        std::span<const Box2> boxes,
                                                        const ComparisonOptions& options = {});

/// Measures every algorithm of broad_phase_names() on `boxes`, in that order. Throws like
/// measure_broad_phase.
[[nodiscard]] std::vector<BroadPhaseMeasurement> compare_broad_phases(
    std::span<const Box2> boxes, const ComparisonOptions& options = {});

/// `measurements` as CSV: the header line "algorithm,n,build_ms,update_ms,pairs_ms,
/// frame_p99_ms,frames,box_tests,candidate_pairs,true_pairs,memory_bytes", then one line per
/// measurement, in order.
[[nodiscard]] std::string measurements_to_csv(std::span<const BroadPhaseMeasurement> measurements);

/// The shape of a random uniform box set.
struct UniformBoxOptions {
    /// Box width and height are uniform in [min_size, max_size]. Defaults 0.5 and 2.
    float min_size = 0.5f;
    /// See min_size.
    float max_size = 2.0f;
    /// Fraction of the area the boxes would cover if they did not overlap; the square they
    /// lie in grows with the count so this stays constant. (0, 10], default 0.1.
    float coverage = 0.1f;
};

/// `count` boxes uniformly spread over a square centered on the origin whose area grows with
/// `count` (constant density: pairs grow linearly with n). The same seed gives the same boxes.
/// Throws std::invalid_argument for sizes that are not 0 < min_size <= max_size, a coverage
/// outside (0, 10], or a count above max_box_id.
[[nodiscard]] std::vector<Box2> uniform_random_boxes(std::size_t count, std::uint32_t seed,
                                                     const UniformBoxOptions& options = {});

/// What a scaling sweep measures.
struct ScalingSweepOptions {
    /// Box counts, ascending. Default 1k, 2k, 5k, 10k, 20k, 50k, 100k.
    std::vector<std::size_t> sizes = {1'000, 2'000, 5'000, 10'000, 20'000, 50'000, 100'000};
    /// Algorithms to measure; empty means broad_phase_names(). Default empty.
    std::vector<std::string> algorithms;
    /// Seed of the box sets. Default 1.
    std::uint32_t seed = 1;
    /// An algorithm whose frame (update + pairs) took longer than this is not measured at
    /// larger sizes (brute force at 100k would freeze the program). Default 250 ms.
    double time_budget_ms = 250.0;
    /// The box sets.
    UniformBoxOptions boxes;
    /// How each point is measured.
    ComparisonOptions comparison;
};

/// Time against n for every algorithm, one measurement per step() so a UI can run it a
/// little each frame and show progress.
class ScalingSweep {
  public:
    /// A sweep that has measured nothing yet. Throws std::invalid_argument for an empty or
    /// unsorted size list, a size of 0 or above max_box_id, an unknown algorithm, a negative
    /// or non-finite time budget, or bad box or comparison options.
    explicit ScalingSweep(ScalingSweepOptions options = {});

    /// Runs the next measurement (or skips it, over budget). Returns false once done. Throws
    /// StopRequested like measure_broad_phase; the sweep is then where it was before the call.
    bool step();
    /// True when every (size, algorithm) point was measured or skipped.
    [[nodiscard]] bool done() const { return next_size_ >= options_.sizes.size(); }
    /// Fraction of points measured or skipped, 0..1.
    [[nodiscard]] double progress() const;
    /// The measurements so far, in the order taken.
    [[nodiscard]] const std::vector<BroadPhaseMeasurement>& results() const { return results_; }
    /// The algorithms, in column order.
    [[nodiscard]] const std::vector<std::string>& algorithms() const { return options_.algorithms; }
    /// The sizes, ascending.
    [[nodiscard]] const std::vector<std::size_t>& sizes() const { return options_.sizes; }
    /// Points skipped because the algorithm was over budget at a smaller size.
    [[nodiscard]] std::size_t skipped() const { return skipped_; }
    /// The results as CSV (see measurements_to_csv).
    [[nodiscard]] std::string to_csv() const;

  private:
    ScalingSweepOptions options_;
    std::vector<BroadPhaseMeasurement> results_;
    std::vector<std::uint8_t> over_budget_;
    std::vector<Box2> boxes_;
    std::size_t next_size_ = 0;
    std::size_t next_algorithm_ = 0;
    std::size_t skipped_ = 0;
};

}  // namespace aabb

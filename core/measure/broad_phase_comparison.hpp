#pragma once
// Runs broad-phase algorithms on the same frames and measures them side by side: the window's
// "Compare all" table (on the scene's own next steps, core/measure/scene_frames.hpp) and its
// scaling sweep (time against n on uniform boxes). Every run is timed by the loop aabb-bench
// runs (time_frames, core/measure/timed_frames.hpp) and summarized by the same statistics
// (summarize_frames, core/measure/run_times.hpp): build_ms is making the broad phase plus
// frame 0, the others are over frames 1... Kept in core, apart from the window, so the
// measuring is unit tested without a display; no drawing code.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"
#include "core/measure/run_times.hpp"
#include "core/measure/scene_frames.hpp"

namespace aabb {

/// One algorithm measured on one frame sequence, over one or more repeats.
struct BroadPhaseMeasurement {
    /// The algorithm's factory name.
    std::string algorithm;
    /// Boxes of the largest frame.
    std::size_t box_count = 0;
    /// Frames run, frame 0 (the build) included (the fewest of the repeats).
    int frames = 0;
    /// Threads the broad phase runs on (its "threads" option, else 1; the engine's own choice
    /// when that option is 0).
    int threads = 1;
    /// The statistics of the repeat whose median is the middle one of the repeats (the
    /// lower middle for an even count), as aabb-bench reports its one run.
    FrameStatistics times;
    /// Each repeat's median frame, in the order run: their spread tells how far the machine
    /// let the median move.
    std::vector<double> repeat_medians;
    /// Pairs summed over the frames of that repeat (as aabb-bench's "pairs").
    std::uint64_t pairs = 0;
    /// Box tests summed over the frames of that repeat (as aabb-bench's "tests").
    std::uint64_t tests = 0;
    /// The last frame's box-against-box tests.
    std::uint64_t box_tests = 0;
    /// The last frame's candidate pairs the structure proposed.
    std::uint64_t candidate_pairs = 0;
    /// The last frame's pairs that truly overlap (identical for every exact algorithm).
    std::uint64_t true_pairs = 0;
    /// Bytes held by the structure after the last frame.
    std::size_t memory_bytes = 0;

    /// The mean frame after the build, milliseconds (the scaling sweep's y).
    [[nodiscard]] double frame_ms() const { return times.mean_ms; }
    /// The largest repeat median minus the smallest, milliseconds (0 for one repeat).
    [[nodiscard]] double median_spread_ms() const;
};

/// How to measure.
struct ComparisonOptions {
    /// Touching policy of every algorithm. Default closed.
    TouchingPolicy touching{};
    /// Each algorithm's options by name (the scene's or the window's); an algorithm not named
    /// gets its defaults. Default none.
    std::map<std::string, BroadPhaseParameterValues, std::less<>> algorithm_options;
    /// Timed runs of every algorithm, 1..100, default 3. With more than one, the runs of all
    /// algorithms are interleaved (repeat 1 of each, then repeat 2, ...), so a slow spell of
    /// the machine falls on several algorithms, and ranking_holds can tell a ranking from noise.
    int repetitions = 3;
    /// A run stops between frames once its frames after the build took longer than this many
    /// seconds (after at least 2 frames), as aabb-bench --time-budget; 0 = never. Finite,
    /// >= 0; default 2.
    double time_budget_seconds = 2.0;
};

/// The options a comparison of `world`'s scene runs with: its touching policy, and its own
/// algorithm with the options the scene or the window set for it (the others have none set and
/// run on their defaults). Repeats and budget are ComparisonOptions' defaults.
[[nodiscard]] ComparisonOptions world_comparison_options(const World& world);

/// Throws std::invalid_argument naming the field when `options` is out of range, or names an
/// unknown algorithm or option.
void check_comparison_options(const ComparisonOptions& options);

/// Measures `algorithm` on `frames` (box i of a frame gets id i) `options.repetitions` times,
/// in a row. Throws std::invalid_argument for an unknown algorithm, options out of range
/// (check_comparison_options), an empty sequence or an invalid box; BudgetExceeded from the
/// broad phase; StopRequested before a frame (brute force: within 64 rows) once
/// stop_requested() (core/parallel/stop_request.hpp).
[[nodiscard]] BroadPhaseMeasurement measure_broad_phase(std::string_view algorithm,
                                                        const FrameSequence& frames,
                                                        const ComparisonOptions& options = {});

/// Every algorithm of broad_phase_names() on the same frames, one run per step() so a UI can
/// run it on a worker and show progress: repeat 1 of every algorithm, then repeat 2, ...
class FrameComparison {
  public:
    /// Throws like check_comparison_options, or std::invalid_argument for no frames.
    FrameComparison(FrameSequence frames, ComparisonOptions options);
    /// Runs the next (repeat, algorithm); returns false once done. Throws like
    /// measure_broad_phase; the comparison is then where it was before the call.
    bool step();
    /// True when every run was made.
    [[nodiscard]] bool done() const { return next_run_ >= total_runs(); }
    /// Runs made and runs in all.
    [[nodiscard]] std::size_t runs_done() const { return next_run_; }
    /// See runs_done.
    [[nodiscard]] std::size_t total_runs() const;
    /// The algorithms, in table order.
    [[nodiscard]] const std::vector<std::string>& algorithms() const { return algorithms_; }
    /// One measurement per algorithm that has run at least once, over its repeats so far.
    [[nodiscard]] std::vector<BroadPhaseMeasurement> results() const;
    /// The frames measured.
    [[nodiscard]] const FrameSequence& frames() const { return frames_; }

  private:
    FrameSequence frames_;
    ComparisonOptions options_;
    std::vector<std::string> algorithms_;
    // Per algorithm, its runs so far (each a measurement of one repeat).
    std::vector<std::vector<BroadPhaseMeasurement>> runs_;
    std::size_t next_run_ = 0;
};

/// Every algorithm of broad_phase_names() on `frames` (FrameComparison run to the end).
[[nodiscard]] std::vector<BroadPhaseMeasurement> compare_broad_phases(
    const FrameSequence& frames, const ComparisonOptions& options = {});

/// True when `faster` (the lower median) is faster than `slower` by more than the noise: their
/// medians differ by more than either's spread between repeats. With one repeat each there is
/// no spread to judge by, and any difference counts.
[[nodiscard]] bool ranking_holds(const BroadPhaseMeasurement& faster,
                                 const BroadPhaseMeasurement& slower);

/// The column header of measurements_to_csv: aabb-bench's CSV columns (algo, workload, n,
/// frames, build_ms, median_ms, p99_ms, pairs, tests, memory_bytes, peer, mean_ms, max_ms,
/// threads; same meanings), then repeats, median_min_ms, median_max_ms.
inline constexpr std::string_view measurements_csv_header =
    "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,mean_ms,"
    "max_ms,threads,repeats,median_min_ms,median_max_ms";

/// `measurements` as CSV: measurements_csv_header, then one line per measurement, in order,
/// `workload` in the workload column (quoted when it holds a comma or a quote).
[[nodiscard]] std::string measurements_to_csv(std::span<const BroadPhaseMeasurement> measurements,
                                              std::string_view workload);

/// Writes measurements_to_csv(measurements, workload) to `path` whole or not at all (a
/// temporary file, flushed, checked and renamed: core/io/atomic_file.hpp), the one export of
/// Compare all's table (the window's button, aabb-sandbox --compare-all) and the scaling
/// sweep. Throws std::runtime_error naming `path` and the cause; an old file is then intact.
void write_measurements_csv(const std::filesystem::path& path,
                            std::span<const BroadPhaseMeasurement> measurements,
                            std::string_view workload);

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
    /// Frames of each point: the build, then every box moved a little each frame. 2..1000,
    /// default 16.
    int frames = 16;
    /// How each point is measured. Default one repeat.
    ComparisonOptions comparison = [] {
        ComparisonOptions one_repeat;
        one_repeat.repetitions = 1;
        return one_repeat;
    }();
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
    /// The results as CSV (see measurements_to_csv; workload "uniform").
    [[nodiscard]] std::string to_csv() const;

  private:
    ScalingSweepOptions options_;
    std::vector<BroadPhaseMeasurement> results_;
    std::vector<std::uint8_t> over_budget_;
    FrameSequence frames_;
    std::size_t next_size_ = 0;
    std::size_t next_algorithm_ = 0;
    std::size_t skipped_ = 0;
};

}  // namespace aabb

#pragma once
// The command line of aabb-bench, parsed into a plain struct (parsing lives here alone): one
// flag table (app/cli/flag_table.hpp) from which parsing and --help both come.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/bench/skip_rule.hpp"
#include "app/cli/flag_table.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"
#include "core/broadphase/resource_budget.hpp"

namespace aabb::bench {

/// Brute force is skipped above this many boxes unless --max-brute-force-n says otherwise:
/// 20,000 boxes are 2·10^8 tests a frame (about 0.2 s); a million would be hours per frame.
inline constexpr std::size_t default_max_brute_force_n = 20'000;

/// Boxes per frame when no --n is given.
inline constexpr std::size_t default_box_count = 10'000;

/// The most --frames.
inline constexpr std::uint64_t max_bench_frames = 100'000;

/// The largest --time-budget, in seconds.
inline constexpr double max_time_budget_seconds = 1e6;

/// Everything aabb-bench was asked to do.
struct BenchOptions {
    /// Workload names (from --workload; "all" expands). Default: uniform, unless --trace alone.
    std::vector<std::string> workloads;
    /// Box counts (from --n, repeatable). Default: default_box_count.
    std::vector<std::size_t> box_counts;
    /// Frames per run (--frames). Default 60.
    int frame_count = 60;
    /// Workload seed (--seed). Default 1.
    std::uint32_t seed = 1;
    /// A CSV trace to run as one more scene (--trace). Default: none.
    std::string trace_path;
    /// A scene file whose own first frame_count frames run as one more scene (--scene;
    /// core/scene/scene_comparison.hpp records them as Compare all does). Default: none.
    std::string scene_path;
    /// Algorithm names (--algo, repeatable; "all" expands). Default: all.
    std::vector<std::string> algorithms;
    /// Print the algorithm names and exit (--list).
    bool list = false;
    /// Print every peer name aabb-bench knows, built in or not, and exit (--list-peers).
    bool list_peers = false;
    /// Print the flag names and exit (--list-flags).
    bool list_flags = false;
    /// Print the usage and exit (--help).
    bool help = false;
    /// Verify every algorithm produced the same pairs every frame (--check).
    bool check = false;
    /// Run each algorithm on the heap as the runs before it left it (--cold-heap) instead of
    /// touching warm_heap_bytes_per_box a box first. Default off.
    bool cold_heap = false;
    /// Output files; empty = not written. plot_path charts the mean, plot_p99_path the p99.
    std::string json_path, csv_path, markdown_path, dump_pairs_path, plot_path, plot_p99_path,
        write_trace_path;
    /// Every frame's time as CSV (--frame-times); empty = not written.
    std::string frame_times_path;
    /// Skip brute_force when n is above this (--max-brute-force-n); 0 = never skip. Default
    /// default_max_brute_force_n: `--n 1M --algo all` must not run O(n²) for hours.
    std::size_t max_brute_force_n = default_max_brute_force_n;
    /// Algorithms not run above a box count (--skip-above NAME:N[:WORKLOAD], repeatable).
    std::vector<SkipRule> skip_above;
    /// Stop a run early after this many seconds of frames after the build (--time-budget);
    /// 0 = no budget.
    double time_budget_seconds = 0.0;
    /// What every broad phase, and every peer runner's pair list, may allocate (--max-pairs,
    /// --max-cells, --max-bytes). Default default_resource_budget.
    ResourceBudget budget = default_resource_budget;
    /// Options of the banded engine's runners (--engine-option NAME=VALUE, repeatable; names and
    /// ranges from banded_sort_and_sweep_option_fields), e.g. exact_grid=0 to time the engine
    /// without one of its paths (docs/engine_paths.md). Default: none, the engine's defaults.
    BroadPhaseParameterValues engine_options;
};

/// A bad command line; main prints the message and exits with status 2.
using UsageError = cli::UsageError;

/// One accepted flag.
using BenchFlag = cli::FlagRow<BenchOptions>;

/// Every accepted flag, in help order.
[[nodiscard]] std::span<const BenchFlag> bench_flags();

/// Parses the arguments after the program name. Throws UsageError on an unknown flag, a
/// missing or malformed value, or an out-of-range count.
[[nodiscard]] BenchOptions parse_bench_options(std::span<const std::string_view> arguments);

/// The --help text.
[[nodiscard]] std::string bench_usage();

}  // namespace aabb::bench

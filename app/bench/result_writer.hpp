#pragma once
// aabb-bench's result files: JSON, CSV and the Markdown tables of docs/benchmarks.md. All of
// them lead with the mean and p99 per frame and compare ours (one thread) with the best peer
// for each statistic (peer_comparison.hpp); max and median stand beside them.

#include <iosfwd>
#include <string>
#include <vector>

#include "app/bench/bench_result.hpp"

namespace aabb::bench {

/// {"results": [{"algo", "workload", "n", "frames", "threads", "mean_ms", "p99_ms", "max_ms",
/// "median_ms", "build_ms", "pairs", "tests", "memory_bytes", "peer"}, ...], "comparisons":
/// [{"workload", "n", "ours", "ours_2t", "build": {...}, "mean": {"ours_ms", "ours_2t_ms",
/// "best_peer", "best_peer_ms", "ratio"}, "p99": {...}, "max": {...}, "median": {...}}, ...]}.
/// The fields of the older format keep their names and meaning.
void write_results_json(std::ostream& output, const std::vector<BenchResult>& results);
/// The result fields as CSV with a header row (new columns appended at the end).
void write_results_csv(std::ostream& output, const std::vector<BenchResult>& results);
/// Every frame's time as CSV, one row per frame of each result (algo, threads, workload, n,
/// frame, ms), frame 0 being the build frame: to see which frames make the mean and the p99.
void write_frame_times_csv(std::ostream& output, const std::vector<BenchResult>& results);
/// A summary table (one row per scene: ours against the best peer per statistic), then one
/// table per workload and n (fastest mean first) each with its comparison line, then the
/// notes (skipped or shortened runs).
void write_results_markdown(std::ostream& output, const std::vector<BenchResult>& results,
                            const std::vector<std::string>& notes);

/// One line per scene: ours (one thread) against the best peer for each statistic, mean and
/// p99 first, the engine at two threads and the build beside (what aabb-bench ends with on
/// stderr).
void write_summary_lines(std::ostream& output, const std::vector<BenchResult>& results);

}  // namespace aabb::bench

#pragma once
// aabb-bench's result files: JSON, CSV and the Markdown tables of docs/benchmarks.md.

#include <iosfwd>
#include <string>
#include <vector>

#include "app/bench/bench_result.hpp"

namespace aabb::bench {

/// {"results": [{"algo", "workload", "n", "frames", "build_ms", "median_ms", "p99_ms",
/// "pairs", "tests", "memory_bytes", "peer"}, ...]}
void write_results_json(std::ostream& output, const std::vector<BenchResult>& results);
/// The same fields as CSV with a header row.
void write_results_csv(std::ostream& output, const std::vector<BenchResult>& results);
/// One table per workload and n (fastest first) with a "best ours vs fastest peer" line, then
/// the notes (skipped or shortened runs).
void write_results_markdown(std::ostream& output, const std::vector<BenchResult>& results,
                            const std::vector<std::string>& notes);

}  // namespace aabb::bench

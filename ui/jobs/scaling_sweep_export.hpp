#pragma once
// Saving a scaling sweep: the CSV table and a PNG chart of time against n on log-log axes
// (drawn in memory by app/bench/chart_writer, the same chart as docs/benchmarks_scaling.png),
// so the comparison window's Export buttons, the --export-csv / --export-png flags and the
// tests share one code path. Pure C++ (no SDL, GL or ImGui).

#include <string>

#include "ui/jobs/scaling_sweep_runner.hpp"

namespace aabb::ui {

/// Size of the exported chart.
struct SweepChartSize {
    /// Width in pixels, 300..8000. Default 1100.
    int width = 1100;
    /// Height in pixels, 200..8000. Default 700.
    int height = 700;
};

/// Writes the sweep's measurements as CSV: a header line, then one line per measured
/// (algorithm, n) point, atomically (core/io/atomic_file.hpp). Throws std::runtime_error naming
/// `path` and the cause when it cannot be written; an old file is then intact.
void write_scaling_sweep_csv(const ScalingSweepProgress& sweep, const std::string& path);

/// Draws update + pairs milliseconds per frame against n, one line per algorithm, and writes
/// it as PNG, atomically. Throws std::invalid_argument when nothing was measured yet or the
/// size is out of range, std::runtime_error naming `path` and the cause when it cannot be
/// written.
void write_scaling_sweep_png(const ScalingSweepProgress& sweep, const std::string& path,
                             SweepChartSize size = {});

}  // namespace aabb::ui

#pragma once
// A small log-log line chart rasterized in memory and saved as PNG (stb_image_write), with
// axes, decade grid, tick labels and a legend drawn in stb_easy_font's bitmap font. Used by
// aabb-bench (docs/benchmarks_scaling.png) and the sandbox's scaling-sweep export.

#include <string>
#include <utility>
#include <vector>

namespace aabb::report {

/// One line of the chart.
struct ChartSeries {
    /// Legend text.
    std::string label;
    /// (x, y) points, both > 0 (others are skipped: a log axis has no place for them).
    std::vector<std::pair<double, double>> points;
    /// Draw dashed (used for peer libraries). Default solid.
    bool dashed = false;
};

/// Size and texts of a chart.
struct ChartOptions {
    /// Image width in pixels. Default 1100.
    int width = 1100;
    /// Image height in pixels. Default 700.
    int height = 700;
    /// Title above the plot.
    std::string title;
    /// Label under the x axis.
    std::string x_label;
    /// Label above the y axis.
    std::string y_label;
};

/// Draws the series on log-log axes and writes the PNG atomically (report/png_file.hpp). Throws
/// std::invalid_argument when no series has a positive point or the size is absurd,
/// std::runtime_error naming the file and the cause when it cannot be written (an old file is
/// then intact).
void write_log_log_chart_png(const std::string& path, const std::vector<ChartSeries>& series,
                             const ChartOptions& options);

}  // namespace aabb::report

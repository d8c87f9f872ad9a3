#include "ui/jobs/scaling_sweep_export.hpp"

#include <stdexcept>
#include <vector>

#include "report/chart_writer.hpp"

namespace aabb::ui {

void write_scaling_sweep_csv(const ScalingSweepProgress& sweep, const std::string& path) {
    // Whole or not at all: a failed export leaves an older file as it was.
    write_measurements_csv(path, sweep.results, "uniform");
}

void write_scaling_sweep_png(const ScalingSweepProgress& sweep, const std::string& path,
                             SweepChartSize size) {
    if (sweep.results.empty()) {
        throw std::invalid_argument("scaling sweep: nothing measured yet, no chart to export");
    }
    std::vector<report::ChartSeries> series;
    for (const std::string& algorithm : sweep.algorithms) {
        report::ChartSeries line;
        line.label = algorithm;
        for (const BroadPhaseMeasurement& m : sweep.results) {
            if (m.algorithm == algorithm) {
                line.points.emplace_back(static_cast<double>(m.box_count), m.frame_ms());
            }
        }
        series.push_back(std::move(line));
    }
    report::ChartOptions options;
    options.width = size.width;
    options.height = size.height;
    options.title = "Scaling sweep (uniform random boxes)";
    options.x_label = "n (boxes, log)";
    options.y_label = "update + pairs ms per frame (log)";
    report::write_log_log_chart_png(path, series, options);
}

}  // namespace aabb::ui

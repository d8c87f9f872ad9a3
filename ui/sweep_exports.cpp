#include "ui/sweep_exports.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

namespace aabb::ui {

SweepExports::SweepExports(std::string csv_path, std::string png_path)
    : csv_path_(std::move(csv_path)),
      png_path_(std::move(png_path)),
      pending_(!csv_path_.empty() || !png_path_.empty()) {}

void SweepExports::poll(ComparisonWindow& comparison, bool fixed_run) {
    if (!pending_) return;
    if (comparison.sweep_finished()) {
        // The same actions as the window's Export buttons.
        const auto export_to = [&](const std::string& path, bool png) {
            if (path.empty()) return;
            if (!(png ? comparison.export_png(path) : comparison.export_csv(path))) {
                throw std::runtime_error(std::string(png ? "--export-png: " : "--export-csv: ") +
                                         comparison.status());
            }
            written_ += (written_.empty() ? "" : " and ") + path;
        };
        export_to(csv_path_, false);
        export_to(png_path_, true);
        pending_ = false;
        measurements_ = comparison.sweep().results.size();
    } else if (comparison.sweep_started() && !comparison.sweep().running) {
        // Stopped without finishing: an error, or Cancel pressed in an interactive run.
        const std::string reason =
            comparison.sweep().error.empty() ? std::string("cancelled") : comparison.sweep().error;
        if (fixed_run) throw std::runtime_error("scaling sweep: " + reason);
        std::fprintf(stderr, "aabb-sandbox: scaling sweep %s, nothing exported\n", reason.c_str());
        pending_ = false;
    }
}

}  // namespace aabb::ui

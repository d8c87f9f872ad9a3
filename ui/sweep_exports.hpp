#pragma once
// `--export-csv` / `--export-png`: once the scaling sweep has finished, press the comparison
// window's Export CSV / Export PNG with the given paths, exactly as a user would. A fixed
// frame count is extended until then (the sweep runs on its worker while frames are drawn).

#include <cstddef>
#include <string>

#include "ui/windows/comparison_window.hpp"

namespace aabb::ui {

/// The pending exports of one run.
class SweepExports {
  public:
    /// Exports to `csv_path` and `png_path` (either may be empty) when the sweep finishes.
    SweepExports(std::string csv_path, std::string png_path);

    /// True while an export waits for the sweep.
    [[nodiscard]] bool pending() const { return pending_; }
    /// Exports when the sweep has finished. When it stopped without finishing, a run with a
    /// fixed frame count (`fixed_run`) throws std::runtime_error; an interactive one logs it
    /// and gives up. Throws std::runtime_error when a file cannot be written.
    void poll(ComparisonWindow& comparison, bool fixed_run);
    /// Measurements of the sweep when it was exported.
    [[nodiscard]] std::size_t measurements() const { return measurements_; }
    /// The files written ("a.csv and b.png"); empty when none.
    [[nodiscard]] const std::string& written() const { return written_; }

  private:
    std::string csv_path_;
    std::string png_path_;
    bool pending_ = false;
    std::size_t measurements_ = 0;
    std::string written_;
};

}  // namespace aabb::ui

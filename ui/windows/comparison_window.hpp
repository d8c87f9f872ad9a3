#pragma once
// The broad-phase comparison window: live pruning numbers of the running algorithm, "Compare
// all" (every algorithm on a copy of the world's current boxes, one table, measured on a
// background thread: BackgroundComparison), and a scaling sweep that
// grows n on a background thread (ScalingSweepRunner; the window polls it each frame) and
// plots time against n on log-log axes, exported as CSV and PNG (scaling_sweep_export.hpp).
// The measuring lives in core/measure/broad_phase_comparison.hpp.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/measure/broad_phase_comparison.hpp"
#include "core/world/world.hpp"
#include "ui/commands/comparison_control.hpp"
#include "ui/jobs/background_comparison.hpp"
#include "ui/jobs/scaling_sweep_runner.hpp"
#include "ui/text/framed_message.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The comparison window and its measurements.
class ComparisonWindow final : public ComparisonControl {
  public:
    /// Shows or hides the window.
    void set_open(bool open) override { open_ = open; }
    /// True while shown.
    [[nodiscard]] bool open() const override { return open_; }
    /// Runs "Compare all" on the next draw().
    void request_compare() override { compare_requested_ = true; }
    /// Starts (or restarts) the scaling sweep with `options`.
    void start_sweep(ScalingSweepOptions options);
    /// Starts (or restarts) the scaling sweep with the window's defaults (default_sweep()).
    void start_sweep();
    /// The window's sweep: each point the mean of 8 frames of motion after the build, an
    /// algorithm skipped at larger sizes once its mean frame passed 150 ms.
    [[nodiscard]] static ScalingSweepOptions default_sweep();

    /// Stops a running sweep after its current measurement (the Cancel button).
    void cancel_sweep() { runner_.cancel(); }

    /// Copies the sweep's latest progress from its worker (call once per frame, also while
    /// the window is hidden), then builds the window inside `area` (placed at its top-left).
    void draw(const World& world, const ScreenRect& area);

    /// The Export CSV button: writes the sweep so far to `path`. Returns false (the reason in
    /// the window's status line and in `status()`) when it cannot.
    bool export_csv(const std::string& path);
    /// The Export PNG button: writes the sweep's chart to `path`; false like export_csv.
    bool export_png(const std::string& path);
    /// The last status line in English ("wrote ...", or an error), for the terminal; empty
    /// when none. The window shows it in the interface language.
    [[nodiscard]] std::string status() const { return status_.text(Language::en); }

    /// The last "Compare all" as of the last draw() (empty before the first).
    [[nodiscard]] const ComparisonProgress& comparison() const { return compare_; }
    /// The sweep's progress as of the last draw() (empty before a sweep starts).
    [[nodiscard]] const ScalingSweepProgress& sweep() const { return sweep_; }
    /// True once a sweep was started.
    [[nodiscard]] bool sweep_started() const { return runner_.started(); }
    /// True when the last draw() saw the sweep finished (every point measured or skipped).
    [[nodiscard]] bool sweep_finished() const { return sweep_.finished; }

  private:
    void draw_live_ratios(const World& world) const;
    void draw_comparison_table(const World& world);
    void draw_sweep();
    void poll_sweep();
    void poll_comparison();
    void draw_plot(glm::vec2 size);

    bool open_ = false;
    bool compare_requested_ = false;
    // "Compare all": the worker's progress copied each frame, and its version then.
    ComparisonProgress compare_;
    std::uint64_t compare_version_ = 0;
    std::string export_stem_ = "scaling_sweep";
    FramedMessage status_;
    // The worker's progress copied at the start of each draw(), and its version then.
    ScalingSweepProgress sweep_;
    std::uint64_t sweep_version_ = 0;
    // Declared last: destroyed first, so the workers are joined while everything else lives.
    BackgroundComparison comparer_;
    ScalingSweepRunner runner_;
};

}  // namespace aabb::ui

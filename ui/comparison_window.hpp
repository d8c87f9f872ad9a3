#pragma once
// The broad-phase comparison window: live pruning numbers of the running algorithm, "Compare
// all" (every algorithm on the world's current boxes, one table), and a scaling sweep that
// grows n one measurement per frame and plots time against n on log-log axes, exported as
// CSV and PNG. The measuring lives in core/broadphase/broad_phase_comparison.hpp.

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/broadphase/broad_phase_comparison.hpp"
#include "core/world/world.hpp"
#include "ui/camera.hpp"

namespace aabb::ui {

/// The comparison window and its measurements.
class ComparisonWindow {
  public:
    /// Shows or hides the window.
    void set_open(bool open) { open_ = open; }
    /// True while shown.
    [[nodiscard]] bool open() const { return open_; }
    /// Runs "Compare all" on the next draw().
    void request_compare() { compare_requested_ = true; }
    /// Starts (or restarts) the scaling sweep with `options`.
    void start_sweep(ScalingSweepOptions options);
    /// Starts (or restarts) the scaling sweep with the window's defaults: the best of 3 runs
    /// per point (a busy machine only adds time), 150 ms budget per point.
    void start_sweep();

    /// Builds the window inside `area` (placed at its top-left) and advances a running sweep
    /// by one measurement.
    void draw(const World& world, const ScreenRect& area);
    /// Writes a requested PNG of the plot from the back buffer; call after rendering, before
    /// the swap, with the framebuffer size in pixels.
    void after_render(glm::ivec2 framebuffer_size);

    /// The last "Compare all" results (empty before the first).
    [[nodiscard]] const std::vector<BroadPhaseMeasurement>& comparison() const {
        return comparison_;
    }
    /// The sweep, if one was started.
    [[nodiscard]] const std::optional<ScalingSweep>& sweep() const { return sweep_; }

  private:
    void draw_live_ratios(const World& world) const;
    void draw_comparison_table(const World& world);
    void draw_sweep();
    void draw_plot(glm::vec2 size);
    void export_csv();

    bool open_ = false;
    bool compare_requested_ = false;
    std::vector<BroadPhaseMeasurement> comparison_;
    std::size_t compared_count_ = 0;
    std::uint64_t compared_step_ = 0;
    std::optional<ScalingSweep> sweep_;
    bool sweep_running_ = false;
    std::string export_stem_ = "scaling_sweep";
    std::string status_;
    // The plot's screen rectangle in the last frame and whether to save it as PNG.
    ScreenRect plot_rect_;
    bool png_requested_ = false;
};

}  // namespace aabb::ui

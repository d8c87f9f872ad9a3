#pragma once
// Per-frame CPU cost of the sandbox by stage (simulation, UI build, render), kept as rolling
// histories for the panel's plots and as a full record for the exit summary (median and
// worst frame). Pure C++, unit tested.

#include <cstddef>
#include <span>
#include <vector>

#include "ui/rolling_history.hpp"

namespace aabb::ui {

/// CPU milliseconds spent in one frame, by stage.
struct FrameTimings {
    /// Stepping the world (zero, one or several fixed steps).
    double simulation_ms = 0.0;
    /// Building the ImGui frame: canvas geometry and panel widgets.
    double ui_build_ms = 0.0;
    /// ImGui::Render plus drawing its data with OpenGL, including waits inside the driver
    /// (software GL rasterizes there).
    double render_ms = 0.0;

    /// The frame's total CPU work (excludes waiting for the buffer swap / vsync).
    [[nodiscard]] double cpu_ms() const { return simulation_ms + ui_build_ms + render_ms; }
};

/// Median and worst of a series of frame times.
struct FrameTimeSummary {
    /// Frames measured.
    std::size_t frames = 0;
    /// Median CPU milliseconds per frame (mean of the middle two for an even count).
    double median_ms = 0.0;
    /// Largest CPU milliseconds of any frame.
    double worst_ms = 0.0;
};

/// The median and worst of `frame_ms`; all zero for an empty series.
[[nodiscard]] FrameTimeSummary summarize_frame_times(std::span<const double> frame_ms);

/// Records every frame's timings.
class FrameTimer {
  public:
    /// How many recent frames the rolling histories keep.
    static constexpr std::size_t history_frames = 240;

    FrameTimer();
    /// Records one finished frame.
    void record(const FrameTimings& timings);

    /// The last recorded frame, zeros before the first.
    [[nodiscard]] const FrameTimings& last() const { return last_; }
    /// Recent total CPU ms per frame.
    [[nodiscard]] const RollingHistory& cpu_history() const { return cpu_history_; }
    /// Recent simulation ms per frame.
    [[nodiscard]] const RollingHistory& simulation_history() const { return simulation_history_; }
    /// Median and worst CPU ms over every recorded frame.
    [[nodiscard]] FrameTimeSummary summary() const { return summarize_frame_times(all_cpu_ms_); }

  private:
    FrameTimings last_;
    RollingHistory cpu_history_;
    RollingHistory simulation_history_;
    std::vector<double> all_cpu_ms_;
};

}  // namespace aabb::ui

#pragma once
// Per-frame CPU cost of the sandbox by stage (simulation, UI build, render), kept as rolling
// histories for the panel's plots and as a full record for the exit summary (mean, median, p99
// and max, as core/measure/frame_time_statistics.hpp computes them). Pure C++, unit tested.

#include <cstddef>
#include <vector>

#include "core/measure/frame_time_statistics.hpp"
#include "ui/view/rolling_history.hpp"

namespace aabb::ui {

/// CPU milliseconds spent in one frame, by stage.
struct FrameTimings {
    /// Stepping the world (zero, one or several fixed steps), broad phase included.
    double simulation_ms = 0.0;
    /// The part of simulation_ms spent in the broad phase (update + find pairs).
    double broad_phase_ms = 0.0;
    /// Building the ImGui frame: canvas geometry and panel widgets.
    double ui_build_ms = 0.0;
    /// The part of ui_build_ms spent building the world's draw data (shapes, vertices).
    double draw_build_ms = 0.0;
    /// ImGui::Render plus drawing its data with OpenGL, including waits inside the driver
    /// (software GL rasterizes there).
    double render_ms = 0.0;

    /// The frame's total CPU work (excludes waiting for the buffer swap / vsync).
    [[nodiscard]] double cpu_ms() const { return simulation_ms + ui_build_ms + render_ms; }
    /// The frame's CPU work before rendering: simulation and UI build (the speed goals' measure,
    /// without the rasterizer).
    [[nodiscard]] double before_render_ms() const { return simulation_ms + ui_build_ms; }
};

/// Mean, p99, max and median CPU time per frame of each stage, the stages adding up to the
/// frame.
struct FrameStageSummary {
    /// Simulation without the broad phase (integration, bookkeeping).
    FrameTimeStatistics simulation_step;
    /// Broad phase: update + find pairs.
    FrameTimeStatistics broad_phase;
    /// Building the world's draw data.
    FrameTimeStatistics draw_build;
    /// The rest of the ImGui frame (panel, overlays, text).
    FrameTimeStatistics ui_build;
    /// The four stages above summed frame by frame: the CPU work before rendering.
    FrameTimeStatistics before_render;
    /// ImGui::Render and the OpenGL submission (software GL rasterizes here too).
    FrameTimeStatistics render_submit;
    /// The whole frame's CPU work.
    FrameTimeStatistics total;
};

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
    /// Mean, p99, max and median CPU ms over every recorded frame.
    [[nodiscard]] FrameTimeStatistics summary() const { return summarize_frame_times(all_cpu_ms_); }
    /// Mean, p99, max and median CPU ms of every stage over every recorded frame.
    [[nodiscard]] FrameStageSummary stage_summary() const;

  private:
    FrameTimings last_;
    RollingHistory cpu_history_;
    RollingHistory simulation_history_;
    std::vector<double> all_cpu_ms_;
    // Every frame's stage times, in FrameStageSummary order (without the total).
    std::vector<double> all_stage_ms_[6];
};

}  // namespace aabb::ui

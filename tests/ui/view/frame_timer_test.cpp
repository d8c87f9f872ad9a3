// Frame timings: per-stage sums and the exit summary (core/measure/frame_time_statistics.hpp
// computes its figures).

#include <doctest/doctest.h>

#include <vector>

#include "ui/view/frame_timer.hpp"

namespace aabb::ui {

TEST_CASE("frame timer records each frame's CPU total and keeps its histories") {
    FrameTimer timer;
    timer.record({.simulation_ms = 1.0, .ui_build_ms = 2.0, .render_ms = 3.0});
    timer.record({.simulation_ms = 0.5, .ui_build_ms = 0.5, .render_ms = 1.0});
    timer.record({.simulation_ms = 4.0, .ui_build_ms = 4.0, .render_ms = 4.0});
    CHECK(timer.last().cpu_ms() == 12.0);
    CHECK(timer.cpu_history().size() == 3);
    CHECK(timer.cpu_history().at(0) == doctest::Approx(6.0f));
    CHECK(timer.simulation_history().latest() == doctest::Approx(4.0f));
    const FrameTimeStatistics summary = timer.summary();
    CHECK(summary.frames == 3);
    CHECK(summary.median_ms == 6.0);
    CHECK(summary.mean_ms == doctest::Approx(20.0 / 3.0));  // (6 + 2 + 12) / 3
    CHECK(summary.max_ms == 12.0);
}

TEST_CASE("frame timer summarizes every stage, the sub-stages split out of their parents") {
    FrameTimer timer;
    timer.record({.simulation_ms = 3.0,
                  .broad_phase_ms = 2.0,
                  .ui_build_ms = 5.0,
                  .draw_build_ms = 1.0,
                  .render_ms = 7.0});
    timer.record({.simulation_ms = 9.0,
                  .broad_phase_ms = 4.0,
                  .ui_build_ms = 6.0,
                  .draw_build_ms = 3.0,
                  .render_ms = 1.0});
    const FrameStageSummary stages = timer.stage_summary();
    CHECK(stages.simulation_step.frames == 2);
    CHECK(stages.simulation_step.median_ms == 3.0);  // (1 + 5) / 2
    CHECK(stages.simulation_step.max_ms == 5.0);
    CHECK(stages.broad_phase.max_ms == 4.0);
    CHECK(stages.draw_build.median_ms == 2.0);
    CHECK(stages.ui_build.max_ms == 4.0);  // 5 - 1
    CHECK(stages.render_submit.median_ms == 4.0);
    // Summed per frame (3 + 5 and 9 + 6), not the sum of the stages' medians.
    CHECK(stages.before_render.median_ms == 11.5);
    CHECK(stages.before_render.max_ms == 15.0);
    CHECK(stages.total.max_ms == 16.0);
}

}  // namespace aabb::ui

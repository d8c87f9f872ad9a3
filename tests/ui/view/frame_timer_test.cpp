// Frame timings: per-stage sums and the exit summary (median and worst).

#include <doctest/doctest.h>

#include <vector>

#include "ui/view/frame_timer.hpp"

namespace aabb::ui {

TEST_CASE("frame time summary gives the median and the worst frame") {
    const std::vector<double> odd = {5.0, 1.0, 9.0, 3.0, 7.0};
    const FrameTimeSummary odd_summary = summarize_frame_times(odd);
    CHECK(odd_summary.frames == 5);
    CHECK(odd_summary.median_ms == 5.0);
    CHECK(odd_summary.worst_ms == 9.0);
    CHECK(odd_summary.p99_ms == 9.0);  // under 100 frames the p99 is the worst

    const std::vector<double> even = {4.0, 1.0, 2.0, 100.0};
    const FrameTimeSummary even_summary = summarize_frame_times(even);
    CHECK(even_summary.median_ms == 3.0);
    CHECK(even_summary.worst_ms == 100.0);

    // 200 frames 1..200 ms: the 198th is the smallest that 99% of them reach.
    std::vector<double> many;
    for (int frame = 200; frame >= 1; --frame)
        many.push_back(frame);
    const FrameTimeSummary many_summary = summarize_frame_times(many);
    CHECK(many_summary.p99_ms == 198.0);
    CHECK(many_summary.worst_ms == 200.0);

    const FrameTimeSummary empty = summarize_frame_times({});
    CHECK(empty.frames == 0);
    CHECK(empty.median_ms == 0.0);
}

TEST_CASE("frame timer records each frame's CPU total and keeps its histories") {
    FrameTimer timer;
    timer.record({.simulation_ms = 1.0, .ui_build_ms = 2.0, .render_ms = 3.0});
    timer.record({.simulation_ms = 0.5, .ui_build_ms = 0.5, .render_ms = 1.0});
    timer.record({.simulation_ms = 4.0, .ui_build_ms = 4.0, .render_ms = 4.0});
    CHECK(timer.last().cpu_ms() == 12.0);
    CHECK(timer.cpu_history().size() == 3);
    CHECK(timer.cpu_history().at(0) == doctest::Approx(6.0f));
    CHECK(timer.simulation_history().latest() == doctest::Approx(4.0f));
    const FrameTimeSummary summary = timer.summary();
    CHECK(summary.frames == 3);
    CHECK(summary.median_ms == 6.0);
    CHECK(summary.worst_ms == 12.0);
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
    CHECK(stages.simulation_step.worst_ms == 5.0);
    CHECK(stages.broad_phase.worst_ms == 4.0);
    CHECK(stages.draw_build.median_ms == 2.0);
    CHECK(stages.ui_build.worst_ms == 4.0);  // 5 - 1
    CHECK(stages.render_submit.median_ms == 4.0);
    // Summed per frame (3 + 5 and 9 + 6), not the sum of the stages' medians.
    CHECK(stages.before_render.median_ms == 11.5);
    CHECK(stages.before_render.worst_ms == 15.0);
    CHECK(stages.total.worst_ms == 16.0);
}

}  // namespace aabb::ui

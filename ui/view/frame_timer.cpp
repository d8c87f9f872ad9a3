#include "ui/view/frame_timer.hpp"

namespace aabb::ui {

FrameTimer::FrameTimer() : cpu_history_(history_frames), simulation_history_(history_frames) {
    all_cpu_ms_.reserve(4096);
    for (std::vector<double>& stage : all_stage_ms_)
        stage.reserve(4096);
}

void FrameTimer::record(const FrameTimings& timings) {
    last_ = timings;
    cpu_history_.push(static_cast<float>(timings.cpu_ms()));
    simulation_history_.push(static_cast<float>(timings.simulation_ms));
    all_cpu_ms_.push_back(timings.cpu_ms());
    all_stage_ms_[0].push_back(timings.simulation_ms - timings.broad_phase_ms);
    all_stage_ms_[1].push_back(timings.broad_phase_ms);
    all_stage_ms_[2].push_back(timings.draw_build_ms);
    all_stage_ms_[3].push_back(timings.ui_build_ms - timings.draw_build_ms);
    all_stage_ms_[4].push_back(timings.before_render_ms());
    all_stage_ms_[5].push_back(timings.render_ms);
}

FrameStageSummary FrameTimer::stage_summary() const {
    FrameStageSummary stages;
    stages.simulation_step = summarize_frame_times(all_stage_ms_[0]);
    stages.broad_phase = summarize_frame_times(all_stage_ms_[1]);
    stages.draw_build = summarize_frame_times(all_stage_ms_[2]);
    stages.ui_build = summarize_frame_times(all_stage_ms_[3]);
    stages.before_render = summarize_frame_times(all_stage_ms_[4]);
    stages.render_submit = summarize_frame_times(all_stage_ms_[5]);
    stages.total = summary();
    return stages;
}

}  // namespace aabb::ui

#include "ui/frame_timer.hpp"

#include <algorithm>

namespace aabb::ui {

FrameTimeSummary summarize_frame_times(std::span<const double> frame_ms) {
    FrameTimeSummary summary;
    summary.frames = frame_ms.size();
    if (frame_ms.empty()) return summary;
    std::vector<double> sorted(frame_ms.begin(), frame_ms.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t middle = sorted.size() / 2;
    summary.median_ms =
        sorted.size() % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle]);
    summary.worst_ms = sorted.back();
    return summary;
}

FrameTimer::FrameTimer() : cpu_history_(history_frames), simulation_history_(history_frames) {
    all_cpu_ms_.reserve(4096);
}

void FrameTimer::record(const FrameTimings& timings) {
    last_ = timings;
    cpu_history_.push(static_cast<float>(timings.cpu_ms()));
    simulation_history_.push(static_cast<float>(timings.simulation_ms));
    all_cpu_ms_.push_back(timings.cpu_ms());
}

}  // namespace aabb::ui

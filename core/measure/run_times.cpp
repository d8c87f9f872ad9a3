#include "core/measure/run_times.hpp"

#include "core/measure/frame_time_statistics.hpp"

namespace aabb {

FrameStatistics summarize_frames(std::span<const double> frame_ms, double setup_ms) {
    FrameStatistics statistics;
    statistics.build_ms = setup_ms;
    if (frame_ms.empty()) return statistics;
    statistics.build_ms += frame_ms.front();
    // Frames 1.., or frame 0 itself when it is the only one.
    const FrameTimeStatistics steady =
        summarize_frame_times(frame_ms.size() > 1 ? frame_ms.subspan(1) : frame_ms);
    statistics.mean_ms = steady.mean_ms;
    statistics.p99_ms = steady.p99_ms;
    statistics.max_ms = steady.max_ms;
    statistics.median_ms = steady.median_ms;
    return statistics;
}

}  // namespace aabb

#include "core/measure/frame_time_statistics.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

namespace aabb {

FrameTimeStatistics summarize_frame_times(std::span<const double> frame_ms) {
    FrameTimeStatistics statistics;
    statistics.frames = frame_ms.size();
    if (frame_ms.empty()) return statistics;
    std::vector<double> sorted(frame_ms.begin(), frame_ms.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t count = sorted.size();
    statistics.mean_ms =
        std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(count);
    // Nearest rank: ceil(0.99 n), counted from 1.
    const std::size_t rank = (count * 99 + 99) / 100;
    statistics.p99_ms = sorted[std::clamp<std::size_t>(rank, 1, count) - 1];
    statistics.max_ms = sorted.back();
    const std::size_t middle = count / 2;
    statistics.median_ms =
        count % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle]);
    return statistics;
}

}  // namespace aabb

#include "app/bench/frame_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace aabb::bench {

namespace {

// Nearest-rank percentile of already sorted, non-empty values.
double percentile(const std::vector<double>& sorted, double fraction) {
    const auto rank =
        static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

double median(const std::vector<double>& sorted) {
    const std::size_t middle = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle]);
}

}  // namespace

FrameStatistics summarize_frames(std::span<const double> frame_ms, double setup_ms) {
    FrameStatistics statistics;
    statistics.build_ms = setup_ms;
    if (frame_ms.empty()) return statistics;
    statistics.build_ms += frame_ms.front();
    std::vector<double> steady(frame_ms.begin() + (frame_ms.size() > 1 ? 1 : 0), frame_ms.end());
    std::sort(steady.begin(), steady.end());
    statistics.mean_ms =
        std::accumulate(steady.begin(), steady.end(), 0.0) / static_cast<double>(steady.size());
    statistics.p99_ms = percentile(steady, 0.99);
    statistics.max_ms = steady.back();
    statistics.median_ms = median(steady);
    return statistics;
}

}  // namespace aabb::bench

#pragma once
// What a series of frame times comes to: the mean (the total work, rare expensive frames
// included), the p99 and the max (the frames a player notices) and the median (a typical
// frame, blind to the rare expensive ones). The one definition aabb-bench's runs and the
// window's frame report share, so their figures compare.

#include <cstddef>
#include <span>

namespace aabb {

/// Mean, p99, max and median of a series of frame times, in milliseconds.
struct FrameTimeStatistics {
    /// Frames summarized.
    std::size_t frames = 0;
    /// Mean milliseconds per frame.
    double mean_ms = 0.0;
    /// 99th percentile, nearest rank: the smallest time at least 99% of the frames reach (the
    /// max below 100 frames, the second slowest at 120, the sixth slowest at 600).
    double p99_ms = 0.0;
    /// The slowest frame.
    double max_ms = 0.0;
    /// Median (the mean of the middle two for an even count).
    double median_ms = 0.0;
};

/// Summarizes `frame_ms`; all zero for an empty series.
[[nodiscard]] FrameTimeStatistics summarize_frame_times(std::span<const double> frame_ms);

}  // namespace aabb

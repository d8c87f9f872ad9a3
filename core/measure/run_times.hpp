#pragma once
// What one run's frame times come to: the build (frame 0, plus making the broad phase or
// runner) apart, and the mean, p99, max and median of the frames after it, which is what a game
// feels each frame. The one meaning of "build ms" and "frame ms" that aabb-bench and the
// window's Compare all report (both time their frames with time_frames, core/measure/
// timed_frames.hpp).

#include <span>

namespace aabb {

/// A run's timings, in milliseconds.
struct FrameStatistics {
    /// Making the runner plus frame 0 (building from nothing).
    double build_ms = 0.0;
    /// Mean of frames 1.., including the occasional expensive frame (a full re-sweep).
    double mean_ms = 0.0;
    /// 99th percentile (nearest rank) of frames 1..: the frame a player notices.
    double p99_ms = 0.0;
    /// The slowest of frames 1...
    double max_ms = 0.0;
    /// Median of frames 1..: a typical frame, blind to the rare expensive ones.
    double median_ms = 0.0;
};

/// Summarises `frame_ms` (frame 0 first) with `setup_ms` spent making the runner. The steady
/// statistics cover frames 1..; when only frame 0 ran they are frame 0's time. No frames:
/// everything is 0 (build_ms is setup_ms).
[[nodiscard]] FrameStatistics summarize_frames(std::span<const double> frame_ms,
                                               double setup_ms = 0.0);

}  // namespace aabb

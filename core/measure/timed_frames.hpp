#pragma once
// The one timing loop of aabb-bench (app/bench/single_run.cpp) and the window's Compare all
// (core/measure/broad_phase_comparison.hpp): each frame's boxes are fetched outside the clock,
// the frame's work (update every box, then find every pair) is timed alone, and frame 0 is the
// build, after which a time budget starts counting. What a caller does between frames (check
// pairs, print progress, measure a floor) happens outside the clock too. summarize_frames
// (core/measure/run_times.hpp) turns the times into the reported statistics.

#include <chrono>
#include <functional>
#include <span>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb {

/// The clock every timed frame is read on.
using FrameClock = std::chrono::steady_clock;

/// What one timed run does, frame by frame.
struct FrameLoop {
    /// Frames to run, frame 0 (the build) included; >= 0.
    int frame_count = 0;
    /// Stop between frames once the frames after the build have taken longer than this, after
    /// at least 2 frames and never before the last; 0 = never.
    double time_budget_seconds = 0.0;
    /// The boxes of frame `frame`, asked in order 0, 1, 2, ...; not timed.
    std::function<std::span<const Box2>(int frame)> boxes;
    /// The timed work of one frame on `boxes`. May throw (a deadline, a budget): the frames
    /// timed before stay in the caller's times.
    std::function<void(std::span<const Box2> boxes)> run_frame;
    /// Called at the end of frame 0 (after after_frame) with the time it ended, from which the
    /// budget counts (a runner that can stop inside a frame moves its deadline here). Optional.
    std::function<void(FrameClock::time_point end)> built;
    /// Called after each frame, outside the clock, with the frame's boxes and milliseconds.
    /// Optional.
    std::function<void(int frame, std::span<const Box2> boxes, double ms)> after_frame;
};

/// How a run of time_frames ended.
enum class FrameLoopEnd {
    /// Every frame ran.
    all_frames,
    /// The time budget stopped it between frames.
    time_budget,
};

/// Runs `loop`, appending each frame's milliseconds to `frame_ms` (cleared first). Throws what
/// loop's functions throw, `frame_ms` then holding the frames that finished.
FrameLoopEnd time_frames(const FrameLoop& loop, std::vector<double>& frame_ms);

/// Milliseconds from `start` to `end`.
[[nodiscard]] inline double milliseconds_between(FrameClock::time_point start,
                                                 FrameClock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

}  // namespace aabb

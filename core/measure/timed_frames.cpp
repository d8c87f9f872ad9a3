#include "core/measure/timed_frames.hpp"

namespace aabb {

FrameLoopEnd time_frames(const FrameLoop& loop, std::vector<double>& frame_ms) {
    frame_ms.clear();
    // The budget counts frames after the build, so a slow build (Bullet's axis sweep inserts
    // one box at a time) still gets its frames measured.
    FrameClock::time_point run_start = FrameClock::now();
    for (int frame = 0; frame < loop.frame_count; ++frame) {
        const std::span<const Box2> boxes = loop.boxes(frame);
        const FrameClock::time_point start = FrameClock::now();
        loop.run_frame(boxes);
        const FrameClock::time_point end = FrameClock::now();
        const double ms = milliseconds_between(start, end);
        frame_ms.push_back(ms);
        // Right after the frame, with its boxes and pairs still in cache (aabb-bench times its
        // copy floor there), then the build's end.
        if (loop.after_frame) loop.after_frame(frame, boxes, ms);
        if (frame == 0) {
            run_start = end;
            if (loop.built) loop.built(end);
        }
        const double elapsed_s = milliseconds_between(run_start, FrameClock::now()) / 1000.0;
        if (loop.time_budget_seconds > 0.0 && frame >= 1 && frame + 1 < loop.frame_count &&
            elapsed_s > loop.time_budget_seconds) {
            return FrameLoopEnd::time_budget;
        }
    }
    return FrameLoopEnd::all_frames;
}

}  // namespace aabb

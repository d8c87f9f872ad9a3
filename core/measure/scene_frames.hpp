#pragma once
// The frames a measurement runs: the boxes of consecutive frames, each frame with its own box
// count. record_world_frames takes them from a world's own next steps (static walls stay,
// bullets sweep as bullets, spawners spawn), so that Compare all (core/measure/
// broad_phase_comparison.hpp) and aabb-bench --scene time what the scene does, not synthetic
// motion.

#include <cstddef>
#include <span>
#include <vector>

#include "core/geometry/box.hpp"
#include "core/measure/trace.hpp"

namespace aabb {

class World;

/// The boxes of frames 0..frame_count()−1, frame-major.
struct FrameSequence {
    /// Every frame's boxes, one after the other.
    std::vector<Box2> boxes;
    /// Frame f is boxes[starts[f], starts[f + 1]); starts.front() is 0.
    std::vector<std::size_t> starts{0};

    /// Frames held.
    [[nodiscard]] int frame_count() const { return static_cast<int>(starts.size()) - 1; }
    /// The boxes of frame `frame` (box i has id i). Precondition: 0 <= frame < frame_count().
    [[nodiscard]] std::span<const Box2> frame(int frame) const;
    /// The most boxes any frame has (0 when there is none).
    [[nodiscard]] std::size_t largest_count() const;
    /// Appends a frame.
    void add_frame(std::span<const Box2> frame_boxes);
};

/// The most boxes record_world_frames keeps over all its frames: 8 million (128 MB). A
/// recording that would pass it ends at the frame before (at least 2 frames are kept).
inline constexpr std::size_t max_recorded_boxes = 8'000'000;

/// The boxes `world` gives its broad phase (World::broad_phase_boxes) now, as frame 0, then
/// after each of its next `frame_count` − 1 steps, stepping `world` (the caller's copy).
/// Fewer frames when max_recorded_boxes would be passed. Throws std::invalid_argument for a
/// frame_count below 1, what World::step throws (BudgetExceeded), and StopRequested between
/// steps once stop_requested() (core/parallel/stop_request.hpp).
[[nodiscard]] FrameSequence record_world_frames(World& world, int frame_count);

/// `frames` as a trace (aabb-bench --trace's format). Throws std::invalid_argument naming the
/// frame where the box count changes (a spawner, a removed body): a trace has one count.
[[nodiscard]] Trace to_trace(const FrameSequence& frames);

}  // namespace aabb

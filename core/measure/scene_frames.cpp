#include "core/measure/scene_frames.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/parallel/stop_request.hpp"
#include "core/world/world.hpp"

namespace aabb {

std::span<const Box2> FrameSequence::frame(int frame) const {
    const auto index = static_cast<std::size_t>(frame);
    return std::span<const Box2>(boxes).subspan(starts[index], starts[index + 1] - starts[index]);
}

std::size_t FrameSequence::largest_count() const {
    std::size_t largest = 0;
    for (std::size_t i = 1; i < starts.size(); ++i)
        largest = std::max(largest, starts[i] - starts[i - 1]);
    return largest;
}

void FrameSequence::add_frame(std::span<const Box2> frame_boxes) {
    boxes.insert(boxes.end(), frame_boxes.begin(), frame_boxes.end());
    starts.push_back(boxes.size());
}

FrameSequence record_world_frames(World& world, int frame_count) {
    if (frame_count < 1) {
        throw std::invalid_argument("scene frames: frame count must be at least 1, got " +
                                    std::to_string(frame_count));
    }
    FrameSequence frames;
    frames.add_frame(world.broad_phase_boxes());
    for (int frame = 1; frame < frame_count; ++frame) {
        throw_if_stop_requested("scene frames");
        world.step();
        const std::span<const Box2> boxes = world.broad_phase_boxes();
        if (frame >= 2 && frames.boxes.size() + boxes.size() > max_recorded_boxes) break;
        frames.add_frame(boxes);
    }
    return frames;
}

Trace to_trace(const FrameSequence& frames) {
    Trace trace;
    trace.frame_count = frames.frame_count();
    trace.box_count = frames.frame_count() > 0 ? frames.frame(0).size() : 0;
    for (int frame = 1; frame < frames.frame_count(); ++frame) {
        if (frames.frame(frame).size() != trace.box_count) {
            throw std::invalid_argument(
                "scene frames: the box count changes at frame " + std::to_string(frame) + " (" +
                std::to_string(trace.box_count) + " to " +
                std::to_string(frames.frame(frame).size()) +
                "; a spawner or a removed body), and a trace has one count");
        }
    }
    trace.boxes = frames.boxes;
    return trace;
}

}  // namespace aabb

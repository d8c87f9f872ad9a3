#include "ui/model/recording_playback.hpp"

#include <stdexcept>

#include "core/world/motion_replay.hpp"

namespace aabb::ui {

RecordingPlayback::RecordingPlayback(const std::filesystem::path& recording) : reader_(recording) {
    if (!reader_.next_frame(current_))
        throw std::invalid_argument(reader_.source() + ": the recording has no frame");
}

void RecordingPlayback::start(World& world, bool own_bounds) {
    // A box trace makes its bodies from frame 0 (the scene, if any, gave the settings).
    if (reader_.format() == RecordingFormat::box_trace)
        add_trace_boxes(world, current_, own_bounds);
    origin_ = world.snapshot();
    start_replay(world, current_, reader_.source(), 0, origin_.spawners);
    frame_ = 0;
    ended_ = false;
    next_ready_ = false;
}

bool RecordingPlayback::read_next() {
    if (next_ready_) return true;
    // The reader stands at the current frame unless a seek read past it.
    if (reader_.frame() != frame_) {
        reader_.seek(static_cast<std::size_t>(frame_));
        (void)reader_.next_frame(next_);  // frame_ again: next_ is read over just below
    }
    if (!reader_.next_frame(next_)) {
        ended_ = true;
        return false;
    }
    next_ready_ = true;
    return true;
}

void RecordingPlayback::step(World& world) {
    replay_step(world, current_, next_, reader_.source(), reader_.frame(), origin_.spawners);
    current_.swap(next_);
    frame_ = reader_.frame();
    next_ready_ = false;
}

void RecordingPlayback::follow(const World& world) {
    load(static_cast<std::int64_t>(world.frame()));
}

void RecordingPlayback::load(std::int64_t frame) {
    reader_.seek(static_cast<std::size_t>(frame));
    (void)reader_.next_frame(current_);
    frame_ = frame;
    ended_ = false;
    next_ready_ = false;
}

std::size_t RecordingPlayback::resident_poses() const {
    return current_.capacity() + next_.capacity();
}

bool RecordingPlayback::seek(World& world, std::int64_t frame) {
    if (frame < 0) return false;
    if (static_cast<std::size_t>(frame) >= reader_.indexed_frames()) {
        // Read forward to it: the index grows as frames are read.
        reader_.seek(reader_.indexed_frames() - 1);
        // The frames skipped go through next_ (read again below): two frames at most are held.
        while (reader_.indexed_frames() <= static_cast<std::size_t>(frame)) {
            if (!reader_.next_frame(next_)) {
                load(frame_);
                return false;
            }
        }
    }
    load(frame);
    world.restore(origin_);
    start_replay(world, current_, reader_.source(), frame, origin_.spawners);
    return true;
}

}  // namespace aabb::ui

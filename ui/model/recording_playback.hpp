#pragma once
// The window's replay of a motion recording or a box trace (core/world/motion_recording.hpp;
// a box trace makes its own bodies, core/world/motion_replay.hpp): the frames are
// read one at a time as the world steps through them (World steps with the world's own
// detection, core/world/motion_replay.hpp), the reader's index of frame offsets lets step
// back and the scrubber go to a frame already read, and the scene's bodies as loaded are kept
// so a scrub can go back before bodies left. Pure C++ on aabb_core, unit tested.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/world/motion_recording.hpp"
#include "core/world/world.hpp"
#include "core/world/world_snapshot.hpp"

namespace aabb::ui {

/// Plays a recording through a world built from its scene.
class RecordingPlayback {
  public:
    /// Opens `recording` (throws as MotionRecordingReader does, or std::invalid_argument for
    /// a recording without frames); the scene is loaded by the caller.
    explicit RecordingPlayback(const std::filesystem::path& recording);

    /// Motion recording or box trace.
    [[nodiscard]] RecordingFormat format() const { return reader_.format(); }
    /// The scene file the recording names (empty without its comment).
    [[nodiscard]] std::filesystem::path scene_path() const { return reader_.scene_path(); }
    /// Puts `world` (just built from the scene) at frame 0 and keeps its bodies for scrubbing.
    /// A box trace makes its bodies first (add_trace_boxes; `own_bounds` when no scene gave
    /// the settings).
    void start(World& world, bool own_bounds = false);
    /// Reads the next recorded frame; false at the end of the recording (nothing changes).
    bool read_next();
    /// One world step from the current frame to the one read_next() read.
    void step(World& world);
    /// After `world` was put back (step back) at recorded frame world.frame(): the current
    /// frame follows it.
    void follow(const World& world);
    /// Puts `world` at recorded frame `frame` (its poses, no events: the steps skipped are
    /// not analysed), reading forward as far as needed. Returns false, changing nothing, when
    /// the recording ends before `frame`.
    bool seek(World& world, std::int64_t frame);

    /// The recorded frame the world shows.
    [[nodiscard]] std::int64_t frame() const { return frame_; }
    /// Frames read so far (the scrubber's range): frame() < known_frames().
    [[nodiscard]] std::size_t known_frames() const { return reader_.indexed_frames(); }
    /// True once read_next() found the end.
    [[nodiscard]] bool ended() const { return ended_; }
    /// The poses held in memory (capacity of the current and next frames): two frames'
    /// worth, however many frames were played, scrubbed or stepped back through.
    [[nodiscard]] std::size_t resident_poses() const;
    /// The reader's own bytes (MotionRecordingReader::resident_bytes).
    [[nodiscard]] std::size_t reader_bytes() const { return reader_.resident_bytes(); }
    /// The recording's name as messages quote it.
    [[nodiscard]] const std::string& source() const { return reader_.source(); }

  private:
    void load(std::int64_t frame);

    MotionRecordingReader reader_;
    WorldSnapshot origin_;
    std::vector<RecordedPose> current_;
    std::vector<RecordedPose> next_;
    std::int64_t frame_ = 0;
    bool ended_ = false;
    // next_ holds frame_ + 1 (read, not yet stepped to).
    bool next_ready_ = false;
};

}  // namespace aabb::ui

#pragma once
// What a running world did, written when the run ends: its motion recording (--record,
// core/world/motion_recording.hpp, docs/recording_format.md) and its continuous-detection
// events as CSV (--events-csv, core/scene/motion_event_csv.hpp). Headless runs and the window
// write through this one class: the caller steps the world and reports each step here.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/world/world.hpp"

namespace aabb {

class MotionRecordingWriter;

/// A failed --record or --events-csv write: what() is "FLAG: cannot write 'FILE': CAUSE".
class RecordingWriteError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Where a RunRecorder writes. An empty path writes nothing of that kind.
struct RunRecording {
    /// The scene file the world was built from: the recording's "# scene:" comment names it.
    std::filesystem::path scene;
    /// The motion recording (--record FILE). Default empty: none.
    std::filesystem::path record;
    /// The events as CSV (--events-csv FILE). Default empty: none.
    std::filesystem::path events_csv;
};

/// Records one run of a world: start() at its first state, after_step() after each step,
/// finish() at the end. A step the world takes again after a step back (its frame not past the
/// last one recorded) is not recorded twice, so the recording's frames stay in order.
class RunRecorder {
  public:
    /// Starts the recording file (written atomically: it appears whole at finish()). Throws
    /// RecordingWriteError when it cannot be started.
    explicit RunRecorder(RunRecording where);
    ~RunRecorder();
    RunRecorder(const RunRecorder&) = delete;
    RunRecorder& operator=(const RunRecorder&) = delete;

    /// Records `world` as it is now: frame world.frame() (0 for a new world) of the recording.
    void start(const World& world);
    /// Records the step `world` has just taken: its poses and its events (World::events()).
    void after_step(const World& world);
    /// Writes the events CSV and puts the recording in place, every write checked. Throws
    /// RecordingWriteError naming the flag and the file.
    void finish();

    /// The outputs.
    [[nodiscard]] const RunRecording& outputs() const { return where_; }
    /// The events recorded so far, in order.
    [[nodiscard]] const std::vector<MotionEvent>& events() const { return events_; }
    /// The last frame recorded; -1 before start().
    [[nodiscard]] std::int64_t last_frame() const { return last_frame_; }

  private:
    RunRecording where_;
    std::unique_ptr<MotionRecordingWriter> writer_;
    std::vector<MotionEvent> events_;
    std::int64_t last_frame_ = -1;
};

/// The scene as a recording's "# scene:" comment names it: relative to the recording's folder
/// when it can be, so the pair can be moved together.
[[nodiscard]] std::string recorded_scene_name(const std::filesystem::path& scene,
                                              const std::filesystem::path& record);

}  // namespace aabb

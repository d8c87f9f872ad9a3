#include "core/scene/run_recorder.hpp"

#include <utility>

#include "core/io/atomic_file.hpp"
#include "core/scene/motion_event_csv.hpp"
#include "core/world/motion_recording.hpp"

namespace aabb {

std::string recorded_scene_name(const std::filesystem::path& scene,
                                const std::filesystem::path& record) {
    std::error_code error;
    const std::filesystem::path folder = std::filesystem::absolute(record, error).parent_path();
    const std::filesystem::path relative =
        std::filesystem::proximate(std::filesystem::absolute(scene, error), folder, error);
    return (error || relative.empty() ? scene : relative).generic_string();
}

RunRecorder::RunRecorder(RunRecording where) : where_(std::move(where)) {
    if (where_.record.empty()) return;
    try {
        writer_ = std::make_unique<MotionRecordingWriter>(
            where_.record, recorded_scene_name(where_.scene, where_.record));
    } catch (const io::WriteError& error) {
        throw RecordingWriteError(std::string("--record: ") + error.what());
    }
}

RunRecorder::~RunRecorder() = default;

void RunRecorder::start(const World& world) {
    last_frame_ = static_cast<std::int64_t>(world.frame());
    if (writer_) writer_->write_frame(last_frame_, world);
}

void RunRecorder::after_step(const World& world) {
    const auto frame = static_cast<std::int64_t>(world.frame());
    if (frame <= last_frame_) return;  // taken again after a step back: recorded already
    last_frame_ = frame;
    if (writer_) writer_->write_frame(frame, world);
    if (!where_.events_csv.empty())
        events_.insert(events_.end(), world.events().begin(), world.events().end());
}

void RunRecorder::finish() {
    if (!where_.events_csv.empty()) {
        try {
            save_motion_events_csv(where_.events_csv, events_);
        } catch (const io::WriteError& error) {
            throw RecordingWriteError(std::string("--events-csv: ") + error.what());
        }
    }
    if (writer_) {
        try {
            writer_->finish();
        } catch (const io::WriteError& error) {
            throw RecordingWriteError(std::string("--record: ") + error.what());
        }
    }
}

}  // namespace aabb

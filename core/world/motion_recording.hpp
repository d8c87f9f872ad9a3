#pragma once
// Motion recordings: the poses of a scene's bodies frame by frame, as a game records them, so
// a run can be replayed and checked for tunneling between recorded frames (docs/
// recording_format.md). The format, one text file:
//
//     # scene: shapes.json
//     frame,id,x,y,angle
//     0,0,2,0,0
//     0,1,10,0,0
//     1,0,12,0,0
//     ...
//
// The comment names the scene file that holds the shapes (a relative path is taken from the
// recording's folder). Frames are 0, 1, 2, ... in order, each frame's rows together; within a
// frame each id at most once, in any order. A body of the scene missing from a frame is gone
// from that frame on (a body that left the world).
//
// The same reader streams a box trace (core/measure/trace.hpp: the header
// `frame,id,min_x,min_y,max_x,max_y`, the CSV aabb-bench --trace reads), told apart by its
// header: each row becomes a pose with a size (center, half size, angle 0), parsed by the
// trace's own row parser, and every frame must hold the ids 0..n−1 of frame 0, as a trace.
//
// The reader streams: it holds one frame at a time and an index of where each frame read so
// far starts, so 100,000 bodies × 1,000 frames is never in memory whole.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

#include "core/world/world.hpp"

namespace aabb {

/// One body's pose in one recorded frame.
struct RecordedPose {
    /// The body's id (World::body_ids()).
    BodyId id = 0;
    /// Center.
    glm::vec2 position{0.0f};
    /// Angle in radians.
    float angle = 0.0f;
    /// A box trace's row: half the box's size (its min and max are position ∓ half_size).
    /// Zero in a motion recording (the scene gives the shapes).
    glm::vec2 half_size{0.0f};
    /// A body a spawner of the scene made: that spawner's index (its `# spawned:` line), so a
    /// replay can make the body the scene does not hold; −1 for the others.
    std::int32_t spawner = -1;
};

/// What a recording file holds, told by its header.
enum class RecordingFormat : std::uint8_t {
    /// `frame,id,x,y,angle`: poses of a scene's bodies.
    motion,
    /// `frame,id,min_x,min_y,max_x,max_y`: boxes (the trace aabb-bench --trace reads).
    box_trace,
};

/// The column header of a recording.
inline constexpr std::string_view recording_header = "frame,id,x,y,angle";
/// The comment that names the scene: "# scene: FILE".
inline constexpr std::string_view recording_scene_prefix = "# scene:";
/// The comment that says which spawner of the scene made a body: "# spawned: ID SPAWNER",
/// before the body's first row.
inline constexpr std::string_view recording_spawned_prefix = "# spawned:";
/// The most bodies a recording may declare spawned: 10,000,000 (8 bytes each in the reader).
inline constexpr std::size_t max_recording_spawned = 10'000'000;
/// The longest line a recording may have, as a trace: 4096 characters (a row is under 100).
inline constexpr std::size_t max_recording_line_length = 4096;
/// The most rows one frame may hold: 1,000,000 (World bodies at most, as the window's).
inline constexpr std::size_t max_recording_frame_rows = 1'000'000;
/// The most frames a recording may hold: 10,000,000 (as headless --frames).
inline constexpr std::int64_t max_recording_frames = 10'000'000;

/// Reads a recording frame by frame. Every error is std::invalid_argument "FILE:LINE: what",
/// the offending text quoted through input_excerpt.
class MotionRecordingReader {
  public:
    /// Opens `path` (a regular file; core/io/bounded_read.hpp) and reads the scene comment
    /// and the header. Throws io::ReadError for a file that cannot be read and
    /// std::invalid_argument for a bad header.
    explicit MotionRecordingReader(const std::filesystem::path& path);
    ~MotionRecordingReader();
    MotionRecordingReader(const MotionRecordingReader&) = delete;
    MotionRecordingReader& operator=(const MotionRecordingReader&) = delete;

    /// The recording's name as messages quote it (input_excerpt of the path).
    [[nodiscard]] const std::string& source() const { return name_; }
    /// Motion recording or box trace (from the header).
    [[nodiscard]] RecordingFormat format() const { return format_; }
    /// The scene file the comment names, as written (empty without the comment).
    [[nodiscard]] const std::string& scene() const { return scene_; }
    /// The scene file resolved: a relative path from the recording's folder; empty without.
    [[nodiscard]] std::filesystem::path scene_path() const;
    /// Reads the next frame into `poses`, sorted by id. Returns false at the end of the file.
    bool next_frame(std::vector<RecordedPose>& poses);
    /// The number of the frame next_frame returned last (-1 before the first).
    [[nodiscard]] std::int64_t frame() const { return frame_; }
    /// Frames whose start is known (read at least once).
    [[nodiscard]] std::size_t indexed_frames() const { return frame_offsets_.size(); }
    /// The bytes the reader itself holds (its line, its index, a box trace's per-frame id
    /// marks, the file buffer): what streaming keeps bounded, whatever the frames read.
    [[nodiscard]] std::size_t resident_bytes() const;
    /// Makes the next next_frame() return frame `frame`, which must be indexed (read before):
    /// the file is read again from the frame's byte offset (nothing before it is read).
    void seek(std::size_t frame);

  private:
    struct Input;
    [[noreturn]] void fail(const std::string& what) const;
    bool read_line();
    void parse_row(std::int64_t& frame, RecordedPose& pose) const;
    void parse_trace_row(std::int64_t& frame, RecordedPose& pose) const;
    // A "# spawned: ID SPAWNER" line: remembered (read again after a seek: the same again is
    // fine).
    void parse_spawned();
    // The spawner that made `id`, or −1.
    [[nodiscard]] std::int32_t spawner_of(BodyId id) const;
    // Where `id` is, or would go, in spawned_.
    [[nodiscard]] std::vector<std::pair<BodyId, std::uint32_t>>::const_iterator spawned_at(
        BodyId id) const;
    // A box trace's id checks as a row is read: in range, once per frame.
    void mark_trace_id(std::int64_t frame, BodyId id);
    // A box trace's frame that just ended holds every id of frame 0.
    void check_trace_frame(std::int64_t frame, const char* where);
    void open_at(std::uint64_t offset, std::size_t line_number);

    std::filesystem::path path_;
    std::string name_;
    std::string scene_;
    RecordingFormat format_ = RecordingFormat::motion;
    // A box trace: the ids of frame 0 (0..n−1) and the ids seen in the frame being read.
    std::size_t trace_box_count_ = 0;
    std::vector<std::uint8_t> trace_seen_;
    // (id, spawner) of every body declared spawned so far, sorted by id.
    std::vector<std::pair<BodyId, std::uint32_t>> spawned_;
    std::unique_ptr<Input> input_;
    std::string line_;
    std::size_t line_number_ = 0;
    std::uint64_t offset_ = 0;  // of the byte after line_
    std::uint64_t line_offset_ = 0;
    bool pending_ = false;  // line_ holds the first row of the next frame
    std::int64_t frame_ = -1;
    struct FrameStart {
        std::uint64_t offset = 0;
        std::size_t line = 0;
    };
    std::vector<FrameStart> frame_offsets_;
};

/// Writes a recording of a running world: the comment and header, then each frame as it comes.
/// Goes through io::AtomicFile: the file appears whole at finish(), or not at all.
class MotionRecordingWriter {
  public:
    /// Starts `path`; `scene` is what the comment names. Throws io::WriteError.
    MotionRecordingWriter(const std::filesystem::path& path, const std::string& scene);
    ~MotionRecordingWriter();
    MotionRecordingWriter(const MotionRecordingWriter&) = delete;
    MotionRecordingWriter& operator=(const MotionRecordingWriter&) = delete;

    /// Appends the poses of every body of `world` as frame `frame` (shortest round-tripping
    /// floats, so a replay starts from the same bits). Before the first row of a body not seen
    /// before whose shape is the body of one of the world's spawners, a `# spawned:` line names
    /// that spawner (a replay makes the body from it; the line is ignored for a body the scene
    /// holds).
    void write_frame(std::int64_t frame, const World& world);
    /// Checks every write and puts the file in place. Throws io::WriteError.
    void finish();

  private:
    struct Output;
    std::unique_ptr<Output> output_;
    // Ids up to this one were written before (ids only grow).
    std::int64_t last_id_ = -1;
};

}  // namespace aabb

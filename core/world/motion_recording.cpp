#include "core/world/motion_recording.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <istream>
#include <stdexcept>

#include "core/io/atomic_file.hpp"
#include "core/io/bounded_read.hpp"
#include "core/measure/trace.hpp"
#include "core/text/input_excerpt.hpp"
#include "core/world/body_extent.hpp"

namespace aabb {

namespace {

constexpr std::array<std::string_view, 5> field_names = {"frame", "id", "x", "y", "angle"};
constexpr std::size_t quoted_name_limit = 200;

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

// Whether `body` could be one `spawned` makes: the same kind, shape (its size, radius or
// polygon), detection and response (the spawner sets the pose, the velocity and maybe the angle;
// a response may have stopped its spin already).
bool same_shape(const Body& spawned, const Body& body) {
    if (spawned.kind != body.kind || spawned.shape != body.shape ||
        spawned.detection != body.detection || spawned.response != body.response) {
        return false;
    }
    switch (body.shape) {
        case ShapeType::circle:
            return spawned.radius == body.radius;
        case ShapeType::polygon:
            return spawned.polygon == body.polygon;
        default:
            return spawned.half_size == body.half_size;
    }
}

}  // namespace

struct MotionRecordingReader::Input {
    Input(const std::filesystem::path& path, const std::string& name)
        : file(path, name, "motion recording"),
          buffer(std::make_unique<io::InputFileBuffer>(file)) {}
    io::InputFile file;
    std::unique_ptr<io::InputFileBuffer> buffer;
};

MotionRecordingReader::MotionRecordingReader(const std::filesystem::path& path)
    : path_(path), name_(input_excerpt(path.generic_string(), quoted_name_limit)) {
    open_at(0, 0);
    if (!read_line()) fail("the file is empty: expected '" + std::string(recording_header) + "'");
    if (std::string_view(line_).starts_with(recording_scene_prefix)) {
        scene_ =
            std::string(trimmed(std::string_view(line_).substr(recording_scene_prefix.size())));
        if (scene_.empty()) fail("'# scene:' names no file");
        if (!read_line()) fail("expected the header '" + std::string(recording_header) + "'");
    }
    if (trimmed(line_) == trace_header) {
        format_ = RecordingFormat::box_trace;
    } else if (trimmed(line_) != recording_header) {
        fail("bad header '" + input_excerpt(trimmed(line_)) + "': expected '" +
             std::string(recording_header) + "' (a motion recording) or '" +
             std::string(trace_header) + "' (a box trace)");
    }
}

std::size_t MotionRecordingReader::resident_bytes() const {
    return sizeof(*this) + line_.capacity() + trace_seen_.capacity() +
           spawned_.capacity() * sizeof(spawned_.front()) +
           frame_offsets_.capacity() * sizeof(FrameStart) +
           (input_ ? sizeof(Input) + sizeof(io::InputFileBuffer) + io::InputFileBuffer::buffer_bytes
                   : 0);
}

MotionRecordingReader::~MotionRecordingReader() = default;

std::filesystem::path MotionRecordingReader::scene_path() const {
    if (scene_.empty()) return {};
    const std::filesystem::path scene(scene_);
    return scene.is_absolute() ? scene : path_.parent_path() / scene;
}

void MotionRecordingReader::fail(const std::string& what) const {
    throw std::invalid_argument(name_ + ":" + std::to_string(line_number_) + ": " + what);
}

void MotionRecordingReader::open_at(std::uint64_t offset, std::size_t line_number) {
    if (!input_) input_ = std::make_unique<Input>(path_, name_);
    // A regular file (io::InputFile refuses pipes and devices), so it can seek: a scrub to an
    // indexed frame reads nothing before it.
    input_->file.seek(offset);
    input_->buffer = std::make_unique<io::InputFileBuffer>(input_->file);
    offset_ = offset;
    line_number_ = line_number;
    pending_ = false;
    std::fill(trace_seen_.begin(), trace_seen_.end(), std::uint8_t{0});
}

// One line (without '\n') into line_, bounded: a file without newlines must not grow a line
// without bound. False at the end of the file.
bool MotionRecordingReader::read_line() {
    line_.clear();
    line_offset_ = offset_;
    ++line_number_;
    for (;;) {
        const int character = input_->buffer->sbumpc();
        if (character == std::char_traits<char>::eof()) return !line_.empty();
        ++offset_;
        if (character == '\n') return true;
        if (line_.size() == max_recording_line_length) {
            fail("line longer than " + std::to_string(max_recording_line_length) +
                 (format_ == RecordingFormat::box_trace
                      ? " characters: not a box trace (a row is six numbers)"
                      : " characters: not a motion recording (a row is five numbers)"));
        }
        line_.push_back(static_cast<char>(character));
    }
}

void MotionRecordingReader::parse_row(std::int64_t& frame, RecordedPose& pose) const {
    std::array<std::string_view, 5> fields;
    std::size_t count = 0;
    std::string_view row = trimmed(line_);
    while (true) {
        const std::size_t comma = row.find(',');
        if (count < fields.size()) fields[count] = trimmed(row.substr(0, comma));
        ++count;
        if (comma == std::string_view::npos) break;
        row.remove_prefix(comma + 1);
    }
    if (count != fields.size()) {
        fail("expected 5 fields (" + std::string(recording_header) + "), got " +
             std::to_string(count) + ": '" + input_excerpt(trimmed(line_)) + "'");
    }
    const auto integer = [&](std::size_t field, long long high) {
        long long value = 0;
        const std::string_view text = fields[field];
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0 ||
            value > high) {
            fail("field '" + std::string(field_names[field]) + "' is not a whole number in 0.." +
                 std::to_string(high) + ": '" + input_excerpt(text) + "'");
        }
        return value;
    };
    const auto number = [&](std::size_t field) {
        float value = 0.0f;
        const std::string_view text = fields[field];
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
            !std::isfinite(value)) {
            fail("field '" + std::string(field_names[field]) + "' is not a finite float: '" +
                 input_excerpt(text) + "'");
        }
        return value;
    };
    frame = integer(0, max_recording_frames - 1);
    pose.id = static_cast<BodyId>(integer(1, std::numeric_limits<BodyId>::max()));
    pose.position = {number(2), number(3)};
    pose.angle = number(4);
    pose.spawner = spawner_of(pose.id);
}

void MotionRecordingReader::parse_spawned() {
    const std::string_view text =
        trimmed(std::string_view(line_).substr(recording_spawned_prefix.size()));
    const std::size_t space = text.find(' ');
    long long id = -1;
    long long spawner = -1;
    const auto whole = [](std::string_view field, long long& value, long long high) {
        const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
        return !field.empty() && error == std::errc() && end == field.data() + field.size() &&
               value >= 0 && value <= high;
    };
    if (space == std::string_view::npos ||
        !whole(text.substr(0, space), id, std::numeric_limits<BodyId>::max()) ||
        !whole(trimmed(text.substr(space + 1)), spawner,
               std::numeric_limits<std::int32_t>::max())) {
        fail("expected '" + std::string(recording_spawned_prefix) +
             " ID SPAWNER' (two whole numbers), got '" + input_excerpt(trimmed(line_)) + "'");
    }
    const std::pair<BodyId, std::uint32_t> entry{static_cast<BodyId>(id),
                                                 static_cast<std::uint32_t>(spawner)};
    const auto at = spawned_at(entry.first);
    if (at != spawned_.end() && at->first == entry.first) {
        if (at->second != entry.second)
            fail("id " + std::to_string(id) + " was declared spawned by spawner " +
                 std::to_string(at->second) + " before");
        return;
    }
    if (spawned_.size() == max_recording_spawned)
        fail("more than " + std::to_string(max_recording_spawned) + " spawned bodies");
    spawned_.insert(at, entry);
}

std::vector<std::pair<BodyId, std::uint32_t>>::const_iterator MotionRecordingReader::spawned_at(
    BodyId id) const {
    return std::lower_bound(spawned_.begin(), spawned_.end(), id,
                            [](const std::pair<BodyId, std::uint32_t>& each, BodyId value) {
                                return each.first < value;
                            });
}

std::int32_t MotionRecordingReader::spawner_of(BodyId id) const {
    const auto at = spawned_at(id);
    return at != spawned_.end() && at->first == id ? static_cast<std::int32_t>(at->second) : -1;
}

void MotionRecordingReader::parse_trace_row(std::int64_t& frame, RecordedPose& pose) const {
    TraceRow row;
    try {
        row = aabb::parse_trace_row(trimmed(line_));
    } catch (const std::invalid_argument& error) {
        fail(error.what());
    }
    if (row.frame < 0 || row.frame >= max_recording_frames) {
        fail("frame " + std::to_string(row.frame) + " out of range 0.." +
             std::to_string(max_recording_frames - 1));
    }
    // Frame 0 sets the box count n (ids 0..n−1, at most a frame's rows); later frames hold
    // the same ids (mark_trace_id).
    const auto id_limit =
        static_cast<long long>(trace_box_count_ > 0 ? trace_box_count_ : max_recording_frame_rows);
    if (row.id < 0 || row.id >= id_limit) {
        fail("id " + std::to_string(row.id) + " out of range 0.." + std::to_string(id_limit - 1) +
             (trace_box_count_ > 0 ? " (frame 0 set the box count)" : ""));
    }
    // A trace may hold points and lines (aabb-bench takes them); a body needs a size: a box
    // thinner than the smallest body is widened to it about its center (docs/limits.md).
    const glm::vec2 half_size =
        glm::max(box_half_size(row.box.max - row.box.min), glm::vec2(min_body_extent * 0.5f));
    frame = row.frame;
    pose.id = static_cast<BodyId>(row.id);
    pose.position = (row.box.min + row.box.max) * 0.5f;
    pose.angle = 0.0f;
    pose.half_size = half_size;
}

void MotionRecordingReader::mark_trace_id(std::int64_t frame, BodyId id) {
    if (id >= trace_seen_.size()) trace_seen_.resize(id + 1, 0);
    if (trace_seen_[id] != 0) {
        fail("duplicate id " + std::to_string(id) + " in frame " + std::to_string(frame));
    }
    trace_seen_[id] = 1;
}

void MotionRecordingReader::check_trace_frame(std::int64_t frame, const char* where) {
    if (frame == 0) trace_box_count_ = trace_seen_.size();
    for (std::size_t id = 0; id < trace_seen_.size(); ++id) {
        if (trace_seen_[id] == 0) {
            fail("frame " + std::to_string(frame) + " is missing id " + std::to_string(id) +
                 " (the frame ended " + where + ")");
        }
    }
    std::fill(trace_seen_.begin(), trace_seen_.end(), std::uint8_t{0});
}

bool MotionRecordingReader::next_frame(std::vector<RecordedPose>& poses) {
    poses.clear();
    const std::int64_t expected = frame_ + 1;
    bool started = false;
    for (;;) {
        if (!pending_) {
            if (!read_line()) break;
            if (trimmed(line_).empty()) continue;
        }
        pending_ = false;
        if (format_ == RecordingFormat::motion &&
            std::string_view(line_).starts_with(recording_spawned_prefix)) {
            parse_spawned();
            continue;
        }
        std::int64_t frame = 0;
        RecordedPose pose;
        const bool trace = format_ == RecordingFormat::box_trace;
        if (trace) {
            parse_trace_row(frame, pose);
        } else {
            parse_row(frame, pose);
        }
        if (frame != expected) {
            if (started && frame == expected + 1) {
                pending_ = true;  // the next frame's first row
                if (trace) check_trace_frame(expected, "before this line");
                break;
            }
            fail("frame " + std::to_string(frame) + " out of order: expected " +
                 std::to_string(expected) +
                 (started ? " or " + std::to_string(expected + 1) : std::string()));
        }
        if (!started) {
            started = true;
            if (static_cast<std::size_t>(expected) == frame_offsets_.size())
                frame_offsets_.push_back({line_offset_, line_number_ - 1});
        }
        if (poses.size() == max_recording_frame_rows) {
            fail("frame " + std::to_string(frame) + " has more than " +
                 std::to_string(max_recording_frame_rows) + " rows");
        }
        if (trace) mark_trace_id(expected, pose.id);
        poses.push_back(pose);
    }
    if (!started) return false;
    if (format_ == RecordingFormat::box_trace && !pending_) {
        // At the end of the file: named by its last line (read_line counted one past it).
        --line_number_;
        check_trace_frame(expected, "at end of file");
        ++line_number_;
    }
    std::sort(poses.begin(), poses.end(),
              [](const RecordedPose& a, const RecordedPose& b) { return a.id < b.id; });
    for (std::size_t k = 1; k < poses.size(); ++k) {
        if (poses[k].id == poses[k - 1].id) {
            // Named by frame: the line is past (rows of a frame come in any order).
            throw std::invalid_argument(name_ + ": frame " + std::to_string(expected) + ": id " +
                                        std::to_string(poses[k].id) + " appears twice");
        }
    }
    frame_ = expected;
    return true;
}

void MotionRecordingReader::seek(std::size_t frame) {
    if (frame >= frame_offsets_.size()) {
        throw std::invalid_argument(name_ + ": frame " + std::to_string(frame) +
                                    " was not read yet (" + std::to_string(frame_offsets_.size()) +
                                    " frames indexed)");
    }
    open_at(frame_offsets_[frame].offset, frame_offsets_[frame].line);
    frame_ = static_cast<std::int64_t>(frame) - 1;
}

struct MotionRecordingWriter::Output {
    explicit Output(const std::filesystem::path& path) : file(path) {}
    io::AtomicFile file;
};

MotionRecordingWriter::MotionRecordingWriter(const std::filesystem::path& path,
                                             const std::string& scene)
    : output_(std::make_unique<Output>(path)) {
    std::ostream& out = output_->file.stream();
    if (!scene.empty()) out << recording_scene_prefix << ' ' << scene << '\n';
    out << recording_header << '\n';
}

MotionRecordingWriter::~MotionRecordingWriter() = default;

void MotionRecordingWriter::write_frame(std::int64_t frame, const World& world) {
    std::ostream& out = output_->file.stream();
    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    std::string row;
    char number[32];
    const auto append = [&](float value) {
        const auto end = std::to_chars(number, number + sizeof(number), value).ptr;
        row.push_back(',');
        row.append(number, end);
    };
    const auto spawners = world.spawners();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (static_cast<std::int64_t>(ids[i]) > last_id_) {
            last_id_ = ids[i];
            const auto made = std::find_if(spawners.begin(), spawners.end(), [&](const Spawner& s) {
                return same_shape(s.body, bodies[i]);
            });
            if (made != spawners.end()) {
                out << recording_spawned_prefix << ' ' << ids[i] << ' ' << (made - spawners.begin())
                    << '\n';
            }
        }
        row = std::to_string(frame) + ',' + std::to_string(ids[i]);
        append(bodies[i].position.x);
        append(bodies[i].position.y);
        append(bodies[i].angle);
        row.push_back('\n');
        out << row;
    }
}

void MotionRecordingWriter::finish() {
    output_->file.commit();
}

}  // namespace aabb

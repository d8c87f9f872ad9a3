#include "core/scene/motion_event_csv.hpp"

#include <charconv>
#include <string>

#include "core/io/atomic_file.hpp"
#include "core/scene/scene_file_names.hpp"

namespace aabb {

namespace {

/// The shortest decimal that reads back to `value` (float or double), as the JSON report.
template <typename Number>
void put_number(std::string& line, Number value) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof(buffer), value);
    if (error == std::errc()) line.append(buffer, end);
}

void put_body(std::string& line, std::uint32_t id, BodyKind kind, const BodyPose& pose) {
    line += ',';
    line += std::to_string(id);
    line += ',';
    line += name_of(kind_names, kind);
    line += ',';
    put_number(line, pose.position.x);
    line += ',';
    put_number(line, pose.position.y);
    line += ',';
    put_number(line, pose.angle);
}

}  // namespace

void write_motion_events_csv(std::ostream& out, std::span<const MotionEvent> events) {
    out << motion_event_csv_header << '\n';
    std::string line;
    for (const MotionEvent& event : events) {
        line.assign(name_of(event.kind));
        line += ',';
        line += std::to_string(event.step);
        line += ',';
        put_number(line, event.time_of_impact);
        line += ',';
        put_number(line, event.time_of_exit);
        line += ',';
        put_number(line, event.time);
        put_body(line, event.body, event.body_kind, event.body_pose);
        put_body(line, event.other, event.other_kind, event.other_pose);
        line += ',';
        put_number(line, event.normal.x);
        line += ',';
        put_number(line, event.normal.y);
        line += '\n';
        out << line;
    }
}

void save_motion_events_csv(const std::filesystem::path& path,
                            std::span<const MotionEvent> events) {
    io::AtomicFile file(path);
    write_motion_events_csv(file.stream(), events);
    file.commit();
}

}  // namespace aabb

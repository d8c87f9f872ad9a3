#pragma once
// Recorded box motion read from a CSV file, for benchmarking scenes captured elsewhere.
//
// Format: the header `frame,id,min_x,min_y,max_x,max_y`, then one row per box per frame.
// Frames are 0..F−1 in order (rows of one frame are contiguous); every frame holds each id
// 0..n−1 exactly once, in any order.

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb {

/// Every frame of a trace, frame-major: frame f is boxes[f·box_count, (f+1)·box_count).
struct Trace {
    /// Boxes per frame (n).
    std::size_t box_count = 0;
    /// Number of frames (F).
    int frame_count = 0;
    /// The boxes, indexed by frame·box_count + id.
    std::vector<Box2> boxes;

    /// The boxes of frame `frame`, indexed by id. Precondition: 0 <= frame < frame_count.
    [[nodiscard]] std::span<const Box2> frame(int frame) const {
        return std::span<const Box2>(boxes).subspan(static_cast<std::size_t>(frame) * box_count,
                                                    box_count);
    }
};

/// The column header of a trace file.
inline constexpr std::string_view trace_header = "frame,id,min_x,min_y,max_x,max_y";

/// One row of a trace: what parse_trace_row makes of `frame,id,min_x,min_y,max_x,max_y`.
struct TraceRow {
    /// The frame number as written (the caller checks its range and order).
    long long frame = 0;
    /// The box's id as written (the caller checks its range).
    long long id = 0;
    /// The box, min <= max on both axes.
    Box2 box;
};

/// Parses one row (trimmed, not blank) of a trace: six comma-separated fields, two integers
/// and four finite floats with min <= max. The one row parser of traces: read_trace and the
/// replay's streaming reader (core/world/motion_recording.hpp) both use it. Throws
/// std::invalid_argument with the reason alone ("field 'min_x' is not a float number: '…'");
/// the caller puts the file and line in front.
[[nodiscard]] TraceRow parse_trace_row(std::string_view row);

/// The longest line a trace may have: 4096 characters (a row is six numbers, under 100). A
/// longer line, or a stream without newlines (/dev/zero), is refused at that length.
inline constexpr std::size_t max_trace_line_length = 4096;

/// The most rows a trace may hold (box_count × frame_count): 64 million (1 GB of boxes).
inline constexpr std::size_t max_trace_rows = 64'000'000;

/// Reads a trace file. Throws std::invalid_argument naming the file and line on a bad header,
/// wrong field count, non-number, NaN/inf, min > max, missing/duplicate/out-of-range id,
/// frame out of order, absurd counts, an empty or unreadable file.
[[nodiscard]] Trace read_trace(const std::string& path);
/// Reads a trace from a stream; `name` is the file name used in error messages.
[[nodiscard]] Trace read_trace(std::istream& input, const std::string& name);
/// Writes a trace in the format read_trace reads (shortest round-tripping floats).
void write_trace(std::ostream& output, const Trace& trace);

}  // namespace aabb

#include "core/measure/trace.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/io/bounded_read.hpp"
#include "core/measure/workload.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb {

namespace {

constexpr std::string_view expected_header = trace_header;
constexpr std::array<std::string_view, 6> field_names = {"frame", "id",    "min_x",
                                                         "min_y", "max_x", "max_y"};

// Reads one line (without its '\n') into `line`, at most max_trace_line_length characters:
// a stream without newlines (/dev/zero, a binary file) must not grow a line without bound.
// Returns false at the end of the input; sets `too_long` when the line did not fit.
bool read_bounded_line(std::istream& input, std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    std::streambuf* buffer = input.rdbuf();
    for (;;) {
        const int character = buffer->sbumpc();
        if (character == std::char_traits<char>::eof()) {
            input.setstate(std::ios::eofbit);
            return !line.empty();
        }
        if (character == '\n') return true;
        if (line.size() == max_trace_line_length) {
            too_long = true;
            return true;
        }
        line.push_back(static_cast<char>(character));
    }
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    return text;
}

[[noreturn]] void fail_row(const std::string& what) {
    throw std::invalid_argument(what);
}

long long parse_integer(std::string_view text, std::size_t field) {
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
        fail_row("field '" + std::string(field_names[field]) + "' is not an integer: '" +
                 input_excerpt(text) + "'");
    }
    return value;
}

float parse_coordinate(std::string_view text, std::size_t field) {
    float value = 0.0f;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range && end == text.data() + text.size()) {
        // A number, just not one a float holds (1e39, or a denormal below 1e-45).
        fail_row("field '" + std::string(field_names[field]) +
                 "' is outside the float range (magnitudes 1.2e-38 to 3.4e38, or 0): '" +
                 input_excerpt(text) + "'");
    }
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
        fail_row("field '" + std::string(field_names[field]) + "' is not a float number: '" +
                 input_excerpt(text) + "'");
    }
    if (!std::isfinite(value)) {
        fail_row("field '" + std::string(field_names[field]) + "' is not finite: '" +
                 input_excerpt(text) + "'");
    }
    return value;
}

// Reads the rows of one trace, keeping the per-frame bookkeeping in one place so every error
// can name the file and line.
class TraceReader {
  public:
    explicit TraceReader(const std::string& name) : name_(name) {}

    Trace read(std::istream& input) {
        std::string line;
        bool too_long = false;
        if (!read_bounded_line(input, line, too_long)) {
            if (input.bad()) fail(1, "read error");
            fail(1, "empty file: expected the header '" + std::string(expected_header) + "'");
        }
        line_number_ = 1;
        if (too_long) fail_too_long();
        if (trimmed(line) != expected_header) {
            fail(1, "bad header '" + input_excerpt(trimmed(line)) + "': expected '" +
                        std::string(expected_header) + "'");
        }
        while (read_bounded_line(input, line, too_long)) {
            ++line_number_;
            if (too_long) fail_too_long();
            // Blank lines are skipped, not rows: bound them too, so that a trace's reading is
            // bounded by its rows.
            if (line_number_ > max_trace_rows + 1) {
                fail(line_number_, "more than " + std::to_string(max_trace_rows + 1) +
                                       " lines: above the trace limit of " +
                                       std::to_string(max_trace_rows) + " rows");
            }
            const std::string_view row = trimmed(line);
            if (row.empty()) continue;
            read_row(row);
        }
        if (input.bad()) fail(line_number_, "read error");
        if (frame_ < 0) fail(line_number_, "no rows after the header");
        finish_frame(line_number_, "at end of file");
        trace_.frame_count = frame_ + 1;
        return std::move(trace_);
    }

  private:
    [[noreturn]] void fail(std::size_t line, const std::string& what) const {
        throw std::invalid_argument(name_ + ":" + std::to_string(line) + ": " + what);
    }

    [[noreturn]] void fail_too_long() const {
        fail(line_number_, "line longer than " + std::to_string(max_trace_line_length) +
                               " characters: not a trace (a row is six numbers)");
    }

    void read_row(std::string_view text) {
        TraceRow row;
        try {
            row = parse_trace_row(text);
        } catch (const std::invalid_argument& error) {
            fail(line_number_, error.what());
        }
        const long long frame = row.frame;
        const long long id = row.id;
        const Box2 box = row.box;
        if (frame < 0 || frame >= max_workload_frames) {
            fail(line_number_, "frame " + std::to_string(frame) + " out of range 0.." +
                                   std::to_string(max_workload_frames - 1));
        }
        if (frame != frame_) {
            if (frame != frame_ + 1) {
                fail(line_number_, "frame " + std::to_string(frame) + " out of order: expected " +
                                       (frame_ < 0 ? std::string("0")
                                                   : std::to_string(frame_) + " or " +
                                                         std::to_string(frame_ + 1)));
            }
            if (frame_ >= 0) finish_frame(line_number_, "before this line");
            start_frame(static_cast<int>(frame));
        }
        const long long id_limit = frame_ == 0 ? static_cast<long long>(max_workload_boxes)
                                               : static_cast<long long>(trace_.box_count);
        if (id < 0 || id >= id_limit) {
            fail(line_number_, "id " + std::to_string(id) + " out of range 0.." +
                                   std::to_string(id_limit - 1) +
                                   (frame_ == 0 ? "" : " (frame 0 set the box count)"));
        }
        const auto index = static_cast<std::size_t>(id);
        if (frame_ == 0 && index >= seen_.size()) {
            seen_.resize(index + 1, 0);
            trace_.boxes.resize(index + 1);
        }
        if (seen_[index] != 0) {
            fail(line_number_,
                 "duplicate id " + std::to_string(id) + " in frame " + std::to_string(frame_));
        }
        seen_[index] = 1;
        trace_.boxes[static_cast<std::size_t>(frame_) * trace_.box_count + index] = box;
    }

    void start_frame(int frame) {
        frame_ = frame;
        std::fill(seen_.begin(), seen_.end(), std::uint8_t{0});
        if (frame > 0) {
            const std::size_t rows = (static_cast<std::size_t>(frame) + 1) * trace_.box_count;
            if (rows > max_trace_rows) {
                fail(line_number_,
                     "absurd trace size: more than " + std::to_string(max_trace_rows) + " rows");
            }
            trace_.boxes.resize(rows);
        }
    }

    // Checks every id 0..n−1 appeared in the frame that just ended; frame 0 fixes n.
    void finish_frame(std::size_t line, const char* where) {
        if (frame_ == 0) trace_.box_count = seen_.size();
        for (std::size_t id = 0; id < seen_.size(); ++id) {
            if (seen_[id] == 0) {
                fail(line, "frame " + std::to_string(frame_) + " is missing id " +
                               std::to_string(id) + " (the frame ended " + where + ")");
            }
        }
    }

    std::string name_;
    std::size_t line_number_ = 0;
    int frame_ = -1;
    std::vector<std::uint8_t> seen_;
    Trace trace_;
};

}  // namespace

TraceRow parse_trace_row(std::string_view row) {
    std::array<std::string_view, 6> fields;
    std::size_t count = 0;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = row.find(',', start);
        const std::string_view field =
            trimmed(row.substr(start, comma == std::string_view::npos ? row.npos : comma - start));
        if (count < fields.size()) fields[count] = field;
        ++count;
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (count != fields.size()) {
        fail_row("expected 6 fields (frame,id,min_x,min_y,max_x,max_y), got " +
                 std::to_string(count));
    }
    TraceRow parsed;
    parsed.frame = parse_integer(fields[0], 0);
    parsed.id = parse_integer(fields[1], 1);
    parsed.box.min.x = parse_coordinate(fields[2], 2);
    parsed.box.min.y = parse_coordinate(fields[3], 3);
    parsed.box.max.x = parse_coordinate(fields[4], 4);
    parsed.box.max.y = parse_coordinate(fields[5], 5);
    if (parsed.box.min.x > parsed.box.max.x) fail_row("min_x > max_x");
    if (parsed.box.min.y > parsed.box.max.y) fail_row("min_y > max_y");
    return parsed;
}

Trace read_trace(std::istream& input, const std::string& name) {
    return TraceReader(name).read(input);
}

Trace read_trace(const std::string& path) {
    // The name leads every message: escaped like any quoted input.
    const std::string name = input_excerpt(path, quoted_path_limit);
    // Streamed, not read whole: a trace may be large. Its bound is max_trace_rows rows of at
    // most max_trace_line_length characters, which the reader checks as it goes.
    try {
        io::InputFile file(path, name, "trace file");
        io::InputFileBuffer buffer(file);
        std::istream input(&buffer);
        return read_trace(input, name);
    } catch (const io::ReadError& error) {
        throw std::invalid_argument(error.what());
    }
}

void write_trace(std::ostream& output, const Trace& trace) {
    output << expected_header << '\n';
    std::array<char, 32> buffer;
    const auto write_float = [&](float value) {
        const auto [end, error] =
            std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
        output << ','
               << std::string_view(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
    };
    for (int frame = 0; frame < trace.frame_count; ++frame) {
        const std::span<const Box2> boxes = trace.frame(frame);
        for (std::size_t id = 0; id < boxes.size(); ++id) {
            output << frame << ',' << id;
            write_float(boxes[id].min.x);
            write_float(boxes[id].min.y);
            write_float(boxes[id].max.x);
            write_float(boxes[id].max.y);
            output << '\n';
        }
    }
}

}  // namespace aabb

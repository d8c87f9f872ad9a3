// Box traces (the CSV aabb-bench --trace reads) through the recording reader: told apart by
// the header, streamed frame by frame with the index of frame offsets, every row parsed by the
// trace's own row parser, bad lines named by file and line, and the reader's memory bounded.

#include <doctest/doctest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/io/bounded_read.hpp"
#include "core/world/body_extent.hpp"
#include "core/world/motion_recording.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

constexpr const char* header = "frame,id,min_x,min_y,max_x,max_y\n";

std::filesystem::path write_text(const testing::TemporaryFolder& folder, const std::string& text) {
    const std::filesystem::path path = folder.path / "trace.csv";
    std::ofstream(path) << text;
    return path;
}

// The message of reading every frame of `text`, after the file's name.
std::string read_error(const std::string& text) {
    testing::TemporaryFolder folder("aabb_box_trace_error");
    const std::filesystem::path path = write_text(folder, text);
    try {
        MotionRecordingReader reader(path);
        std::vector<RecordedPose> poses;
        while (reader.next_frame(poses)) {
        }
    } catch (const std::invalid_argument& error) {
        const std::string message = error.what();
        CHECK(message.find("trace.csv") != std::string::npos);
        return message.substr(message.find("trace.csv") + 9);
    }
    return "no error";
}

}  // namespace

TEST_CASE("a box trace is told by its header and read as boxes: center and half size") {
    testing::TemporaryFolder folder("aabb_box_trace_read");
    const auto path = write_text(folder, std::string(header) +
                                             "0,1,1,2,3,6\n0,0,-1,-1,1,1\n"
                                             "1,0,0,-1,2,1\n1,1,1,2,3,6\n");
    MotionRecordingReader reader(path);
    CHECK(reader.format() == RecordingFormat::box_trace);
    CHECK(reader.scene().empty());
    std::vector<RecordedPose> poses;
    REQUIRE(reader.next_frame(poses));
    REQUIRE(poses.size() == 2);
    CHECK(poses[0].id == 0);
    CHECK(poses[0].position == glm::vec2(0.0f, 0.0f));
    CHECK(poses[0].half_size == glm::vec2(1.0f, 1.0f));
    CHECK(poses[1].position == glm::vec2(2.0f, 4.0f));  // (1+3)/2, (2+6)/2
    CHECK(poses[1].half_size == glm::vec2(1.0f, 2.0f));
    CHECK(poses[1].angle == 0.0f);
    REQUIRE(reader.next_frame(poses));
    CHECK(reader.frame() == 1);
    CHECK(poses[0].position == glm::vec2(1.0f, 0.0f));
    CHECK_FALSE(reader.next_frame(poses));
    reader.seek(1);
    REQUIRE(reader.next_frame(poses));
    CHECK(poses[0].position == glm::vec2(1.0f, 0.0f));
}

TEST_CASE("a box trace's point or line is widened to the smallest body about its center") {
    // aabb-bench takes boxes with min = max (tests/data/touching_trace.csv has lines); a body
    // needs a size of at least min_body_extent.
    testing::TemporaryFolder folder("aabb_box_trace_thin");
    const auto path = write_text(folder, std::string(header) + "0,0,4,0,4,12\n0,1,1,1,1,1\n");
    MotionRecordingReader reader(path);
    std::vector<RecordedPose> poses;
    REQUIRE(reader.next_frame(poses));
    CHECK(poses[0].position == glm::vec2(4.0f, 6.0f));
    CHECK(poses[0].half_size == glm::vec2(min_body_extent * 0.5f, 6.0f));
    CHECK(poses[1].half_size == glm::vec2(min_body_extent * 0.5f));
}

TEST_CASE("a bad box trace line is named by file and line, as the trace reader names it") {
    const std::string h = header;
    // The row parser is the trace's (core/measure/trace.hpp): the same reasons.
    CHECK(read_error(h + "0,0,0,0,1,1\n0,1,0,0,x,1\n") ==
          ":3: field 'max_x' is not a float number: 'x'");
    CHECK(read_error(h + "0,0,0,0,1,1\n0,1,0,0,1\n") ==
          ":3: expected 6 fields (frame,id,min_x,min_y,max_x,max_y), got 5");
    CHECK(read_error(h + "0,0,2,0,1,1\n") == ":2: min_x > max_x");
    CHECK(read_error(h + "0,0,0,0,1,inf\n") == ":2: field 'max_y' is not finite: 'inf'");
    // Frames and ids as a trace: every frame holds the ids of frame 0, once each.
    CHECK(read_error(h + "0,0,0,0,1,1\n0,1,0,0,1,1\n1,0,0,0,1,1\n2,0,0,0,1,1\n2,1,0,0,1,1\n") ==
          ":5: frame 1 is missing id 1 (the frame ended before this line)");
    CHECK(read_error(h + "0,0,0,0,1,1\n0,1,0,0,1,1\n1,0,0,0,1,1\n") ==
          ":4: frame 1 is missing id 1 (the frame ended at end of file)");
    CHECK(read_error(h + "0,0,0,0,1,1\n0,0,0,0,1,1\n") == ":3: duplicate id 0 in frame 0");
    CHECK(read_error(h + "0,0,0,0,1,1\n1,2,0,0,1,1\n") ==
          ":3: id 2 out of range 0..0 (frame 0 set the box count)");
    CHECK(read_error(h + "0,0,0,0,1,1\n2,0,0,0,1,1\n") ==
          ":3: frame 2 out of order: expected 0 or 1");
    CHECK(
        read_error(h + "0,0,0,0,1,1\n0,1," + std::string(5000, '1') + "\n")
            .find(":3: line longer than 4096 characters: not a box trace (a row is six numbers)") ==
        0);
}

TEST_CASE("streaming a box trace keeps the reader's memory bounded: one frame's ids, the index") {
    // 400 frames of 200 boxes: 80,000 rows (about 2 MB of text). The reader holds its line,
    // one mark per id, the 64 KiB read-ahead and 16 bytes a frame of index, never the rows.
    testing::TemporaryFolder folder("aabb_box_trace_stream");
    const std::filesystem::path path = folder.path / "trace.csv";
    constexpr int frames = 400;
    constexpr int boxes = 200;
    {
        std::ofstream out(path);
        out << header;
        for (int frame = 0; frame < frames; ++frame) {
            for (int id = 0; id < boxes; ++id) {
                out << frame << ',' << id << ',' << id * 2 + frame * 0.01 << ",0,"
                    << id * 2 + frame * 0.01 + 1 << ",1\n";
            }
        }
    }
    MotionRecordingReader reader(path);
    std::vector<RecordedPose> poses;
    REQUIRE(reader.next_frame(poses));
    const std::size_t after_first = reader.resident_bytes();
    int read = 1;
    while (reader.next_frame(poses))
        ++read;
    CHECK(read == frames);
    CHECK(reader.indexed_frames() == frames);
    const std::size_t bound = io::InputFileBuffer::buffer_bytes + max_recording_line_length +
                              boxes + frames * 2 * 16 + 4096;
    CHECK(reader.resident_bytes() < bound);
    // Reading 399 more frames grew only the index (capacity doubling included).
    CHECK(reader.resident_bytes() - after_first <= std::size_t{frames} * 2 * 16);
    // The rows of the whole file would not fit in the bound.
    CHECK(std::filesystem::file_size(path) > 4 * bound);
}

}  // namespace aabb

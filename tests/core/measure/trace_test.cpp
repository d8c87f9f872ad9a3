#include "core/measure/trace.hpp"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/measure/workload.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

// A small temp file removed when the test ends.
class TempFile {
  public:
    explicit TempFile(const std::string& contents) {
        path_ = testing::unique_temporary_path("aabb_trace_test", ".csv").string();
        std::ofstream(path_) << contents;
    }
    ~TempFile() { std::remove(path_.c_str()); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    [[nodiscard]] const std::string& path() const { return path_; }

  private:
    std::string path_;
};

const std::string header = "frame,id,min_x,min_y,max_x,max_y\n";

// The message read_trace throws for `contents`, or "" when it reads fine.
std::string error_for(const std::string& contents) {
    const TempFile file(contents);
    try {
        (void)read_trace(file.path());
    } catch (const std::invalid_argument& error) {
        const std::string message = error.what();
        // Every message names the file.
        CHECK(message.find(file.path()) == 0);
        return message.substr(file.path().size());
    }
    return "";
}

}  // namespace

TEST_CASE("trace: a good file is read with every box in place") {
    const TempFile file(header +
                        "0,1,2,2,3,3\n"
                        "0,0,0,0,1,1\n"
                        "1, 0, 0.5, 0, 1.5, 1\r\n"
                        "1,1,-2.25,2,3,3e1\n"
                        "\n");
    const Trace trace = read_trace(file.path());
    CHECK(trace.box_count == 2);
    CHECK(trace.frame_count == 2);
    CHECK(trace.frame(0)[0] == Box2{{0, 0}, {1, 1}});
    CHECK(trace.frame(0)[1] == Box2{{2, 2}, {3, 3}});
    CHECK(trace.frame(1)[0] == Box2{{0.5f, 0}, {1.5f, 1}});
    CHECK(trace.frame(1)[1] == Box2{{-2.25f, 2}, {3, 30}});
}

TEST_CASE("trace: write_trace output reads back to the same boxes") {
    WorkloadOptions options;
    options.kind = WorkloadKind::bullets;
    options.box_count = 50;
    Workload workload(options);
    Trace trace;
    trace.box_count = 50;
    trace.frame_count = 3;
    for (int frame = 0; frame < 3; ++frame) {
        trace.boxes.insert(trace.boxes.end(), workload.boxes().begin(), workload.boxes().end());
        workload.advance();
    }
    std::stringstream text;
    write_trace(text, trace);
    const Trace read_back = read_trace(text, "memory");
    CHECK(read_back.box_count == trace.box_count);
    CHECK(read_back.frame_count == trace.frame_count);
    CHECK(read_back.boxes == trace.boxes);
}

TEST_CASE("trace: every malformed case is rejected naming the line") {
    CHECK(error_for("") ==
          ":1: empty file: expected the header 'frame,id,min_x,min_y,max_x,max_y'");
    CHECK(error_for("frame,id,x,y\n0,0,0,0,1,1\n").find(":1: bad header") == 0);
    CHECK(error_for(header) == ":1: no rows after the header");
    CHECK(error_for(header + "0,0,0,0,1\n").find(":2: expected 6 fields") == 0);
    CHECK(error_for(header + "0,0,0,0,1,1,7\n").find(":2: expected 6 fields") == 0);
    CHECK(error_for(header + "0,0,0,0,1,1\n0,1,0,abc,1,1\n") ==
          ":3: field 'min_y' is not a float number: 'abc'");
    CHECK(error_for(header + "0,0,0,0,1,1x\n") == ":2: field 'max_y' is not a float number: '1x'");
    CHECK(error_for(header + "0,0,0,0,,1\n") == ":2: field 'max_x' is not a float number: ''");
    CHECK(error_for(header + "0.5,0,0,0,1,1\n").find(":2: field 'frame' is not an integer") == 0);
    CHECK(error_for(header + "0,x,0,0,1,1\n").find(":2: field 'id' is not an integer") == 0);
    CHECK(error_for(header + "0,0,nan,0,1,1\n") == ":2: field 'min_x' is not finite: 'nan'");
    CHECK(error_for(header + "0,0,0,-inf,1,1\n") == ":2: field 'min_y' is not finite: '-inf'");
    CHECK(error_for(header + "0,0,0,0,1e39,1\n")
              .find(":2: field 'max_x' is outside the float "
                    "range") == 0);
    CHECK(error_for(header + "0,0,2,0,1,1\n") == ":2: min_x > max_x");
    CHECK(error_for(header + "0,0,0,2,1,1\n") == ":2: min_y > max_y");
    CHECK(error_for(header + "0,0,0,0,1,1\n0,0,0,0,1,1\n") == ":3: duplicate id 0 in frame 0");
    CHECK(error_for(header + "0,0,0,0,1,1\n0,2,0,0,1,1\n1,0,0,0,1,1\n") ==
          ":4: frame 0 is missing id 1 (the frame ended before this line)");
    CHECK(error_for(header + "0,0,0,0,1,1\n0,1,0,0,1,1\n1,1,0,0,1,1\n") ==
          ":4: frame 1 is missing id 0 (the frame ended at end of file)");
    CHECK(error_for(header + "0,0,0,0,1,1\n1,1,0,0,1,1\n") ==
          ":3: id 1 out of range 0..0 (frame 0 set the box count)");
    CHECK(error_for(header + "0,-1,0,0,1,1\n").find(":2: id -1 out of range") == 0);
    CHECK(error_for(header + "0,99999999,0,0,1,1\n").find(":2: id 99999999 out of range") == 0);
    CHECK(error_for(header + "1,0,0,0,1,1\n") == ":2: frame 1 out of order: expected 0");
    CHECK(error_for(header + "0,0,0,0,1,1\n2,0,0,0,1,1\n") ==
          ":3: frame 2 out of order: expected 0 or 1");
    CHECK(error_for(header + "0,0,0,0,1,1\n1,0,0,0,1,1\n0,0,0,0,1,1\n") ==
          ":4: frame 0 out of order: expected 1 or 2");
    CHECK(error_for(header + "0,0,0,0,1,1\n5000000,0,0,0,1,1\n")
              .find(":3: frame 5000000 out of range") == 0);
    CHECK(error_for(header + "-1,0,0,0,1,1\n").find(":2: frame -1 out of range") == 0);
}

TEST_CASE("trace: an unreadable file is rejected naming it") {
    CHECK_THROWS_WITH_AS((void)read_trace("/nonexistent/trace.csv"),
                         "/nonexistent/trace.csv: cannot open the file: No such file or directory",
                         std::invalid_argument);
}

// Issue 48 item 8: aabb-bench --trace FIFO blocked for ever.
TEST_CASE("trace: a FIFO or a device is refused by name, without blocking") {
    testing::TemporaryFolder folder("trace_reads");
    const std::filesystem::path fifo = folder.path / "trace.csv";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS(
        (void)read_trace(fifo.string()),
        (fifo.generic_string() + ": is a FIFO (named pipe), not a trace file").c_str(),
        std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)read_trace("/dev/zero"), "/dev/zero: is a device, not a trace file",
                         std::invalid_argument);
}

TEST_CASE("trace: a file is streamed, a large one read whole through the file buffer") {
    // 200,000 rows (about 3 MB) cross the reader's 64 KiB buffer many times.
    std::string text = header;
    for (int frame = 0; frame < 2; ++frame) {
        for (int id = 0; id < 100'000; ++id)
            text += std::to_string(frame) + "," + std::to_string(id) + ",0,0,1,1\n";
    }
    const TempFile file(text);
    const Trace trace = read_trace(file.path());
    CHECK(trace.box_count == 100'000);
    CHECK(trace.frame_count == 2);
}

TEST_CASE("trace: a stream without newlines is refused at the line limit, not read whole") {
    // NUL bytes and never a newline, as in a binary file (/dev/zero itself is refused as a
    // device before it is read).
    std::istringstream zeros(std::string(1'000'000, '\0'));
    CHECK_THROWS_WITH_AS((void)read_trace(zeros, "zeros"),
                         "zeros:1: line longer than 4096 characters: not a trace (a row is six "
                         "numbers)",
                         std::invalid_argument);
    CHECK(zeros.tellg() <= std::streamoff(max_trace_line_length + 1));
    // A long row after a good header names its line.
    CHECK(error_for(header + "0,0,0,0,1,1\n" + std::string(5000, '1') + "\n") ==
          ":3: line longer than 4096 characters: not a trace (a row is six numbers)");
    // A row of exactly the limit is read like any other line (and rejected for its content).
    CHECK(error_for(header + std::string(max_trace_line_length, '7') + "\n")
              .find(":2: expected 6 fields") == 0);
}

TEST_CASE("trace: a directory is reported as a directory, not as an empty file") {
    const std::string directory = std::filesystem::temp_directory_path().string();
    CHECK_THROWS_WITH_AS((void)read_trace(directory),
                         (directory + ": is a directory, not a trace file").c_str(),
                         std::invalid_argument);
}

TEST_CASE("trace: numbers outside the float range are called that, not 'not a float number'") {
    CHECK(error_for(header + "0,0,1e39,0,2e39,1\n") ==
          ":2: field 'min_x' is outside the float range (magnitudes 1.2e-38 to 3.4e38, or 0): "
          "'1e39'");
    CHECK(error_for(header + "0,0,0,-1e300,1,1\n")
              .find(":2: field 'min_y' is outside the float "
                    "range") == 0);
    // Text that is no number keeps its message.
    CHECK(error_for(header + "0,0,abc,0,1,1\n") ==
          ":2: field 'min_x' is not a float number: 'abc'");
}

}  // namespace aabb

namespace aabb {

TEST_CASE("trace: errors quote the offending field cut and escaped") {
    // Longer than the quote's 80 characters, shorter than a trace line may be (4096).
    const std::string huge(3000, '9');
    const std::string bad_header = error_for("\x1b[2J" + huge + "\n");
    CHECK(bad_header.rfind(":1: bad header '\\x1B[2J" + std::string(76, '9') + "…'", 0) == 0);
    CHECK(bad_header.size() < 300);
    const std::string bad_field = error_for(header + "0,0,1,1,2,x\a" + huge + "\n");
    CHECK(bad_field.rfind(
              ":2: field 'max_y' is not a float number: 'x\\x07" + std::string(78, '9') + "…'",
              0) == 0);
    CHECK(bad_field.size() < 300);
}

}  // namespace aabb

namespace aabb {

TEST_CASE("parse_trace_row: one row, the reason alone (the reader adds file and line)") {
    const TraceRow row = parse_trace_row("3, 7,0.5,-1,2.5,1");
    CHECK(row.frame == 3);
    CHECK(row.id == 7);
    CHECK(row.box.min == glm::vec2(0.5f, -1.0f));
    CHECK(row.box.max == glm::vec2(2.5f, 1.0f));
    CHECK_THROWS_WITH_AS((void)parse_trace_row("0,0,1,0,0,1"), "min_x > max_x",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS((void)parse_trace_row("0,zero,0,0,1,1"),
                         "field 'id' is not an integer: 'zero'", std::invalid_argument);
}

}  // namespace aabb

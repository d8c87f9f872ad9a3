// Bounded reads: only regular files are read, anything else is refused by name without blocking
// (a FIFO with no writer would block a plain open() for ever), and a file over its kind's limit
// is refused by its size before it is read, or after limit + 1 bytes when its size is unknown.

#include "core/io/bounded_read.hpp"

#include <doctest/doctest.h>

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <istream>
#include <string>

#include "tests/support/temporary_path.hpp"

namespace aabb::io {
namespace {

constexpr ReadLimit small_limit{"test file", 16};

std::string error_of(const std::filesystem::path& path, const ReadLimit& limit = small_limit) {
    try {
        (void)read_file(path, path.generic_string(), limit);
    } catch (const ReadError& error) {
        return error.what();
    }
    return "(no error)";
}

void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("a regular file within its limit is read whole, up to the limit exactly") {
    testing::TemporaryFolder folder("bounded_read");
    const std::filesystem::path path = folder.path / "a.json";
    write(path, "0123456789abcdef");
    CHECK(read_file(path, "a.json", small_limit) == "0123456789abcdef");
    write(path, "");
    CHECK(read_file(path, "a.json", small_limit).empty());
}

TEST_CASE("a file over its limit is refused before it is read, by the size it reports") {
    testing::TemporaryFolder folder("bounded_read");
    const std::filesystem::path path = folder.path / "big.json";
    write(path, std::string(17, 'x'));
    CHECK(error_of(path) ==
          path.generic_string() + ": the file is larger than 16 bytes, the limit for a test file");
    // A sparse 8 GiB: refused at once by its size, nothing is allocated or read.
    std::filesystem::resize_file(path, std::uintmax_t{8} << 30);
    const auto start = std::chrono::steady_clock::now();
    CHECK(error_of(path, {"scene file", std::uint64_t{512} << 20}) ==
          path.generic_string() + ": the file is larger than 512 MiB, the limit for a scene file");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
}

TEST_CASE("a file whose size is unknown is cut after limit + 1 bytes") {
    // /proc files report size 0; /proc/self/maps of this process is longer than 16 bytes.
    CHECK(error_of("/proc/self/maps") ==
          "/proc/self/maps: the file is larger than 16 bytes, the limit for a test file");
    CHECK(read_file("/proc/self/maps", "maps", {"maps", 1 << 20}).size() > 16);
}

TEST_CASE("directories, devices and FIFOs are refused by name, a FIFO without blocking") {
    testing::TemporaryFolder folder("bounded_read");
    CHECK(error_of(folder.path) ==
          folder.path.generic_string() + ": is a directory, not a test file");
    CHECK(error_of("/dev/zero") == "/dev/zero: is a device, not a test file");
    CHECK(error_of("/dev/null") == "/dev/null: is a device, not a test file");
    const std::filesystem::path fifo = folder.path / "fifo.json";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    // No writer ever opens it: a blocking open() would never return (ctest's timeout fails it).
    CHECK(error_of(fifo) == fifo.generic_string() + ": is a FIFO (named pipe), not a test file");
    // A link to a device is what it points at.
    const std::filesystem::path link = folder.path / "zero.json";
    std::filesystem::create_symlink("/dev/zero", link);
    CHECK(error_of(link) == link.generic_string() + ": is a device, not a test file");
}

TEST_CASE("a missing file or a dangling link cannot be opened, with the cause") {
    testing::TemporaryFolder folder("bounded_read");
    CHECK(error_of(folder.path / "missing.json") ==
          (folder.path / "missing.json").generic_string() +
              ": cannot open the file: No such file or directory");
    const std::filesystem::path link = folder.path / "dangling.json";
    std::filesystem::create_symlink(folder.path / "nowhere", link);
    CHECK(error_of(link) ==
          link.generic_string() + ": cannot open the file: No such file or directory");
}

TEST_CASE("ReadError keeps the reason without the file's name") {
    const ReadError error("x.ini", "is a device, not a settings file");
    CHECK(std::string(error.what()) == "x.ini: is a device, not a settings file");
    CHECK(error.reason() == "is a device, not a settings file");
}

TEST_CASE("sizes in messages are written in the largest exact unit") {
    CHECK(byte_size_text(1 << 20) == "1 MiB");
    CHECK(byte_size_text(std::uint64_t{512} << 20) == "512 MiB");
    CHECK(byte_size_text(64 << 10) == "64 KiB");
    CHECK(byte_size_text(1000) == "1000 bytes");
    CHECK(too_large_reason({"lesson file", 1 << 20}) ==
          "the file is larger than 1 MiB, the limit for a lesson file");
}

TEST_CASE("an InputFileBuffer streams a regular file of any size through an istream") {
    testing::TemporaryFolder folder("bounded_read");
    const std::filesystem::path path = folder.path / "trace.csv";
    // Longer than the buffer's 64 KiB, so it is refilled.
    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += std::to_string(i) + "\n";
    write(path, text);
    InputFile file(path, "trace.csv", "trace file");
    CHECK(file.reported_size() == text.size());
    InputFileBuffer buffer(file);
    std::istream input(&buffer);
    std::string line;
    int lines = 0;
    while (std::getline(input, line)) {
        CHECK(line == std::to_string(lines));
        ++lines;
    }
    CHECK(lines == 20000);
    const std::filesystem::path fifo = folder.path / "fifo.csv";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS(InputFile(fifo, "fifo.csv", "trace file"),
                         "fifo.csv: is a FIFO (named pipe), not a trace file", ReadError);
}

}  // namespace aabb::io

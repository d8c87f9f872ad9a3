// Atomic, checked writes: a file is written whole or not at all, and under every injected fault
// (a full disk, a file-size limit, a folder that takes no new file) the old file keeps its
// bytes, no temporary is left behind and the error names the file and the cause.

#include "core/io/atomic_file.hpp"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"

namespace aabb::io {

namespace {

using testing::entry_count;
using testing::file_text;
using testing::put_file;
using testing::TemporaryFolder;

const std::string old_text = "the old file, which must survive\n";

// Bytes of a known pattern, larger than any buffer on the way.
std::string large_text(std::size_t size) {
    std::string text(size, ' ');
    for (std::size_t i = 0; i < size; ++i)
        text[i] = static_cast<char>('a' + i * 7 % 26);
    return text;
}

}  // namespace

TEST_CASE("write_file_atomically creates a file, then replaces it whole, leaving nothing else") {
    const TemporaryFolder folder("atomic_write");
    const std::filesystem::path target = folder.path / "out.txt";
    write_file_atomically(target, "first\n");
    CHECK(file_text(target) == "first\n");
    write_file_atomically(target, "second, longer\n");
    CHECK(file_text(target) == "second, longer\n");
    write_file_atomically(target, "");
    CHECK(file_text(target).empty());
    CHECK(entry_count(folder.path) == 1);
}

TEST_CASE("a replaced file keeps its permission bits, and a link keeps pointing at its file") {
    const TemporaryFolder folder("atomic_write_mode");
    const std::filesystem::path target = folder.path / "settings.ini";
    put_file(target, old_text);
    ::chmod(target.c_str(), 0640);
    write_file_atomically(target, "new\n");
    struct stat status {};
    REQUIRE(::stat(target.c_str(), &status) == 0);
    CHECK((status.st_mode & 07777) == 0640);

    const std::filesystem::path link = folder.path / "link.ini";
    std::filesystem::create_symlink(target, link);
    write_file_atomically(link, "through the link\n");
    CHECK(std::filesystem::is_symlink(link));
    CHECK(file_text(target) == "through the link\n");
    CHECK(entry_count(folder.path) == 2);
}

TEST_CASE("AtomicFile streams megabytes and puts them in place only on commit") {
    const TemporaryFolder folder("atomic_stream");
    const std::filesystem::path target = folder.path / "pairs.csv";
    put_file(target, old_text);
    const std::string text = large_text(3'000'001);
    {
        AtomicFile file(target);
        // Both small pieces (through the buffer) and one large block (around it).
        for (std::size_t i = 0; i < 1000; ++i)
            file.stream() << text[i];
        file.stream().write(text.data() + 1000, static_cast<std::streamsize>(text.size() - 1000));
        CHECK(file_text(target) == old_text);
        file.commit();
    }
    CHECK(file_text(target) == text);
    CHECK(entry_count(folder.path) == 1);
}

TEST_CASE("an AtomicFile dropped without commit leaves the old file and no temporary") {
    const TemporaryFolder folder("atomic_drop");
    const std::filesystem::path target = folder.path / "report.json";
    put_file(target, old_text);
    {
        AtomicFile file(target);
        file.stream() << "half a report";
        CHECK(entry_count(folder.path) == 2);
    }
    CHECK(file_text(target) == old_text);
    CHECK(entry_count(folder.path) == 1);
}

TEST_CASE("a full disk is an error naming the file and the cause") {
    // /dev/full is a device: written in place (it cannot be renamed over), every write checked.
    try {
        write_file_atomically("/dev/full", "anything\n");
        FAIL("writing /dev/full did not fail");
    } catch (const WriteError& error) {
        CHECK(std::string(error.what()) == "cannot write '/dev/full': No space left on device");
    }
    // Small writes fail too: the error is not lost in a buffer nobody flushed.
    AtomicFile file("/dev/full");
    file.stream() << "x";
    CHECK_THROWS_WITH_AS(file.commit(), "cannot write '/dev/full': No space left on device",
                         WriteError);
    // A device that takes everything is fine.
    CHECK_NOTHROW(write_file_atomically("/dev/null", large_text(100'000)));
}

TEST_CASE("a file-size limit fails the write and leaves the old file intact") {
    const TemporaryFolder folder("atomic_fsize");
    const std::filesystem::path target = folder.path / "scene.json";
    for (const rlim_t limit : {rlim_t{0}, rlim_t{10}, rlim_t{70'000}}) {
        CAPTURE(limit);
        put_file(target, old_text);
        const testing::ChildOutcome small = testing::run_with_file_size_limit(
            limit, [&] { write_file_atomically(target, large_text(limit + 1)); });
        CHECK(small.threw);
        CHECK(small.message == "cannot write '" + target.string() + "': File too large");
        // Streamed, committed at the end: the same.
        const testing::ChildOutcome streamed = testing::run_with_file_size_limit(limit, [&] {
            AtomicFile file(target);
            file.stream() << large_text(limit + 200'000);
            file.commit();
        });
        CHECK(streamed.threw);
        CHECK(streamed.message == small.message);
        CHECK(file_text(target) == old_text);
        CHECK(entry_count(folder.path) == 1);
    }
    // Within the limit the write goes through.
    const testing::ChildOutcome fits =
        testing::run_with_file_size_limit(100, [&] { write_file_atomically(target, "short\n"); });
    CHECK_FALSE(fits.threw);
    CHECK(file_text(target) == "short\n");
}

TEST_CASE("a folder that takes no new file fails the write and leaves the old file intact") {
    const TemporaryFolder folder("atomic_unwritable");
    const std::filesystem::path target = folder.path / "settings.ini";
    put_file(target, old_text);
    if (!testing::permissions_are_bypassed()) {
        ::chmod(folder.path.c_str(), 0555);
        CHECK_THROWS_WITH_AS(write_file_atomically(target, "new\n"),
                             ("cannot write '" + target.string() + "': Permission denied").c_str(),
                             WriteError);
        CHECK_THROWS_AS(check_writable(target), WriteError);
        ::chmod(folder.path.c_str(), 0755);
    }
    // As root permission bits stop nothing: no free descriptor stops creating the temporary.
    const testing::ChildOutcome outcome =
        testing::run_without_free_descriptors([&] { write_file_atomically(target, "new\n"); });
    CHECK(outcome.threw);
    CHECK(outcome.message == "cannot write '" + target.string() + "': Too many open files");
    CHECK(file_text(target) == old_text);
    CHECK(entry_count(folder.path) == 1);
}

TEST_CASE("a missing folder, a folder as target or a path under a file are refused by name") {
    const TemporaryFolder folder("atomic_paths");
    const std::filesystem::path missing = folder.path / "no_such_folder" / "chart.png";
    CHECK_THROWS_WITH_AS(
        write_file_atomically(missing, "x"),
        ("cannot write '" + missing.string() + "': No such file or directory").c_str(), WriteError);
    CHECK_THROWS_WITH_AS(
        check_writable(missing),
        ("cannot write '" + missing.string() + "': No such file or directory").c_str(), WriteError);
    CHECK_THROWS_WITH_AS(write_file_atomically(folder.path, "x"),
                         ("cannot write '" + folder.path.string() + "': Is a directory").c_str(),
                         WriteError);
    const std::filesystem::path file = folder.path / "plain";
    put_file(file, old_text);
    CHECK_THROWS_WITH_AS(
        write_file_atomically(file / "x.csv", "x"),
        ("cannot write '" + (file / "x.csv").string() + "': Not a directory").c_str(), WriteError);
    CHECK_THROWS_WITH_AS(write_file_atomically("", "x"), "cannot write '': the file name is empty",
                         WriteError);
    CHECK(file_text(file) == old_text);
    CHECK(entry_count(folder.path) == 1);
}

TEST_CASE("check_writable accepts a writable place and leaves nothing behind") {
    const TemporaryFolder folder("atomic_check");
    CHECK_NOTHROW(check_writable(folder.path / "new.csv"));
    put_file(folder.path / "old.csv", old_text);
    CHECK_NOTHROW(check_writable(folder.path / "old.csv"));
    CHECK_NOTHROW(check_writable("/dev/null"));
    CHECK(entry_count(folder.path) == 1);
    CHECK(file_text(folder.path / "old.csv") == old_text);
    if (!testing::permissions_are_bypassed()) {
        // A read-only file is not replaced behind its owner's back.
        ::chmod((folder.path / "old.csv").c_str(), 0444);
        CHECK_THROWS_AS(check_writable(folder.path / "old.csv"), WriteError);
        CHECK_THROWS_AS(write_file_atomically(folder.path / "old.csv", "x"), WriteError);
        CHECK(file_text(folder.path / "old.csv") == old_text);
    }
}

TEST_CASE("quoted paths in write errors are escaped") {
    const std::filesystem::path path = std::string("/no_such_folder/bad\x1b[31mname");
    CHECK_THROWS_WITH_AS(write_file_atomically(path, "x"),
                         "cannot write '/no_such_folder/bad\\x1B[31mname': No such file or "
                         "directory",
                         WriteError);
}

}  // namespace aabb::io

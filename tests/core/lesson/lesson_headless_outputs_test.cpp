// --readouts writes like every output (issue 48, items 4 and 5): atomically, a write error is
// a failure naming the file and the cause, an output over the lesson file or with an empty
// name is refused before the lesson is loaded.

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/sandbox/command_line.hpp"
#include "app/sandbox/windowless_run.hpp"
#include "core/lesson/lesson_headless.hpp"
#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"

namespace aabb::lesson {

namespace {

struct Run {
    int code = 0;
    std::string errors;
};

Run run(std::vector<std::string_view> arguments) {
    // Through aabb-sandbox's one command line (app/sandbox/command_line.hpp), as the program
    // runs it: these tests give the flags a user types.
    std::ostringstream out;
    std::ostringstream errors;
    Run result;
    try {
        result.code = sandbox::run_windowless(sandbox::parse_command_line(arguments), out, errors);
    } catch (const sandbox::CommandLineError& error) {
        errors << "aabb-sandbox: " << error.what() << '\n';
        result.code = exit_usage;
    }
    result.errors = errors.str();
    return result;
}

}  // namespace

TEST_CASE("--readouts to a full disk fails with the file and the cause") {
    const Run full = run({"--headless", "--lesson", "box_intervals", "--readouts", "/dev/full"});
    CHECK(full.code == exit_failed);
    CHECK(full.errors ==
          "aabb-sandbox: --readouts: cannot write '/dev/full': No space left on device\n");
}

TEST_CASE("--readouts over the lesson file, or with an empty name, is refused before loading") {
    const testing::TemporaryFolder folder("readouts_over_lesson");
    const std::filesystem::path lesson = folder.path / "mine.json";
    std::filesystem::copy_file(
        std::filesystem::path(AABB_SOURCE_DIR) / "lessons" / "02_box_intervals.json", lesson);
    const std::string old_text = testing::file_text(lesson);
    const std::string path = lesson.string();
    const Run over = run({"--headless", "--lesson", path, "--readouts", path});
    CHECK(over.code == exit_usage);
    CHECK(over.errors == "aabb-sandbox: --readouts: '" + path + "' is the same file as --lesson '" +
                             path + "': the output would overwrite the input\n");
    CHECK(testing::file_text(lesson) == old_text);

    const Run empty = run({"--headless", "--lesson", path, "--readouts", ""});
    CHECK(empty.code == exit_usage);
    CHECK(empty.errors == "aabb-sandbox: --readouts: the file name is empty\n");

    const std::string missing = (folder.path / "missing" / "state.json").string();
    const Run nowhere = run({"--headless", "--lesson", path, "--readouts", missing});
    CHECK(nowhere.code == exit_usage);
    CHECK(nowhere.errors ==
          "aabb-sandbox: --readouts: cannot write '" + missing + "': No such file or directory\n");

    const std::string good = (folder.path / "state.json").string();
    CHECK(run({"--headless", "--lesson", path, "--readouts", good}).code == exit_ok);
    CHECK(testing::file_text(good).find("\"readouts\"") != std::string::npos);
}

TEST_CASE("--readouts at a file-size limit fails and leaves the old file intact") {
    const testing::TemporaryFolder folder("readouts_limit");
    const std::string path = (folder.path / "state.json").string();
    testing::put_file(path, "old state\n");
    const testing::ChildOutcome outcome = testing::run_with_file_size_limit(0, [&] {
        const Run limited = run({"--headless", "--lesson", "box_intervals", "--readouts", path});
        if (limited.code != exit_failed)
            throw std::runtime_error("exit " + std::to_string(limited.code));
        throw std::runtime_error(limited.errors);
    });
    CHECK(outcome.message ==
          "aabb-sandbox: --readouts: cannot write '" + path + "': File too large\n");
    CHECK(testing::file_text(path) == "old state\n");
}

}  // namespace aabb::lesson

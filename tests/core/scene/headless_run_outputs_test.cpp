// --report writes like every output (issue 48, items 4 and 5): atomically, a write error is
// exit 1 naming the file and the cause, and a report over the scene file, into a missing
// folder or with an empty name is refused (exit 2) before any frame is stepped.

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>

#include "core/scene/headless_run.hpp"
#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"

namespace aabb {

namespace {

const std::filesystem::path tunneling = AABB_SCENES_DIR "/tunneling.json";

HeadlessOptions options_for(const std::filesystem::path& scene,
                            const std::filesystem::path& report) {
    HeadlessOptions options;
    options.scene = scene;
    options.frames = 3;
    options.report = report;
    return options;
}

}  // namespace

TEST_CASE("--report over the scene file is refused before the run and the scene survives") {
    const testing::TemporaryFolder folder("report_over_scene");
    const std::filesystem::path scene = folder.path / "mine.json";
    std::filesystem::copy_file(tunneling, scene);
    const std::string old_text = testing::file_text(scene);
    std::ostringstream errors;
    CHECK(run_headless(options_for(scene, scene), errors) == 2);
    CHECK(errors.str() == "aabb-sandbox: --report: '" + scene.string() +
                              "' is the same file as --scene '" + scene.string() +
                              "': the output would overwrite the input\n");
    CHECK(testing::file_text(scene) == old_text);
}

TEST_CASE("--report into a missing folder fails before the run, a full disk after it") {
    const testing::TemporaryFolder folder("report_places");
    const std::filesystem::path missing = folder.path / "missing" / "report.json";
    std::ostringstream errors;
    CHECK(run_headless(options_for(tunneling, missing), errors) == 2);
    CHECK(errors.str() == "aabb-sandbox: --report: cannot write '" + missing.string() +
                              "': No such file or directory\n");
    errors.str("");
    CHECK(run_headless(options_for(tunneling, "/dev/full"), errors) == 1);
    CHECK(errors.str() ==
          "aabb-sandbox: --report: cannot write '/dev/full': No space left on device\n");
}

TEST_CASE("--report at a file-size limit fails and leaves the old report intact") {
    const testing::TemporaryFolder folder("report_limit");
    const std::filesystem::path report = folder.path / "report.json";
    testing::put_file(report, "old report\n");
    const testing::ChildOutcome outcome = testing::run_with_file_size_limit(0, [&] {
        std::ostringstream errors;
        const int code = run_headless(options_for(tunneling, report), errors);
        throw std::runtime_error(std::to_string(code) + " " + errors.str());
    });
    CHECK(outcome.message ==
          "1 aabb-sandbox: --report: cannot write '" + report.string() + "': File too large\n");
    CHECK(testing::file_text(report) == "old report\n");
    CHECK(testing::entry_count(folder.path) == 1);
}

}  // namespace aabb

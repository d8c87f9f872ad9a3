// The check before any work: an output that would overwrite an input or another output, has an
// empty name or cannot be written is refused with the flags and the files named.

#include "core/io/output_files.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"

namespace aabb::io {

namespace {

using testing::entry_count;
using testing::put_file;
using testing::TemporaryFolder;

}  // namespace

TEST_CASE("same_file sees one file through different names, existing or not") {
    const TemporaryFolder folder("same_file");
    const std::filesystem::path scene = folder.path / "mine.json";
    put_file(scene, "{}");
    CHECK(same_file(scene, scene));
    CHECK(same_file(scene, folder.path / "." / "mine.json"));
    CHECK(same_file(scene, folder.path / "sub" / ".." / "mine.json") == false);  // no "sub"
    std::filesystem::create_directory(folder.path / "sub");
    CHECK(same_file(scene, folder.path / "sub" / ".." / "mine.json"));
    std::filesystem::create_hard_link(scene, folder.path / "hard.json");
    CHECK(same_file(scene, folder.path / "hard.json"));
    std::filesystem::create_symlink(scene, folder.path / "soft.json");
    CHECK(same_file(folder.path / "soft.json", scene));
    CHECK_FALSE(same_file(scene, folder.path / "other.json"));
    // Neither written yet: the same path once resolved.
    CHECK(same_file(folder.path / "new.csv", folder.path / "sub" / ".." / "new.csv"));
    CHECK_FALSE(same_file(folder.path / "new.csv", folder.path / "new.json"));
}

TEST_CASE("check_output_files refuses an output that is an input, by flag and file") {
    const TemporaryFolder folder("output_files_input");
    const std::filesystem::path scene = folder.path / "mine.json";
    put_file(scene, "{\"the scene\": 1}");
    const std::vector<NamedFile> inputs{{"--scene", scene}};
    const std::vector<NamedFile> outputs{{"--report", folder.path / "." / "mine.json"}};
    CHECK_THROWS_WITH_AS(check_output_files(outputs, inputs),
                         ("--report: '" + (folder.path / "." / "mine.json").string() +
                          "' is the same file as --scene '" + scene.string() +
                          "': the output would overwrite the input")
                             .c_str(),
                         OutputFileError);
    CHECK(testing::file_text(scene) == "{\"the scene\": 1}");
    const std::vector<NamedFile> elsewhere{{"--report", folder.path / "report.json"}};
    CHECK_NOTHROW(check_output_files(elsewhere, inputs));
    CHECK(entry_count(folder.path) == 1);
}

TEST_CASE("check_output_files refuses two outputs to one file, but not to one device") {
    const TemporaryFolder folder("output_files_twice");
    const std::vector<NamedFile> outputs{{"--trace-out", folder.path / "t.csv"},
                                         {"--frame-times", folder.path / "t.csv"}};
    CHECK_THROWS_WITH_AS(check_output_files(outputs, {}),
                         ("--frame-times: '" + (folder.path / "t.csv").string() +
                          "' is the same file as --trace-out '" + (folder.path / "t.csv").string() +
                          "': each output needs a file of its own")
                             .c_str(),
                         OutputFileError);
    const std::vector<NamedFile> devices{{"--json", "/dev/null"}, {"--csv", "/dev/null"}};
    CHECK_NOTHROW(check_output_files(devices, {}));
}

TEST_CASE("check_output_files refuses an empty name and an unwritable place before any work") {
    const TemporaryFolder folder("output_files_place");
    const std::vector<NamedFile> empty{{"--frame-times", ""}};
    CHECK_THROWS_WITH_AS(check_output_files(empty, {}), "--frame-times: the file name is empty",
                         OutputFileError);
    const std::filesystem::path missing = folder.path / "missing" / "plot.png";
    const std::vector<NamedFile> outputs{{"--plot-scaling", missing}};
    CHECK_THROWS_WITH_AS(
        check_output_files(outputs, {}),
        ("--plot-scaling: cannot write '" + missing.string() + "': No such file or directory")
            .c_str(),
        OutputFileError);
    const std::vector<NamedFile> folder_as_file{{"--json", folder.path}};
    CHECK_THROWS_AS(check_output_files(folder_as_file, {}), OutputFileError);
    const std::vector<NamedFile> fine{{"--json", folder.path / "r.json"}};
    CHECK_NOTHROW(check_output_files(fine, {}));
    CHECK(entry_count(folder.path) == 0);
}

}  // namespace aabb::io

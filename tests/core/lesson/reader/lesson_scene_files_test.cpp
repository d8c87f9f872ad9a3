// A lesson's scene files: each distinct file read once and shared by every spelling that names
// it, and their sizes together within LessonWorldLimits::max_scene_bytes (issue 48 item 7: 32
// choices naming one 43 MB scene read it 32 times, 2 GB while still loading).

#include "core/lesson/reader/lesson_scene_files.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <string>

#include "core/lesson/lesson_file.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb::lesson {
namespace {

// A lesson in `folder` whose world.scene handle names `file` under 32 spellings.
std::string aliasing_lesson(const std::string& file) {
    std::string choices;
    for (const std::string prefix : {"", "../lessons/"}) {
        std::string dots;
        for (int k = 0; k < 16; ++k, dots += "./")
            choices += (choices.empty() ? "\"" : ", \"") + prefix + dots + file + "\"";
    }
    return R"({"id": "aliases", "section": 1, "title": "Aliases",
      "handles": [{"name": "scene", "kind": "choice", "target": "world.scene",
                   "choices": [)" +
           choices + R"(]}],
      "steps": [{"text": "s"}]})";
}

void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
}

}  // namespace

TEST_CASE("32 choices naming one scene file read it once and share it") {
    const testing::TemporaryFolder folder("aabb_scene_aliases");
    std::filesystem::create_directories(folder.path / "lessons");
    // About 2 MB: 20,000 bodies.
    std::string bodies;
    for (int i = 0; i < 20000; ++i) {
        bodies += (i == 0 ? "" : ", ");
        bodies += R"({"kind": "box", "position": [)" + std::to_string(i % 200) + ", " +
                  std::to_string(i / 200) + R"(], "size": [0.5, 0.5]})";
    }
    write(folder.path / "lessons" / "big.json",
          R"({"version": 1, "bounds": {"min": [-10, -10], "max": [300, 300]}, "bodies": [)" +
              bodies + "]}");
    write(folder.path / "lessons" / "aliases.json", aliasing_lesson("big.json"));
    const auto start = std::chrono::steady_clock::now();
    const Lesson lesson = load_lesson(folder.path / "lessons" / "aliases.json");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Handle& handle = lesson.handles.front();
    REQUIRE(handle.scenes.size() == 32);
    for (const auto& scene : handle.scenes)
        CHECK(scene.get() == handle.scenes.front().get());
    CHECK(handle.scenes.front()->bodies.size() == 20000);
    REQUIRE(lesson.scene);
    CHECK(lesson.scene->bodies.size() == 20000);
    CHECK(seconds < 10.0);  // once, not 32 times
}

TEST_CASE("a lesson's scene files are refused past 16 MiB, before they are read") {
    const testing::TemporaryFolder folder("aabb_scene_budget");
    std::filesystem::create_directories(folder.path / "lessons");
    // A valid scene padded with 17 MiB of spaces: refused by its size alone.
    write(folder.path / "lessons" / "huge.json",
          R"({"version": 1, "bodies": [)" + std::string(17 << 20, ' ') + "]}");
    write(folder.path / "lessons" / "aliases.json", aliasing_lesson("huge.json"));
    const std::filesystem::path lesson = folder.path / "lessons" / "aliases.json";
    CHECK_THROWS_WITH_AS((void)load_lesson(lesson),
                         (lesson.generic_string() +
                          ": handles[0].choices[0]: the lesson's scene files take 17825820 "
                          "bytes, above the limit of 16777216 (16 MiB) for one lesson")
                             .c_str(),
                         LessonError);
}

}  // namespace aabb::lesson

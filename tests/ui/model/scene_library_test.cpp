// The built-in scene list: found from the compiled-in folder, sorted, titled, errors kept.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/support/temporary_path.hpp"
#include "ui/model/scene_library.hpp"

namespace aabb::ui {

TEST_CASE("the built-in scenes folder is found and every scene in it loads with a title") {
    const std::filesystem::path directory = find_scene_directory(default_scene_directories());
    REQUIRE_FALSE(directory.empty());
    const std::vector<SceneEntry> entries = list_scenes(directory);
    REQUIRE(entries.size() >= 5);
    CHECK(std::is_sorted(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return a.path.filename() < b.path.filename();
    }));
    for (const SceneEntry& entry : entries) {
        INFO(entry.path.string());
        CHECK(entry.error.empty());
        CHECK_FALSE(entry.title.empty());
    }
    const auto tunneling = std::find_if(entries.begin(), entries.end(), [](const auto& entry) {
        return entry.path.filename() == "tunneling.json";
    });
    REQUIRE(tunneling != entries.end());
    CHECK(tunneling->title == "Tunneling: a fast bullet through a thin wall");
    CHECK(tunneling->title_zh == "隧穿：快速子弹穿过薄墙");
}

TEST_CASE("a broken scene file is listed with its error; a missing folder lists nothing") {
    const std::filesystem::path directory =
        testing::unique_temporary_path("aabb_scene_library_test");
    std::filesystem::remove_all(directory);
    std::filesystem::create_directories(directory);
    std::ofstream(directory / "broken.json") << "{\"version\": 1, \"bodies\": 3}";
    std::ofstream(directory / "notes.txt") << "not a scene";
    const std::vector<SceneEntry> entries = list_scenes(directory);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].title == "broken");
    CHECK(entries[0].error.find("broken.json") != std::string::npos);
    std::filesystem::remove_all(directory);
    CHECK(list_scenes(directory).empty());
    CHECK(find_scene_directory({directory}).empty());
}

}  // namespace aabb::ui

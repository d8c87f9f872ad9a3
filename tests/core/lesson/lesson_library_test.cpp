// Finding lessons: the folder's files sorted by name with their titles and load errors, and a
// lesson by its file stem with or without the number prefix.

#include "core/lesson/lesson_library.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "tests/support/temporary_path.hpp"

namespace aabb::lesson {
namespace {

struct LessonFolder : testing::TemporaryFolder {
    LessonFolder() : TemporaryFolder("aabb_lesson_library_test") {}
    void write(const std::string& name, const std::string& text) const {
        std::ofstream file(path / name);
        file << text;
    }
};

const char* const minimal =
    R"({"id": "ID", "section": 3, "title": "T", "title_zh": "题", "steps": [{"text": "s"}]})";

std::string lesson_with_id(const std::string& id) {
    const std::string text = minimal;
    const std::size_t at = text.find("ID");
    return text.substr(0, at) + id + text.substr(at + 2);
}

}  // namespace

TEST_CASE("list_lessons: sorted by file name, broken files listed with their error") {
    const LessonFolder folder;
    folder.write("02_b.json", lesson_with_id("02_b"));
    folder.write("01_a.json", lesson_with_id("01_a"));
    folder.write("03_broken.json", "{");
    folder.write("index.json", "{}");
    folder.write("notes.txt", "not a lesson");
    const std::vector<LessonEntry> entries = list_lessons(folder.path);
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].id == "01_a");
    CHECK(entries[0].section == 3);
    CHECK(entries[0].title == "T");
    CHECK(entries[0].title_zh == "题");
    CHECK(entries[0].steps == 1);
    CHECK(entries[0].error.empty());
    CHECK(entries[1].id == "02_b");
    CHECK(entries[2].id == "03_broken");
    CHECK(entries[2].error.find("03_broken.json:1:2: invalid JSON") != std::string::npos);
    CHECK(list_lessons(folder.path / "missing").empty());
}

TEST_CASE("resolve_lesson: a path, a stem, or a stem without its number prefix") {
    const LessonFolder folder;
    folder.write("02_box_intervals.json", lesson_with_id("02_box_intervals"));
    folder.write("12_box.json", lesson_with_id("12_box"));
    folder.write("13_box.json", lesson_with_id("13_box"));
    CHECK(resolve_lesson("box_intervals", folder.path).filename() == "02_box_intervals.json");
    CHECK(resolve_lesson("02_box_intervals", folder.path).filename() == "02_box_intervals.json");
    const std::filesystem::path direct = folder.path / "12_box.json";
    CHECK(resolve_lesson(direct.string(), "elsewhere") == direct);
    CHECK_THROWS_WITH_AS((void)resolve_lesson("box", folder.path),
                         ("lesson 'box' is ambiguous in " + folder.path.generic_string() +
                          ": 12_box.json, 13_box.json")
                             .c_str(),
                         std::invalid_argument);
    CHECK_THROWS_AS((void)resolve_lesson("intervals", folder.path), std::invalid_argument);
    CHECK(lesson_name("lessons/08_tunneling.json") == "08_tunneling");
}

TEST_CASE("the built-in lessons folder is found") {
    const std::filesystem::path folder = find_lesson_directory();
    REQUIRE(!folder.empty());
    CHECK(std::filesystem::exists(folder / "02_box_intervals.json"));
}

}  // namespace aabb::lesson

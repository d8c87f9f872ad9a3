#pragma once
// Finding lessons: the lessons/ folder, the lesson files in it with their titles (for the
// window's Lessons tab), and a lesson by name ("02_box_intervals", "box_intervals" or a path).

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace aabb::lesson {

/// One lesson file of a folder.
struct LessonEntry {
    /// Where it is.
    std::filesystem::path path;
    /// Its id (the file stem when it could not be read).
    std::string id;
    /// Its curriculum section (0 when it could not be read).
    int section = 0;
    /// Its English title (the file name when it could not be read).
    std::string title;
    /// Its Chinese title.
    std::string title_zh;
    /// Its number of steps (0 when it could not be read).
    std::size_t steps = 0;
    /// The loading error when the file is not a valid lesson; empty otherwise.
    std::string error;
};

/// Folders that may hold the lessons, most specific first: the project's lessons/ folder
/// compiled in as AABB_LESSONS_DIR, then lessons/ under the working directory.
[[nodiscard]] std::vector<std::filesystem::path> default_lesson_directories();

/// The first of default_lesson_directories() that exists; empty when none does.
[[nodiscard]] std::filesystem::path find_lesson_directory();

/// The lesson files of `directory`: every *.json except index.json, sorted by file name. Empty
/// for a missing directory. Entries that are not regular files (a dangling link, a FIFO, a
/// folder) are listed too, so that loading them reports them by name instead of their being
/// skipped without a word; nothing here opens them.
[[nodiscard]] std::vector<std::filesystem::path> lesson_files(
    const std::filesystem::path& directory);

/// Every *.json file of `directory` except index.json, sorted by file name, each loaded once
/// (a broken file is listed with its error, never thrown). Empty for a missing directory.
[[nodiscard]] std::vector<LessonEntry> list_lessons(const std::filesystem::path& directory);

/// The lesson file `name` stands for: an existing file path as given; otherwise, in
/// `directory`, NAME.json or a file whose stem is a number prefix, '_' and NAME
/// ("box_intervals" finds 02_box_intervals.json). Throws std::invalid_argument naming the
/// folder when there is no such lesson, or when a bare name matches several files.
[[nodiscard]] std::filesystem::path resolve_lesson(std::string_view name,
                                                   const std::filesystem::path& directory);

/// The lesson name a file stands for: its stem ("02_box_intervals").
[[nodiscard]] std::string lesson_name(const std::filesystem::path& path);

}  // namespace aabb::lesson

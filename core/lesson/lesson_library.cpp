#include "core/lesson/lesson_library.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <system_error>

#include "core/lesson/lesson_file.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

// "02_box_intervals" stands for "box_intervals": digits, then '_', then the name.
bool stem_names(std::string_view stem, std::string_view name) {
    if (stem == name) return true;
    std::size_t digits = 0;
    while (digits < stem.size() && std::isdigit(static_cast<unsigned char>(stem[digits])))
        ++digits;
    return digits > 0 && digits < stem.size() && stem[digits] == '_' &&
           stem.substr(digits + 1) == name;
}

}  // namespace

std::vector<std::filesystem::path> lesson_files(const std::filesystem::path& directory) {
    std::vector<std::filesystem::path> files;
    std::error_code error;
    if (!std::filesystem::is_directory(directory, error)) return files;
    for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
        const std::filesystem::path& path = entry.path();
        if (path.extension() == ".json" && path.filename() != "index.json") files.push_back(path);
    }
    std::sort(files.begin(), files.end(),
              [](const auto& a, const auto& b) { return a.filename() < b.filename(); });
    return files;
}

std::vector<std::filesystem::path> default_lesson_directories() {
    std::vector<std::filesystem::path> directories;
#ifdef AABB_LESSONS_DIR
    directories.emplace_back(AABB_LESSONS_DIR);
#endif
    directories.emplace_back("lessons");
    return directories;
}

std::filesystem::path find_lesson_directory() {
    std::error_code error;
    for (const std::filesystem::path& candidate : default_lesson_directories()) {
        if (std::filesystem::is_directory(candidate, error)) return candidate;
    }
    return {};
}

std::vector<LessonEntry> list_lessons(const std::filesystem::path& directory) {
    std::vector<LessonEntry> entries;
    for (const std::filesystem::path& path : lesson_files(directory)) {
        LessonEntry entry;
        entry.path = path;
        entry.id = lesson_name(path);
        entry.title = path.filename().string();
        try {
            const Lesson lesson = load_lesson(path);
            entry.id = lesson.id;
            entry.section = lesson.section;
            entry.title = lesson.title;
            entry.title_zh = lesson.title_zh;
            entry.steps = lesson.steps.size();
        } catch (const std::exception& error) {
            entry.error = error.what();
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::filesystem::path resolve_lesson(std::string_view name,
                                     const std::filesystem::path& directory) {
    std::error_code error;
    const std::filesystem::path given{std::string(name)};
    // Any file but a folder is taken as the lesson file: loading it refuses a FIFO or a device
    // by name (without opening it), where "no lesson" would hide what the path is.
    if (std::filesystem::exists(given, error) && !std::filesystem::is_directory(given, error))
        return given;
    std::vector<std::filesystem::path> found;
    for (const std::filesystem::path& path : lesson_files(directory)) {
        if (stem_names(path.stem().string(), name)) found.push_back(path);
    }
    const std::string where = directory.empty()
                                  ? std::string("(no lessons folder)")
                                  : input_excerpt(directory.generic_string(), quoted_path_limit);
    if (found.empty()) {
        throw std::invalid_argument("no lesson '" + input_excerpt(name) +
                                    "': not a file, and not a lesson in " + where);
    }
    if (found.size() > 1) {
        throw std::invalid_argument("lesson '" + input_excerpt(name) + "' is ambiguous in " +
                                    where + ": " + input_excerpt(found[0].filename().string()) +
                                    ", " + input_excerpt(found[1].filename().string()));
    }
    return found.front();
}

std::string lesson_name(const std::filesystem::path& path) {
    return path.stem().string();
}

}  // namespace aabb::lesson

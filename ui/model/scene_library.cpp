#include "ui/model/scene_library.hpp"

#include <algorithm>
#include <exception>
#include <system_error>

#include "core/scene/scene_file.hpp"

namespace aabb::ui {

std::vector<std::filesystem::path> default_scene_directories() {
    std::vector<std::filesystem::path> candidates;
#ifdef AABB_SCENES_DIR
    candidates.emplace_back(AABB_SCENES_DIR);
#endif
    candidates.emplace_back("scenes");
    return candidates;
}

std::filesystem::path find_scene_directory(const std::vector<std::filesystem::path>& candidates) {
    for (const std::filesystem::path& candidate : candidates) {
        std::error_code error;
        if (std::filesystem::is_directory(candidate, error)) return candidate;
    }
    return {};
}

std::vector<SceneEntry> list_scenes(const std::filesystem::path& directory) {
    std::vector<SceneEntry> entries;
    std::error_code error;
    if (directory.empty() || !std::filesystem::is_directory(directory, error)) return entries;
    for (const auto& item : std::filesystem::directory_iterator(directory, error)) {
        if (!item.is_regular_file(error) || item.path().extension() != ".json") continue;
        SceneEntry entry{item.path(), item.path().stem().string(), {}, {}};
        try {
            const Scene scene = load_scene(item.path());
            if (!scene.title.empty()) entry.title = scene.title;
            entry.title_zh = scene.title_zh;
        } catch (const std::exception& problem) {
            entry.error = problem.what();
        }
        entries.push_back(std::move(entry));
    }
    std::sort(entries.begin(), entries.end(), [](const SceneEntry& a, const SceneEntry& b) {
        return a.path.filename() < b.path.filename();
    });
    return entries;
}

}  // namespace aabb::ui

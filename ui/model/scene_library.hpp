#pragma once
// The built-in scenes: finding the scenes/ folder whether the sandbox runs from the source
// tree, the build tree or anywhere else, and listing its scene files with their titles. Pure
// C++ on aabb_scene (no SDL or ImGui), unit tested.

#include <filesystem>
#include <string>
#include <vector>

namespace aabb::ui {

/// A scene file of the library.
struct SceneEntry {
    /// Where it is.
    std::filesystem::path path;
    /// Its English title, or the file name when it has none.
    std::string title;
    /// Its Chinese title; empty when it has none.
    std::string title_zh;
    /// The loading error when the file is not a valid scene; empty otherwise.
    std::string error;
};

/// Folders that may hold the built-in scenes, most specific first: the project's scenes/
/// folder compiled in as AABB_SCENES_DIR (when defined), then scenes/ under the working
/// directory.
[[nodiscard]] std::vector<std::filesystem::path> default_scene_directories();

/// The first of `candidates` that is an existing directory; empty when none is.
[[nodiscard]] std::filesystem::path find_scene_directory(
    const std::vector<std::filesystem::path>& candidates);

/// Every *.json file in `directory`, sorted by file name, each loaded once for its title (a
/// broken file is listed with its error, never thrown). Empty for a missing directory.
[[nodiscard]] std::vector<SceneEntry> list_scenes(const std::filesystem::path& directory);

}  // namespace aabb::ui

#include "core/lesson/reader/lesson_scene_files.hpp"

#include <system_error>

#include "core/lesson/lesson_world.hpp"
#include "core/scene/scene_file.hpp"

namespace aabb::lesson::detail {

std::shared_ptr<const Scene> LessonSceneFiles::read(const JsonValueReader& reader,
                                                    const std::filesystem::path& path,
                                                    const std::string& json_path) {
    // A file that cannot be resolved (missing, not permitted) keeps its spelling: reading it
    // below reports why.
    std::error_code error;
    std::filesystem::path key = std::filesystem::canonical(path, error);
    if (error) key = path;
    if (const auto found = scenes_.find(key); found != scenes_.end()) return found->second;
    const std::uintmax_t size = std::filesystem::file_size(key, error);
    if (!error && std::filesystem::is_regular_file(key, error)) {
        bytes_ += size;
        if (bytes_ > LessonWorldLimits::max_scene_bytes) {
            reader.fail(json_path, "the lesson's scene files take " + std::to_string(bytes_) +
                                       " bytes, above the limit of " +
                                       std::to_string(LessonWorldLimits::max_scene_bytes) +
                                       " (16 MiB) for one lesson");
        }
    }
    try {
        auto scene = std::make_shared<const Scene>(load_scene(path));
        scenes_.emplace(key, scene);
        return scene;
    } catch (const SceneError& problem) {
        reader.fail(json_path, problem.what());
    }
}

}  // namespace aabb::lesson::detail

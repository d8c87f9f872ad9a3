#pragma once
// The scene files one lesson reads (its scene_file and every world.scene choice): each
// distinct file read once and shared, and their sizes together within
// LessonWorldLimits::max_scene_bytes. 32 choices naming one 43 MB scene under 32 spellings
// ("s.json", "./s.json", …) read it 32 times, 2 GB while still loading (issue 48 item 7).

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "core/scene/json_value_reader.hpp"
#include "core/scene/scene.hpp"

namespace aabb::lesson::detail {

/// The scenes a lesson has read so far, by the file's canonical path.
class LessonSceneFiles {
  public:
    /// The scene at `path`: read the first time, shared after (another spelling of the same
    /// file gets the same scene). Fails through `reader` at `json_path` ("FILE: PATH: <the
    /// scene's error>") when it cannot be read or is not a scene, and with "the lesson's scene
    /// files take N bytes, above the limit of 16777216 (16 MiB) for one lesson" before reading
    /// a file that would take the lesson's distinct scene files past that size.
    [[nodiscard]] std::shared_ptr<const Scene> read(const JsonValueReader& reader,
                                                    const std::filesystem::path& path,
                                                    const std::string& json_path);

  private:
    std::map<std::filesystem::path, std::shared_ptr<const Scene>> scenes_;
    std::uintmax_t bytes_ = 0;
};

}  // namespace aabb::lesson::detail

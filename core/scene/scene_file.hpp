#pragma once
// Scene files: JSON in, Scene out, and back (docs/scene_format.md describes the format).
//
// Loading is all or nothing: a file is parsed into a fresh Scene, and any malformed JSON,
// unknown field, wrong type, NaN or out-of-range value throws one SceneError naming the file
// and the JSON path, e.g. `scenes/x.json: bodies[3].size: must be positive`. Saving writes
// every float in its shortest form that reads back to the same bits, so load(save(s)) == s.
// scene_reader.cpp reads, scene_writer.cpp writes, both from the key lists of
// scene_file_names.hpp.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/scene/scene.hpp"

namespace aabb {

/// A scene file that could not be read, with a message "FILE: PATH: what is wrong" (or
/// "FILE:LINE:COLUMN: invalid JSON: ..." when the text is not JSON).
class SceneError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// The scene format version this code reads and writes.
inline constexpr int scene_format_version = 1;

/// The largest scene file read: 512 MiB (a saved world of 1,000,000 boxes, the most a scene
/// lists, takes about 345 MiB: 360 bytes a box). A larger file is refused by its size before
/// it is read.
inline constexpr std::uint64_t max_scene_file_bytes = std::uint64_t{512} << 20;

/// Parses scene JSON text; `source_name` (usually the file path) starts every error message.
/// Throws SceneError.
[[nodiscard]] Scene parse_scene(std::string_view text, std::string_view source_name);

/// Reads and parses a scene file. Throws SceneError (also when the file cannot be read, is not
/// a regular file or is larger than max_scene_file_bytes).
[[nodiscard]] Scene load_scene(const std::filesystem::path& path);

/// The scene as pretty-printed JSON text, every field written explicitly.
[[nodiscard]] std::string scene_to_json_text(const Scene& scene);

/// Writes the scene to a file, atomically (core/io/atomic_file.hpp). Throws io::WriteError (a
/// std::runtime_error naming the file and the cause) when it cannot; the old file is then
/// intact.
void save_scene(const Scene& scene, const std::filesystem::path& path);

}  // namespace aabb

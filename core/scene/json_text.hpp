#pragma once
// Parsing the JSON text of scene and lesson files, with the rules every JSON input shares:
// at most max_json_depth levels of nesting (refused while parsing, before anything recursive
// runs over the value: nlohmann's dump(), copy and comparison recurse, and 100,000 levels
// overflowed the stack), no key twice in one object (nlohmann keeps the last silently), and no
// number that underflows to 0 (1e-400 would read as 0 without a word).

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace aabb {

/// The JSON value type scene and lesson files are parsed into.
using Json = nlohmann::json;

/// The deepest nesting of arrays and objects a scene or lesson file may have: the value at the
/// top is level 1. The deepest field of either format is at level 6 (a polygon vertex of an
/// inline scene of a lesson).
inline constexpr std::size_t max_json_depth = 64;

/// Parses JSON text. Throws SceneError "SOURCE:LINE:COLUMN: invalid JSON: detail" for text that
/// is not JSON ("SOURCE: invalid JSON: detail" for a number beyond double range), and
/// "SOURCE: PATH: ..." for nesting deeper than max_json_depth, a duplicate key or a number that
/// underflows to 0.
[[nodiscard]] Json parse_json_text(std::string_view text, std::string_view source);

/// The JSON path of `key` in the object at `parent` ("" is the root); the key is quoted through
/// input_excerpt.
[[nodiscard]] std::string field_path(const std::string& parent, std::string_view key);

/// The JSON path of element `index` of the array at `parent`.
[[nodiscard]] std::string index_path(const std::string& parent, std::size_t index);

}  // namespace aabb

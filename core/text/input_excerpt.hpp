#pragma once
// How every error message quotes what it was given (a field, a key, a flag's value, a trace
// field, a lesson name): a file or flag may hold megabytes on one line, or control bytes that
// would reach the terminal raw, so what is quoted is cut and escaped here, once, for all of them.

#include <cstddef>
#include <string>
#include <string_view>

namespace aabb {

/// How many characters of input an error message quotes before cutting it with "…".
inline constexpr std::size_t quoted_input_limit = 80;

/// How many characters of a file name an error message quotes: file names lead every message
/// whole (absolute paths run long), but one comes from a file too (a lesson's scene_file).
inline constexpr std::size_t quoted_path_limit = 1024;

/// `text` fit to quote in a message: at most `limit` characters (UTF-8 sequences count as one)
/// followed by "…" when cut; printable ASCII and valid UTF-8 kept, a backslash doubled, and every
/// other byte escaped as \n, \r, \t or \xHH. Quote marks are the caller's.
[[nodiscard]] std::string input_excerpt(std::string_view text,
                                        std::size_t limit = quoted_input_limit);

}  // namespace aabb

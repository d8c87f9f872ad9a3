#pragma once
// Line breaking for both languages: Dear ImGui 1.86 wraps only at spaces and ASCII punctuation,
// so a Chinese sentence (no spaces) breaks wherever the width runs out, and a number like 0.40
// is cut after its '.' ("[0.40, 0." / "55]"). Here a line may break at a space or next to a CJK
// character, never before closing punctuation (，。）…) or after opening punctuation (（“《),
// never inside a short bracketed group of Latin text ("[0.40, 0.55]", "(2, 2)", "max(0, t)")
// or a span the caller keeps together (a formula's value), and a word of Latin letters and
// digits is cut only when it alone is wider than the line. Pure C++ (the widths come from a
// callback), unit tested.

#include <cstddef>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace aabb::ui {

/// The width of one code point as drawn.
using CodePointWidth = std::function<float(char32_t code_point)>;

/// True when `text` holds a CJK character (ideographs, kana, CJK and full-width punctuation):
/// text that needs wrap_lines() rather than ImGui's word wrapping.
[[nodiscard]] bool has_cjk(std::string_view text);

/// Bytes [begin, end) of a text that no line break may fall inside.
struct KeepTogether {
    /// The first byte.
    std::size_t begin = 0;
    /// One past the last byte.
    std::size_t end = 0;
};

/// The longest bracketed group, in bytes from its opening to its closing bracket, that is kept
/// on one line: an interval, a point or a short call ("[0.333, 0.458]", "max(0, 0.40, −∞)").
inline constexpr std::size_t max_kept_group_bytes = 40;

/// `text` (UTF-8) cut into lines at most `width` wide as `width_of` measures (a single
/// character wider than the line gets a line of its own). '\n' ends a line; spaces at a break
/// are dropped; no break falls inside a `keep` span or a bracketed group of at most
/// max_kept_group_bytes (unless it alone is wider than the line). The lines view `text`.
[[nodiscard]] std::vector<std::string_view> wrap_lines(std::string_view text, float width,
                                                       const CodePointWidth& width_of,
                                                       std::span<const KeepTogether> keep = {});

}  // namespace aabb::ui

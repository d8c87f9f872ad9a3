#pragma once
// Line breaking that suits Chinese: Dear ImGui 1.86 wraps only at spaces and ASCII punctuation,
// so a Chinese sentence (no spaces) breaks wherever the width runs out, and a number like 0.40
// may be cut after its '.'. Here a line may break at a space or next to a CJK character, never
// before closing punctuation (，。）…) or after opening punctuation (（“《), and a word of Latin
// letters and digits is cut only when it alone is wider than the line. Pure C++ (the widths
// come from a callback), unit tested.

#include <functional>
#include <string_view>
#include <vector>

namespace aabb::ui {

/// The width of one code point as drawn.
using CodePointWidth = std::function<float(char32_t code_point)>;

/// True when `text` holds a CJK character (ideographs, kana, CJK and full-width punctuation):
/// text that needs wrap_lines() rather than ImGui's word wrapping.
[[nodiscard]] bool has_cjk(std::string_view text);

/// `text` (UTF-8) cut into lines at most `width` wide as `width_of` measures (a single
/// character wider than the line gets a line of its own). '\n' ends a line; spaces at a break
/// are dropped. The lines view `text`.
[[nodiscard]] std::vector<std::string_view> wrap_lines(std::string_view text, float width,
                                                       const CodePointWidth& width_of);

}  // namespace aabb::ui

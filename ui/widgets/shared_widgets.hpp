#pragma once
// Widgets the panel pages, the floating windows and lesson mode share: label/value table rows,
// numbers with thousands separators, legend swatches, a text field bound to a std::string,
// wrapped text that suits Chinese, and error and status lines.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ui/style/palette.hpp"
#include "ui/text/framed_message.hpp"
#include "ui/text/line_breaking.hpp"

namespace aabb::ui {

/// `value` with thousands separators ("1,234,567") in `buffer`; returns `buffer`.
const char* with_separators(std::uint64_t value, char (&buffer)[32]);

/// Begins a two-column label/value table; call ImGui::EndTable() when it returns true.
[[nodiscard]] bool begin_value_table(const char* id);
/// A table row: a label in the first column, a right-aligned value in the second.
void value_row(const char* label, const char* value);
/// A value row holding a count with thousands separators.
void count_row(const char* label, std::uint64_t value);
/// A value row holding milliseconds ("1.234 ms").
void milliseconds_row(const char* label, double milliseconds);

/// A small square of `color` (opaque) before the next widget: the legend of the canvas layers.
void swatch(Rgba8 color);

/// An InputText bound to a std::string (ImGui 1.86 has no std::string overload); true when
/// edited.
bool input_text(const char* id, std::string& text);

/// `text` cut into lines at the available width in the current font by wrap_lines(), no break
/// inside a `keep` span.
[[nodiscard]] std::vector<std::string_view> wrap_at_available_width(
    std::string_view text, std::span<const KeepTogether> keep = {});
/// `text` cut into lines `width` pixels wide in the current font by wrap_lines().
[[nodiscard]] std::vector<std::string_view> wrap_at_width(std::string_view text, float width,
                                                          std::span<const KeepTogether> keep = {});

/// `text` wrapped at the available width by wrap_lines() in both languages (Chinese-aware,
/// numbers and intervals never cut), as one text item; at `width` pixels instead when it is
/// above 0 (a tooltip, which has no width of its own to fill).
void wrapped_text(std::string_view text, float width = 0.0f);

/// `message` wrapped in the error color; nothing when it is empty.
void error_text(const FramedMessage& message);
/// `message` as a dimmed status line; nothing when it is empty.
void status_text(const FramedMessage& message);

}  // namespace aabb::ui

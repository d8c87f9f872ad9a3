#pragma once
// The look of the sandbox: ImGui colors and spacing derived from the palette, and a readable
// TrueType font from the system when one is installed.

#include <imgui.h>

#include "ui/style/palette.hpp"

namespace aabb::ui {

/// The palette color packed as ImGui's ImU32.
[[nodiscard]] inline ImU32 to_imgui_color(Rgba8 color) {
    return IM_COL32(color.r, color.g, color.b, color.a);
}
/// The palette color as ImGui's float color.
[[nodiscard]] inline ImVec4 to_imgui_vec4(Rgba8 color) {
    return ImVec4(color.r / 255.0f, color.g / 255.0f, color.b / 255.0f, color.a / 255.0f);
}

/// Sets the dark style of the sandbox on the current ImGui context.
void apply_theme();

/// Adds the first system TrueType sans font found (DejaVu Sans, Noto Sans, Liberation Sans)
/// at `pixel_size` as the default font; keeps ImGui's built-in font when none exists.
/// Returns true when a system font was loaded. Call before the font texture is built.
bool load_interface_font(float pixel_size);

}  // namespace aabb::ui

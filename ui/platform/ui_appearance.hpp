#pragma once
// Applies the appearance settings to ImGui and the canvas: color scheme (panel and world
// overlays), widget sizes, overlay stroke widths and a font (with CJK glyphs when installed)
// baked at the scaled size (crisp text instead of a stretched bitmap). Call between frames only.

#include "ui/model/settings_store.hpp"

namespace aabb::ui {

/// Sets the palette and the ImGui theme for `settings`, scales every widget size by its
/// ui_scale (starting from ImGui's default style, so calling it again with the same settings
/// changes nothing) and rebakes the interface font at `base_font_pixels` × ui_scale. Needs the
/// ImGui context and its OpenGL3 backend; call outside ImGui::NewFrame()/Render().
void apply_appearance(const UiSettings& settings, float base_font_pixels);

}  // namespace aabb::ui

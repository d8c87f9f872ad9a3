#pragma once
// The F1 help: every shortcut from the shortcut table (ui/commands/shortcuts.hpp), centered
// on the canvas.

#include "ui/view/camera.hpp"

namespace aabb::ui {

/// Draws the help while `open`; its close button clears `open`.
void draw_help_window(const ScreenRect& canvas_area, bool& open);

}  // namespace aabb::ui

#pragma once
// A row of buttons at the top-left of the canvas for the frequent actions a mouse user looks
// for: help, the comparison window, UI scale, high contrast and the interface language.

#include "ui/commands/command_targets.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The toolbar, inside the top-left corner of `canvas_area`; its buttons wrap onto more rows
/// when the canvas is too narrow for one (large UI scales). Returns how much taller than one
/// row it is, in pixels (0 for one row).
float draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets);

}  // namespace aabb::ui

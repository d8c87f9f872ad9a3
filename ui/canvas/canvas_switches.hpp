#pragma once
// The canvas's switches that lesson steps set (ui/model/lesson_canvas_view.hpp decides them):
// read from a WorldCanvas, and applied to it.

#include <vector>

#include "ui/canvas/world_canvas.hpp"
#include "ui/model/lesson_canvas_view.hpp"

namespace aabb::ui {

/// The canvas's overlays as lesson steps name and switch them, in the canvas's order.
[[nodiscard]] std::vector<OverlayRule> overlay_rules(const WorldCanvas& canvas);

/// The canvas's switches now.
[[nodiscard]] CanvasSwitches canvas_switches(const WorldCanvas& canvas);

/// Sets the canvas's switches (overlays beyond `switches.overlays` stay as they are).
void apply_canvas_switches(WorldCanvas& canvas, const CanvasSwitches& switches);

}  // namespace aabb::ui

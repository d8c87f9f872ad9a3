#pragma once
// How wide the side panel is, and when lesson mode starts without it. At 1280x720 and UI scale 2
// the canvas beside the panel is 352 pixels wide in scale-1 terms: the step card, the lesson
// bar, the τ band and a gadget's inset cannot sit beside the stage there (issue 49), so a
// lesson hides the panel until the user shows it (Tab, or the lesson bar's "Tab: panel").
// Pure C++, unit tested.

#include <algorithm>

namespace aabb::ui {

/// The panel's width at UI scale 1.
inline constexpr float panel_preferred_width = 380.0f;

/// The least canvas width, in scale-1 pixels, a lesson needs beside the panel: the step card,
/// the lesson bar, the τ band and a gadget's inset side by side with the stage. 1920x1080 at UI
/// scale 2 leaves 580; 1280x720 at UI scale 2 only 352.
inline constexpr float least_lesson_canvas = 560.0f;

/// The panel's width in scale-1 pixels for a display `width` scale-1 pixels wide: the preferred
/// width, less on narrow windows (45% of it at most).
[[nodiscard]] inline float panel_width(float width) {
    return std::min(panel_preferred_width, std::max(width * 0.45f, 1.0f));
}

/// True when the canvas beside the panel, on a display `display_width` pixels wide at UI scale
/// `ui_scale`, is narrower than least_lesson_canvas: lesson mode then starts with the panel
/// hidden.
[[nodiscard]] inline bool panel_collapses_for_lesson(float display_width, float ui_scale) {
    const float width = display_width / std::max(ui_scale, 1e-3f);
    return width - panel_width(width) < least_lesson_canvas;
}

}  // namespace aabb::ui

#pragma once
// The lesson timeline: in a step that animates a handle (a step's `animate`, core/lesson/
// lesson_animation.hpp), a small bar just above the lesson bar with play / pause (also K) and a
// slider that scrubs the animated handle; dragging it pauses the animation where it is left.
// The runtime keeps the clock; the window gives it each frame's duration (advance_animation)
// and draws this bar.

#include <optional>

#include "ui/model/lesson_session.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The top edge of what the lesson draws along the bottom of `canvas_area`: the lesson bar,
/// and the timeline above it when `with_timeline`. Drawings anchored at the bottom of the
/// canvas (the τ axis) stay above it.
[[nodiscard]] float lesson_bottom_overlays_top(const ScreenRect& canvas_area, bool with_timeline);

/// A band `height` pixels tall for a gadget's number line along the bottom of `view` (the τ
/// axis, the t axis): the middle 70% of its width, just above lesson_bottom_overlays_top, or
/// the columns set_bottom_band_columns() gave it this frame.
[[nodiscard]] ScreenRect lesson_bottom_band(const ScreenRect& view, bool with_timeline,
                                            float height);

/// The band's left and right edges for the frames to come (the lesson layout moved it beside
/// the step card, ui/view/overlay_layout.hpp band_beside); nullopt: its own place.
void set_bottom_band_columns(std::optional<glm::vec2> columns);

/// The timeline of the running lesson's step, centered above the lesson bar; nothing when the
/// step has no animation.
void draw_lesson_timeline(const ScreenRect& canvas_area, LessonSession& session);

}  // namespace aabb::ui

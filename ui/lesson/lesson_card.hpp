#pragma once
// What a lesson shows on the canvas itself, readable from the back of a room: the step card
// (the lesson's title, the step's text, its formulas with live values in the colors of what
// they describe, the visible readouts and the "try this" prompt with a tick that sets itself
// when the goal is reached), where the window's layout puts it (the top-left at scale 1; it
// re-flows at large scales, ui/view/overlay_layout.hpp), and the lesson bar (lesson k of N,
// step j of M, previous and next, the language) along the bottom. Both scale with the UI scale
// and sit on the opaque backdrop in high contrast.

#include "core/world/world.hpp"
#include "ui/commands/command_targets.hpp"
#include "ui/model/lesson_session.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/overlay_layout.hpp"

namespace aabb::ui {

/// What the step card of the running lesson holds, measured at the current font for the card's
/// placement (ui/view/overlay_layout.hpp); an empty measure when no lesson runs.
[[nodiscard]] CardMeasure measure_lesson_card(const LessonSession& session, const World& world);

/// The step card of the running lesson at `place`, in the interface's language (falling back to
/// the other where the lesson lacks a text). Records its rectangle ("card") and every text in
/// the frame's layout. The step's question (lesson_question.hpp) takes the learner's answer, so
/// the session is not const.
void draw_lesson_card(const CardPlace& place, LessonSession& session, const World& world);

/// The lesson bar along the bottom of `canvas_area`, centered, its items wrapped onto a second
/// row when the canvas is narrower than one; its buttons move through the steps and switch the
/// interface's language. Records its rectangle ("bar") and texts in the frame's layout.
void draw_lesson_bar(const ScreenRect& canvas_area, LessonSession& session,
                     CommandTargets& targets);

}  // namespace aabb::ui

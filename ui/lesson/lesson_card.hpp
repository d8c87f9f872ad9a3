#pragma once
// What a lesson shows on the canvas itself, readable from the back of a room: the step card
// (the lesson's title, the step's text, its formulas with live values in the colors of what
// they describe, the visible readouts and the "try this" prompt with a tick that sets itself
// when the goal is reached) at the top-left, and the lesson bar (lesson k of N, step j of M,
// previous and next, the language) along the bottom. Both scale with the UI scale and sit on
// the opaque backdrop in high contrast.

#include "core/world/world.hpp"
#include "ui/commands/command_targets.hpp"
#include "ui/model/lesson_session.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The right edge of the step card in `canvas_area` at font size `font`: 8 pixels in, a fixed
/// width of 22 font sizes or 42% of the canvas, whichever is wider (the insets and the step's
/// view keep right of it).
[[nodiscard]] float lesson_card_right(const ScreenRect& canvas_area, float font);

/// The step card of the running lesson, inside the top-left of `canvas_area`, in the
/// interface's language (falling back to the other where the lesson lacks a text). The step's
/// question (lesson_question.hpp) takes the learner's answer, so the session is not const.
void draw_lesson_card(const ScreenRect& canvas_area, LessonSession& session, const World& world);

/// The lesson bar along the bottom of `canvas_area`; its buttons move through the steps and
/// switch the interface's language.
void draw_lesson_bar(const ScreenRect& canvas_area, LessonSession& session,
                     CommandTargets& targets);

}  // namespace aabb::ui

#pragma once
// A lesson step's question on the step card ("predict, then reveal"): the question, its
// choices as radio buttons or a field for a number, and a button (or Q) that shows the answer,
// with whether the learner's response was right and the lesson's explanation. The answer stays
// hidden until then. The card (lesson_card.cpp) calls it below the try prompt.

#include "core/lesson/lesson_runtime.hpp"
#include "ui/view/overlay_layout.hpp"

namespace aabb::ui {

/// The current step's question, inside the card window, in the interface's language (falling
/// back to the other where the lesson lacks a text); nothing when the step asks none. Picking
/// a choice, typing a number and the reveal button change the runtime's QuestionState.
void draw_lesson_question(lesson::LessonRuntime& runtime);

/// Adds what draw_lesson_question draws to the card's `measure` (the card is placed before it
/// is drawn, ui/view/overlay_layout.hpp); nothing without a question.
void measure_lesson_question(const lesson::LessonRuntime& runtime, CardMeasure& measure);

}  // namespace aabb::ui

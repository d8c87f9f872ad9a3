#pragma once
// A lesson's printable handout page (aabb-sandbox --handout): one self-contained HTML page with
// print CSS, in one language: the title and objective; each step's text, its formulas and
// readouts with their values as the step is entered, its picture (a PNG beside the page, made
// by the window: ui/lesson_handout.hpp), its "try this" prompt and its question; the
// answers at the end. Pure C++ (no SDL, GL or ImGui), unit tested.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "core/lesson/lesson_runtime.hpp"
#include "ui/text/language.hpp"

namespace aabb::ui {

/// The handout page's file name: "02_box_intervals.en.html".
[[nodiscard]] std::string handout_page_name(std::string_view lesson_id, Language language);
/// Step `step`'s (0-based) picture's file name: "02_box_intervals.en.step1.png".
[[nodiscard]] std::string handout_picture_name(std::string_view lesson_id, Language language,
                                               std::size_t step);

/// `text` with &, <, >, " and ' written as HTML entities.
[[nodiscard]] std::string html_escaped(std::string_view text);

/// The handout page of the lesson `runtime` runs, in `language` (a text the lesson lacks in it
/// falls back to the other language). `pictures` holds one file name per step, as the page
/// links it (relative to the page); `command` is what made it, quoted at the bottom. Enters
/// every step in turn (runtime should own its world, RuntimeOptions::own_world, so the values
/// of world readouts are those the window shows on entering the step); it ends on the last.
/// Throws std::invalid_argument when `pictures` does not hold one name per step, and what
/// LessonRuntime::own_world throws.
[[nodiscard]] std::string handout_html(lesson::LessonRuntime& runtime, Language language,
                                       std::span<const std::string> pictures,
                                       std::string_view command);

}  // namespace aabb::ui

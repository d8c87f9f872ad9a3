#pragma once
// The interface language as the lesson core names it: what the step card, the Lessons tab and
// the canvas pass to the runtime's display functions (core/lesson/display_names.hpp).

#include "core/lesson/display_names.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

/// The lesson core's language for the interface's current one.
[[nodiscard]] inline lesson::DisplayLanguage lesson_language() {
    return current_language() == Language::zh ? lesson::DisplayLanguage::zh
                                              : lesson::DisplayLanguage::en;
}

/// `english` or `chinese` in the interface's language, falling back to the other when empty.
[[nodiscard]] inline const std::string& in_language(const std::string& english,
                                                    const std::string& chinese) {
    return lesson::in_language(english, chinese, lesson_language());
}

}  // namespace aabb::ui

#include "ui/view/panel_width.hpp"

#include <doctest/doctest.h>

using namespace aabb::ui;

TEST_CASE("the panel keeps its preferred width on wide windows and 45% on narrow ones") {
    CHECK(panel_width(1280.0f) == doctest::Approx(panel_preferred_width));
    CHECK(panel_width(640.0f) == doctest::Approx(288.0f));
}

TEST_CASE("lesson mode hides the panel only where the canvas beside it is too narrow") {
    // Issue 49: 1280x720 at UI scale 2 leaves 352 scale-1 pixels beside the panel.
    CHECK(panel_collapses_for_lesson(1280.0f, 2.0f));
    // The layout tests' other settings keep the panel: 900 and 580 pixels beside it.
    CHECK_FALSE(panel_collapses_for_lesson(1280.0f, 1.0f));
    CHECK_FALSE(panel_collapses_for_lesson(1920.0f, 2.0f));
    // 1600x900 at 150%: 687 pixels beside it.
    CHECK_FALSE(panel_collapses_for_lesson(1600.0f, 1.5f));
    // 3840x2160 at 2.5: 1156.
    CHECK_FALSE(panel_collapses_for_lesson(3840.0f, 2.5f));
    // 1366x768 at 175%: 780.6 − 351.3 = 429.
    CHECK(panel_collapses_for_lesson(1366.0f, 1.75f));
}

// The canvas's switches in lesson steps (issue 49 item 2, a clean canvas): contact points, pair
// lines, the structure and hover info only where a step shows them; the world's own overlays
// with the world; a step's choice restored whenever it is entered; the switches from before the
// lesson given back when it closes. Checked on the built-in lessons the issue names.

#include "ui/model/lesson_canvas_view.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <vector>

#include "core/lesson/lesson_file.hpp"

namespace aabb::ui {

namespace {

// The window's overlays in its order (ui/overlays/overlay_list.cpp), as steps switch them.
const std::vector<OverlayRule> rules{
    {"shapes", OverlayInLessons::with_world},  {"contact-points", OverlayInLessons::step_only},
    {"trails", OverlayInLessons::with_world},  {"structure", OverlayInLessons::step_only},
    {"caption", OverlayInLessons::with_world}, {"selection", OverlayInLessons::kept},
};
enum Index { shapes, contacts, trails, structure, caption, selection };

// The window's switches at start: everything on but the structure.
CanvasSwitches window_defaults() {
    return {{true, true, true, false, true, true}, true, true, lesson::WorldDisplay::shown};
}

lesson::Lesson built_in(const char* file) {
    return lesson::load_lesson(std::filesystem::path(AABB_SOURCE_DIR) / "lessons" / file);
}

}  // namespace

TEST_CASE("lesson 07's first steps hide the world and its details; step 4 shows shapes") {
    const lesson::Lesson lesson = built_in("07_false_positives.json");
    for (std::size_t step = 0; step < 3; ++step) {
        CAPTURE(step);
        const CanvasSwitches switches =
            step_canvas_switches(lesson, lesson.steps[step], rules, window_defaults());
        CHECK(switches.world == lesson::WorldDisplay::hidden);
        CHECK(switches.overlays == std::vector<bool>{false, false, false, false, false, true});
        CHECK_FALSE(switches.pair_lines);
        CHECK_FALSE(switches.hover_info);
    }
    // Step 4 counts the world's false positives and shows the exact shapes.
    const CanvasSwitches fourth =
        step_canvas_switches(lesson, lesson.steps[3], rules, window_defaults());
    CHECK(fourth.world == lesson::WorldDisplay::shown);
    CHECK(fourth.overlays[shapes]);
    CHECK(fourth.overlays[trails]);
    CHECK(fourth.overlays[caption]);
    CHECK_FALSE(fourth.overlays[contacts]);
    CHECK_FALSE(fourth.pair_lines);
}

TEST_CASE("lesson 19's dense pile shows its world and structure without 66,960 pair lines") {
    const lesson::Lesson lesson = built_in("19_tree_visits.json");
    const CanvasSwitches switches =
        step_canvas_switches(lesson, lesson.steps[4], rules, window_defaults());
    CHECK(switches.world == lesson::WorldDisplay::shown);
    CHECK(switches.overlays[structure]);
    CHECK_FALSE(switches.overlays[contacts]);
    CHECK_FALSE(switches.pair_lines);
    CHECK_FALSE(switches.hover_info);
}

TEST_CASE("a step's show and hide decide over the defaults, hide last") {
    lesson::Lesson lesson = built_in("07_false_positives.json");
    lesson::Step step = lesson.steps[0];
    step.world.reset();  // derived from what the step names
    step.show = {"contact-points", "pair-lines", "hover-info", "trails", "selection"};
    step.hide = {"selection"};
    const CanvasSwitches switches = step_canvas_switches(lesson, step, rules, window_defaults());
    CHECK(switches.world == lesson::WorldDisplay::shown);  // showing details uses the world
    CHECK(switches.overlays[contacts]);
    CHECK(switches.overlays[trails]);
    CHECK_FALSE(switches.overlays[selection]);
    CHECK(switches.pair_lines);
    CHECK(switches.hover_info);
}

TEST_CASE("entering a step restores its choice; leaving the lesson gives back the window's") {
    const lesson::Lesson lesson = built_in("16_sort_and_sweep.json");
    LessonCanvasView view;
    CHECK_FALSE(view.leave().has_value());
    // Step 2 shows the world and its structure; the learner then switches on pair lines.
    CanvasSwitches second = view.enter_step(lesson, lesson.steps[1], rules, window_defaults());
    CHECK(second.world == lesson::WorldDisplay::shown);
    CHECK(second.overlays[structure]);
    second.pair_lines = true;
    second.overlays[selection] = false;
    // Step 3 is the sweep line's inset alone: the world is hidden, the structure goes.
    const CanvasSwitches third = view.enter_step(lesson, lesson.steps[2], rules, second);
    CHECK(third.world == lesson::WorldDisplay::hidden);
    CHECK_FALSE(third.overlays[structure]);
    CHECK_FALSE(third.pair_lines);
    CHECK_FALSE(third.overlays[selection]);  // kept as the learner left it
    // Back to step 2: its own choice again, whatever step 3 had.
    const CanvasSwitches again = view.enter_step(lesson, lesson.steps[1], rules, third);
    CHECK(again.overlays[structure]);
    CHECK_FALSE(again.pair_lines);
    const std::optional<CanvasSwitches> before = view.leave();
    REQUIRE(before.has_value());
    CHECK(*before == window_defaults());
    CHECK_FALSE(view.leave().has_value());
}

}  // namespace aabb::ui

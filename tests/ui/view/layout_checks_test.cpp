// The layout tests' checks on a recorded frame: the stage in the free area, no overlapping
// texts, nothing outside the window, no English words on a Chinese screen.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ui/view/layout_checks.hpp"

namespace aabb::ui {

namespace {

/// A 1280 × 720 frame: canvas, card at the top-left, bar at the bottom, free area right of the
/// card, and a stage filling most of the free area.
LayoutRecord good_frame() {
    LayoutRecord record;
    record.clear({1280, 720});
    record.set_place({"02_box_intervals", 1, "en", 1.0f, {}});
    record.set_region(layout_region::canvas, {{0, 0}, {900, 720}});
    record.set_region(layout_region::panel, {{900, 0}, {1280, 720}});
    record.set_region(layout_region::card, {{8, 100}, {300, 300}});
    record.set_region(layout_region::bar, {{300, 670}, {600, 710}});
    record.set_region(layout_region::free, {{300, 0}, {900, 670}});
    record.set_region(layout_region::stage, {{340, 60}, {860, 600}});
    record.add_text(TextOwner::card, "dx = -1.00", {{18, 110}, {100, 126}});
    record.add_text(TextOwner::canvas, "A", {{350, 70}, {360, 86}});
    record.add_text(TextOwner::bar, "step 1 of 5", {{310, 680}, {400, 696}});
    return record;
}

}  // namespace

TEST_CASE("a well laid-out frame passes every check") {
    const LayoutRecord record = good_frame();
    CHECK(check_stage(record).empty());
    CHECK(check_overlaps(record).empty());
    CHECK(check_inside_window(record).empty());
}

TEST_CASE("a stage outside the free area or lost in it fails") {
    LayoutRecord record = good_frame();
    record.set_region(layout_region::stage, {{100, 100}, {400, 400}});
    CHECK_FALSE(check_stage(record).empty());
    // 16 pixels among unrelated boxes (issue 49: lesson 11's 2 × 2 box).
    record.set_region(layout_region::stage, {{500, 300}, {516, 316}});
    const std::vector<std::string> problems = check_stage(record);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].find("fills 3% of its room") != std::string::npos);
}

TEST_CASE("the stage's room is the free area beside the insets, unless they are the stage") {
    LayoutRecord record = good_frame();
    // An inset takes the right half of the free area; the stage fills the left half.
    record.add_region(layout_region::inset, {{600, 0}, {900, 670}});
    record.set_region(layout_region::stage, {{310, 100}, {590, 500}});
    CHECK(check_stage(record).empty());
    record.set_region(layout_region::stage, {{310, 100}, {700, 500}});
    CHECK_FALSE(check_stage(record).empty());
    // Insets that are the figure: the stage is them.
    record.set_region(layout_region::stage, {{600, 0}, {900, 670}});
    CHECK(check_stage(record).empty());
}

TEST_CASE("overlapping labels, a label under the card or on a handle, and covering windows fail") {
    LayoutRecord record = good_frame();
    record.add_text(TextOwner::canvas, "A.max", {{400, 200}, {440, 216}});
    record.add_text(TextOwner::canvas, "B.min", {{430, 200}, {470, 216}});
    CHECK(check_overlaps(record).size() == 1);
    record = good_frame();
    record.add_text(TextOwner::canvas, "stored", {{250, 150}, {320, 166}});
    const std::vector<std::string> under = check_overlaps(record);
    REQUIRE_FALSE(under.empty());
    CHECK(under[0].find("is under the card") != std::string::npos);
    record = good_frame();
    record.add_region(layout_region::handle, {{500, 500}, {520, 520}});
    record.add_text(TextOwner::canvas, "o", {{510, 505}, {520, 521}});
    CHECK(check_overlaps(record).size() == 1);
    record = good_frame();
    record.set_region(layout_region::bar, {{200, 280}, {600, 320}});
    CHECK_FALSE(check_overlaps(record).empty());
}

TEST_CASE("texts of a window and the windows' own edges do not count as overlaps") {
    LayoutRecord record = good_frame();
    // Formula pieces side by side touch.
    record.add_text(TextOwner::card, "dx ", {{18, 130}, {36, 146}});
    record.add_text(TextOwner::card, "= ", {{36, 130}, {52, 146}});
    CHECK(check_overlaps(record).empty());
}

TEST_CASE("a text or window outside the window fails") {
    LayoutRecord record = good_frame();
    record.add_text(TextOwner::bar, "Lesson 2 of 20", {{-40, 680}, {60, 696}});
    CHECK(check_inside_window(record).size() == 1);
    // The stage is not checked: a teacher may zoom it off screen.
    record = good_frame();
    record.set_region(layout_region::stage, {{-500, 0}, {2000, 900}});
    CHECK(check_inside_window(record).empty());
}

// Issue 49 item 10's fourth check: the screen symbols are core/lesson/lesson_names.hpp's list.
TEST_CASE("a Chinese frame shows no English word outside the screen symbols") {
    LayoutRecord record;
    record.clear({1280, 720});
    record.set_place({"02_box_intervals", 1, "zh", 1.0f, {}});
    record.add_text(TextOwner::bar, "第 1 步 / 共 5 步", {{310, 680}, {400, 696}});
    record.add_text(TextOwner::toolbar, "EN", {{410, 680}, {430, 696}});
    record.add_text(TextOwner::card, "dx = min(5, 8) − max(2, 6) = -1.00；AABB 与 A、B",
                    {{0, 20}, {1, 36}});
    CHECK(check_chinese_words(record).empty());
    record.add_text(TextOwner::card, "overlap = true", {{18, 140}, {120, 156}});
    const std::vector<std::string> problems = check_chinese_words(record);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].find("English words: overlap, true") != std::string::npos);
    // An English frame is not checked.
    record.set_place({"02_box_intervals", 1, "en", 1.0f, {}});
    CHECK(check_chinese_words(record).empty());
}

}  // namespace aabb::ui

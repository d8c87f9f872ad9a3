// Clipped marks: dashes, hatching and grid lines counted only inside the view, never more than
// a maximum, and found without walking a float from a far end (issue 48 item 6).

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "ui/view/clipped_marks.hpp"

namespace aabb::ui {

namespace {

const ScreenRect view{{0.0f, 0.0f}, {1000.0f, 800.0f}};

bool inside(glm::vec2 point, const ScreenRect& rect, float slack = 1e-3f) {
    return point.x >= rect.min.x - slack && point.x <= rect.max.x + slack &&
           point.y >= rect.min.y - slack && point.y <= rect.max.y + slack;
}

}  // namespace

TEST_CASE("marks_within counts the indices in a range from its ends") {
    const MarkRange range = marks_within(-3.5, 10.0, 2.0);
    CHECK(range.first == -1);
    CHECK(range.last == 5);
    CHECK(range.count() == 7);
    CHECK(marks_within(0.1, 0.9, 1.0).count() == 0);
    CHECK(marks_within(2.0, 1.0, 1.0).count() == 0);
    CHECK(marks_within(0.0, 1.0, 0.0).count() == 0);
    CHECK(marks_within(0.0, std::numeric_limits<double>::infinity(), 1.0).count() == 0);
    // Far from the origin, and capped.
    const MarkRange far = marks_within(1e12, 1e12 + 100.0, 1.0, 10);
    CHECK(far.first == 1'000'000'000'000);
    CHECK(far.count() == 10);
    // Beyond what a double counts exactly: nothing, not an overflowed index.
    CHECK(marks_within(1e30, 1e30 + 1e15, 1e-3).count() == 0);
}

TEST_CASE("clip_segment keeps the part of a segment inside the rectangle") {
    const auto inner = clip_segment({100.0, 100.0}, {200.0, 300.0}, view);
    REQUIRE(inner);
    CHECK(inner->x == 0.0);
    CHECK(inner->y == 1.0);
    const auto across = clip_segment({-1000.0, 400.0}, {3000.0, 400.0}, view);
    REQUIRE(across);
    CHECK(across->x == doctest::Approx(0.25));
    CHECK(across->y == doctest::Approx(0.5));
    CHECK_FALSE(clip_segment({-10.0, -10.0}, {-5.0, 900.0}, view));
    CHECK_FALSE(clip_segment({0.0, std::nan("")}, {5.0, 5.0}, view));
}

TEST_CASE("a short dashed line has the dashes it always had") {
    // 0..100 along x: dashes start every 16 pixels and are 8 long, the last one cut at 100.
    const auto dashes = visible_dashes({0.0f, 10.0f}, {100.0f, 10.0f}, 8.0f, 16.0f, view);
    REQUIRE(dashes.size() == 7);
    CHECK(dashes[0].from.x == doctest::Approx(0.0f));
    CHECK(dashes[0].to.x == doctest::Approx(8.0f));
    CHECK(dashes[6].from.x == doctest::Approx(96.0f));
    CHECK(dashes[6].to.x == doctest::Approx(100.0f));
    CHECK(visible_dashes({0.0f, 0.0f}, {0.5f, 0.0f}, 8.0f, 16.0f, view).empty());
}

TEST_CASE("a dashed line billions of pixels long draws only its visible dashes, quickly") {
    // A fast bullet's path at the largest zoom: from far left to far right of the view. The
    // old loop stepped a float by 16 from the start and stalled at 2^28 pixels.
    const auto start = std::chrono::steady_clock::now();
    const auto dashes = visible_dashes({-3e9f, 400.0f}, {5e9f, 400.0f}, 8.0f, 16.0f, view);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 0.1);
    CHECK(dashes.size() >= 60);
    CHECK(dashes.size() <= 64);
    for (const ScreenSegment& dash : dashes) {
        CHECK(inside(dash.from, view, 1.0f));
        CHECK(inside(dash.to, view, 1.0f));
        CHECK(dash.to.x - dash.from.x <= 8.5f);
    }
    // Entirely outside: nothing.
    CHECK(visible_dashes({-3e9f, -50.0f}, {5e9f, -50.0f}, 8.0f, 16.0f, view).empty());
    // Never more than the cap, even with a period below a pixel.
    CHECK(visible_dashes({0.0f, 1.0f}, {1000.0f, 1.0f}, 0.001f, 0.002f, view).size() ==
          max_visible_marks);
}

TEST_CASE("hatching covers the rectangle with parallel lines inside it") {
    const ScreenRect rect{{100.0f, 100.0f}, {164.0f, 132.0f}};
    const auto lines = visible_hatching(rect, 8.0f, view);
    // x + y runs from 200 to 296 over the rectangle: lines at 200 + 8k, k = 0..12.
    CHECK(lines.size() == 13);
    for (const ScreenSegment& line : lines) {
        CHECK(inside(line.from, rect));
        CHECK(inside(line.to, rect));
        CHECK(line.from.x + line.from.y == doctest::Approx(line.to.x + line.to.y));
        CHECK(line.from.y >= line.to.y);  // rising to the right on screen
    }
    CHECK(visible_hatching({{10.0f, 10.0f}, {10.0f, 50.0f}}, 8.0f, view).empty());
}

TEST_CASE("a hatched rectangle millions of pixels wide hatches only the view") {
    // The twin bars' overlap at the largest zoom: the view lies deep inside it.
    const ScreenRect huge{{-7e6f, -5e6f}, {8e6f, 9e6f}};
    const auto start = std::chrono::steady_clock::now();
    const auto lines = visible_hatching(huge, 8.0f, view);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 0.1);
    // x + y over the view spans 1800 pixels: about 225 lines.
    CHECK(lines.size() >= 224);
    CHECK(lines.size() <= 226);
    for (const ScreenSegment& line : lines) {
        CHECK(inside(line.from, view));
        CHECK(inside(line.to, view));
    }
    CHECK(visible_hatching(huge, 0.01f, view).size() == max_visible_marks);
}

}  // namespace aabb::ui

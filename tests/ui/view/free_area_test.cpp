// The largest free rectangle among the windows over the canvas, judged by the zoom a figure of
// a given shape gets in it.

#include <doctest/doctest.h>

#include <vector>

#include "ui/view/free_area.hpp"

namespace aabb::ui {

namespace {

void check_rect(const ScreenRect& actual, const ScreenRect& expected) {
    CHECK(actual.min.x == doctest::Approx(expected.min.x));
    CHECK(actual.min.y == doctest::Approx(expected.min.y));
    CHECK(actual.max.x == doctest::Approx(expected.max.x));
    CHECK(actual.max.y == doctest::Approx(expected.max.y));
}

}  // namespace

TEST_CASE("nothing over the canvas leaves all of it") {
    const ScreenRect canvas{{0, 0}, {800, 600}};
    check_rect(largest_free_rect(canvas, {}, {1, 1}), canvas);
    // An obstacle outside the area does not count.
    const std::vector<ScreenRect> outside{{{900, 0}, {1000, 100}}};
    check_rect(largest_free_rect(canvas, outside, {1, 1}), canvas);
}

TEST_CASE("a card at the top-left leaves the column right of it or the band below it") {
    const ScreenRect canvas{{0, 0}, {1000, 600}};
    const std::vector<ScreenRect> card{{{0, 0}, {400, 300}}};
    // A square figure: right of the card (600 x 600) beats below it (1000 x 300).
    check_rect(largest_free_rect(canvas, card, {1, 1}), {{400, 0}, {1000, 600}});
    // A very wide figure: the full-width band below wins.
    check_rect(largest_free_rect(canvas, card, {10, 1}), {{0, 300}, {1000, 600}});
}

TEST_CASE("a bar at the bottom middle and a card at the top-left") {
    const ScreenRect canvas{{0, 0}, {1000, 800}};
    const std::vector<ScreenRect> windows{{{0, 0}, {300, 400}}, {{350, 740}, {650, 790}}};
    const ScreenRect free = largest_free_rect(canvas, windows, {1, 1});
    // Right of the card, above the bar: 700 x 740.
    check_rect(free, {{300, 0}, {1000, 740}});
    for (const ScreenRect& window : windows) {
        const bool apart = free.max.x <= window.min.x || free.min.x >= window.max.x ||
                           free.max.y <= window.min.y || free.min.y >= window.max.y;
        CHECK(apart);
    }
}

TEST_CASE("an area covered whole leaves a point") {
    const ScreenRect canvas{{0, 0}, {100, 100}};
    const std::vector<ScreenRect> all{{{-10, -10}, {110, 110}}};
    CHECK(fitting_zoom(largest_free_rect(canvas, all, {1, 1}), {1, 1}) <= 1.0f);
}

TEST_CASE("fitting zoom, inset, intersection and merge") {
    CHECK(fitting_zoom({{0, 0}, {200, 100}}, {4, 1}) == doctest::Approx(50.0f));
    CHECK(fitting_zoom({{0, 0}, {0, 100}}, {1, 1}) == 0.0f);
    check_rect(inset_rect({{0, 0}, {100, 50}}, 10), {{10, 10}, {90, 40}});
    check_rect(inset_rect({{0, 0}, {10, 10}}, 20), {{5, 5}, {5, 5}});
    check_rect(intersect_rects({{0, 0}, {10, 10}}, {{5, 5}, {20, 20}}), {{5, 5}, {10, 10}});
    check_rect(merge_rects({{0, 0}, {10, 10}}, {{5, -5}, {20, 5}}), {{0, -5}, {20, 10}});
}

}  // namespace aabb::ui

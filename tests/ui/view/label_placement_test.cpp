// Labels on the canvas keep clear of each other, the handles and the windows: moved to the
// nearest free place around where they were asked for.

#include <doctest/doctest.h>

#include <vector>

#include "ui/view/label_placement.hpp"
#include "ui/view/layout_record.hpp"

namespace aabb::ui {

namespace {

const ScreenRect canvas{{0, 0}, {800, 600}};

}  // namespace

TEST_CASE("a label whose place is free stays there") {
    const LabelPlace place = place_label({100, 100}, {60, 16}, canvas, {}, 2.0f);
    CHECK_FALSE(place.moved);
    CHECK_FALSE(place.overlaps);
    CHECK(place.rect.min == glm::vec2(100, 100));
    CHECK(place.rect.max == glm::vec2(160, 116));
}

TEST_CASE("a second label asked for the same place moves next to the first (A.maxB.min)") {
    std::vector<ScreenRect> taken;
    const LabelPlace first = place_label({100, 100}, {50, 16}, canvas, taken, 2.0f);
    taken.push_back(first.rect);
    const LabelPlace second = place_label({100, 100}, {50, 16}, canvas, taken, 2.0f);
    CHECK(second.moved);
    CHECK_FALSE(second.overlaps);
    CHECK_FALSE(rects_overlap(first.rect, second.rect));
    // The nearest free place: one row up or down.
    CHECK(second.rect.min.x == doctest::Approx(100.0f));
    CHECK(std::abs(second.rect.min.y - 100.0f) == doctest::Approx(18.0f));
}

TEST_CASE("a label under a window leaves it") {
    const std::vector<ScreenRect> card{{{0, 0}, {300, 200}}};
    const LabelPlace place = place_label({250, 150}, {80, 16}, canvas, card, 2.0f);
    CHECK(place.moved);
    CHECK_FALSE(rects_overlap(place.rect, card[0]));
    CHECK(rect_inside(place.rect, canvas));
}

TEST_CASE("a label at the canvas edge is kept inside") {
    const LabelPlace place = place_label({780, 590}, {60, 16}, canvas, {}, 2.0f);
    CHECK(rect_inside(place.rect, canvas));
}

TEST_CASE("with nowhere free the least covered place wins and says it overlaps") {
    const std::vector<ScreenRect> everything{{{0, 0}, {800, 600}}};
    const LabelPlace place = place_label({100, 100}, {60, 16}, canvas, everything, 2.0f);
    CHECK(place.overlaps);
    CHECK(rect_inside(place.rect, canvas));
}

TEST_CASE("nearest_point is where a leader line meets its label") {
    const ScreenRect rect{{10, 10}, {50, 30}};
    CHECK(nearest_point(rect, {0, 20}) == glm::vec2(10, 20));
    CHECK(nearest_point(rect, {60, 0}) == glm::vec2(50, 10));
    CHECK(nearest_point(rect, {20, 20}) == glm::vec2(20, 20));
}

}  // namespace aabb::ui

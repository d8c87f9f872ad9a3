// The step card's place: the top-left at scale 1, re-flowed at large scales so the stage keeps
// room.

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "ui/view/free_area.hpp"
#include "ui/view/layout_record.hpp"
#include "ui/view/overlay_layout.hpp"

namespace aabb::ui {

namespace {

/// A card of a title, a four-line text at 22 fonts and two formulas.
CardMeasure sample_card(float font) {
    CardMeasure card;
    card.line_height = 1.3f * font;
    card.fixed_height = 2.0f * font;
    card.horizontal_padding = 1.2f * font;
    card.block_widths = {15.0f * font, 80.0f * font, 18.0f * font, 25.0f * font};
    card.min_width = 10.0f * font;
    return card;
}

OverlayLayoutInput input_for(glm::vec2 canvas_size, float font) {
    OverlayLayoutInput input;
    input.canvas = {{0, 0}, canvas_size};
    input.font = font;
    input.card = sample_card(font);
    // The toolbar at the top-left and the lesson bar at the bottom middle.
    input.fixed = {{{8, 8}, {8 + 30 * font, 8 + 2 * font}},
                   {{canvas_size.x * 0.5f - 12 * font, canvas_size.y - 3 * font},
                    {canvas_size.x * 0.5f + 12 * font, canvas_size.y - 8}}};
    return input;
}

ScreenRect free_with(const OverlayLayoutInput& input, const CardPlace& place) {
    std::vector<ScreenRect> covering = input.fixed;
    covering.push_back(place.estimate);
    return largest_free_rect(input.canvas, covering, input.stage_extent);
}

}  // namespace

TEST_CASE("card height grows as the card narrows") {
    const CardMeasure card = sample_card(16.0f);
    CHECK(card_height(card, 22.0f * 16.0f) > card_height(card, 36.0f * 16.0f));
    // Every block fits on one line at a great width.
    CHECK(card_height(card, 200.0f * 16.0f) ==
          doctest::Approx(card.fixed_height + 4.0f * card.line_height));
}

TEST_CASE("at scale 1 the card takes the top-left, at most 22 fonts wide") {
    const OverlayLayoutInput input = input_for({880, 720}, 16.0f);
    const CardPlace place = place_card(input, std::nullopt);
    CHECK(place.estimate.min.x == doctest::Approx(8.0f));
    // 16 fonts leaves a square stage 18% more room than 22 here: the narrower card wins.
    CHECK(place.width <= 22.0f * 16.0f);
    // Below the toolbar.
    CHECK(place.estimate.min.y >= input.fixed[0].max.y);
    for (const ScreenRect& fixed : input.fixed)
        CHECK_FALSE(rects_overlap(place.estimate, fixed));
}

TEST_CASE("at scale 2 the card re-flows and the stage keeps more room than the column") {
    const float font = 32.0f;
    const OverlayLayoutInput input = input_for({1056, 1080}, font);
    const CardPlace place = place_card(input, std::nullopt);
    const ScreenRect free = free_with(input, place);
    // The scale-1 place: a 22-font column at the top-left below the toolbar.
    CardPlace column;
    column.estimate = {
        {8, input.fixed[0].max.y + 8},
        {8 + 22 * font, input.fixed[0].max.y + 8 + card_height(input.card, 22 * font)}};
    const ScreenRect column_free = free_with(input, column);
    CHECK(fitting_zoom(free, {1, 1}) >= fitting_zoom(column_free, {1, 1}));
    CHECK(rect_inside(place.estimate, input.canvas));
    for (const ScreenRect& fixed : input.fixed)
        CHECK_FALSE(rects_overlap(place.estimate, fixed));
}

TEST_CASE("the last frame's choice is kept while it is nearly as good") {
    const OverlayLayoutInput input = input_for({1056, 1080}, 32.0f);
    const CardPlace best = place_card(input, std::nullopt);
    CHECK(place_card(input, best.choice).choice == best.choice);
}

TEST_CASE("a canvas too small for the card still gets one, cut at the bottom") {
    OverlayLayoutInput input = input_for({400, 240}, 32.0f);
    const CardPlace place = place_card(input, std::nullopt);
    CHECK(place.width > 0.0f);
    CHECK(place.max_height > 0.0f);
    CHECK(place.estimate.max.y <= input.canvas.max.y + 0.5f);
}

TEST_CASE("the bottom band moves beside a card that needs its column, if there is room") {
    const ScreenRect canvas{{0, 0}, {1160, 1080}};
    const ScreenRect band{{174, 704}, {986, 893}};
    // A card apart from the band leaves it where it is.
    const std::optional<ScreenRect> kept =
        band_beside(band, {{8, 100}, {500, 600}}, canvas, 8.0f, 100.0f);
    REQUIRE(kept.has_value());
    CHECK(kept->min == band.min);
    CHECK(kept->max == band.max);
    // A card over its left part: the band goes right of it, no wider than the room.
    const std::optional<ScreenRect> moved =
        band_beside(band, {{8, 188}, {520, 898}}, canvas, 8.0f, 400.0f);
    REQUIRE(moved.has_value());
    CHECK(moved->min.x >= 528.0f);
    CHECK(moved->max.x <= 1152.0f);
    CHECK(moved->min.y == band.min.y);
    CHECK(moved->max.y == band.max.y);
    // Too little room beside a wide card: it cannot move.
    CHECK_FALSE(band_beside(band, {{8, 188}, {900, 898}}, canvas, 8.0f, 400.0f).has_value());
}

TEST_CASE("a long card at scale 2 beside the panel takes the band's column, not the figure's") {
    // Lesson 10 step 1 at 1920x1080, scale 2, with the panel (issue 49): the τ band in the
    // middle of the bottom and a card too long to fit whole anywhere. With the band fixed the
    // card took the whole width and the figure a corner of 174 x 210 pixels.
    const float font = 26.0f;
    OverlayLayoutInput input;
    input.canvas = {{0, 0}, {1160, 1080}};
    input.font = font;
    input.card.fixed_height = 12.0f * font;
    input.card.line_height = 1.25f * font;
    input.card.horizontal_padding = 1.2f * font;
    input.card.block_widths = {60.0f * font, 40.0f * font, 30.0f * font, 30.0f * font};
    input.card.min_width = 14.0f * font;
    input.fixed = {{{8, 8}, {1099, 80}},
                   {{12, 92}, {1092, 180}},
                   {{94, 906}, {1066, 978}},
                   {{180, 988}, {980, 1060}}};
    input.band = ScreenRect{{174, 704}, {986, 893}};
    input.min_band_width = 18.0f * font;
    const CardPlace place = place_card(input, std::nullopt);
    REQUIRE(place.band.has_value());
    CHECK_FALSE(rects_overlap(*place.band, place.estimate));
    std::vector<ScreenRect> covering = input.fixed;
    covering.push_back(*place.band);
    covering.push_back(place.estimate);
    const ScreenRect free = largest_free_rect(input.canvas, covering, input.stage_extent);
    // The figure gets a square of at least 400 pixels (it had 174).
    CHECK(std::min(free.size().x, free.size().y) >= 400.0f);
    // Without a band nothing moves.
    input.band.reset();
    CHECK_FALSE(place_card(input, std::nullopt).band.has_value());
}

}  // namespace aabb::ui

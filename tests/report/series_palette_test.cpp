#include "report/series_palette.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

using aabb::report::series_color;
using aabb::report::SeriesColor;

TEST_CASE("series colors stay distinct for any number of series") {
    // A ninth, twelfth or fortieth algorithm gets a color of its own, never the first one's.
    constexpr std::size_t many = 64;
    std::set<SeriesColor> seen;
    for (std::size_t i = 0; i < many; ++i)
        seen.insert(series_color(i));
    CHECK(seen.size() == many);
    CHECK(series_color(8) != series_color(0));
    CHECK(series_color(aabb::report::hand_picked_series_colors) != series_color(0));
}

TEST_CASE("series colors read on white and on the dark canvas") {
    // Neither near black nor near white: every color has a channel above 60 and one below 230.
    for (std::size_t i = 0; i < 64; ++i) {
        const SeriesColor color = series_color(i);
        const int brightest = std::max({color[0], color[1], color[2]});
        const int darkest = std::min({color[0], color[1], color[2]});
        CHECK(brightest > 60);
        CHECK(darkest < 230);
    }
}

TEST_CASE("neighbouring generated colors are far apart") {
    for (std::size_t i = aabb::report::hand_picked_series_colors; i < 60; ++i) {
        const SeriesColor a = series_color(i);
        const SeriesColor b = series_color(i + 1);
        const int distance = std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
        CHECK(distance > 60);
    }
}

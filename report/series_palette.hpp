#pragma once
// The colors of data series (one per algorithm or peer) in every chart and plot: the charts
// aabb-bench and the scaling sweep write, and the comparison window's live plot. Ten
// hand-picked colors first (Tableau 10: medium lightness, so they read on white and on the dark
// canvas alike), then as
// many more as asked for, each turned a golden angle further round the hue circle so that no
// two series share a color however many algorithms there are.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace aabb::report {

/// An opaque 8-bit RGB color.
using SeriesColor = std::array<std::uint8_t, 3>;

/// How many series get a hand-picked color before generated ones.
inline constexpr std::size_t hand_picked_series_colors = 10;

/// The color of series `index` (0, 1, 2, ... in legend order); distinct for every index.
[[nodiscard]] inline SeriesColor series_color(std::size_t index) {
    constexpr std::array<SeriesColor, hand_picked_series_colors> hand_picked = {{
        {31, 119, 180},
        {214, 39, 40},
        {44, 160, 44},
        {255, 127, 14},
        {148, 103, 189},
        {140, 86, 75},
        {227, 119, 194},
        {23, 190, 207},
        {188, 189, 34},
        {127, 127, 127},
    }};
    if (index < hand_picked.size()) return hand_picked[index];
    // HSV with saturation 0.75 and value 0.8; the hue steps by the golden angle (137.5°), so
    // consecutive generated colors are far apart and none repeats.
    const double hue =
        std::fmod(static_cast<double>(index - hand_picked.size()) * 137.50776 + 15.0, 360.0) / 60.0;
    const double value = 0.8;
    const double chroma = value * 0.75;
    const double second = chroma * (1.0 - std::fabs(std::fmod(hue, 2.0) - 1.0));
    const double low = value - chroma;
    double red = 0.0, green = 0.0, blue = 0.0;
    switch (static_cast<int>(hue)) {
        case 0:
            red = chroma, green = second;
            break;
        case 1:
            red = second, green = chroma;
            break;
        case 2:
            green = chroma, blue = second;
            break;
        case 3:
            green = second, blue = chroma;
            break;
        case 4:
            red = second, blue = chroma;
            break;
        default:
            red = chroma, blue = second;
            break;
    }
    const auto byte = [low](double channel) {
        return static_cast<std::uint8_t>(std::lround((channel + low) * 255.0));
    };
    return {byte(red), byte(green), byte(blue)};
}

}  // namespace aabb::report

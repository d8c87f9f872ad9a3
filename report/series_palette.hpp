#pragma once
// The colors of data series (one per algorithm or peer) in every chart and plot: the charts
// aabb-bench and the scaling sweep write, and the comparison window's live plot. Ten
// hand-picked colors first (Tableau 10: medium lightness, so they read on white and on the dark
// canvas alike), then as
// many more as asked for, each turned a golden angle further round the hue circle so that no
// two series share a color however many algorithms there are.

#include <algorithm>
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
    // consecutive generated colors are far apart and none repeats. Channel n of HSV to RGB:
    // v − v·s·clamp(min(k, 4 − k), 0, 1) with k = (n + h / 60) mod 6, n = 5, 3, 1.
    const double hue =
        std::fmod(static_cast<double>(index - hand_picked.size()) * 137.50776 + 15.0, 360.0);
    const auto channel = [hue](double n) {
        const double k = std::fmod(n + hue / 60.0, 6.0);
        const double value = 0.8;
        const double weight = std::clamp(std::min(k, 4.0 - k), 0.0, 1.0);
        return static_cast<std::uint8_t>(std::lround((value - value * 0.75 * weight) * 255.0));
    };
    return {channel(5.0), channel(3.0), channel(1.0)};
}

}  // namespace aabb::report

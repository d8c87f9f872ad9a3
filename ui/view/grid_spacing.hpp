#pragma once
// The step between grid lines on the canvas: a "nice" number (1, 2 or 5 times a power of ten)
// so labels stay readable at any zoom. Pure, unit tested.

#include <cmath>
#include <initializer_list>

namespace aabb::ui {

/// The smallest step of the form {1, 2, 5}·10^k world units whose on-screen spacing is at
/// least `min_pixels` at `zoom` pixels per unit. Returns 1 for non-positive or non-finite
/// inputs, which the camera never produces.
[[nodiscard]] inline float grid_spacing(float zoom, float min_pixels) {
    if (!(std::isfinite(zoom) && zoom > 0.0f && std::isfinite(min_pixels) && min_pixels > 0.0f)) {
        return 1.0f;
    }
    const double min_world = static_cast<double>(min_pixels) / zoom;
    const double decade = std::pow(10.0, std::floor(std::log10(min_world)));
    for (const double mantissa : {1.0, 2.0, 5.0, 10.0}) {
        if (mantissa * decade >= min_world) return static_cast<float>(mantissa * decade);
    }
    return static_cast<float>(10.0 * decade);
}

}  // namespace aabb::ui

// Grid spacing: the smallest 1-2-5 step that keeps lines at least a minimum distance apart.

#include <doctest/doctest.h>

#include <cmath>

#include "ui/view/grid_spacing.hpp"

namespace aabb::ui {

TEST_CASE("grid spacing picks the smallest 1-2-5 step wide enough on screen") {
    CHECK(grid_spacing(10.0f, 24.0f) == doctest::Approx(5.0f));   // 2.4 units -> 5
    CHECK(grid_spacing(24.0f, 24.0f) == doctest::Approx(1.0f));   // exactly 1 unit
    CHECK(grid_spacing(20.0f, 24.0f) == doctest::Approx(2.0f));   // 1.2 units -> 2
    CHECK(grid_spacing(3.36f, 24.0f) == doctest::Approx(10.0f));  // 7.1 units -> 10
    CHECK(grid_spacing(1000.0f, 24.0f) == doctest::Approx(0.05f));
}

TEST_CASE("grid spacing is always at least the minimum on screen and of the form 1-2-5") {
    for (float zoom = 1e-3f; zoom < 1e5f; zoom *= 1.37f) {
        const float step = grid_spacing(zoom, 24.0f);
        CHECK(step * zoom >= 24.0f * 0.9999f);
        CHECK(step * zoom < 24.0f * 5.0001f);
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-6));
        const bool nice = std::abs(mantissa - 1.0) < 1e-3 || std::abs(mantissa - 2.0) < 1e-3 ||
                          std::abs(mantissa - 5.0) < 1e-3;
        CHECK(nice);
    }
}

TEST_CASE("grid spacing falls back to 1 on nonsense input") {
    CHECK(grid_spacing(0.0f, 24.0f) == 1.0f);
    CHECK(grid_spacing(-1.0f, 24.0f) == 1.0f);
    CHECK(grid_spacing(std::nanf(""), 24.0f) == 1.0f);
    CHECK(grid_spacing(10.0f, 0.0f) == 1.0f);
}

}  // namespace aabb::ui

// One meaning per color (issue 49: red meant the x axis, a gap, true and false alike): every
// lesson color role has its own color in both schemes, far enough from every other to tell
// apart on a projector, and readable on the canvas.

#include "ui/style/lesson_colors.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string_view>

#include "core/lesson/lesson_names.hpp"

namespace aabb::ui {
namespace {

struct Lab {
    double l, a, b;
};

double linear(std::uint8_t channel) {
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

/// Relative luminance (WCAG 2).
double luminance(Rgba8 color) {
    return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

double contrast(Rgba8 one, Rgba8 other) {
    const double a = luminance(one) + 0.05;
    const double b = luminance(other) + 0.05;
    return a > b ? a / b : b / a;
}

Lab to_lab(Rgba8 color) {
    const double r = linear(color.r), g = linear(color.g), b = linear(color.b);
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

/// CIEDE2000 color difference (Sharma, Wu, Dalal 2005): about 2 is just noticeable, 10 and
/// more clearly different colors.
double delta_e(Rgba8 one, Rgba8 other) {
    const Lab p = to_lab(one), q = to_lab(other);
    const double pi = std::numbers::pi;
    const auto deg = [&](double radians) { return radians * 180.0 / pi; };
    const auto rad = [&](double degrees) { return degrees * pi / 180.0; };
    const double c_bar = (std::hypot(p.a, p.b) + std::hypot(q.a, q.b)) / 2.0;
    const double g =
        0.5 * (1.0 - std::sqrt(std::pow(c_bar, 7) / (std::pow(c_bar, 7) + std::pow(25.0, 7))));
    const double a1 = (1.0 + g) * p.a, a2 = (1.0 + g) * q.a;
    const double c1 = std::hypot(a1, p.b), c2 = std::hypot(a2, q.b);
    const auto hue = [&](double a, double b) {
        const double h = deg(std::atan2(b, a));
        return h < 0.0 ? h + 360.0 : h;
    };
    const double h1 = hue(a1, p.b), h2 = hue(a2, q.b);
    const double dl = q.l - p.l, dc = c2 - c1;
    double dh = h2 - h1;
    if (c1 * c2 == 0.0)
        dh = 0.0;
    else if (dh > 180.0)
        dh -= 360.0;
    else if (dh < -180.0)
        dh += 360.0;
    const double dh_big = 2.0 * std::sqrt(c1 * c2) * std::sin(rad(dh / 2.0));
    const double l_bar = (p.l + q.l) / 2.0, c_bar2 = (c1 + c2) / 2.0;
    double h_bar = h1 + h2;
    if (c1 * c2 != 0.0) {
        if (std::fabs(h1 - h2) <= 180.0)
            h_bar = (h1 + h2) / 2.0;
        else
            h_bar = (h1 + h2 + (h1 + h2 < 360.0 ? 360.0 : -360.0)) / 2.0;
    }
    const double t = 1.0 - 0.17 * std::cos(rad(h_bar - 30.0)) + 0.24 * std::cos(rad(2.0 * h_bar)) +
                     0.32 * std::cos(rad(3.0 * h_bar + 6.0)) -
                     0.20 * std::cos(rad(4.0 * h_bar - 63.0));
    const double d_theta = 30.0 * std::exp(-std::pow((h_bar - 275.0) / 25.0, 2.0));
    const double r_c =
        2.0 * std::sqrt(std::pow(c_bar2, 7) / (std::pow(c_bar2, 7) + std::pow(25.0, 7)));
    const double s_l =
        1.0 + 0.015 * std::pow(l_bar - 50.0, 2) / std::sqrt(20.0 + std::pow(l_bar - 50.0, 2));
    const double s_c = 1.0 + 0.045 * c_bar2;
    const double s_h = 1.0 + 0.015 * c_bar2 * t;
    const double r_t = -std::sin(rad(2.0 * d_theta)) * r_c;
    return std::sqrt(std::pow(dl / s_l, 2) + std::pow(dc / s_c, 2) + std::pow(dh_big / s_h, 2) +
                     r_t * (dc / s_c) * (dh_big / s_h));
}

/// The meanings issue 49 names: they must stand furthest apart.
constexpr std::string_view key_roles[] = {"neutral", "a",   "b",      "hit",
                                          "miss",    "gap", "slab_x", "slab_y"};

bool is_key(std::string_view role) {
    for (const std::string_view key : key_roles)
        if (key == role) return true;
    return false;
}

}  // namespace

TEST_CASE("CIEDE2000 matches published reference pairs") {
    // Identical colors differ by 0; black and white by 100.
    CHECK(delta_e({10, 20, 30}, {10, 20, 30}) == doctest::Approx(0.0));
    CHECK(delta_e({0, 0, 0}, {255, 255, 255}) == doctest::Approx(100.0).epsilon(0.001));
    // Pure red and pure blue: 52.88 in the usual sRGB (D65) implementations.
    CHECK(delta_e({255, 0, 0}, {0, 0, 255}) == doctest::Approx(52.88).epsilon(0.01));
}

TEST_CASE("every lesson color role has its own color, readable on the canvas, in both schemes") {
    REQUIRE(lesson::color_role_meanings.size() == lesson::color_roles.size());
    const struct {
        const char* name;
        const OverlayColorScheme& scheme;
        Rgba8 background;
    } schemes[] = {
        {"standard", standard_overlay_colors, standard_colors.canvas_background},
        {"high contrast", high_contrast_overlay_colors, high_contrast_colors.canvas_background}};
    for (const auto& [name, scheme, background] : schemes) {
        CAPTURE(name);
        for (std::size_t i = 0; i < lesson::color_roles.size(); ++i) {
            CAPTURE(lesson::color_roles[i]);
            // WCAG's 4.5:1 for text: values are drawn as text in their role's color.
            CHECK(contrast(scheme.lesson_roles[i], background) >= 4.5);
            for (std::size_t k = i + 1; k < lesson::color_roles.size(); ++k) {
                CAPTURE(lesson::color_roles[k]);
                const double difference = delta_e(scheme.lesson_roles[i], scheme.lesson_roles[k]);
                const bool both_key =
                    is_key(lesson::color_roles[i]) && is_key(lesson::color_roles[k]);
                CHECK(difference >= (both_key ? 18.0 : 12.0));
            }
        }
    }
}

TEST_CASE("lesson_role_color reads the role in the scheme in use") {
    set_overlay_appearance(high_contrast_overlay_colors, 1.0f, true);
    CHECK(lesson_role_color("hit") == high_contrast_overlay_colors.lesson_roles[7]);
    set_overlay_appearance(standard_overlay_colors, 1.0f, false);
    CHECK(lesson_role_color("miss") == standard_overlay_colors.lesson_roles[8]);
    // An unknown role draws as neutral.
    CHECK(lesson_role_color("no such role") == standard_overlay_colors.lesson_roles[0]);
}

}  // namespace aabb::ui

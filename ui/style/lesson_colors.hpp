#pragma once
// The colors of a lesson's color roles (core/lesson/lesson_names.hpp color_roles, with their
// meanings in color_role_meanings): what a value or a drawn object stands for ("a", "b", "gap",
// "hit" = true, "slab_x" = the x axis, …). A formula's value and the thing it describes on the
// canvas get the same color, in both schemes, because both read the role here
// (OverlayColorScheme::lesson_roles, in color_roles order). Each role has its own color, far
// from every other on the projector: tests/ui/style/lesson_colors_test.cpp measures them.

#include <string_view>

#include "core/lesson/lesson_names.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

static_assert(lesson::color_roles.size() ==
                  std::tuple_size_v<decltype(OverlayColorScheme::lesson_roles)>,
              "every lesson color role needs its color in both overlay color schemes");

/// The color of lesson color role `role` in the scheme in use; "neutral"'s (the text color)
/// for a role this build does not know.
[[nodiscard]] inline Rgba8 lesson_role_color(std::string_view role) {
    for (std::size_t i = 0; i < lesson::color_roles.size(); ++i) {
        if (lesson::color_roles[i] == role) return overlay_colors.lesson_roles[i];
    }
    return overlay_colors.lesson_roles[0];
}

}  // namespace aabb::ui

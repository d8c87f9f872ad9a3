#pragma once
// What a gadget knows of the step's animation: the range of values the animation gives one of
// its numbers, so a drawing keeps one scale for the whole animation (the growing box's panels,
// the t number line) instead of rescaling every frame as the value moves.

#include <optional>
#include <string_view>

#include "core/lesson/lesson.hpp"
#include "ui/lesson/gadgets/gadget_drawing.hpp"

namespace aabb::ui {

/// The values [low, high] the step's animation moves the number the gadget names for `role`
/// through; nullopt when the step animates nothing or another handle.
[[nodiscard]] std::optional<lesson::Range> animated_range(const GadgetContext& context,
                                                          std::string_view role);

}  // namespace aabb::ui

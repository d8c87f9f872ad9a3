#pragma once
// The display names of the readout catalog's outputs, in English and Chinese: what the window
// writes before a readout's value when the lesson gives it no label of its own, so no output
// name such as center_overlap or push_axis reaches the screen. One row per kind and output of
// readout_catalog.hpp (a test checks every output has one, in both languages, and that the
// Chinese ones hold no English word outside lesson_names.hpp screen_symbols).

#include <optional>
#include <string_view>

#include "core/lesson/display_names.hpp"

namespace aabb::lesson {

/// The display name of output `output` of catalog kind `kind`; nullopt when the table lacks it.
[[nodiscard]] std::optional<DisplayName> output_display_name(std::string_view kind,
                                                             std::string_view output);

}  // namespace aabb::lesson

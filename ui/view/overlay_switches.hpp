#pragma once
// Switching canvas overlays on and off by name from the command line ("--show structure,trails"):
// an overlay's name is its short label in lower case with spaces as dashes ("TOI ghosts" →
// "toi-ghosts"). Pure C++, unit tested.

#include <string>
#include <string_view>
#include <vector>

namespace aabb::ui {

/// The command-line name of an overlay with this short label.
[[nodiscard]] std::string overlay_switch_name(std::string_view short_label);

/// For each of `labels`, the new switch state: `current` unless named in `show` (on) or
/// `hide` (off). "all" names every overlay. Throws std::invalid_argument for an unknown name,
/// listing the known ones.
[[nodiscard]] std::vector<bool> apply_overlay_switches(const std::vector<std::string>& labels,
                                                       const std::vector<bool>& current,
                                                       std::string_view show,
                                                       std::string_view hide);

}  // namespace aabb::ui

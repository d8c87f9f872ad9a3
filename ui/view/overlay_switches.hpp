#pragma once
// Switching canvas overlays on and off by name from the command line ("--show structure,trails"),
// by the names of lesson::overlay_names. Pure C++, unit tested.

#include <string>
#include <string_view>
#include <vector>

namespace aabb::ui {

/// For each of the overlays `names`, the new switch state: `current` unless named in `show` (on) or
/// `hide` (off). "all" names every overlay. Throws std::invalid_argument for an unknown name,
/// listing the known ones.
[[nodiscard]] std::vector<bool> apply_overlay_switches(const std::vector<std::string_view>& names,
                                                       const std::vector<bool>& current,
                                                       std::string_view show,
                                                       std::string_view hide);

}  // namespace aabb::ui

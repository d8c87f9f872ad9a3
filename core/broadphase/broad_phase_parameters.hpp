#pragma once
// Tunable options of the broad-phase algorithms, described by name so that scene files, the
// UI's option sliders and aabb-bench can set them without knowing each options struct.

#include <map>
#include <string>
#include <string_view>

namespace aabb {

/// One tunable option of an algorithm.
struct BroadPhaseParameter {
    /// The option's name in scene files and the UI, e.g. "cell_size".
    std::string_view name;
    /// The value used when none is given.
    double default_value = 0.0;
    /// The smallest accepted value.
    double minimum = 0.0;
    /// The largest accepted value.
    double maximum = 0.0;
    /// True when only whole numbers are accepted.
    bool whole_number = false;
    /// One line for the UI's tooltip and the documentation.
    std::string_view description;
};

/// Option values by name; options not named keep their defaults.
using BroadPhaseParameterValues = std::map<std::string, double, std::less<>>;

}  // namespace aabb

#pragma once
// Writing floats to JSON so they read back bit-identical and stay readable.

#include <charconv>

namespace aabb {

/// The float as the shortest decimal that reads back to the same float, held in a double so a
/// JSON writer prints that decimal ("0.1") instead of the float's exact expansion
/// ("0.10000000149011612"). Reading the decimal as a double and rounding it to float gives the
/// original bits back (the double carries more than twice the float's precision).
[[nodiscard]] inline double shortest_float(float value) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof(buffer), value);
    double result = static_cast<double>(value);
    if (error == std::errc()) std::from_chars(buffer, end, result);
    return result;
}

}  // namespace aabb

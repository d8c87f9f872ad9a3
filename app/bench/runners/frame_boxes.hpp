#pragma once
// What peer runners ask of a frame's boxes before handing them to a library: whether the box
// count stayed the one the library was built with, whether a box changed (a library skips a
// box that did not, as a physics engine skips a body at rest), and the mean box size some
// libraries are tuned by.

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/geometry/box.hpp"

namespace aabb::bench {

/// Throws std::invalid_argument naming `runner` unless the frame has `expected` boxes.
inline void require_box_count(std::string_view runner, std::size_t expected, std::size_t got) {
    if (got != expected) {
        throw std::invalid_argument(std::string(runner) + ": the box count changed (" +
                                    std::to_string(expected) + " -> " + std::to_string(got) + ")");
    }
}

/// True when `box` is exactly `before`.
[[nodiscard]] inline bool same_box(const Box2& box, const Box2& before) {
    return box.min == before.min && box.max == before.max;
}

/// The mean of (width + height) / 2 over `boxes`; 1 when there are none or it is not positive.
[[nodiscard]] inline double mean_box_size(std::span<const Box2> boxes) {
    double sum = 0.0;
    for (const Box2& box : boxes) {
        const glm::vec2 size = box.size();
        sum += 0.5 * (static_cast<double>(size.x) + static_cast<double>(size.y));
    }
    const double mean = boxes.empty() ? 0.0 : sum / static_cast<double>(boxes.size());
    return mean > 0.0 ? mean : 1.0;
}

}  // namespace aabb::bench

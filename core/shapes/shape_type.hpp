#pragma once
// Which exact shape a body has; its box is always derived from it.

#include <cstdint>

namespace aabb {

/// The exact shape of a body, as the narrow phase sees it.
enum class ShapeType : std::uint8_t {
    /// A box of half-size Body::half_size, rotated by the body's angle (axis-aligned at 0).
    box,
    /// A circle of Body::radius; rotation does not change its box.
    circle,
    /// A convex polygon from the world's polygon pool, rotated by the body's angle.
    polygon,
};

}  // namespace aabb

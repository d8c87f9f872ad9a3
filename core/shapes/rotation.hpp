#pragma once
// A 2D rotation kept as its cosine and sine, for placing shape vertices. World boxes of
// rotated shapes use Arvo's method from core/geometry/box_transform.hpp.

#include <cmath>

#include "core/geometry/box.hpp"

namespace aabb {

/// Rotation by an angle in radians, counter-clockwise, stored as (cos, sin).
struct Rotation {
    /// cos(angle).
    float cosine = 1.0f;
    /// sin(angle).
    float sine = 0.0f;

    /// The rotation by `angle` radians.
    [[nodiscard]] static Rotation from_angle(float angle) {
        return Rotation{std::cos(angle), std::sin(angle)};
    }
    /// The vector rotated: (c·x − s·y, s·x + c·y).
    [[nodiscard]] glm::vec2 apply(glm::vec2 vector) const {
        return {cosine * vector.x - sine * vector.y, sine * vector.x + cosine * vector.y};
    }
};

}  // namespace aabb

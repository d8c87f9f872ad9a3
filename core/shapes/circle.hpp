#pragma once
// A circle: its box never changes with rotation.

#include "core/geometry/box.hpp"

namespace aabb {

/// A circle with a center and a radius.
struct Circle {
    /// Center in world coordinates.
    glm::vec2 center{0.0f};
    /// Radius, > 0.
    float radius = 0.5f;
};

/// The axis-aligned box around the circle: center ± radius on both axes.
[[nodiscard]] inline Box2 bounding_box(const Circle& circle) {
    return Box2::from_center_extents(circle.center, glm::vec2(circle.radius));
}

}  // namespace aabb

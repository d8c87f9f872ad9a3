#pragma once
// A box rotated about its center: the shape of a rotating bar.

#include <array>

#include "core/geometry/box_transform.hpp"
#include "core/shapes/rotation.hpp"

namespace aabb {

/// A rectangle with a center, half-sizes along its own axes and a rotation angle.
struct OrientedBox {
    /// Center in world coordinates.
    glm::vec2 center{0.0f};
    /// Half of the width and height along the box's own axes.
    glm::vec2 half_size{0.5f};
    /// Rotation in radians, counter-clockwise.
    float angle = 0.0f;
};

/// The four corners, counter-clockwise starting from the local (−x, −y) corner.
[[nodiscard]] inline std::array<glm::vec2, 4> corners(const OrientedBox& box) {
    const Rotation rotation = Rotation::from_angle(box.angle);
    const glm::vec2 h = box.half_size;
    return {box.center + rotation.apply({-h.x, -h.y}), box.center + rotation.apply({h.x, -h.y}),
            box.center + rotation.apply({h.x, h.y}), box.center + rotation.apply({-h.x, h.y})};
}

/// The axis-aligned box around the oriented box: center ± |R|·half_size (Arvo).
[[nodiscard]] inline Box2 bounding_box(const OrientedBox& box) {
    return transformed(Box2::from_center_extents(glm::vec2(0.0f), box.half_size),
                       rotation_2d(box.angle), box.center);
}

}  // namespace aabb

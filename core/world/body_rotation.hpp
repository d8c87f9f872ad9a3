#pragma once
// The rotation of a body's angle, computed one way wherever the world needs it (world_box,
// the bounce in integrate, update_geometry's boxes and vertices), so that the box a step stores
// and the box world_box recomputes agree bit for bit.

#include <cmath>

#include <glm/mat2x2.hpp>
#include <glm/vec2.hpp>

namespace aabb {

/// The rotation of `angle` as (cos, sin): exactly std::cos and std::sin, with the common
/// unrotated body (angle ±0, where sin(angle) is angle itself) spared both calls.
[[nodiscard]] inline glm::vec2 body_cosine_sine(float angle) {
    if (angle == 0.0f) return {1.0f, angle};
    return {std::cos(angle), std::sin(angle)};
}

/// The rotation matrix of (cos, sin) from body_cosine_sine.
[[nodiscard]] inline glm::mat2 body_rotation_matrix(glm::vec2 cosine_sine) {
    // glm is column-major: the first column is the image of the x axis (as rotation_2d).
    return glm::mat2(cosine_sine.x, cosine_sine.y, -cosine_sine.y, cosine_sine.x);
}

}  // namespace aabb

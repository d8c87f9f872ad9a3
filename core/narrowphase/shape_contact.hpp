#pragma once
// What an exact shape test reports: how far apart the shapes are and along which direction.

#include <glm/glm.hpp>

namespace aabb {

/// The result of an exact test between two shapes A and B.
struct ShapeContact {
    /// Signed distance along `normal`: positive is the gap, zero is touching, negative is the
    /// penetration depth (for separating-axis tests, the least overlap over all axes).
    float separation = 0.0f;
    /// Unit direction from A towards B along which `separation` is measured.
    glm::vec2 normal{1.0f, 0.0f};
};

}  // namespace aabb

#pragma once
// Exact test of two axis-aligned boxes: the shapes are their boxes, so the box test is final.

#include "core/geometry/overlap.hpp"
#include "core/narrowphase/shape_contact.hpp"

namespace aabb {

/// Separation of two axis-aligned boxes: −(the smaller per-axis overlap length), along the
/// axis of that smaller overlap, pointing from A towards B.
[[nodiscard]] inline ShapeContact contact_box_box(const Box2& a, const Box2& b) {
    const glm::vec2 overlap = overlap_lengths(a, b);
    const int axis = overlap.x <= overlap.y ? 0 : 1;
    ShapeContact contact;
    contact.separation = -overlap[axis];
    contact.normal = glm::vec2(0.0f);
    contact.normal[axis] = b.center()[axis] >= a.center()[axis] ? 1.0f : -1.0f;
    return contact;
}

}  // namespace aabb

#pragma once
// The narrow phase: decides whether two shapes whose boxes overlap really touch, picking the
// exact test by shape types.

#include <array>
#include <span>

#include "core/geometry/overlap.hpp"
#include "core/narrowphase/shape_contact.hpp"
#include "core/shapes/shape_type.hpp"

namespace aabb {

/// One shape placed in the world, as the narrow phase reads it (no ownership).
struct PlacedShape {
    /// Which shape.
    ShapeType type = ShapeType::box;
    /// True for an unrotated box: its world box is the shape, so the box test is exact.
    bool axis_aligned = true;
    /// The shape's world box.
    Box2 box{};
    /// Circle center (the body position).
    glm::vec2 center{0.0f};
    /// Circle radius.
    float radius = 0.0f;
    /// World vertices, counter-clockwise, of a rotated box (4) or a polygon; an unrotated box
    /// may leave them out (the world keeps none for one).
    std::span<const glm::vec2> vertices{};
};

/// The shape's outline for the polygon tests: its vertices, or for a box given without any,
/// its box's corners, written to `corners` (which must outlive the span).
[[nodiscard]] inline std::span<const glm::vec2> outline(const PlacedShape& shape,
                                                        std::array<glm::vec2, 4>& corners) {
    if (!shape.vertices.empty() || shape.type != ShapeType::box) return shape.vertices;
    corners = aabb::corners(shape.box);
    return corners;
}

/// The exact test's verdict: whether the shapes touch under the policy, and the contact.
struct NarrowPhaseResult {
    /// True when the shapes overlap (or touch, under closed and tolerance policies).
    bool touching = false;
    /// Separation and normal from A towards B.
    ShapeContact contact{};
};

/// Tests two placed shapes exactly: box–box by intervals, boxes and polygons by separating
/// axes, circles by distance. Touching counts under closed; under open only a negative
/// separation counts; under tolerance a gap up to both boxes' tolerance paddings counts.
[[nodiscard]] NarrowPhaseResult collide(const PlacedShape& a, const PlacedShape& b,
                                        const TouchingPolicy& policy);

}  // namespace aabb

#include "core/narrowphase/narrow_phase.hpp"

#include <array>
#include <span>

#include "core/narrowphase/box_box.hpp"
#include "core/narrowphase/circle_contacts.hpp"
#include "core/narrowphase/separating_axis.hpp"
#include "core/shapes/circle.hpp"

namespace aabb {

namespace {

bool separation_touches(float separation, const PlacedShape& a, const PlacedShape& b,
                        const TouchingPolicy& policy) {
    switch (policy.rule) {
        case TouchingRule::closed:
            return separation <= 0.0f;
        case TouchingRule::open:
            return separation < 0.0f;
        case TouchingRule::tolerance:
            return separation <=
                   tolerance_padding(a.box, policy) + tolerance_padding(b.box, policy);
    }
    return false;
}

ShapeContact flipped(ShapeContact contact) {
    contact.normal = -contact.normal;
    return contact;
}

}  // namespace

NarrowPhaseResult collide(const PlacedShape& a, const PlacedShape& b,
                          const TouchingPolicy& policy) {
    const bool a_is_box = a.type == ShapeType::box && a.axis_aligned;
    const bool b_is_box = b.type == ShapeType::box && b.axis_aligned;
    NarrowPhaseResult result;
    if (a_is_box && b_is_box) {
        // The same overlap definition the broad phase uses, so an axis-aligned pair is never
        // a false positive.
        result.touching = overlaps(a.box, b.box, policy);
        result.contact = contact_box_box(a.box, b.box);
        return result;
    }
    const bool a_is_circle = a.type == ShapeType::circle;
    const bool b_is_circle = b.type == ShapeType::circle;
    // A box given without vertices (the world keeps none for an unrotated one) is its box.
    std::array<glm::vec2, 4> a_corners;
    std::array<glm::vec2, 4> b_corners;
    const std::span<const glm::vec2> a_vertices = outline(a, a_corners);
    const std::span<const glm::vec2> b_vertices = outline(b, b_corners);
    if (a_is_circle && b_is_circle) {
        result.contact = contact_circle_circle({a.center, a.radius}, {b.center, b.radius});
    } else if (a_is_circle) {
        result.contact = contact_circle_polygon({a.center, a.radius}, b_vertices);
    } else if (b_is_circle) {
        result.contact = flipped(contact_circle_polygon({b.center, b.radius}, a_vertices));
    } else {
        result.contact = contact_polygon_polygon(a_vertices, b_vertices);
    }
    result.touching = separation_touches(result.contact.separation, a, b, policy);
    return result;
}

}  // namespace aabb

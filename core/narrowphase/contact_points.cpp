#include "core/narrowphase/contact_points.hpp"

#include <cmath>
#include <limits>

#include "core/narrowphase/circle_contacts.hpp"

namespace aabb {

namespace {

glm::vec2 outward_normal(glm::vec2 start, glm::vec2 end) {
    const glm::vec2 edge = end - start;
    const float length = std::sqrt(edge.x * edge.x + edge.y * edge.y);
    if (!(length > 0.0f)) return glm::vec2(0.0f);
    // Counter-clockwise polygons have the outside on the right of each edge.
    return {edge.y / length, -edge.x / length};
}

/// The edge of `reference` whose outward normal separates `other` the most, and that
/// separation: max over edges of min over other's vertices of dot(n, v − edge start).
struct FaceSeparation {
    std::size_t edge = 0;
    float separation = -std::numeric_limits<float>::infinity();
};

FaceSeparation max_face_separation(std::span<const glm::vec2> reference,
                                   std::span<const glm::vec2> other) {
    FaceSeparation best;
    const std::size_t count = reference.size();
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 normal = outward_normal(reference[i], reference[(i + 1) % count]);
        if (normal == glm::vec2(0.0f)) continue;
        float deepest = std::numeric_limits<float>::infinity();
        for (const glm::vec2& vertex : other)
            deepest = std::min(deepest, glm::dot(normal, vertex - reference[i]));
        if (deepest > best.separation) {
            best.separation = deepest;
            best.edge = i;
        }
    }
    return best;
}

/// Keeps the part of segment [points[0], points[1]] where dot(direction, p − origin) >= 0
/// (Sutherland–Hodgman against one plane); returns how many points remain (0 or 2).
int clip_segment(std::array<glm::vec2, 2>& points, glm::vec2 direction, glm::vec2 origin) {
    const float first = glm::dot(direction, points[0] - origin);
    const float second = glm::dot(direction, points[1] - origin);
    if (first < 0.0f && second < 0.0f) return 0;
    if (first < 0.0f || second < 0.0f) {
        const glm::vec2 crossing = points[0] + (points[1] - points[0]) * (first / (first - second));
        if (first < 0.0f) {
            points[0] = crossing;
        } else {
            points[1] = crossing;
        }
    }
    return 2;
}

}  // namespace

// Reference-face / incident-edge clipping as in Box2D's b2CollidePolygons (Erin Catto,
// "Contact Manifolds", GDC 2007) and Dirk Gregorius, "Robust Contact Creation for Physics
// Simulations", GDC 2015: the face of least penetration is the reference, the other
// polygon's edge whose normal is most anti-parallel to it is the incident edge, which is
// clipped against the reference face's two side planes; clipped points behind the reference
// face are the contact points.
ContactManifold contact_points_polygon_polygon(std::span<const glm::vec2> a,
                                               std::span<const glm::vec2> b, float slack) {
    ContactManifold manifold;
    if (a.size() < 3 || b.size() < 3) return manifold;
    const FaceSeparation on_a = max_face_separation(a, b);
    if (on_a.separation > slack) return manifold;
    const FaceSeparation on_b = max_face_separation(b, a);
    if (on_b.separation > slack) return manifold;
    // Prefer A's face unless B's is clearly better, so near-ties do not flicker between sides.
    const float tie_tolerance = 1e-4f * (1.0f + std::abs(on_a.separation));
    const bool flip = on_b.separation > on_a.separation + tie_tolerance;
    const std::span<const glm::vec2> reference = flip ? b : a;
    const std::span<const glm::vec2> incident = flip ? a : b;
    const FaceSeparation face = flip ? on_b : on_a;

    const glm::vec2 face_start = reference[face.edge];
    const glm::vec2 face_end = reference[(face.edge + 1) % reference.size()];
    const glm::vec2 normal = outward_normal(face_start, face_end);

    std::size_t incident_edge = 0;
    float most_opposed = std::numeric_limits<float>::infinity();
    for (std::size_t i = 0; i < incident.size(); ++i) {
        const glm::vec2 edge_normal =
            outward_normal(incident[i], incident[(i + 1) % incident.size()]);
        const float alignment = glm::dot(edge_normal, normal);
        if (alignment < most_opposed) {
            most_opposed = alignment;
            incident_edge = i;
        }
    }
    std::array<glm::vec2, 2> clipped{incident[incident_edge],
                                     incident[(incident_edge + 1) % incident.size()]};
    const glm::vec2 tangent = glm::vec2(-normal.y, normal.x);  // along face_start → face_end
    if (clip_segment(clipped, tangent, face_start) == 0) return manifold;
    if (clip_segment(clipped, -tangent, face_end) == 0) return manifold;

    for (const glm::vec2& point : clipped) {
        if (glm::dot(normal, point - face_start) <= slack)
            manifold.points[manifold.count++] = point;
    }
    // Two identical points (a clipped-away edge) are one contact.
    if (manifold.count == 2 && manifold.points[0] == manifold.points[1]) manifold.count = 1;
    manifold.normal = flip ? -normal : normal;
    manifold.depth = -face.separation;
    return manifold;
}

ContactManifold contact_points_circle_circle(glm::vec2 center_a, float radius_a, glm::vec2 center_b,
                                             float radius_b, float slack) {
    ContactManifold manifold;
    const ShapeContact contact = contact_circle_circle({center_a, radius_a}, {center_b, radius_b});
    if (!(contact.separation <= slack)) return manifold;
    // Midway between the surface points cA + rA·n and cB − rB·n (Box2D's b2WorldManifold).
    const glm::vec2 surface_a = center_a + contact.normal * radius_a;
    const glm::vec2 surface_b = center_b - contact.normal * radius_b;
    manifold.points[0] = (surface_a + surface_b) * 0.5f;
    manifold.count = 1;
    manifold.normal = contact.normal;
    manifold.depth = -contact.separation;
    return manifold;
}

ContactManifold contact_points_circle_polygon(glm::vec2 center, float radius,
                                              std::span<const glm::vec2> polygon, float slack) {
    ContactManifold manifold;
    if (polygon.size() < 3) return manifold;
    const ShapeContact contact = contact_circle_polygon({center, radius}, polygon);
    if (!(contact.separation <= slack)) return manifold;
    // The polygon's closest boundary point lies along the normal at the center's distance to
    // the boundary, separation + radius, whether the center is outside or inside.
    manifold.points[0] = center + contact.normal * (contact.separation + radius);
    manifold.count = 1;
    manifold.normal = contact.normal;
    manifold.depth = -contact.separation;
    return manifold;
}

ContactManifold contact_points(const PlacedShape& a, const PlacedShape& b, float slack) {
    const bool a_is_circle = a.type == ShapeType::circle;
    const bool b_is_circle = b.type == ShapeType::circle;
    if (a_is_circle && b_is_circle)
        return contact_points_circle_circle(a.center, a.radius, b.center, b.radius, slack);
    std::array<glm::vec2, 4> a_corners;
    std::array<glm::vec2, 4> b_corners;
    const std::span<const glm::vec2> a_vertices = outline(a, a_corners);
    const std::span<const glm::vec2> b_vertices = outline(b, b_corners);
    if (a_is_circle) return contact_points_circle_polygon(a.center, a.radius, b_vertices, slack);
    if (b_is_circle) {
        ContactManifold manifold =
            contact_points_circle_polygon(b.center, b.radius, a_vertices, slack);
        manifold.normal = -manifold.normal;
        return manifold;
    }
    return contact_points_polygon_polygon(a_vertices, b_vertices, slack);
}

}  // namespace aabb

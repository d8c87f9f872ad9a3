#include "core/narrowphase/circle_contacts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aabb {

namespace {

float length_of(glm::vec2 v) {
    return std::sqrt(v.x * v.x + v.y * v.y);
}

glm::vec2 closest_point_on_segment(glm::vec2 start, glm::vec2 end, glm::vec2 point) {
    const glm::vec2 edge = end - start;
    const float squared = glm::dot(edge, edge);
    if (!(squared > 0.0f)) return start;
    const float t = std::clamp(glm::dot(point - start, edge) / squared, 0.0f, 1.0f);
    return start + edge * t;
}

}  // namespace

ShapeContact contact_circle_circle(const Circle& a, const Circle& b) {
    const glm::vec2 offset = b.center - a.center;
    const float distance = length_of(offset);
    ShapeContact contact;
    contact.separation = distance - (a.radius + b.radius);
    // Concentric circles have no preferred direction; any unit vector is correct.
    contact.normal = distance > 0.0f ? offset / distance : glm::vec2(1.0f, 0.0f);
    return contact;
}

ShapeContact contact_circle_polygon(const Circle& a, std::span<const glm::vec2> polygon) {
    const std::size_t count = polygon.size();
    // Largest signed distance from the center to an edge line (outward normals of a
    // counter-clockwise polygon): <= 0 means the center is inside.
    float deepest = -std::numeric_limits<float>::infinity();
    glm::vec2 deepest_normal{1.0f, 0.0f};
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 edge = polygon[(i + 1) % count] - polygon[i];
        const float length = length_of(edge);
        if (!(length > 0.0f)) continue;
        const glm::vec2 normal{edge.y / length, -edge.x / length};
        const float distance = glm::dot(a.center - polygon[i], normal);
        if (distance > deepest) {
            deepest = distance;
            deepest_normal = normal;
        }
    }
    ShapeContact contact;
    if (deepest <= 0.0f) {
        contact.separation = deepest - a.radius;
        contact.normal = -deepest_normal;
        return contact;
    }
    float nearest = std::numeric_limits<float>::infinity();
    glm::vec2 nearest_point = polygon[0];
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 point =
            closest_point_on_segment(polygon[i], polygon[(i + 1) % count], a.center);
        const float distance = length_of(point - a.center);
        if (distance < nearest) {
            nearest = distance;
            nearest_point = point;
        }
    }
    contact.separation = nearest - a.radius;
    contact.normal = nearest > 0.0f ? (nearest_point - a.center) / nearest : -deepest_normal;
    return contact;
}

}  // namespace aabb

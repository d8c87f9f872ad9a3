#include "core/shapes/convex_polygon.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace aabb {

namespace {

float cross(glm::vec2 a, glm::vec2 b) {
    return a.x * b.y - a.y * b.x;
}

}  // namespace

bool is_convex_counter_clockwise(std::span<const glm::vec2> vertices) {
    const std::size_t count = vertices.size();
    if (count < 3) return false;
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 a = vertices[i];
        const glm::vec2 b = vertices[(i + 1) % count];
        const glm::vec2 c = vertices[(i + 2) % count];
        // Every turn must be a strict left turn.
        if (!(cross(b - a, c - b) > 0.0f)) return false;
    }
    // Left turns everywhere can still wind twice (a pentagram); the angles must sum to 2π,
    // which for a simple check means the signed area is positive and edges turn once.
    float total_turn = 0.0f;
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 a = vertices[(i + 1) % count] - vertices[i];
        const glm::vec2 b = vertices[(i + 2) % count] - vertices[(i + 1) % count];
        total_turn += std::atan2(cross(a, b), a.x * b.x + a.y * b.y);
    }
    return std::abs(total_turn - 6.2831853f) < 1e-3f;
}

void validate_convex_polygon(std::span<const glm::vec2> vertices, const char* what) {
    if (vertices.size() < min_polygon_vertices || vertices.size() > max_polygon_vertices) {
        throw std::invalid_argument(std::string(what) + ": a polygon needs 3 to 16 vertices");
    }
    for (const glm::vec2& vertex : vertices) {
        if (!std::isfinite(vertex.x) || !std::isfinite(vertex.y)) {
            throw std::invalid_argument(std::string(what) + ": vertex is NaN or infinite");
        }
    }
    if (!is_convex_counter_clockwise(vertices)) {
        throw std::invalid_argument(std::string(what) +
                                    ": vertices must be strictly convex and counter-clockwise");
    }
}

void transform_points(std::span<const glm::vec2> local, glm::vec2 position,
                      const Rotation& rotation, std::span<glm::vec2> out) {
    for (std::size_t i = 0; i < local.size(); ++i)
        out[i] = position + rotation.apply(local[i]);
}

Box2 bounding_box_of_points(std::span<const glm::vec2> points) {
    Box2 box = Box2::empty();
    for (const glm::vec2& point : points)
        box.grow(point);
    return box;
}

}  // namespace aabb

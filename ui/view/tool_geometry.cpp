#include "ui/view/tool_geometry.hpp"

#include <cmath>
#include <random>

namespace aabb::ui {

std::optional<Body> bullet_from_drag(glm::vec2 from, glm::vec2 to, float speed_per_unit, float size,
                                     DetectionMode detection, float min_drag) {
    if (glm::length(to - from) < min_drag || !(size > 0.0f)) return std::nullopt;
    Body body;
    body.kind = BodyKind::bullet;
    body.position = from;
    body.velocity = (to - from) * speed_per_unit;
    body.half_size = glm::vec2(size * 0.5f);
    body.detection = detection;
    body.response = Response::stop;
    return body;
}

std::optional<Body> wall_from_drag(glm::vec2 a, glm::vec2 b, float min_size) {
    const glm::vec2 size = glm::abs(b - a);
    if (size.x < min_size || size.y < min_size) return std::nullopt;
    Body body;
    body.kind = BodyKind::wall;
    body.position = (a + b) * 0.5f;
    body.half_size = size * 0.5f;
    return body;
}

Body shape_body(ToolShape shape, glm::vec2 position, float size, float spin) {
    Body body;
    body.kind = BodyKind::shape;
    body.position = position;
    body.angular_velocity = spin;
    body.response = Response::reflect;
    switch (shape) {
        case ToolShape::box:
            body.half_size = {size * 0.5f, size * 0.25f};
            break;
        case ToolShape::circle:
            body.shape = ShapeType::circle;
            body.radius = size * 0.5f;
            body.half_size = glm::vec2(size * 0.5f);
            break;
        case ToolShape::hexagon:
            body.shape = ShapeType::polygon;
            body.half_size = glm::vec2(size * 0.5f);
            break;
    }
    return body;
}

std::vector<glm::vec2> hexagon_vertices(float size) {
    std::vector<glm::vec2> vertices;
    for (int k = 0; k < 6; ++k) {
        const float angle = static_cast<float>(k) * 1.0471976f;  // 60°
        vertices.push_back(glm::vec2(std::cos(angle), std::sin(angle)) * (size * 0.5f));
    }
    return vertices;
}

std::vector<Body> spray_bodies(std::size_t count, const Box2& region, float size_min,
                               float size_max, float speed, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> x(region.min.x, region.max.x);
    std::uniform_real_distribution<float> y(region.min.y, region.max.y);
    std::uniform_real_distribution<float> size(size_min, size_max);
    std::uniform_real_distribution<float> direction(0.0f, 6.2831853f);
    std::uniform_real_distribution<float> fraction(0.0f, 1.0f);
    std::vector<Body> bodies;
    bodies.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        Body body;
        body.position = {x(random), y(random)};
        body.half_size = glm::vec2(size(random), size(random)) * 0.5f;
        const float angle = direction(random);
        body.velocity = glm::vec2(std::cos(angle), std::sin(angle)) * (speed * fraction(random));
        bodies.push_back(body);
    }
    return bodies;
}

}  // namespace aabb::ui

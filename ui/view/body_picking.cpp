#include "ui/view/body_picking.hpp"

#include <array>
#include <cmath>

#include "core/geometry/overlap.hpp"
#include "core/narrowphase/narrow_phase.hpp"

namespace aabb::ui {

namespace {

/// True when `point` lies inside the body's exact shape (convex vertices or circle).
bool shape_contains(const World& world, std::size_t index, glm::vec2 point) {
    const Body& body = world.bodies()[index];
    if (body.shape == ShapeType::circle) {
        return glm::length(point - body.position) <= body.radius;
    }
    // An unrotated box keeps no vertices: its outline is its world box's corners.
    std::array<glm::vec2, 4> corners{};
    const auto vertices = outline(world.placed_shape(index), corners);
    if (vertices.size() < 3) return true;
    for (std::size_t k = 0; k < vertices.size(); ++k) {
        const glm::vec2 edge = vertices[(k + 1) % vertices.size()] - vertices[k];
        const glm::vec2 to_point = point - vertices[k];
        // Counter-clockwise vertices: inside is on the left of every edge.
        if (edge.x * to_point.y - edge.y * to_point.x < 0.0f) return false;
    }
    return true;
}

}  // namespace

std::optional<std::size_t> pick_body(const World& world, glm::vec2 point, float slack) {
    if (!std::isfinite(point.x) || !std::isfinite(point.y) || !std::isfinite(slack)) return {};
    std::vector<BoxId> ids;
    const glm::vec2 pad(std::max(slack, 0.0f));
    world.broad_phase().query_box(Box2{point - pad, point + pad}, ids);
    const auto boxes = world.world_boxes();
    std::optional<std::size_t> best;
    bool best_inside = false;
    float best_area = 0.0f;
    for (const BoxId id : ids) {
        if (id >= boxes.size() || id >= world.bodies().size()) continue;
        const bool inside = shape_contains(world, id, point);
        const float box_area = area(boxes[id]);
        if (!best || (inside && !best_inside) || (inside == best_inside && box_area < best_area)) {
            best = id;
            best_inside = inside;
            best_area = box_area;
        }
    }
    return best;
}

std::optional<std::size_t> find_body(const World& world, BodyId id) {
    const auto ids = world.body_ids();
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] == id) return i;
    }
    return {};
}

BodyPairs pairs_of(const World& world, std::size_t index) {
    BodyPairs result;
    const auto pairs = world.overlapping_pairs();
    const auto contacts = world.pair_is_contact();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        if (pairs[k].first != index && pairs[k].second != index) continue;
        result.others.push_back(pairs[k].first == index ? pairs[k].second : pairs[k].first);
        result.is_contact.push_back(k < contacts.size() ? contacts[k] : 0);
    }
    return result;
}

}  // namespace aabb::ui

// The world's motion within a step: spawners add bodies, bodies move and bounce off the
// bounds, and each body's box and vertices are recomputed (split from world.cpp, which keeps
// bodies, stepping and the broad phase).

#include "core/world/world.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/geometry/box_transform.hpp"
#include "core/shapes/convex_polygon.hpp"
#include "core/shapes/rotation.hpp"
#include "core/world/body_rotation.hpp"

namespace aabb {

namespace {

constexpr float two_pi = 6.2831853f;

// A uniform float in [0, 1) from the top 24 bits of the engine: unlike
// std::uniform_real_distribution, the same on every standard library.
float unit_random(std::mt19937& random) {
    return static_cast<float>(random() >> 8) * (1.0f / 16777216.0f);
}

}  // namespace

void World::spawn() {
    const float dt = settings_.time_step;
    for (std::size_t s = 0; s < spawners_.size(); ++s) {
        const Spawner& spawner = spawners_[s];
        spawn_accumulators_[s] += spawner.rate * dt;
        while (spawn_accumulators_[s] >= 1.0f) {
            if ((spawner.limit != 0 && spawned_counts_[s] >= spawner.limit) ||
                bodies_.size() >= spawn_body_limit) {
                spawn_accumulators_[s] = 0.0f;
                break;
            }
            spawn_accumulators_[s] -= 1.0f;
            ++spawned_counts_[s];
            Body body = spawner.body;
            body.position = spawner.position;
            const float direction =
                spawner.direction + (unit_random(random_) - 0.5f) * spawner.spread;
            body.velocity = glm::vec2(std::cos(direction), std::sin(direction)) * spawner.speed;
            if (spawner.random_angle) body.angle = unit_random(random_) * two_pi;
            push_body(body);
        }
    }
}

void World::integrate() {
    const float dt = settings_.time_step;
    const Box2& bounds = settings_.bounds;
    const std::size_t count = bodies_.size();
    start_positions_.resize(count);
    // boxes_ holds world_box(i) of every body between steps (add_body, the editing calls and
    // the end of each step make it so), computed alike bit for bit: copying it saves a
    // world_box per body.
    assert(boxes_.size() == count);
    // Only bullets' sweeps read the start boxes (classify_pairs, detect_bullet_events): without
    // any, the copy is skipped (16 MB a step at a million boxes).
    if (bullet_count_ > 0) {
        start_boxes_.assign(boxes_.begin(), boxes_.end());
    } else {
        start_boxes_.clear();
    }
    removed_.assign(count, 0);
    has_discrete_bullets_ = false;
    has_swept_bullets_ = false;
    for (std::size_t i = 0; i < count; ++i) {
        Body& body = bodies_[i];
        start_positions_[i] = body.position;
        if (body.kind == BodyKind::bullet) {
            const bool swept = body.detection == DetectionMode::swept;
            has_swept_bullets_ |= swept;
            has_discrete_bullets_ |= !swept;
        }
        if (body.kind == BodyKind::wall) continue;
        body.position += body.velocity * dt;
        body.angle += body.angular_velocity * dt;
        if (body.kind == BodyKind::bullet) {
            // Bullets fly out of the world instead of bouncing forever.
            if (!overlaps_closed(world_box(i), bounds)) removed_[i] = 1;
            continue;
        }
        // Bounce the world box off the bounds so the scene keeps moving forever.
        glm::vec2 offset(0.0f);
        glm::vec2 extents;
        if (body.shape == ShapeType::circle) {
            extents = glm::vec2(body.radius);  // local_box(body).extents(), exactly
        } else if (body.shape == ShapeType::box && body.angle == 0.0f) {
            // What the general path below gives for an unrotated box, bit for bit (its local
            // box is centered on 0, its rotation the identity), without the cosine, sine and
            // matrix products. With the same fast path in update_geometry the integration stage
            // of 100,000 boxes went from 1.85 to 1.15 ms.
            extents = body.half_size;
        } else {
            const Box2 local = local_box(body);
            const glm::mat2 rotation = body_rotation_matrix(body_cosine_sine(body.angle));
            offset = rotation * local.center();
            extents = absolute(rotation) * local.extents();
        }
        for (int axis = 0; axis < 2; ++axis) {
            const float low = bounds.min[axis] + extents[axis] - offset[axis];
            const float high = bounds.max[axis] - extents[axis] - offset[axis];
            if (body.position[axis] < low) {
                body.position[axis] = std::min(low, high);
                body.velocity[axis] = std::abs(body.velocity[axis]);
            } else if (body.position[axis] > high) {
                body.position[axis] = std::max(low, high);
                body.velocity[axis] = -std::abs(body.velocity[axis]);
            }
        }
    }
}

void World::update_geometry() {
    const std::size_t count = bodies_.size();
    boxes_.resize(count);
    vertex_ranges_.resize(count);
    plain_boxes_.resize(count);
    // Grown ahead and cut to size at the end: a resize per body was most of this loop.
    std::size_t used = 0;
    const auto take_vertices = [this, &used](std::size_t wanted) {
        if (used + wanted > vertices_.size())
            vertices_.resize(std::max(2 * vertices_.size(), used + wanted));
        glm::vec2* out = vertices_.data() + used;
        used += wanted;
        return out;
    };
    for (std::size_t i = 0; i < count; ++i) {
        const Body& body = bodies_[i];
        VertexRange range{static_cast<std::uint32_t>(used), 0};
        if (body.shape == ShapeType::box && body.angle == 0.0f) {
            // Unrotated: world_box's box, without the rotation (cosine 1, sine 0). Its shape is
            // that box, so it keeps no vertices: their users take the box's corners, the ones
            // the rotation below would give bit for bit (at a million boxes the four corners
            // were 32 MB written a step).
            boxes_[i] = Box2::from_center_extents(body.position, body.half_size);
            vertex_ranges_[i] = {range.offset, 0};
            plain_boxes_[i] = body.kind == BodyKind::box ? 1 : 0;
            continue;
        }
        // One cosine and sine per body for its box and its vertices (world_box's values).
        const glm::vec2 cs = body_cosine_sine(body.angle);
        const Rotation rotation{cs.x, cs.y};
        if (body.shape == ShapeType::circle) {
            boxes_[i] = Box2::from_center_extents(body.position, glm::vec2(body.radius));
        } else {
            boxes_[i] = transformed(local_box(body), body_rotation_matrix(cs), body.position);
        }
        if (body.shape == ShapeType::box) {
            const glm::vec2 h = body.half_size;
            const glm::vec2 corners[4] = {{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
            glm::vec2* out = take_vertices(4);
            for (int k = 0; k < 4; ++k)
                out[k] = body.position + rotation.apply(corners[k]);
            range.count = 4;
        } else if (body.shape == ShapeType::polygon) {
            const auto local = polygon_vertices(body.polygon);
            glm::vec2* out = take_vertices(local.size());
            transform_points(local, body.position, rotation,
                             std::span<glm::vec2>(out, local.size()));
            range.count = static_cast<std::uint32_t>(local.size());
        }
        vertex_ranges_[i] = range;
        plain_boxes_[i] = 0;
    }
    vertices_.resize(used);
}

}  // namespace aabb

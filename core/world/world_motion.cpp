// The world's motion within a step: spawners add bodies, bodies move and bounce off the
// bounds, and each body's box and vertices are recomputed (split from world.cpp, which keeps
// bodies, stepping and the broad phase).

#include "core/world/world.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "core/geometry/box_transform.hpp"
#include "core/parallel/parallel_chunks.hpp"
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
    const std::size_t count = bodies_.size();
    start_positions_.resize(count);
    // Only continuous detection reads the start angles: without bodies it may follow, the
    // copy is skipped (4 MB a step at a million boxes).
    const bool may_follow = bullet_count_ > 0 || settings_.ccd == ContinuousBodies::all;
    if (may_follow) {
        start_angles_.resize(count);
    } else {
        start_angles_.clear();
    }
    removed_.assign(count, 0);
    // Which kinds of continuous body each thread met, on a cache line of its own.
    struct alignas(64) BodiesMet {
        bool swept = false;
        bool continuous = false;
    };
    std::array<BodiesMet, max_step_threads> met{};
    parallel_chunks(step_pool(), count, step_chunk_items,
                    [&](std::size_t begin, std::size_t end, int share) {
                        BodiesMet& mine = met[static_cast<std::size_t>(share)];
                        for (std::size_t i = begin; i < end; ++i)
                            integrate_body(i, mine.swept, mine.continuous);
                    });
    has_continuous_bodies_ = false;
    has_swept_bodies_ = false;
    for (const BodiesMet& each : met) {
        has_swept_bodies_ |= each.swept;
        has_continuous_bodies_ |= each.continuous;
    }
}

void World::integrate_body(std::size_t i, bool& swept_met, bool& continuous_met) {
    const float dt = settings_.time_step;
    Body& body = bodies_[i];
    start_positions_[i] = body.position;
    if (!start_angles_.empty()) {
        start_angles_[i] = body.angle;
        if (is_continuous(i)) {
            continuous_met = true;
            swept_met |= body.detection == DetectionMode::swept;
        }
    }
    if (body.kind == BodyKind::wall) return;
    body.position += body.velocity * dt;
    body.angle += body.angular_velocity * dt;
    // Bullets fly out of the world instead of bouncing forever (removed after the step's
    // detection and response: flag_escaped_bodies).
    if (body.kind == BodyKind::bullet) return;
    bounce_off_bounds(body);
}

void World::bounce_off_bounds(Body& body) const {
    const Box2& bounds = settings_.bounds;
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

void World::update_geometry() {
    const std::size_t count = bodies_.size();
    boxes_.resize(count);
    vertex_ranges_.resize(count);
    plain_boxes_.resize(count);
    // Each chunk's vertices go after those of the chunks before it, as in one pass over the
    // bodies: first every body's box and vertex count (ranges numbered from the chunk's start),
    // then, past a prefix over the chunks, the chunks with vertices or after some write them.
    chunk_vertex_counts_.assign((count + step_chunk_items - 1) / step_chunk_items, 0);
    WorkerPool* const pool = step_pool();
    parallel_chunks(pool, count, step_chunk_items, [this](std::size_t begin, std::size_t end, int) {
        chunk_vertex_counts_[begin / step_chunk_items] = place_bodies(begin, end);
    });
    std::uint32_t total = 0;
    for (std::uint32_t& chunk : chunk_vertex_counts_) {
        const std::uint32_t vertices = chunk;
        chunk = total;  // now the chunk's first vertex
        total += vertices;
    }
    if (total == 0) {
        vertices_.clear();
        return;
    }
    vertices_.resize(total);
    parallel_chunks(pool, count, step_chunk_items, [this](std::size_t begin, std::size_t end, int) {
        const std::uint32_t first = chunk_vertex_counts_[begin / step_chunk_items];
        const std::uint32_t after = end < bodies_.size()
                                        ? chunk_vertex_counts_[end / step_chunk_items]
                                        : static_cast<std::uint32_t>(vertices_.size());
        if (first != 0 || after != first) write_vertices(begin, end, first);
    });
}

std::uint32_t World::place_bodies(std::size_t begin, std::size_t end) {
    std::uint32_t used = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const Body& body = bodies_[i];
        if (body.shape == ShapeType::box && body.angle == 0.0f) {
            // Unrotated: world_box's box, without the rotation (cosine 1, sine 0). Its shape is
            // that box, so it keeps no vertices: their users take the box's corners, the ones
            // the rotation below would give bit for bit (at a million boxes the four corners
            // were 32 MB written a step).
            boxes_[i] = Box2::from_center_extents(body.position, body.half_size);
            vertex_ranges_[i] = {used, 0};
            plain_boxes_[i] = body.kind == BodyKind::box ? 1 : 0;
            continue;
        }
        // One cosine and sine per body for its box and its vertices (world_box's values).
        const glm::vec2 cs = body_cosine_sine(body.angle);
        std::uint32_t vertices = 0;
        if (body.shape == ShapeType::circle) {
            boxes_[i] = Box2::from_center_extents(body.position, glm::vec2(body.radius));
        } else {
            boxes_[i] = transformed(local_box(body), body_rotation_matrix(cs), body.position);
            vertices = body.shape == ShapeType::box
                           ? 4u
                           : static_cast<std::uint32_t>(polygon_vertices(body.polygon).size());
        }
        vertex_ranges_[i] = {used, vertices};
        used += vertices;
        plain_boxes_[i] = 0;
    }
    return used;
}

void World::write_vertices(std::size_t begin, std::size_t end, std::uint32_t first) {
    for (std::size_t i = begin; i < end; ++i) {
        VertexRange& range = vertex_ranges_[i];
        range.offset += first;
        if (range.count == 0) continue;
        const Body& body = bodies_[i];
        const glm::vec2 cs = body_cosine_sine(body.angle);
        const Rotation rotation{cs.x, cs.y};
        glm::vec2* out = vertices_.data() + range.offset;
        if (body.shape == ShapeType::box) {
            const glm::vec2 h = body.half_size;
            const glm::vec2 corners[4] = {{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
            for (int k = 0; k < 4; ++k)
                out[k] = body.position + rotation.apply(corners[k]);
        } else {
            const auto local = polygon_vertices(body.polygon);
            transform_points(local, body.position, rotation,
                             std::span<glm::vec2>(out, local.size()));
        }
    }
}

}  // namespace aabb

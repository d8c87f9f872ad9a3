#include "ui/model/bullet_tracker.hpp"

#include <algorithm>
#include <utility>

namespace aabb::ui {

namespace {

/// True when the body's path ends at its contact: swept, with a response other than passing
/// through.
bool path_ends_at_impact(const Body& body) {
    return body.detection == DetectionMode::swept && body.response != Response::pass_through;
}

/// The body with id `id` in the world, or null (ids are ascending).
const Body* find_body(const World& world, BodyId id) {
    const auto ids = world.body_ids();
    const auto at = std::lower_bound(ids.begin(), ids.end(), id);
    if (at == ids.end() || *at != id) return nullptr;
    return &world.bodies()[static_cast<std::size_t>(at - ids.begin())];
}

GhostShape shape_of(const World& world, const Body& body) {
    GhostShape shape{body.shape, body.half_size, body.radius, {}};
    if (body.shape == ShapeType::polygon) {
        const auto vertices = world.polygon_vertices(body.polygon);
        shape.polygon.assign(vertices.begin(), vertices.end());
    }
    return shape;
}

}  // namespace

void BulletTracker::before_step(const World& world) {
    start_bodies_.clear();
    if (world.bullet_count() == 0) return;
    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (bodies[i].kind == BodyKind::bullet) start_bodies_[ids[i]] = bodies[i];
    }
}

void BulletTracker::record(const World& world, const MotionEvent& motion) {
    BulletEventRecord event;
    event.motion = motion;
    const auto found = start_bodies_.find(motion.body);
    const Body* start = found == start_bodies_.end() ? nullptr : &found->second;
    // Not a bullet (ccd "all") or spawned this step: its shape from the world, and no path to
    // draw (start = end = the pose at τ).
    const Body* body = start != nullptr ? start : find_body(world, motion.body);
    if (body != nullptr) {
        event.shape = shape_of(world, *body);
        event.path_ends_at_impact = path_ends_at_impact(*body);
    }
    if (const Body* other = find_body(world, motion.other)) {
        event.other_shape = shape_of(world, *other);
        event.other_moved = other->velocity != glm::vec2(0.0f) || other->angular_velocity != 0.0f;
    }
    const glm::vec2 position = start != nullptr ? start->position : motion.body_pose.position;
    const glm::vec2 displacement =
        start != nullptr ? start->velocity * world.settings().time_step : glm::vec2(0.0f);
    event.start = position;
    event.exit = position + displacement * motion.time_of_exit;
    event.end = position + displacement;
    event.angle = start != nullptr ? start->angle : motion.body_pose.angle;
    events_.push_back(std::move(event));
    if (events_.size() > event_capacity) events_.pop_front();
    if (motion.kind == MotionEventKind::tunneled) ++tunneling_count_;
}

void BulletTracker::after_step(const World& world) {
    for (const MotionEvent& event : world.events())
        record(world, event);

    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    const std::uint64_t frame = world.frame();
    // Without bullets (the random scene) nothing below finds one.
    const std::size_t scanned = world.bullet_count() == 0 ? 0 : bodies.size();
    for (std::size_t i = 0; i < scanned; ++i) {
        if (bodies[i].kind != BodyKind::bullet) continue;
        auto found = trails_.find(ids[i]);
        if (found == trails_.end()) {
            if (trails_.size() >= max_trails) continue;
            found = trails_.emplace(ids[i], Trail{}).first;
            const auto start = start_bodies_.find(ids[i]);
            if (start != start_bodies_.end())
                found->second.points.push_back(start->second.position);
        }
        Trail& trail = found->second;
        trail.points.push_back(bodies[i].position);
        if (trail.points.size() > trail_length) trail.points.erase(trail.points.begin());
        trail.last_frame = frame;
    }
    // Bullets that left the world lose their trail.
    std::erase_if(trails_, [frame](const auto& entry) { return entry.second.last_frame != frame; });
}

void BulletTracker::forget_after(std::uint64_t frame) {
    while (!events_.empty() && events_.back().motion.step > frame) {
        if (events_.back().tunneled()) --tunneling_count_;
        events_.pop_back();
    }
    trails_.clear();
    start_bodies_.clear();
}

void BulletTracker::restore_starts(const WorldSnapshot& before) {
    start_bodies_.clear();
    for (std::size_t i = 0; i < before.bodies.size(); ++i) {
        if (before.bodies[i].kind == BodyKind::bullet)
            start_bodies_[before.ids[i]] = before.bodies[i];
    }
}

void BulletTracker::clear() {
    start_bodies_.clear();
    trails_.clear();
    events_.clear();
    tunneling_count_ = 0;
}

std::span<const glm::vec2> BulletTracker::trail(BodyId bullet) const {
    const auto found = trails_.find(bullet);
    if (found == trails_.end()) return {};
    return found->second.points;
}

std::vector<BodyId> BulletTracker::trailed_bullets() const {
    std::vector<BodyId> ids;
    ids.reserve(trails_.size());
    for (const auto& entry : trails_)
        ids.push_back(entry.first);
    std::sort(ids.begin(), ids.end());
    return ids;
}

const glm::vec2* BulletTracker::start_position(BodyId bullet) const {
    const auto found = start_bodies_.find(bullet);
    return found == start_bodies_.end() ? nullptr : &found->second.position;
}

}  // namespace aabb::ui

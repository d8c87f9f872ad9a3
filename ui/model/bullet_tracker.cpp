#include "ui/model/bullet_tracker.hpp"

#include <algorithm>
#include <utility>

namespace aabb::ui {

namespace {

/// A body's start pose for the ghosts: where it was, how it moved, what shape it has.
template <typename Pose>
Pose start_pose_of(const Body& body) {
    Pose pose;
    pose.position = body.position;
    pose.velocity = body.velocity;
    pose.half_size = body.half_size;
    pose.angle = body.angle;
    pose.shape = body.shape;
    pose.radius = body.radius;
    pose.polygon = body.polygon;
    pose.path_ends_at_impact =
        body.detection == DetectionMode::swept && body.response != Response::pass_through;
    return pose;
}

}  // namespace

void BulletTracker::before_step(const World& world) {
    start_poses_.clear();
    if (world.bullet_count() == 0) return;
    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const Body& body = bodies[i];
        if (body.kind != BodyKind::bullet) continue;
        start_poses_[ids[i]] = start_pose_of<StartPose>(body);
    }
}

void BulletTracker::record(const World& world, const MotionEvent& motion) {
    StartPose pose;
    if (const auto found = start_poses_.find(motion.body); found != start_poses_.end()) {
        pose = found->second;
    } else {
        // Not a bullet (ccd "all") or spawned this step: its shape from the world (ids are
        // ascending), no path to draw (start = end = the pose at τ).
        const auto ids = world.body_ids();
        const auto at = std::lower_bound(ids.begin(), ids.end(), motion.body);
        if (at != ids.end() && *at == motion.body)
            pose = start_pose_of<StartPose>(
                world.bodies()[static_cast<std::size_t>(at - ids.begin())]);
        pose.position = motion.body_pose.position;
        pose.velocity = glm::vec2(0.0f);
        pose.angle = motion.body_pose.angle;
    }
    const glm::vec2 displacement = pose.velocity * world.settings().time_step;
    BulletEventRecord event;
    event.motion = motion;
    event.tunneled = motion.kind == MotionEventKind::tunneled;
    event.frame = motion.step;
    event.bullet = motion.body;
    event.target = motion.other;
    event.time_of_impact = motion.time_of_impact;
    event.time_of_exit = motion.time_of_exit;
    event.start = pose.position;
    event.impact = motion.body_pose.position;
    event.impact_angle = motion.body_pose.angle;
    event.exit = pose.position + displacement * motion.time_of_exit;
    event.end = pose.position + displacement;
    event.half_size = pose.half_size;
    event.angle = pose.angle;
    event.shape = pose.shape;
    event.radius = pose.radius;
    if (pose.shape == ShapeType::polygon) {
        const auto vertices = world.polygon_vertices(pose.polygon);
        event.polygon.assign(vertices.begin(), vertices.end());
    }
    event.path_ends_at_impact = pose.path_ends_at_impact;
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
            const auto start = start_poses_.find(ids[i]);
            if (start != start_poses_.end()) found->second.points.push_back(start->second.position);
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
    while (!events_.empty() && events_.back().frame > frame) {
        if (events_.back().tunneled) --tunneling_count_;
        events_.pop_back();
    }
    trails_.clear();
    start_poses_.clear();
}

void BulletTracker::clear() {
    start_poses_.clear();
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
    const auto found = start_poses_.find(bullet);
    return found == start_poses_.end() ? nullptr : &found->second.position;
}

}  // namespace aabb::ui

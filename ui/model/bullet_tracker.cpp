#include "ui/model/bullet_tracker.hpp"

#include <algorithm>

namespace aabb::ui {

void BulletTracker::before_step(const World& world) {
    start_poses_.clear();
    if (world.bullet_count() == 0) return;
    const auto bodies = world.bodies();
    const auto ids = world.body_ids();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const Body& body = bodies[i];
        if (body.kind != BodyKind::bullet) continue;
        start_poses_[ids[i]] = {body.position, body.velocity, body.half_size, body.angle};
    }
}

void BulletTracker::record(bool tunneled, std::uint64_t frame, BodyId bullet, BodyId target,
                           float impact, float exit, float time_step) {
    const auto found = start_poses_.find(bullet);
    if (found == start_poses_.end()) return;  // spawned this step: no start pose to draw
    const StartPose& pose = found->second;
    const glm::vec2 displacement = pose.velocity * time_step;
    BulletEventRecord event;
    event.tunneled = tunneled;
    event.frame = frame;
    event.bullet = bullet;
    event.target = target;
    event.time_of_impact = impact;
    event.time_of_exit = exit;
    event.start = pose.position;
    event.impact = pose.position + displacement * impact;
    event.exit = pose.position + displacement * exit;
    event.end = pose.position + displacement;
    event.half_size = pose.half_size;
    event.angle = pose.angle;
    events_.push_back(event);
    if (events_.size() > event_capacity) events_.pop_front();
    if (tunneled) ++tunneling_count_;
}

void BulletTracker::after_step(const World& world) {
    const float time_step = world.settings().time_step;
    for (const MotionEvent& event : world.events()) {
        if (event.kind == MotionEventKind::escaped) continue;
        record(event.kind == MotionEventKind::tunneled, event.step, event.body, event.other,
               event.time_of_impact, event.time_of_exit, time_step);
        // The pose continuous detection found (a reflected path is not start + τ · velocity).
        if (!events_.empty() && events_.back().bullet == event.body &&
            events_.back().frame == event.step) {
            events_.back().impact = event.body_pose.position;
        }
    }

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

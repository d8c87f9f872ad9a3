// The world's continuous detection (docs/tunneling.md): each continuous body's path through the
// step, the times of impact of its shape with the shapes it may meet (core/narrowphase/
// time_of_impact.hpp; the slab sweep of core/geometry/swept_box.hpp for two unrotated boxes,
// which is exact for them), a swept body's responses at those times, and the events: hit,
// tunneled, escaped. The swept box stays what it is: the region the broad phase is asked about.

#include <algorithm>
#include <array>
#include <cmath>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/geometry/box_transform.hpp"
#include "core/geometry/swept_box.hpp"
#include "core/narrowphase/time_of_impact.hpp"
#include "core/world/body_rotation.hpp"
#include "core/world/world.hpp"

namespace aabb {

namespace {

BodyPose pose_between(const BodyPose& from, const BodyPose& to, float fraction) {
    return {from.position + (to.position - from.position) * fraction,
            from.angle + (to.angle - from.angle) * fraction};
}

// Where τ (in the step) lies on a segment running over [begin, 1], as a fraction of it.
float fraction_of_segment(float time, float begin) {
    return begin < 1.0f ? (time - begin) / (1.0f - begin) : 0.0f;
}

// The farthest point of a box or polygon from its rotation center.
float farthest_point(const Body& body, std::span<const glm::vec2> polygon) {
    if (body.shape == ShapeType::box) return glm::length(body.half_size);
    float farthest = 0.0f;
    for (const glm::vec2& point : polygon)
        farthest = std::max(farthest, glm::length(point));
    return farthest;
}

// The shape and motion of a body between two poses; a box's corners go into `corners`.
ShapeSweep sweep_of(const Body& body, std::span<const glm::vec2> polygon, const BodyPose& from,
                    const BodyPose& to, std::array<glm::vec2, 4>& corners) {
    ShapeSweep sweep;
    switch (body.shape) {
        case ShapeType::box: {
            const glm::vec2 h = body.half_size;
            corners = {glm::vec2{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
            sweep.local_points = corners;
            break;
        }
        case ShapeType::circle:
            sweep.radius = body.radius;
            break;
        case ShapeType::polygon:
            sweep.local_points = polygon;
            break;
    }
    sweep.start_position = from.position;
    sweep.end_position = to.position;
    sweep.start_angle = from.angle;
    sweep.end_angle = to.angle;
    return sweep;
}

// A box grown by `margin` on every side.
Box2 grown(const Box2& box, float margin) {
    return {box.min - glm::vec2(margin), box.max + glm::vec2(margin)};
}

// Whether, on the slab sweep of two unrotated boxes, their interiors overlap for some τ: the
// open touching rule's contact (a zero-length graze, or sliding along a face, is none).
bool interiors_meet(const SweepResult<2>& result, const Box2& a, const Box2& b,
                    glm::vec2 relative) {
    float enter = 0.0f;
    float exit = 1.0f;
    for (int axis = 0; axis < 2; ++axis) {
        if (relative[axis] == 0.0f) {
            if (!(a.max[axis] > b.min[axis] && b.max[axis] > a.min[axis])) return false;
            continue;
        }
        enter = std::max(enter, result.entry_times[axis]);
        exit = std::min(exit, result.exit_times[axis]);
    }
    return enter < exit;
}

}  // namespace

bool World::is_continuous(std::size_t index) const {
    const Body& body = bodies_[index];
    if (body.kind == BodyKind::bullet) return true;
    return settings_.ccd == ContinuousBodies::all &&
           (body.kind == BodyKind::box || body.kind == BodyKind::shape) &&
           (body.velocity != glm::vec2(0.0f) || body.angular_velocity != 0.0f);
}

bool World::is_swept(std::size_t index) const {
    return bodies_[index].detection == DetectionMode::swept && is_continuous(index);
}

bool World::may_meet(std::size_t body, std::size_t other) const {
    if (other == body) return false;
    const BodyKind other_kind = bodies_[other].kind;
    // What each kind responds to: bullets to every body that is not a bullet, boxes and
    // shapes to walls.
    if (bodies_[body].kind == BodyKind::bullet) return other_kind != BodyKind::bullet;
    return other_kind == BodyKind::wall;
}

BodyPose World::start_pose(std::size_t index) const {
    return {start_positions_[index], start_angles_[index]};
}

BodyPose World::end_pose(std::size_t index) const {
    return {bodies_[index].position, bodies_[index].angle};
}

Box2 World::box_at(std::size_t index, const BodyPose& pose) const {
    const Body& body = bodies_[index];
    if (body.shape == ShapeType::circle) {
        return Box2::from_center_extents(pose.position, glm::vec2(body.radius));
    }
    if (body.shape == ShapeType::box && pose.angle == 0.0f) {
        return Box2::from_center_extents(pose.position, body.half_size);
    }
    return transformed(local_box(body), body_rotation_matrix(body_cosine_sine(pose.angle)),
                       pose.position);
}

Box2 World::motion_region(std::size_t index, const BodyPose& from, const BodyPose& to) const {
    const Box2 ends = merge(box_at(index, from), box_at(index, to));
    const Body& body = bodies_[index];
    if (body.shape == ShapeType::circle || from.angle == to.angle) return ends;
    // Rotating: the union of the end boxes may miss the poses in between (a bar turning a
    // quarter), but every point of every pose is within the farthest point's distance of the
    // center, which moves along a segment.
    const float reach =
        farthest_point(body, body.shape == ShapeType::polygon ? polygon_vertices(body.polygon)
                                                              : std::span<const glm::vec2>{});
    const Box2 path{glm::min(from.position, to.position), glm::max(from.position, to.position)};
    return merge(ends, grown(path, reach));
}

void World::prepare_motion_regions() {
    const std::size_t count = bodies_.size();
    motion_regions_.resize(count);
    target_bodies_.clear();
    target_regions_.clear();
    std::size_t followed = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const BodyKind kind = bodies_[i].kind;
        // What may be met (may_meet): by bullets anything but a bullet, by boxes and shapes
        // (with ccd all) walls.
        const bool target =
            kind != BodyKind::bullet && (bullet_count_ > 0 || kind == BodyKind::wall);
        const bool continuous = is_continuous(i);
        if (!target && !continuous) continue;
        motion_regions_[i] = motion_region(i, start_pose(i), end_pose(i));
        followed += continuous ? 1 : 0;
        if (!target) continue;
        target_bodies_.push_back(static_cast<std::uint32_t>(i));
        target_regions_.push_back(motion_regions_[i]);
    }
    target_index_in_use_ = false;
    if (followed < target_index_min_bodies || target_regions_.empty()) return;
    // Many queries: a grid over the targets' regions (any exact structure gives the same
    // candidates; the world's own broad phase holds end boxes, and its query may scan them all).
    try {
        if (!target_index_) {
            target_index_ = make_broad_phase("uniform_grid", TouchingPolicy::closed());
        }
        target_index_->set_budget(settings_.resource_budget);
        target_index_->set_all(target_regions_);
        target_index_in_use_ = true;
    } catch (const BudgetExceeded&) {
        // Over the budget: the queries scan the regions instead, with the same candidates.
    }
}

void World::gather_candidates(std::size_t body, const Segment& segment) {
    const Box2 region = segment.begin == 0.0f ? motion_regions_[body]
                                              : motion_region(body, segment.start, segment.end);
    // Every target whose region over the whole step overlaps this piece of the path's region.
    if (target_index_in_use_) {
        target_index_->query_box(region, query_scratch_);
        for (BoxId& found : query_scratch_)
            found = target_bodies_[found];
        std::sort(query_scratch_.begin(), query_scratch_.end());
    } else {
        query_scratch_.clear();
        for (std::size_t k = 0; k < target_regions_.size(); ++k) {
            if (overlaps_closed(region, target_regions_[k]))
                query_scratch_.push_back(target_bodies_[k]);
        }
    }
    std::erase_if(query_scratch_, [&](BoxId other) { return !may_meet(body, other); });
}

bool World::meet(std::size_t body, const Segment& segment, std::size_t other, bool with_exit,
                 Encounter& encounter) {
    // The other body over the same piece of the step.
    const BodyPose other_start = pose_between(start_pose(other), end_pose(other), segment.begin);
    const BodyPose other_end = end_pose(other);
    const float length = 1.0f - segment.begin;
    const auto in_step = [&](float fraction) { return segment.begin + fraction * length; };
    const Body& a = bodies_[body];
    const Body& b = bodies_[other];
    const bool open = settings_.touching.rule == TouchingRule::open;
    float time = 0.0f;
    float exit = 0.0f;
    if (a.shape == ShapeType::box && b.shape == ShapeType::box && segment.start.angle == 0.0f &&
        segment.end.angle == 0.0f && other_start.angle == 0.0f && other_end.angle == 0.0f) {
        // Two unrotated, unrotating boxes: their shapes are their boxes, and the slab sweep
        // gives the exact time they touch (curriculum §5).
        const Box2 box_a = box_at(body, segment.start);
        const Box2 box_b = box_at(other, other_start);
        const glm::vec2 moved_a = segment.end.position - segment.start.position;
        const glm::vec2 moved_b = other_end.position - other_start.position;
        const SweepResult<2> result = sweep(box_a, moved_a, box_b, moved_b);
        if (result.state != SweepState::hit) return false;
        const glm::vec2 normal = -result.normal;  // from A towards B
        // Touching at the start while sliding or moving apart is no new contact.
        if (!(glm::dot(moved_a - moved_b, normal) > 0.0f)) return false;
        if (open && !interiors_meet(result, box_a, box_b, moved_a - moved_b)) return false;
        time = result.time_of_impact;
        exit = result.time_of_exit;
        encounter.normal = normal;
        encounter.separation = 0.0f;
    } else {
        std::array<glm::vec2, 4> corners_a;
        std::array<glm::vec2, 4> corners_b;
        const auto polygon_of = [this](const Body& shape) {
            return shape.shape == ShapeType::polygon ? polygon_vertices(shape.polygon)
                                                     : std::span<const glm::vec2>{};
        };
        const ShapeSweep sweep_a =
            sweep_of(a, polygon_of(a), segment.start, segment.end, corners_a);
        const ShapeSweep sweep_b = sweep_of(b, polygon_of(b), other_start, other_end, corners_b);
        const float slop = time_of_impact_slop(sweep_a, sweep_b);
        const TimeOfImpact impact = time_of_impact(sweep_a, sweep_b, 0.0f, 1.0f, slop);
        switch (impact.state) {
            case ImpactState::hit:
                break;
            case ImpactState::touching:
                // Within the slop at the start: a contact only when closing in.
                if (!(impact.approach > 0.0f)) return false;
                break;
            case ImpactState::unresolved:
                ++unresolved_impacts_;
                return false;
            case ImpactState::separated:
            case ImpactState::overlapping:
                return false;
        }
        time = impact.time;
        exit = time;
        if (with_exit || open) {
            const TimeOfImpact last = time_of_exit(sweep_a, sweep_b, time, 1.0f, slop);
            if (last.state != ImpactState::separated && last.state != ImpactState::unresolved) {
                exit = std::max(time, last.time);
            }
            // Under the open rule touching is not contact: the shapes must overlap by more
            // than the slop somewhere on the way through.
            if (open && !(deepest_separation(sweep_a, sweep_b, time, exit).separation < -slop)) {
                return false;
            }
        }
        encounter.normal = impact.normal;
        encounter.separation = impact.separation;
    }
    encounter.time = in_step(time);
    encounter.exit = in_step(exit);
    encounter.body_pose = pose_between(segment.start, segment.end, time);
    encounter.other_pose = pose_between(other_start, other_end, time);
    return true;
}

void World::record_meeting(std::size_t body, std::size_t other, const Encounter& encounter,
                           bool discrete) {
    MotionEvent event;
    event.kind = MotionEventKind::hit;
    event.step = frame_ + 1;
    event.time_of_impact = encounter.time;
    event.time_of_exit = discrete ? encounter.exit : encounter.time;
    event.time = (static_cast<double>(frame_) + encounter.time) * settings_.time_step;
    event.body = ids_[body];
    event.body_kind = bodies_[body].kind;
    event.other = ids_[other];
    event.other_kind = bodies_[other].kind;
    event.body_pose = encounter.body_pose;
    event.other_pose = encounter.other_pose;
    event.normal = encounter.normal;
    pending_events_.push_back(
        {static_cast<std::uint32_t>(body), static_cast<std::uint32_t>(other), discrete, event});
    if (discrete) return;
    // A swept body's meeting is a contact of the pair (classify_pairs), normal first → second.
    const BoxPair pair = make_pair_ordered(static_cast<BoxId>(body), static_cast<BoxId>(other));
    const glm::vec2 normal = pair.first == body ? encounter.normal : -encounter.normal;
    meetings_.push_back({pair, encounter.time, encounter.separation, normal});
    if (path_bodies_.empty() || path_bodies_.back() != body) {
        path_bodies_.push_back(static_cast<std::uint32_t>(body));
    }
}

void World::find_crossings(std::size_t body) {
    // The shadow analysis of a discrete body: every shape its motion crossed. The response
    // never changes; the end-of-step test tells hits from tunneling (label_events).
    const Segment segment{0.0f, start_pose(body), end_pose(body)};
    gather_candidates(body, segment);
    Encounter encounter;
    for (const BoxId other : query_scratch_) {
        if (meet(body, segment, other, true, encounter))
            record_meeting(body, other, encounter, true);
    }
}

void World::follow_swept_path(std::size_t body) {
    const Body& moving = bodies_[body];
    Segment segment{0.0f, start_pose(body), end_pose(body)};
    if (moving.response == Response::pass_through) {
        // Nothing changes its path: it meets everything on it.
        gather_candidates(body, segment);
        Encounter encounter;
        for (const BoxId other : query_scratch_) {
            if (meet(body, segment, other, false, encounter))
                record_meeting(body, other, encounter, false);
        }
        return;
    }
    glm::vec2 velocity = moving.velocity;
    const float dt = settings_.time_step;
    std::size_t last_met = no_target;
    for (int contacts = 1;; ++contacts) {
        gather_candidates(body, segment);
        Encounter first;
        std::size_t first_other = no_target;
        Encounter encounter;
        for (const BoxId other : query_scratch_) {
            if (!meet(body, segment, other, false, encounter)) continue;
            // The body just reflected off: touching it at the segment's start is that contact.
            if (other == last_met && encounter.time <= segment.begin) continue;
            if (first_other == no_target || encounter.time < first.time) {
                first = encounter;
                first_other = other;
            }
        }
        if (first_other == no_target) break;
        record_meeting(body, first_other, first, false);
        PathOutcome outcome{static_cast<std::uint32_t>(body),
                            false,
                            first.body_pose.position,
                            first.body_pose.angle,
                            glm::vec2(0.0f),
                            0.0f,
                            segment.begin,
                            segment.start};
        if (moving.response == Response::remove || moving.response == Response::stop) {
            // The path ends at the first contact: nothing further on is met.
            outcome.remove = moving.response == Response::remove;
            path_outcomes_.push_back(outcome);
            return;
        }
        // Reflect: mirror the velocity about the normal if it moves into the other body, and
        // go on from the contact for the rest of the step.
        const float into = glm::dot(velocity, first.normal);
        if (into > 0.0f) velocity -= 2.0f * into * first.normal;
        outcome.velocity = velocity;
        outcome.angular_velocity = moving.angular_velocity;
        if (contacts == max_contacts_per_step) {
            // The limit: the body stays at its last contact for the rest of the step.
            outcome.segment_begin = first.time;
            outcome.segment_start = first.body_pose;
            path_outcomes_.push_back(outcome);
            return;
        }
        const float rest = (1.0f - first.time) * dt;
        segment = Segment{first.time,
                          first.body_pose,
                          {first.body_pose.position + velocity * rest,
                           first.body_pose.angle + moving.angular_velocity * rest}};
        last_met = first_other;
    }
    if (last_met == no_target) return;  // met nothing: the integrated pose stands
    path_outcomes_.push_back({static_cast<std::uint32_t>(body), false, segment.end.position,
                              segment.end.angle, velocity, moving.angular_velocity, segment.begin,
                              segment.start});
}

void World::follow_continuous_bodies() {
    meetings_.clear();
    pending_events_.clear();
    path_outcomes_.clear();
    path_bodies_.clear();
    unresolved_impacts_ = 0;
    if (!has_continuous_bodies_) return;
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        if (!is_continuous(i)) continue;
        if (is_swept(i)) {
            follow_swept_path(i);
        } else {
            find_crossings(i);
        }
    }
    std::sort(meetings_.begin(), meetings_.end(),
              [](const Meeting& x, const Meeting& y) { return x.pair < y.pair; });
}

void World::label_events() {
    for (PendingEvent& pending : pending_events_) {
        // A discrete body's crossing was seen when the end-of-step test found the contact.
        if (pending.discrete && !has_contact(pending.body, pending.other)) {
            pending.event.kind = MotionEventKind::tunneled;
        } else {
            pending.event.time_of_exit = pending.event.time_of_impact;
        }
    }
    std::sort(pending_events_.begin(), pending_events_.end(),
              [](const PendingEvent& x, const PendingEvent& y) {
                  if (x.body != y.body) return x.body < y.body;
                  if (x.event.time_of_impact != y.event.time_of_impact)
                      return x.event.time_of_impact < y.event.time_of_impact;
                  return x.other < y.other;
              });
    events_.clear();
    for (const PendingEvent& pending : pending_events_)
        events_.push_back(pending.event);
}

void World::flag_escaped_bodies() {
    if (bullet_count_ == 0) return;
    const std::size_t crossings = events_.size();
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        // Bullets fly out of the world instead of bouncing forever: removed once the step's
        // detection and response are done.
        if (bodies_[i].kind != BodyKind::bullet) continue;
        if (overlaps_closed(boxes_[i], settings_.bounds)) continue;
        removed_[i] = 1;
        // Its last crossing in the step, if any (events_ are in body order, ids rise with
        // indices).
        const BodyId id = ids_[i];
        const auto crossed_end = events_.begin() + static_cast<std::ptrdiff_t>(crossings);
        const auto after = std::upper_bound(
            events_.begin(), crossed_end, id,
            [](BodyId value, const MotionEvent& event) { return value < event.body; });
        if (after == events_.begin() || (after - 1)->body != id) continue;
        const MotionEvent last = *(after - 1);
        // When its box left the bounds, on its last straight segment.
        float begin = 0.0f;
        BodyPose from = start_pose(i);
        const auto outcome = std::lower_bound(
            path_outcomes_.begin(), path_outcomes_.end(), i,
            [](const PathOutcome& entry, std::size_t body) { return entry.body < body; });
        if (outcome != path_outcomes_.end() && outcome->body == i) {
            begin = outcome->segment_begin;
            from = outcome->segment_start;
        }
        const BodyPose to = end_pose(i);
        const SweepResult<2> leaving =
            sweep(box_at(i, from), to.position - from.position, settings_.bounds);
        const float fraction = leaving.state == SweepState::separated ? 0.0f : leaving.time_of_exit;
        const float time = std::max(last.time_of_impact, begin + fraction * (1.0f - begin));
        MotionEvent event = last;
        event.kind = MotionEventKind::escaped;
        event.time_of_impact = time;
        event.time_of_exit = time;
        event.time = (static_cast<double>(frame_) + time) * settings_.time_step;
        event.body_pose = pose_between(from, to, fraction_of_segment(time, begin));
        const auto other = std::lower_bound(ids_.begin(), ids_.end(), last.other);
        const std::size_t other_index = static_cast<std::size_t>(other - ids_.begin());
        event.other_pose = pose_between(start_pose(other_index), end_pose(other_index), time);
        event.normal = glm::vec2(0.0f);
        events_.push_back(event);
    }
    // Each escaped event after its body's crossings (both lists are in body order).
    std::stable_sort(events_.begin(), events_.end(),
                     [](const MotionEvent& x, const MotionEvent& y) { return x.body < y.body; });
}

}  // namespace aabb

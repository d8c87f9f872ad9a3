#include "core/world/motion_replay.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "core/world/body_extent.hpp"
#include "core/world/moving_box_pairs.hpp"
#include "core/world/world_snapshot.hpp"

namespace aabb {

namespace {

// The pose of `id` in `poses` (sorted by id), or nullptr.
const RecordedPose* find_pose(std::span<const RecordedPose> poses, BodyId id) {
    const auto found =
        std::lower_bound(poses.begin(), poses.end(), id,
                         [](const RecordedPose& pose, BodyId value) { return pose.id < value; });
    return found != poses.end() && found->id == id ? &*found : nullptr;
}

// Every id of `poses` is a body of the state, or one a spawner of `spawners` made.
void check_ids(const WorldSnapshot& state, std::span<const RecordedPose> poses,
               std::span<const Spawner> spawners, const std::string& source, std::int64_t frame) {
    for (const RecordedPose& pose : poses) {
        if (pose.spawner >= 0 && static_cast<std::size_t>(pose.spawner) >= spawners.size()) {
            throw std::invalid_argument(source + ": frame " + std::to_string(frame) + ": id " +
                                        std::to_string(pose.id) + " was spawned by spawner " +
                                        std::to_string(pose.spawner) + ", but the scene has " +
                                        std::to_string(spawners.size()) + " spawners");
        }
        if (pose.spawner < 0 && !std::binary_search(state.ids.begin(), state.ids.end(), pose.id)) {
            throw std::invalid_argument(source + ": frame " + std::to_string(frame) + ": id " +
                                        std::to_string(pose.id) +
                                        " is not a body of the scene (or left it in an "
                                        "earlier frame)");
        }
    }
}

// Adds the bodies of `poses` the state lacks, each made by its spawner (check_ids let only such
// ones through) at `start(pose, spawner)` (position and angle), at rest, keeping the ids sorted.
template <typename Start>
void add_spawned(WorldSnapshot& state, std::span<const RecordedPose> poses,
                 std::span<const Spawner> spawners, Start start) {
    for (const RecordedPose& pose : poses) {
        const auto at = std::lower_bound(state.ids.begin(), state.ids.end(), pose.id);
        if (at != state.ids.end() && *at == pose.id) continue;
        const Spawner& spawner = spawners[static_cast<std::size_t>(pose.spawner)];
        Body body = spawner.body;
        std::tie(body.position, body.angle) = start(pose, spawner);
        body.velocity = glm::vec2(0.0f);
        body.response = Response::pass_through;
        const auto index = at - state.ids.begin();
        state.ids.insert(at, pose.id);
        state.bodies.insert(state.bodies.begin() + index, body);
        state.next_id = std::max(state.next_id, pose.id + 1);
    }
}

// Adds the crossings between boxes that both moved in the step just taken to `after` (the
// world after it), in body order as World::step lists its events, with the step's counts and
// the totals (World::count_step's accounting).
void add_moving_crossings(WorldSnapshot& after, std::span<const MovingBox> moving) {
    const std::vector<MotionEvent> added = moving_box_crossings(
        moving, after.settings.touching, after.frame, after.settings.time_step);
    if (added.empty()) return;
    after.events.insert(after.events.end(), added.begin(), added.end());
    std::stable_sort(after.events.begin(), after.events.end(),
                     [](const MotionEvent& a, const MotionEvent& b) { return a.body < b.body; });
    DetectionCounts& last = after.last_counts;
    const DetectionCounts before = last;
    last.hits = 0;
    last.tunneling_events = 0;
    last.tunneled_bodies = 0;
    BodyId last_tunneled = 0;
    for (const MotionEvent& event : after.events) {
        if (event.kind == MotionEventKind::hit) ++last.hits;
        if (event.kind != MotionEventKind::tunneled) continue;
        if (last.tunneling_events == 0 || event.body != last_tunneled) ++last.tunneled_bodies;
        last_tunneled = event.body;
        ++last.tunneling_events;
        const auto at =
            std::lower_bound(after.tunneled_ids.begin(), after.tunneled_ids.end(), event.body);
        if (at == after.tunneled_ids.end() || *at != event.body)
            after.tunneled_ids.insert(at, event.body);
    }
    after.total_counts.hits += last.hits - before.hits;
    after.total_counts.tunneling_events += last.tunneling_events - before.tunneling_events;
    after.total_counts.tunneled_bodies = after.tunneled_ids.size();
}

// Keeps the bodies of `state` for which `keep(id)` holds.
template <typename Keep>
void keep_bodies(WorldSnapshot& state, Keep keep) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < state.bodies.size(); ++i) {
        if (!keep(state.ids[i])) continue;
        state.bodies[kept] = state.bodies[i];
        state.ids[kept] = state.ids[i];
        ++kept;
    }
    state.bodies.resize(kept);
    state.ids.resize(kept);
}

// Whether `poses` are a box trace's (they carry sizes).
bool has_sizes(std::span<const RecordedPose> poses) {
    return !poses.empty() && poses.front().half_size != glm::vec2(0.0f);
}

// The world's bounds grown to hold `box`: a replayed box must not bounce off them
// (World::bounce_off_bounds), since the recording, not the world, decides where it goes.
void hold(Box2& bounds, glm::vec2 center, glm::vec2 half_size) {
    bounds = merge(bounds, Box2::from_center_extents(center, half_size));
}

}  // namespace

void add_trace_boxes(World& world, std::span<const RecordedPose> poses, bool own_bounds) {
    WorldSnapshot state = world.snapshot();
    state.bodies.clear();
    state.ids.clear();
    if (own_bounds && !poses.empty()) {
        Box2 around = Box2::from_center_extents(poses.front().position, poses.front().half_size);
        for (const RecordedPose& pose : poses)
            hold(around, pose.position, pose.half_size);
        // A margin, so the boxes at the edge are not drawn on the bounds' frame.
        const glm::vec2 margin = glm::max(around.extents() * 0.2f, glm::vec2(min_body_extent));
        state.settings.bounds = {around.min - margin, around.max + margin};
    }
    for (const RecordedPose& pose : poses) {
        Body body;
        body.position = pose.position;
        body.half_size = pose.half_size;
        body.kind = BodyKind::box;
        body.shape = ShapeType::box;
        body.response = Response::pass_through;
        body.detection = DetectionMode::discrete;
        state.bodies.push_back(body);
        state.ids.push_back(pose.id);
        hold(state.settings.bounds, pose.position, pose.half_size);
    }
    state.next_id = poses.empty() ? 0 : poses.back().id + 1;
    state.settings.ccd = ContinuousBodies::all;
    state.spawners.clear();
    state.spawn_accumulators.clear();
    state.spawned_counts.clear();
    state.events.clear();
    state.frame = 0;
    world.restore(state);
}

void start_replay(World& world, std::span<const RecordedPose> poses, const std::string& source,
                  std::int64_t frame, std::span<const Spawner> spawners) {
    WorldSnapshot state = world.snapshot();
    // World ids grow with each body added and removal keeps the order: they are sorted.
    check_ids(state, poses, spawners, source, frame);
    keep_bodies(state, [&](BodyId id) { return find_pose(poses, id) != nullptr; });
    // Spawned bodies at their recorded poses (the loop below puts every body there).
    add_spawned(state, poses, spawners, [](const RecordedPose& pose, const Spawner&) {
        return std::pair(pose.position, pose.angle);
    });
    for (std::size_t i = 0; i < state.bodies.size(); ++i) {
        const RecordedPose* pose = find_pose(poses, state.ids[i]);
        state.bodies[i].position = pose->position;
        state.bodies[i].angle = pose->angle;
        state.bodies[i].response = Response::pass_through;
        if (pose->half_size != glm::vec2(0.0f)) {
            state.bodies[i].half_size = pose->half_size;
            state.bodies[i].kind = BodyKind::box;
            hold(state.settings.bounds, pose->position, pose->half_size);
        }
    }
    state.spawners.clear();
    state.spawn_accumulators.clear();
    state.spawned_counts.clear();
    state.frame = static_cast<std::uint64_t>(frame);
    state.events.clear();
    world.restore(state);
}

void replay_step(World& world, std::span<const RecordedPose> current,
                 std::span<const RecordedPose> next, const std::string& source,
                 std::int64_t next_frame, std::span<const Spawner> spawners) {
    WorldSnapshot state = world.snapshot();
    check_ids(state, next, spawners, source, next_frame);
    const float step = state.settings.time_step;
    // A body spawned in this step starts it where a live run spawns it: at its spawner, turned
    // back by its spin (World::step spawns before it moves the bodies), so it moves to its
    // recorded pose as it did live.
    add_spawned(state, next, spawners, [step](const RecordedPose& pose, const Spawner& spawner) {
        return std::pair(spawner.position, pose.angle - spawner.body.angular_velocity * step);
    });
    const bool boxes = has_sizes(next);
    bool missing = false;
    // A box trace's boxes that move in the step (World::step checks them against the still
    // ones; add_moving_crossings against each other).
    std::vector<MovingBox> moving;
    for (std::size_t i = 0; i < state.bodies.size(); ++i) {
        Body& body = state.bodies[i];
        const RecordedPose* from = find_pose(current, state.ids[i]);
        const RecordedPose* to = find_pose(next, state.ids[i]);
        if (from != nullptr) {
            body.position = from->position;
            body.angle = from->angle;
            if (boxes) body.half_size = from->half_size;
        }
        if (to == nullptr) {
            missing = true;
            continue;
        }
        if (boxes) {
            // A trace has no kinds: what stays still in the step is what the moving boxes are
            // checked against (ccd all follows moving boxes against walls).
            const bool still = to->position == body.position && to->half_size == body.half_size;
            body.kind = still ? BodyKind::wall : BodyKind::box;
            // min and max each move linearly, so the box at τ is centered on the linearly
            // moving center with a half size between the two: the larger of the two on each
            // axis holds it (exact when the size does not change).
            body.half_size = glm::max(body.half_size, to->half_size);
            hold(state.settings.bounds, body.position, body.half_size);
            hold(state.settings.bounds, to->position, body.half_size);
        }
        // Walls never move in a step: a recorded wall that moves is put at its new pose.
        if (body.kind == BodyKind::wall) continue;
        body.velocity = (to->position - body.position) / step;
        body.angular_velocity = (to->angle - body.angle) / step;
        if (boxes) {
            moving.push_back({state.ids[i],
                              Box2::from_center_extents(body.position, body.half_size),
                              to->position - body.position});
        }
    }
    world.restore(state);
    world.step();
    if (!missing && !boxes) {
        return;
    }
    WorldSnapshot after = world.snapshot();
    keep_bodies(after, [&](BodyId id) { return find_pose(next, id) != nullptr; });
    if (boxes) {
        // Each box exactly at its recorded box (integrating the velocity may round off the
        // recorded center), at its recorded size, and a box again, as the events say.
        for (std::size_t i = 0; i < after.bodies.size(); ++i) {
            const RecordedPose* to = find_pose(next, after.ids[i]);
            after.bodies[i].position = to->position;
            after.bodies[i].half_size = to->half_size;
            after.bodies[i].kind = BodyKind::box;
        }
        for (MotionEvent& event : after.events) {
            event.body_kind = BodyKind::box;
            event.other_kind = BodyKind::box;
        }
        add_moving_crossings(after, moving);
    }
    world.restore(after);
}

}  // namespace aabb

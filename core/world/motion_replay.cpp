#include "core/world/motion_replay.hpp"

#include <algorithm>
#include <stdexcept>

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

// Every id of `poses` is a body of the state.
void check_ids(const WorldSnapshot& state, std::span<const RecordedPose> poses,
               const std::string& source, std::int64_t frame) {
    for (const RecordedPose& pose : poses) {
        if (!std::binary_search(state.ids.begin(), state.ids.end(), pose.id)) {
            throw std::invalid_argument(source + ": frame " + std::to_string(frame) + ": id " +
                                        std::to_string(pose.id) +
                                        " is not a body of the scene (or left it in an "
                                        "earlier frame)");
        }
    }
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

}  // namespace

void start_replay(World& world, std::span<const RecordedPose> poses, const std::string& source,
                  std::int64_t frame) {
    WorldSnapshot state = world.snapshot();
    // World ids grow with each body added and removal keeps the order: they are sorted.
    check_ids(state, poses, source, frame);
    keep_bodies(state, [&](BodyId id) { return find_pose(poses, id) != nullptr; });
    for (std::size_t i = 0; i < state.bodies.size(); ++i) {
        const RecordedPose* pose = find_pose(poses, state.ids[i]);
        state.bodies[i].position = pose->position;
        state.bodies[i].angle = pose->angle;
        state.bodies[i].response = Response::pass_through;
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
                 std::int64_t next_frame) {
    WorldSnapshot state = world.snapshot();
    check_ids(state, next, source, next_frame);
    const float step = state.settings.time_step;
    bool missing = false;
    for (std::size_t i = 0; i < state.bodies.size(); ++i) {
        Body& body = state.bodies[i];
        const RecordedPose* from = find_pose(current, state.ids[i]);
        const RecordedPose* to = find_pose(next, state.ids[i]);
        if (from != nullptr) {
            body.position = from->position;
            body.angle = from->angle;
        }
        if (to == nullptr) {
            missing = true;
            continue;
        }
        // Walls never move in a step: a recorded wall that moves is put at its new pose.
        if (body.kind == BodyKind::wall) continue;
        body.velocity = (to->position - body.position) / step;
        body.angular_velocity = (to->angle - body.angle) / step;
    }
    world.restore(state);
    world.step();
    if (!missing) {
        return;
    }
    WorldSnapshot after = world.snapshot();
    keep_bodies(after, [&](BodyId id) { return find_pose(next, id) != nullptr; });
    world.restore(after);
}

}  // namespace aabb

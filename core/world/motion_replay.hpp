#pragma once
// Replaying a motion recording (core/world/motion_recording.hpp) through a World built from its
// scene, with the world's own continuous detection between consecutive recorded frames: each
// body moves linearly in position and angle from one recorded pose to the next (its velocity
// and angular velocity set from the difference), and World::step() finds the hits, tunneling
// and escapes as in a live run (docs/recording_format.md).

#include <span>
#include <string>

#include "core/world/motion_recording.hpp"
#include "core/world/world.hpp"

namespace aabb {

/// Makes the bodies of a box trace's frame 0 (core/world/motion_recording.hpp, poses with a
/// size) in `world`, replacing any it holds (a --scene file gives the settings only): one
/// plain box per trace box, its id the trace id, pass_through, discrete detection, and the
/// world's ccd set to all (a trace has no bullets: every moving box is followed). Spawners are
/// dropped. `own_bounds` (no scene given): the bounds are the box around frame 0's boxes,
/// grown by a tenth of its size on each side, instead of the settings' bounds grown to hold
/// them. Call start_replay after it, as for a motion recording.
void add_trace_boxes(World& world, std::span<const RecordedPose> poses, bool own_bounds);

/// Puts the bodies of `world` at the poses of a recorded frame; a body with no pose there is
/// removed, and the world's step counter becomes `frame`, so events name recorded frames.
/// Spawners are dropped (the recording holds what they made) and every response
/// becomes pass_through (the recording, not the response, decides the motion). A pose of a body
/// a spawner made (RecordedPose::spawner, its `# spawned:` line) that the world lacks makes it
/// from `spawners` (the scene's, kept by the caller: the world's are dropped). Throws
/// std::invalid_argument "`source`: frame N: id I is not a body of the scene" for an unknown id.
/// A pose with a size (a box trace) sets the body's size too, and the world's bounds grow to
/// hold every box (a replayed box never bounces off them).
void start_replay(World& world, std::span<const RecordedPose> poses, const std::string& source,
                  std::int64_t frame, std::span<const Spawner> spawners = {});

/// One world step from the recorded poses `current` (the world's bodies, as start_replay or
/// the last replay_step left them) to `next`: each body at its pose in `current`, moving at
/// (next − current) / time step in position and angle; a body missing from `next` keeps its
/// velocity for the step (so one that leaves the world after a wall gives its escaped event)
/// and is removed after it if it is still there. A box trace's boxes (poses with a size): a box
/// that keeps its place and size in the step is a wall for the step (what the moving boxes are
/// checked against), the others boxes; a box whose size changes is swept at the larger of its
/// two sizes on each axis about its linearly moving center, which holds every box between
/// (min and max each moving linearly), so no crossing is missed (docs/tunneling.md). After the
/// step every box is put at its recorded box of `next` exactly and is a box again, and the
/// events name both as boxes. A body a spawner made in the step (absent from the world, with
/// RecordedPose::spawner) starts it at its spawner of `spawners`, as in a live run. Throws
/// std::invalid_argument naming
/// `source` and the frame for an id of `next` the world does not hold.
void replay_step(World& world, std::span<const RecordedPose> current,
                 std::span<const RecordedPose> next, const std::string& source,
                 std::int64_t next_frame, std::span<const Spawner> spawners = {});

}  // namespace aabb

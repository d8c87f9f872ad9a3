#pragma once
// Crossings between boxes that both move in one step of a replayed box trace
// (core/world/motion_replay.hpp). A trace has no kinds: World::step (ccd all) follows each
// moving box against the boxes that stay still; this adds the pairs of moving boxes, each
// found exactly for two boxes moving linearly (the slab sweep of curriculum §5,
// core/geometry/swept_box.hpp), with the candidates from a broad phase over their swept boxes.

#include <span>
#include <vector>

#include "core/geometry/box.hpp"
#include "core/geometry/overlap.hpp"
#include "core/world/motion_event.hpp"
#include "core/world/world.hpp"

namespace aabb {

/// One box moving in the step: its id, its box at the start and its displacement over the step.
struct MovingBox {
    BodyId id = 0;
    Box2 start;
    glm::vec2 displacement{0.0f};
};

/// The hit and tunneled events of the pairs of `boxes` that meet during world step `step`
/// (time step `time_step` seconds), under the touching rule: a pair that meets and touches at
/// the end is a hit, one that meets and parts again a tunneling; a pair already overlapping at
/// the start is neither (a contact, not a crossing), nor, under `open`, a pair that only grazes.
/// Each event names the smaller id as its body, both as boxes, with both poses at τ.
[[nodiscard]] std::vector<MotionEvent> moving_box_crossings(std::span<const MovingBox> boxes,
                                                            const TouchingPolicy& touching,
                                                            std::uint64_t step, float time_step);

}  // namespace aabb

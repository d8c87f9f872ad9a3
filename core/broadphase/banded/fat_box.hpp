#pragma once
// Fat boxes: a box grown by the motion it made last frame, so it stays inside for a while and
// the pairs found for it can be kept (Box2D's fat leaves, Bullet's pair cache).

#include <algorithm>
#include <cmath>

#include "core/geometry/box.hpp"

namespace aabb::banded {

/// Whether a box whose last motion was `motion` (change of min and max corners) stood still.
inline bool is_still(const Box2& motion) {
    return motion.min == glm::vec2(0.0f) && motion.max == glm::vec2(0.0f);
}

/// Whether fattened_box() gave `box` the margin of `fat`: a margin always widens the minimum
/// side too (by the slack), and an unusable one leaves the box exactly as it was.
inline bool got_margin(const Box2& fat, const Box2& box) {
    return fat.min.x != box.min.x;
}

/// `box` grown by its last motion repeated for `margin_frames` frames plus slack (see
/// BandedSortAndSweepOptions::margin_frames and max_margin_sizes); the box itself when it is
/// still, too fast, or the margin would round away. Always inlined: the gather calls it for
/// every box of a full sweep.
[[gnu::always_inline]] inline Box2 fattened_box(const Box2& box, const Box2& motion,
                                                float margin_frames, float max_margin_sizes) {
    const float moved = std::max(std::max(std::abs(motion.min.x), std::abs(motion.min.y)),
                                 std::max(std::abs(motion.max.x), std::abs(motion.max.y)));
    if (!(moved > 0.0f) || margin_frames == 0.0f) return box;
    const float size = 0.5f * ((box.max.x - box.min.x) + (box.max.y - box.min.y));
    const float widest = max_margin_sizes * size;
    if (!(2.0f * moved <= widest)) return box;
    // The margin repeats last frame's motion of each side (a box moving right grows to the
    // right), plus an eighth of it on every side for turns and wobbles, never beyond `widest`.
    // (A wider side margin held turning boxes longer but made more candidates than it saved
    // queries on every workload of aabb-bench.)
    constexpr float slack_fraction = 0.125f;
    const float frames = std::min(margin_frames, widest / ((1.0f + slack_fraction) * moved));
    const float slack = slack_fraction * frames * moved;
    Box2 fat;
    for (int axis = 0; axis < 2; ++axis) {
        fat.min[axis] = box.min[axis] + frames * std::min(0.0f, motion.min[axis]) - slack;
        fat.max[axis] = box.max[axis] + frames * std::max(0.0f, motion.max[axis]) + slack;
    }
    // Far from the origin a margin can round away or overflow: keep the exact box then.
    if (!fat.is_valid() || !contains(fat, box)) return box;
    return fat;
}

}  // namespace aabb::banded

#pragma once
// Shared by the Box2D runners: one proxy per box, created on the first frame and moved the
// way b2Body::SynchronizeFixtures moves it, with the frame's displacement so Box2D can stretch
// the fat box along the motion.

#include <box2d/b2_collision.h>

#include <span>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_boxes.hpp"
#include "core/geometry/box.hpp"

namespace aabb::bench {

/// Box2D's AABB for a box (both are float).
[[nodiscard]] inline b2AABB to_box2d(const Box2& box) {
    b2AABB result;
    result.lowerBound.Set(box.min.x, box.min.y);
    result.upperBound.Set(box.max.x, box.max.y);
    return result;
}

/// Creates one proxy per box in `tree` (a b2DynamicTree or a b2BroadPhase: both have
/// CreateProxy(aabb, user data) and MoveProxy(id, aabb, displacement)) on the first frame, the
/// user data carrying the box index; afterwards moves every box that changed since `previous`
/// (a box that did not change is a body Box2D would not synchronize). Throws
/// std::invalid_argument naming `runner` when the box count changed.
template <class Tree>
void sync_box2d_proxies(Tree& tree, std::vector<int>& proxies, std::vector<Box2>& previous,
                        std::span<const Box2> boxes, const char* runner) {
    if (proxies.empty()) {
        proxies.resize(boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i)
            proxies[i] = tree.CreateProxy(to_box2d(boxes[i]), index_as_pointer(i));
    } else {
        require_box_count(runner, proxies.size(), boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (same_box(boxes[i], previous[i])) continue;
            const glm::vec2 moved = boxes[i].center() - previous[i].center();
            tree.MoveProxy(proxies[i], to_box2d(boxes[i]), b2Vec2(moved.x, moved.y));
        }
    }
    previous.assign(boxes.begin(), boxes.end());
}

}  // namespace aabb::bench

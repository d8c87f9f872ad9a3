#pragma once
// Inserting one box into a quadtree, level by level (curriculum §8, L18): from the root's
// region the box goes down into the child quadrant it lies strictly inside, and stays in the
// node whose split lines it crosses or touches, however small it is (the rule of
// core/broadphase/tree/quadtree.cpp). The quadtree_fit readout and the window's quadtree probe
// both read this one computation, so an animation of the descent shows the readout's levels.

#include <vector>

#include "core/geometry/box.hpp"

namespace aabb::lesson {

/// One level of the descent.
struct QuadtreeStep {
    /// The node's region at this level (the root's region at level 0).
    Box2 region;
    /// The child quadrant the box goes into from here, as the quadtree numbers them (bit 0 set:
    /// the upper half in x; bit 1: in y; so 0 is the lower-left child, 3 the upper-right), or
    /// −1 at the level where it stays.
    int quadrant = -1;
};

/// The nodes the box passes through from the root (level 0) down to where it stays, at most
/// `max_depth` levels below the root (clamped to 0..30): the last entry is where it stays.
[[nodiscard]] std::vector<QuadtreeStep> quadtree_descent(const Box2& box, const Box2& region,
                                                         int max_depth);

/// The level an animation at `progress` (0..1) shows of a descent `depth` levels deep: each of
/// the depth + 1 levels gets an equal share, so 0 → 0 and 1 → depth.
[[nodiscard]] int quadtree_level_at(int depth, double progress);

}  // namespace aabb::lesson

#pragma once
// A ray cast through a box tree, node by node (curriculum §8, L11, L19): the dynamic tree and
// the BVH test the ray against a node's box and go down into its children only when it hits,
// so a miss skips the node's whole subtree. Rebuilt from the tree's own walk (visit(): every
// node, parents before children, first children first, the order cast_ray pops them in) with
// the slab test cast_ray uses, so the visits, their order and the counts are exactly what
// cast_ray did (a test compares them with its node and leaf visits). The ray_traversal readout
// and the window's ray traversal gadget both read it, so an animation of the visits shows the
// readout's numbers.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/ray.hpp"

namespace aabb::lesson {

/// What the ray cast did at one node.
enum class NodeOutcome : std::uint8_t {
    /// Tested and hit: the walk goes into its children (a leaf: its box is tested exactly).
    hit,
    /// Tested and missed: its whole subtree is skipped.
    missed,
    /// Never tested: an ancestor was missed.
    skipped,
};

/// One node of the tree and what the ray cast did there.
struct TraversalNode {
    /// The node's box (a dynamic tree leaf: its fat box).
    Box2 box{};
    /// Root 0.
    int depth = 0;
    /// A leaf holds one stored box.
    bool leaf = false;
    /// A leaf's box id.
    BoxId id = 0;
    /// Tested and hit, tested and missed, or never tested.
    NodeOutcome outcome = NodeOutcome::skipped;
    /// Its place among the tested nodes (0 first); only for tested nodes.
    std::size_t visit = 0;
};

/// The walk of one ray through a tree.
struct RayTraversal {
    /// True when the structure is a box tree (dynamic_tree, bvh); the other structures walk
    /// cells or test every box, and nothing else here is filled.
    bool traced = false;
    /// Every node in the tree's order (parents before children).
    std::vector<TraversalNode> nodes;
    /// The tested nodes' indices into `nodes`, in the order they were tested.
    std::vector<std::size_t> visits;
    /// Tested leaves whose box the ray hit (their stored boxes were then tested exactly).
    std::size_t leaf_visits = 0;
};

/// The walk of `ray` through `broad_phase` when it is a box tree (see RayTraversal::traced).
[[nodiscard]] RayTraversal trace_ray(const BroadPhase& broad_phase, const Ray2& ray);

/// How many visits an animation at `progress` (0..1) shows of `visits`: each of the
/// visits + 1 states (none, …, all) gets an equal share, so 0 → 0 and 1 → visits.
[[nodiscard]] std::size_t traversal_shown(std::size_t visits, double progress);

}  // namespace aabb::lesson

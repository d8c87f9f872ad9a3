#pragma once
// What the two box trees (DynamicAabbTree, BoundingVolumeHierarchy) share when walking their
// nodes: a traversal stack that does not allocate for ordinary depths, the counters a query
// reports (Box2D v3's b2TreeStats idea: node and leaf visits, for the UI to show), and the shape
// statistics that say how good a tree is, and the four walks themselves (box query, ray cast,
// tree-against-itself pair search, every node with its depth).
//
// The walks are templates over a node layout, a small value with inline members
//     const Box2& box(std::int32_t node); bool leaf(std::int32_t node);
//     std::int32_t first_child(std::int32_t node); std::int32_t second_child(std::int32_t node);
// and over the callback, so each tree's walk compiles to the same inlined loop it had before:
// no virtual call and no std::function per node or pair.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/geometry/box.hpp"
#include "core/geometry/overlap.hpp"
#include "core/geometry/ray.hpp"

namespace aabb {

/// The "no node" index of both trees.
inline constexpr std::int32_t null_node = -1;

/// What one traversal (box query, ray cast or pair search) did.
struct TreeTraversalCounters {
    /// Node boxes tested: against the query box or ray, or against another node box in a pair
    /// search (leaf-against-leaf tests included).
    std::uint64_t node_visits = 0;
    /// Leaves (box query, ray cast) or leaf pairs (pair search) handed to the callback.
    std::uint64_t leaf_visits = 0;
};

/// How good a tree is: height, balance and the SAH cost.
struct TreeShape {
    /// Longest root-to-leaf path in edges (a single leaf has height 0; an empty tree 0).
    int height = 0;
    /// Nodes in the tree (2·leaves − 1 for a binary tree with one box per leaf).
    int node_count = 0;
    /// Leaves, one per box.
    int leaf_count = 0;
    /// Mean depth of the leaves (root depth 0); log2(leaves) is the ideal.
    double average_leaf_depth = 0.0;
    /// Largest |height(child1) − height(child2)| over all internal nodes.
    int max_balance = 0;
    /// Σ perimeter(node) / perimeter(root) over every node: the SAH cost with equal traversal
    /// and test costs (Goldsmith & Salmon 1987, MacDonald & Booth 1990), perimeter standing in
    /// for surface area in 2D. It estimates the node tests of a small random query; lower is
    /// better. When the root has zero perimeter every node counts 1.
    double sah_cost = 0.0;
};

/// Perimeter computed in double, so that boxes spanning most of the float range (whose float
/// size overflows to infinity) still give finite costs.
[[nodiscard]] inline double wide_perimeter(const Box2& box) {
    return 2.0 *
           ((double{box.max.x} - double{box.min.x}) + (double{box.max.y} - double{box.min.y}));
}

/// A LIFO stack of traversal entries: the first InlineCapacity entries live inside the object
/// (no allocation for the depths balanced trees reach), the rest spill into a vector, so a
/// degenerate deep tree is still traversed correctly.
template <class Entry, std::size_t InlineCapacity = 128>
class TraversalStack {
  public:
    /// Pushes an entry.
    void push(const Entry& entry) {
        if (inline_size_ < InlineCapacity) {
            inline_entries_[inline_size_++] = entry;
        } else {
            spilled_.push_back(entry);
        }
    }
    /// Removes and returns the most recently pushed entry. Precondition: !empty().
    [[nodiscard]] Entry pop() {
        if (!spilled_.empty()) {
            const Entry entry = spilled_.back();
            spilled_.pop_back();
            return entry;
        }
        return inline_entries_[--inline_size_];
    }
    /// True when nothing is on the stack.
    [[nodiscard]] bool empty() const { return inline_size_ == 0 && spilled_.empty(); }
    /// Entries on the stack.
    [[nodiscard]] std::size_t size() const { return inline_size_ + spilled_.size(); }

  private:
    // Spilled entries are pushed only while the inline part is full, so they are always the
    // newest ones: popping them first keeps LIFO order.
    std::array<Entry, InlineCapacity> inline_entries_;
    std::size_t inline_size_ = 0;
    std::vector<Entry> spilled_;
};

/// Calls `leaf(node)` for every leaf below `root` whose box overlaps `box` (closed); returning
/// false stops. `root` may be null_node (an empty tree).
template <class NodeLayout, class Leaf>
TreeTraversalCounters query_tree(const NodeLayout& nodes, std::int32_t root, const Box2& box,
                                 Leaf&& leaf) {
    TreeTraversalCounters counters;
    if (root == null_node) return counters;
    TraversalStack<std::int32_t> stack;
    stack.push(root);
    while (!stack.empty()) {
        const std::int32_t node = stack.pop();
        ++counters.node_visits;
        if (!overlaps_closed(nodes.box(node), box)) continue;
        if (nodes.leaf(node)) {
            ++counters.leaf_visits;
            if (!leaf(node)) break;
        } else {
            stack.push(nodes.second_child(node));
            stack.push(nodes.first_child(node));
        }
    }
    return counters;
}

/// Calls `leaf(node)` for every leaf below `root` whose box the ray hits for t in [0, max_t];
/// `leaf` returns the ray's new max_t (the smaller of old and new is kept; negative stops).
template <class NodeLayout, class Leaf>
TreeTraversalCounters cast_ray_through_tree(const NodeLayout& nodes, std::int32_t root,
                                            const Ray2& ray, Leaf&& leaf) {
    TreeTraversalCounters counters;
    if (root == null_node) return counters;
    PreparedRay<2> prepared(ray);
    TraversalStack<std::int32_t> stack;
    stack.push(root);
    while (!stack.empty()) {
        const std::int32_t node = stack.pop();
        ++counters.node_visits;
        if (!intersect(prepared, nodes.box(node)).hit) continue;
        if (nodes.leaf(node)) {
            ++counters.leaf_visits;
            const float new_max_t = leaf(node);
            if (!(new_max_t >= 0.0f)) break;
            prepared.ray.max_t = std::min(prepared.ray.max_t, new_max_t);
        } else {
            stack.push(nodes.second_child(node));
            stack.push(nodes.first_child(node));
        }
    }
    return counters;
}

/// Calls `leaf_pair(node_a, node_b)` once for every pair of distinct leaves below `root` whose
/// boxes overlap (closed), by one traversal of the tree against itself: each subtree is tested
/// against itself and its sibling, descending into the larger node of each overlapping pair.
/// Returning false stops.
template <class NodeLayout, class LeafPair>
TreeTraversalCounters overlapping_leaf_pairs(const NodeLayout& nodes, std::int32_t root,
                                             LeafPair&& leaf_pair) {
    TreeTraversalCounters counters;
    if (root == null_node) return counters;
    // An entry (a, a) asks for the pairs inside subtree a; (a, b) for the pairs between two
    // disjoint subtrees.
    struct NodePair {
        std::int32_t a;
        std::int32_t b;
    };
    TraversalStack<NodePair> stack;
    stack.push({root, root});
    while (!stack.empty()) {
        const NodePair entry = stack.pop();
        const bool a_leaf = nodes.leaf(entry.a);
        if (entry.a == entry.b) {
            if (a_leaf) continue;
            const std::int32_t first = nodes.first_child(entry.a);
            const std::int32_t second = nodes.second_child(entry.a);
            stack.push({first, second});
            stack.push({second, second});
            stack.push({first, first});
            continue;
        }
        const Box2& a_box = nodes.box(entry.a);
        const Box2& b_box = nodes.box(entry.b);
        const bool b_leaf = nodes.leaf(entry.b);
        ++counters.node_visits;
        if (!overlaps_closed(a_box, b_box)) continue;
        if (a_leaf && b_leaf) {
            ++counters.leaf_visits;
            if (!leaf_pair(entry.a, entry.b)) break;
        } else if (b_leaf || (!a_leaf && wide_perimeter(a_box) >= wide_perimeter(b_box))) {
            // Splitting the larger box first prunes most (as in Bullet's tree-vs-tree walk).
            stack.push({nodes.second_child(entry.a), entry.b});
            stack.push({nodes.first_child(entry.a), entry.b});
        } else {
            stack.push({entry.a, nodes.second_child(entry.b)});
            stack.push({entry.a, nodes.first_child(entry.b)});
        }
    }
    return counters;
}

/// Calls `visitor(node, depth)` for every node below `root` (root depth 0), parents before
/// children, first children before second ones.
template <class NodeLayout, class Visitor>
void for_each_tree_node(const NodeLayout& nodes, std::int32_t root, Visitor&& visitor) {
    if (root == null_node) return;
    struct Entry {
        std::int32_t node;
        int depth;
    };
    TraversalStack<Entry> stack;
    stack.push({root, 0});
    while (!stack.empty()) {
        const Entry entry = stack.pop();
        visitor(entry.node, entry.depth);
        if (!nodes.leaf(entry.node)) {
            stack.push({nodes.second_child(entry.node), entry.depth + 1});
            stack.push({nodes.first_child(entry.node), entry.depth + 1});
        }
    }
}

}  // namespace aabb

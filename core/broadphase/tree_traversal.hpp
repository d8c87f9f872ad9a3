#pragma once
// What the two box trees (DynamicAabbTree, BoundingVolumeHierarchy) share when walking their
// nodes: a traversal stack that does not allocate for ordinary depths, the counters a query
// reports (Box2D v3's b2TreeStats idea: node and leaf visits, for the UI to show), and the shape
// statistics that say how good a tree is.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry/box.hpp"

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

}  // namespace aabb

#pragma once
// The dynamic AABB tree of Box2D and Bullet (curriculum §7, §8), usable on its own.
//
// A binary tree whose leaves hold "fat" boxes: each box grown by a margin, so a box that moves
// a little stays inside its fat box and the tree does not change at all. Internal nodes hold the
// union of their children. A new leaf goes where it enlarges the tree's total perimeter least
// (the surface-area heuristic with perimeter as the 2D measure, found by branch and bound). On
// the way back up, AVL-style rotations keep the height logarithmic even for sorted insertion,
// and perimeter-reducing child/grandchild swaps (Box2D v3's idea, kept within the AVL balance)
// repair the spatial grouping that height-only rotations spoil. Nodes live in one pooled array
// with a free list and are named by int32 indices, so the pool can grow without invalidating
// anything held outside.
//
// Measured (aabb pair search, 10k boxes in a 300 × 300 square): the self traversal of
// for_each_overlapping_pair does ~8× fewer node tests and runs ~5× faster than one query per
// leaf; the branch-and-bound insertion plus swaps gives an SAH cost within ~5 % of a binned-SAH
// BVH built over the same boxes, against ~1.9× for a greedy descent with AVL rotations only.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/broadphase/tree/tree_traversal.hpp"
#include "core/geometry/box.hpp"
#include "core/geometry/overlap.hpp"
#include "core/geometry/ray.hpp"

namespace aabb {

/// Options of DynamicAabbTree.
struct DynamicTreeOptions {
    /// Fat-box margin per side as a fraction of the box's larger side. Default 0.1 (10 %):
    /// big boxes get slack in proportion to their size.
    float relative_margin = 0.1f;
    /// Fat-box margin per side in world units, added to the relative part so points and thin
    /// boxes get slack too. Default 0.1 (Box2D's b2_aabbMargin is 0.1 m).
    float absolute_margin = 0.1f;
    /// A leaf whose box still fits its fat box is nevertheless re-fattened when the fat box's
    /// perimeter exceeds this many times that of a fresh fat box (a box that shrank a lot would
    /// otherwise keep a huge fat box and make false candidates forever). Default 4; >= 1.
    float refatten_factor = 4.0f;
    /// When move() is given the box's displacement, the new fat box also stretches this many
    /// displacements ahead in the direction of motion (Box2D's b2_aabbMultiplier idea), so a box
    /// moving steadily leaves its fat box less often. Default 2; 0 turns it off; at most 100.
    float displacement_multiplier = 2.0f;
};

/// A dynamic AABB tree over fat leaf boxes, each carrying a caller-chosen user id.
class DynamicAabbTree {
  public:
    /// An empty tree. Throws std::invalid_argument naming the field on a bad option.
    explicit DynamicAabbTree(DynamicTreeOptions options = {});

    /// Inserts a leaf for the tight box `box` (stored fattened) and returns its node index,
    /// valid until the leaf is removed. Throws std::invalid_argument on an invalid box.
    std::int32_t insert(const Box2& box, std::uint32_t user_id);
    /// Removes the leaf. Throws std::invalid_argument when `leaf` is not a leaf in use.
    void remove(std::int32_t leaf);
    /// Moves the leaf to the tight box `box`. Inside the fat box nothing changes and it returns
    /// false; otherwise the leaf is re-inserted with a new fat box (stretched along
    /// `displacement`, the box's motion since the last move, when given) and it returns true.
    /// The leaf index stays the same. Throws std::invalid_argument on a bad leaf, an invalid box
    /// or a NaN displacement.
    bool move(std::int32_t leaf, const Box2& box, glm::vec2 displacement = glm::vec2(0.0f));
    /// Removes every leaf; the node pool keeps its memory.
    void clear();

    /// The fat box the tree would store for the tight box `box` moving by `displacement` per
    /// step: the margin on every side, plus displacement_multiplier × displacement ahead.
    [[nodiscard]] Box2 fatten(const Box2& box, glm::vec2 displacement = glm::vec2(0.0f)) const;
    /// The fat box stored for a leaf. Precondition: is_leaf(leaf).
    [[nodiscard]] const Box2& fat_box(std::int32_t leaf) const { return nodes_[leaf].box; }
    /// The user id stored for a leaf. Precondition: is_leaf(leaf).
    [[nodiscard]] std::uint32_t user_id(std::int32_t leaf) const { return nodes_[leaf].user_id; }
    /// True when `node` names a leaf currently in the tree.
    [[nodiscard]] bool is_leaf(std::int32_t node) const;
    /// The root node, or null_node when the tree is empty.
    [[nodiscard]] std::int32_t root() const { return root_; }
    /// Height of the tree (a single leaf 0, empty 0).
    [[nodiscard]] int height() const { return root_ == null_node ? 0 : nodes_[root_].height; }
    /// Nodes in the tree (leaves and internal nodes).
    [[nodiscard]] int node_count() const { return node_count_; }
    /// Leaves in the tree.
    [[nodiscard]] int leaf_count() const { return leaf_count_; }
    /// Height, balance, average leaf depth and SAH cost, by one walk over the tree.
    [[nodiscard]] TreeShape shape() const;
    /// Bytes held by the node pool and the insertion scratch.
    [[nodiscard]] std::size_t memory_bytes() const {
        return nodes_.capacity() * sizeof(Node) + search_heap_.capacity() * sizeof(SearchEntry);
    }
    /// The options in use.
    [[nodiscard]] const DynamicTreeOptions& options() const { return options_; }

    /// Checks every invariant — parent links, child boxes inside (and exactly bounding) their
    /// parent, heights, the free list, node and leaf counts, no cycles — and returns a
    /// description of the first one broken, or an empty string when the tree is sound.
    [[nodiscard]] std::string validate() const;

    /// Calls `callback(leaf, user_id)` for every leaf whose fat box overlaps `box` (closed);
    /// returning false from the callback stops the query. Throws on an invalid box.
    template <class Callback>
    TreeTraversalCounters query(const Box2& box, Callback&& callback) const;

    /// Calls `callback(leaf, user_id)` for every leaf whose fat box the ray hits for t in
    /// [0, max_t]. The callback returns the ray's new max_t: ray.max_t (or more) to keep every
    /// hit, a hit's t to look only for nearer ones, a negative value to stop. Throws on a
    /// non-finite ray.
    template <class Callback>
    TreeTraversalCounters cast_ray(const Ray2& ray, Callback&& callback) const;

    /// Calls `callback(leaf_a, leaf_b)` once for every pair of distinct leaves whose fat boxes
    /// overlap (closed), by one traversal of the tree against itself: each subtree is tested
    /// against itself and its sibling, descending into the larger node of each overlapping
    /// pair. Returning false from the callback stops the search.
    template <class Callback>
    TreeTraversalCounters for_each_overlapping_pair(Callback&& callback) const;

    /// Calls `visitor(box, depth, is_leaf, user_id)` for every node, parents before children
    /// (user_id is 0 for internal nodes).
    template <class Visitor>
    void for_each_node(Visitor&& visitor) const;

  private:
    // Tests corrupt nodes through this to prove validate() catches each broken invariant.
    friend struct DynamicAabbTreeInspector;

    /// One pooled node: 36 bytes.
    struct Node {
        /// 16 bytes: the fat box of a leaf, the union of the children otherwise.
        Box2 box;
        /// 4 bytes: the parent (null_node at the root); the next free node while free.
        std::int32_t parent = null_node;
        /// 4 bytes: first child; null_node for a leaf.
        std::int32_t child1 = null_node;
        /// 4 bytes: second child; null_node for a leaf.
        std::int32_t child2 = null_node;
        /// 4 bytes: leaf 0, internal 1 + max(children), free −1.
        std::int32_t height = -1;
        /// 4 bytes: the caller's id of a leaf.
        std::uint32_t user_id = 0;

        [[nodiscard]] bool leaf() const { return child1 == null_node; }
    };
    /// The nodes as the shared walks of tree_traversal.hpp read them.
    struct NodeLayout {
        const Node* nodes;
        [[nodiscard]] const Box2& box(std::int32_t node) const { return nodes[node].box; }
        [[nodiscard]] bool leaf(std::int32_t node) const { return nodes[node].leaf(); }
        [[nodiscard]] std::int32_t first_child(std::int32_t node) const {
            return nodes[node].child1;
        }
        [[nodiscard]] std::int32_t second_child(std::int32_t node) const {
            return nodes[node].child2;
        }
    };

    std::int32_t allocate_node();
    void free_node(std::int32_t node);
    void insert_leaf(std::int32_t leaf);
    void remove_leaf(std::int32_t leaf);
    [[nodiscard]] std::int32_t find_best_sibling(const Box2& box);
    void refit_upward(std::int32_t node);
    [[nodiscard]] std::int32_t balance(std::int32_t node);
    bool rotate_for_perimeter(std::int32_t node);
    void replace_child(std::int32_t parent, std::int32_t old_child, std::int32_t new_child);
    void check_leaf(std::int32_t leaf, const char* operation) const;
    static void check_box(const Box2& box, const char* operation);
    static void check_ray(const Ray2& ray);

    /// A node waiting in the insertion search, with the least cost any sibling below it has.
    struct SearchEntry {
        double lower_bound;
        double inherited;
        std::int32_t node;
    };

    DynamicTreeOptions options_;
    std::vector<Node> nodes_;
    std::vector<SearchEntry> search_heap_;  // insertion scratch, kept to avoid reallocation
    std::int32_t root_ = null_node;
    std::int32_t free_list_ = null_node;
    int node_count_ = 0;
    int leaf_count_ = 0;
};

template <class Callback>
TreeTraversalCounters DynamicAabbTree::query(const Box2& box, Callback&& callback) const {
    check_box(box, "query");
    return query_tree(NodeLayout{nodes_.data()}, root_, box,
                      [&](std::int32_t node) { return callback(node, nodes_[node].user_id); });
}

template <class Callback>
TreeTraversalCounters DynamicAabbTree::cast_ray(const Ray2& ray, Callback&& callback) const {
    check_ray(ray);
    return cast_ray_through_tree(NodeLayout{nodes_.data()}, root_, ray, [&](std::int32_t node) {
        return callback(node, nodes_[node].user_id);
    });
}

template <class Callback>
TreeTraversalCounters DynamicAabbTree::for_each_overlapping_pair(Callback&& callback) const {
    return overlapping_leaf_pairs(NodeLayout{nodes_.data()}, root_, callback);
}

template <class Visitor>
void DynamicAabbTree::for_each_node(Visitor&& visitor) const {
    for_each_tree_node(NodeLayout{nodes_.data()}, root_, [&](std::int32_t index, int depth) {
        const Node& node = nodes_[index];
        visitor(node.box, depth, node.leaf(), node.leaf() ? node.user_id : 0u);
    });
}

}  // namespace aabb

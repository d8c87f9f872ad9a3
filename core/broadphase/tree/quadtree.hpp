#pragma once
// Quadtree broad phase (curriculum §8), the "straddlers stay in the parent" kind (not loose).
//
// The root region is the bounds of all boxes. A node holding more than node_capacity boxes,
// above the depth limit, splits its region at its center into four quadrants; a box moves down
// into a quadrant only when it lies strictly on one side of both split lines. A box that
// straddles or merely touches a split line stays in the node. So boxes in two different
// sibling subtrees are separated by a positive gap and cannot overlap even under closed
// semantics, and every overlapping pair consists of two boxes in the same node, or of a box
// and a box in one of its node's descendants. Pairs are found exactly once: each box is tested
// against the boxes after it in its own node and against the boxes of its node's descendants
// (skipping subtrees whose tight bounds it misses); never upward, never sideways.
//
// Data-oriented: nodes live in one pooled array and refer to children by index; the boxes are
// copied into one array ordered so that a node's own boxes are followed by its descendants'.
// The tree is rebuilt top-down from the stored boxes whenever they changed (so the root always
// covers every box and shrinks when boxes leave), on the next find_pairs or query; it is a
// cache, hence mutable: do not query one broad phase from several threads.

#include <array>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/option_field.hpp"

namespace aabb {

/// Options of Quadtree.
struct QuadtreeOptions {
    /// Deepest level a node may have (the root is depth 0), in [0, 30]. Default 10.
    int max_depth = 10;
    /// A node with more boxes than this splits (when below max_depth). At least 1. Default 8.
    int node_capacity = 8;
};

/// QuadtreeOptions by name (core/broadphase/option_field.hpp).
inline constexpr std::array quadtree_option_fields{
    option_field<&QuadtreeOptions::max_depth>("max_depth", 0, 30, "deepest level of the tree"),
    option_field<&QuadtreeOptions::node_capacity>("node_capacity", 1, 1e6,
                                                  "boxes a node holds before it splits"),
};

/// Region quadtree with straddling boxes kept in the parent, rebuilt on demand.
class Quadtree final : public BroadPhase {
  public:
    /// A quadtree under `policy` with `options`. Throws std::invalid_argument on bad options.
    explicit Quadtree(TouchingPolicy policy = {}, QuadtreeOptions options = {});
    /// "quadtree".
    [[nodiscard]] std::string_view name() const override { return "quadtree"; }
    /// The options in use.
    [[nodiscard]] const QuadtreeOptions& options() const { return options_; }
    /// Reports every node as a cell: its region, the boxes it holds itself, its depth.
    void visit(StructureVisitor& visitor) const override;

  protected:
    void do_add(BoxId) override { dirty_ = true; }
    void do_update(BoxId, const Box2&) override { dirty_ = true; }
    void do_remove(BoxId) override { dirty_ = true; }
    void do_set_all(std::size_t, std::span<const Box2>, std::span<const std::uint8_t>) override {
        dirty_ = true;
    }
    void do_clear() override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    void do_query_box(const Box2& box, std::vector<BoxId>& ids) const override;
    void do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                     RayCastCounters& counters) const override;
    void fill_structure_stats(BroadPhaseStats& stats) const override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    /// A stored box with its id.
    struct Item {
        Box2 box;
        BoxId id;
    };
    /// A node: its quadrant, the tight bounds of every box in its subtree, its children (−1 =
    /// none) and its boxes: items [first_item, first_item + own_count) are its own, the
    /// descendants' follow up to subtree_end.
    struct Node {
        Box2 region;
        Box2 bounds;
        std::int32_t children[4];
        std::uint32_t first_item;
        std::uint32_t own_count;
        std::uint32_t subtree_end;
        std::int32_t depth;
    };

    void ensure_built() const;
    void rebuild() const;
    void build_node(std::uint32_t node_index, std::uint32_t begin, std::uint32_t end) const;

    QuadtreeOptions options_;
    // The tree is a cache of the stored boxes, rebuilt on demand.
    mutable bool dirty_ = true;
    mutable std::vector<Node> nodes_;           // nodes_[0] is the root when any box is stored
    mutable std::vector<Item> items_;           // grouped by node, subtrees contiguous
    mutable std::vector<Item> scratch_;         // partition buffer
    mutable std::vector<std::uint32_t> stack_;  // traversal stack, reused
    mutable int height_ = 0;
    mutable int cells_used_ = 0;
    mutable int max_boxes_in_cell_ = 0;
};

}  // namespace aabb

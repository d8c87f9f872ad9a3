#pragma once
// A bounding volume hierarchy (curriculum §8): built top-down with the binned surface-area
// heuristic, refit bottom-up when boxes move, rebuilt when refitting has let its quality decay.
//
// Build (Wald 2007, "On fast construction of SAH-based bounding volume hierarchies"): at each
// node the item centroids are binned along the axis of largest centroid extent, and the split
// between bins that minimises P(left)·n(left) + P(right)·n(right) is taken (perimeter P as the 2D
// surface area). One item per leaf. Nodes sit in one flat array, children after their parent,
// so a refit is a single backwards pass. Refitting keeps every node box exact but lets boxes
// overlap more and more as items wander; the SAH cost (TreeShape::sah_cost) measures that, and
// refit_or_rebuild() rebuilds once it exceeds a factor of the cost measured right after the
// last build.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/broadphase/option_field.hpp"
#include "core/broadphase/tree/tree_traversal.hpp"
#include "core/geometry/box.hpp"
#include "core/geometry/overlap.hpp"
#include "core/geometry/ray.hpp"

namespace aabb {

/// Options of BoundingVolumeHierarchy.
struct BvhOptions {
    /// Centroid bins per split search. Default 16 (Wald's choice; more bins, slower builds,
    /// slightly better trees). Must be in [2, 256].
    int bin_count = 16;
    /// refit_or_rebuild() rebuilds when the SAH cost after a refit exceeds this many times the
    /// cost right after the last build. Default 1.4. Must be finite and >= 1.
    float rebuild_cost_factor = 1.4f;
};

/// BvhOptions by name (core/broadphase/option_field.hpp).
inline constexpr std::array bvh_option_fields{
    option_field<&BvhOptions::bin_count>("bin_count", 2, 256, "SAH bins per split"),
    option_field<&BvhOptions::rebuild_cost_factor>(
        "rebuild_cost_factor", 1, 100,
        "rebuild when the SAH cost grows past this factor of its cost at build"),
};

/// A binned-SAH BVH over boxes named by ids, one box per leaf.
class BoundingVolumeHierarchy {
  public:
    /// An empty hierarchy. Throws std::invalid_argument naming the field on a bad option.
    explicit BoundingVolumeHierarchy(BvhOptions options = {});

    /// Builds from scratch over `ids`, where boxes_by_id[id] is the box of id. Throws
    /// std::invalid_argument on an id outside boxes_by_id or an invalid box.
    void build(std::span<const Box2> boxes_by_id, std::span<const std::uint32_t> ids);
    /// Builds over every box, box i with id i.
    void build(std::span<const Box2> boxes);
    /// Recomputes every node box bottom-up from boxes_by_id (the ids of the last build) and
    /// returns the new SAH cost. Throws std::invalid_argument when boxes_by_id is too short.
    double refit(std::span<const Box2> boxes_by_id);
    /// Refits, then rebuilds when the SAH cost exceeds rebuild_cost_factor × the cost at the
    /// last build. Returns true when it rebuilt.
    bool refit_or_rebuild(std::span<const Box2> boxes_by_id);
    /// Removes everything; the arrays keep their memory.
    void clear();

    /// Leaves (boxes) in the hierarchy.
    [[nodiscard]] int leaf_count() const { return static_cast<int>(leaf_ids_.size()); }
    /// Nodes in the hierarchy (2·leaves − 1, or 0 when empty).
    [[nodiscard]] int node_count() const { return static_cast<int>(nodes_.size()); }
    /// Longest root-to-leaf path in edges, computed at build time (refits do not change it).
    [[nodiscard]] int height() const { return height_; }
    /// The SAH cost after the last build or refit (see TreeShape::sah_cost).
    [[nodiscard]] double sah_cost() const { return sah_cost_; }
    /// The SAH cost measured right after the last build.
    [[nodiscard]] double build_sah_cost() const { return build_sah_cost_; }
    /// Builds since construction, including those refit_or_rebuild() triggered.
    [[nodiscard]] std::uint64_t build_count() const { return build_count_; }
    /// Rebuilds refit_or_rebuild() triggered because the cost grew too much.
    [[nodiscard]] std::uint64_t quality_rebuild_count() const { return quality_rebuild_count_; }
    /// Height, balance, average leaf depth and SAH cost, by one walk over the hierarchy.
    [[nodiscard]] TreeShape shape() const;
    /// Bytes held by the node and id arrays and the build scratch.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// The options in use.
    [[nodiscard]] const BvhOptions& options() const { return options_; }
    /// Checks the invariants — children after their parent, every node box exactly the union
    /// of its children, each id in exactly one leaf — and returns a description of the first
    /// one broken, or an empty string. `boxes_by_id` adds the check that each leaf holds its
    /// id's box (pass an empty span to skip it).
    [[nodiscard]] std::string validate(std::span<const Box2> boxes_by_id = {}) const;

    /// Calls `callback(id)` for every leaf whose box overlaps `box` (closed); returning false
    /// stops the query. Throws std::invalid_argument on an invalid box.
    template <class Callback>
    TreeTraversalCounters query(const Box2& box, Callback&& callback) const;
    /// Calls `callback(id)` for every leaf whose box the ray hits for t in [0, max_t]; the
    /// callback returns the new max_t (ray.max_t to keep every hit, a hit's t for nearer ones
    /// only, a negative value to stop). Throws on a non-finite ray.
    template <class Callback>
    TreeTraversalCounters cast_ray(const Ray2& ray, Callback&& callback) const;
    /// Calls `callback(id_a, id_b)` once for every pair of distinct leaves whose boxes overlap
    /// (closed), by traversing the hierarchy against itself. Returning false stops.
    template <class Callback>
    TreeTraversalCounters for_each_overlapping_pair(Callback&& callback) const;
    /// Calls `visitor(box, depth, is_leaf, id)` for every node, parents first (id 0 when
    /// internal).
    template <class Visitor>
    void for_each_node(Visitor&& visitor) const;

  private:
    // Tests corrupt nodes through this to prove validate() catches each broken invariant.
    friend struct BoundingVolumeHierarchyInspector;

    /// One node: 24 bytes.
    struct Node {
        /// 16 bytes: the leaf's box, or the union of the two children.
        Box2 box;
        /// 4 bytes: the first child (the second is first_child + 1), or null_node for a leaf.
        std::int32_t first_child = null_node;
        /// 4 bytes: the leaf's id.
        std::uint32_t id = 0;

        [[nodiscard]] bool leaf() const { return first_child == null_node; }
    };
    /// The nodes as the shared walks of tree_traversal.hpp read them.
    struct NodeLayout {
        const Node* nodes;
        [[nodiscard]] const Box2& box(std::int32_t node) const { return nodes[node].box; }
        [[nodiscard]] bool leaf(std::int32_t node) const { return nodes[node].leaf(); }
        [[nodiscard]] std::int32_t first_child(std::int32_t node) const {
            return nodes[node].first_child;
        }
        [[nodiscard]] std::int32_t second_child(std::int32_t node) const {
            return nodes[node].first_child + 1;
        }
    };
    /// The root is node 0 of a built hierarchy; null_node when empty.
    [[nodiscard]] std::int32_t root() const { return nodes_.empty() ? null_node : 0; }
    /// An item during a build.
    struct BuildItem {
        Box2 box;
        double centroid_x;
        double centroid_y;
        std::uint32_t id;
    };

    void build_from_items();
    [[nodiscard]] double measure_cost() const;
    static void check_box(const Box2& box, const char* operation);
    static void check_ray(const Ray2& ray);

    BvhOptions options_;
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> leaf_ids_;  // the ids of the last build
    std::vector<BuildItem> items_;         // build scratch, kept to avoid reallocation
    int height_ = 0;
    double sah_cost_ = 0.0;
    double build_sah_cost_ = 0.0;
    std::uint64_t build_count_ = 0;
    std::uint64_t quality_rebuild_count_ = 0;
};

template <class Callback>
TreeTraversalCounters BoundingVolumeHierarchy::query(const Box2& box, Callback&& callback) const {
    check_box(box, "query");
    return query_tree(NodeLayout{nodes_.data()}, root(), box,
                      [&](std::int32_t node) { return callback(nodes_[node].id); });
}

template <class Callback>
TreeTraversalCounters BoundingVolumeHierarchy::cast_ray(const Ray2& ray,
                                                        Callback&& callback) const {
    check_ray(ray);
    return cast_ray_through_tree(NodeLayout{nodes_.data()}, root(), ray,
                                 [&](std::int32_t node) { return callback(nodes_[node].id); });
}

template <class Callback>
TreeTraversalCounters BoundingVolumeHierarchy::for_each_overlapping_pair(
    Callback&& callback) const {
    return overlapping_leaf_pairs(
        NodeLayout{nodes_.data()}, root(),
        [&](std::int32_t a, std::int32_t b) { return callback(nodes_[a].id, nodes_[b].id); });
}

template <class Visitor>
void BoundingVolumeHierarchy::for_each_node(Visitor&& visitor) const {
    for_each_tree_node(NodeLayout{nodes_.data()}, root(), [&](std::int32_t index, int depth) {
        const Node& node = nodes_[index];
        visitor(node.box, depth, node.leaf(), node.leaf() ? node.id : 0u);
    });
}

}  // namespace aabb

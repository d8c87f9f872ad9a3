#pragma once
// The dynamic AABB tree as a broad phase ("dynamic_tree"): one fat leaf per box, moved in the
// tree only when the box leaves its fat box. Fat boxes make the candidate pairs; exact_overlap
// on the stored tight boxes decides.

#include <array>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/option_field.hpp"
#include "core/broadphase/tree/dynamic_aabb_tree.hpp"

namespace aabb {

/// How DynamicTreeBroadPhase finds all pairs of a frame.
enum class TreePairSearch {
    /// One traversal of the tree against itself (default; ~5× faster, see dynamic_aabb_tree.hpp).
    self_traversal,
    /// One box query per leaf with its fat box, keeping each pair once.
    query_per_leaf,
};

/// Options of DynamicTreeBroadPhase.
struct DynamicTreeBroadPhaseOptions {
    /// The tree's fat-box margins. Defaults: see DynamicTreeOptions.
    DynamicTreeOptions tree;
    /// How find_pairs searches. Default: self_traversal.
    TreePairSearch pair_search = TreePairSearch::self_traversal;
};

/// DynamicTreeBroadPhaseOptions by name (core/broadphase/option_field.hpp).
inline constexpr std::array dynamic_tree_option_fields{
    option_field<&DynamicTreeBroadPhaseOptions::tree, &DynamicTreeOptions::relative_margin>(
        "relative_margin", 0, 10,
        "fat-box margin per side, as a fraction of the box's larger side"),
    option_field<&DynamicTreeBroadPhaseOptions::tree, &DynamicTreeOptions::absolute_margin>(
        "absolute_margin", 0, 1e6, "fat-box margin per side in world units"),
    option_field<&DynamicTreeBroadPhaseOptions::tree, &DynamicTreeOptions::displacement_multiplier>(
        "displacement_multiplier", 0, 100,
        "fat boxes stretch this many displacements ahead of a moving box"),
};

/// A broad phase backed by a DynamicAabbTree.
class DynamicTreeBroadPhase final : public BroadPhase {
  public:
    /// A dynamic-tree broad phase under `policy` with `options`. Throws std::invalid_argument
    /// on a bad option.
    explicit DynamicTreeBroadPhase(TouchingPolicy policy = {},
                                   DynamicTreeBroadPhaseOptions options = {});
    /// "dynamic_tree".
    [[nodiscard]] std::string_view name() const override { return "dynamic_tree"; }
    /// The options in use.
    [[nodiscard]] const DynamicTreeBroadPhaseOptions& options() const { return options_; }
    /// The tree itself, for its shape, validate() and direct queries with visit counts.
    [[nodiscard]] const DynamicAabbTree& tree() const { return tree_; }
    /// Leaves re-inserted by updates since construction (moves that left their fat box).
    [[nodiscard]] std::uint64_t reinsertions() const { return reinsertions_; }
    void visit(StructureVisitor& visitor) const override;

  protected:
    void do_add(BoxId id) override;
    void do_update(BoxId id, const Box2& old_box) override;
    void do_remove(BoxId id) override;
    void do_clear() override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    void do_query_box(const Box2& box, std::vector<BoxId>& ids) const override;
    void do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                     RayCastCounters& counters) const override;
    void fill_structure_stats(BroadPhaseStats& stats) const override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    DynamicTreeBroadPhaseOptions options_;
    DynamicAabbTree tree_;
    std::vector<std::int32_t> leaf_of_id_;  // the tree leaf of each present id
    std::uint64_t reinsertions_ = 0;
    // BroadPhaseStats::tree_updates: the re-insertions between the last two find_pairs.
    std::uint64_t reinsertions_at_last_pairs_ = 0;
    std::uint64_t updates_last_frame_ = 0;
};

}  // namespace aabb

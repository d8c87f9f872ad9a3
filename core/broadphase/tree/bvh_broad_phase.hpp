#pragma once
// The bounding volume hierarchy as a broad phase ("bvh"). Adds and removes mark the hierarchy
// for a rebuild; moves mark it for a refit. The pending work is done once, when the next
// set_all, find_pairs, query, ray cast, stats or visit needs the hierarchy: a frame of n moves
// costs one O(n) refit, not n updates. Leaves hold the tight stored boxes, so the closed leaf
// test already is the candidate test and exact_overlap decides.

#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/tree/bounding_volume_hierarchy.hpp"

namespace aabb {

/// A broad phase backed by a BoundingVolumeHierarchy.
class BvhBroadPhase final : public BroadPhase {
  public:
    /// A BVH broad phase under `policy` with `options`. Throws std::invalid_argument on a bad
    /// option.
    explicit BvhBroadPhase(TouchingPolicy policy = {}, BvhOptions options = {});
    /// "bvh".
    [[nodiscard]] std::string_view name() const override { return "bvh"; }
    /// The hierarchy, brought up to date first (for its shape, costs, validate and counts).
    [[nodiscard]] const BoundingVolumeHierarchy& hierarchy() const;
    void visit(StructureVisitor& visitor) const override;

  protected:
    void do_add(BoxId id) override;
    void do_update(BoxId id, const Box2& old_box) override;
    void do_remove(BoxId id) override;
    void do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                    std::span<const std::uint8_t> was_present) override;
    void do_clear() override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    void do_query_box(const Box2& box, std::vector<BoxId>& ids) const override;
    void do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                     RayCastCounters& counters) const override;
    void fill_structure_stats(BroadPhaseStats& stats) const override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    /// Does the pending rebuild or refit. Only ids below `id_limit` are considered present
    /// (set_all drops the ids above it only after do_set_all returns).
    void bring_up_to_date(std::size_t id_limit) const;
    void bring_up_to_date() const { bring_up_to_date(id_capacity()); }

    // The hierarchy is a cache of the stored boxes, refreshed lazily by const queries too;
    // like any lazily refreshed cache it makes concurrent const calls unsafe while work is
    // pending.
    mutable BoundingVolumeHierarchy hierarchy_;
    mutable bool needs_rebuild_ = false;
    mutable bool needs_refit_ = false;
    mutable std::vector<std::uint32_t> ids_scratch_;
};

}  // namespace aabb

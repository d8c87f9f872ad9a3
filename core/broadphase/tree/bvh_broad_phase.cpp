#include "core/broadphase/tree/bvh_broad_phase.hpp"

namespace aabb {

BvhBroadPhase::BvhBroadPhase(TouchingPolicy policy, BvhOptions options)
    : BroadPhase(policy), hierarchy_(options) {}

void BvhBroadPhase::do_add(BoxId) {
    needs_rebuild_ = true;
}

void BvhBroadPhase::do_update(BoxId, const Box2&) {
    needs_refit_ = true;
}

void BvhBroadPhase::do_remove(BoxId) {
    needs_rebuild_ = true;
}

void BvhBroadPhase::do_clear() {
    hierarchy_.clear();
    needs_rebuild_ = false;
    needs_refit_ = false;
}

void BvhBroadPhase::do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                               std::span<const std::uint8_t> was_present) {
    // The default marks what changed; the work is done here so update_ms includes it.
    BroadPhase::do_set_all(new_count, old_boxes, was_present);
    bring_up_to_date(new_count);
}

void BvhBroadPhase::bring_up_to_date(std::size_t id_limit) const {
    if (needs_rebuild_) {
        const std::span<const std::uint8_t> present = presence();
        ids_scratch_.clear();
        for (std::size_t id = 0; id < id_limit && id < present.size(); ++id) {
            if (present[id]) ids_scratch_.push_back(static_cast<std::uint32_t>(id));
        }
        hierarchy_.build(stored_boxes(), ids_scratch_);
    } else if (needs_refit_) {
        (void)hierarchy_.refit_or_rebuild(stored_boxes());
    }
    needs_rebuild_ = false;
    needs_refit_ = false;
}

const BoundingVolumeHierarchy& BvhBroadPhase::hierarchy() const {
    bring_up_to_date();
    return hierarchy_;
}

void BvhBroadPhase::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    bring_up_to_date();
    const std::span<const Box2> boxes = stored_boxes();
    std::uint64_t candidates = 0;
    const TreeTraversalCounters walked =
        hierarchy_.for_each_overlapping_pair([&](std::uint32_t a, std::uint32_t b) {
            ++candidates;
            if (exact_overlap(boxes[a], boxes[b])) emit_pair(pairs, make_pair_ordered(a, b));
            return true;
        });
    counters.box_tests = walked.node_visits + candidates;
    counters.candidate_pairs = candidates;
}

void BvhBroadPhase::do_query_box(const Box2& query, std::vector<BoxId>& ids) const {
    bring_up_to_date();
    const std::span<const Box2> boxes = stored_boxes();
    (void)hierarchy_.query(query, [&](std::uint32_t id) {
        if (exact_overlap(query, boxes[id])) ids.push_back(id);
        return true;
    });
}

void BvhBroadPhase::do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                                RayCastCounters& counters) const {
    bring_up_to_date();
    const PreparedRay<2> prepared(ray);
    const std::span<const Box2> boxes = stored_boxes();
    const TreeTraversalCounters walked = hierarchy_.cast_ray(ray, [&](std::uint32_t id) {
        // Leaves hold the stored box itself; the slab test is repeated only for its entry t.
        const RayBoxHit<2> hit = intersect(prepared, boxes[id]);
        if (hit.hit) hits.push_back({id, hit.t_enter});
        return ray.max_t;
    });
    counters.node_visits = walked.node_visits;
    counters.leaf_visits = walked.leaf_visits;
}

void BvhBroadPhase::fill_structure_stats(BroadPhaseStats& stats) const {
    bring_up_to_date();
    stats.tree_height = hierarchy_.height();
    stats.node_count = hierarchy_.node_count();
    stats.tree_rebuilds = hierarchy_.quality_rebuild_count();
}

std::size_t BvhBroadPhase::structure_memory_bytes() const {
    return hierarchy_.memory_bytes() + ids_scratch_.capacity() * sizeof(std::uint32_t);
}

void BvhBroadPhase::visit(StructureVisitor& visitor) const {
    bring_up_to_date();
    hierarchy_.for_each_node([&](const Box2& node_box, int depth, bool is_leaf, std::uint32_t id) {
        visitor.tree_node(node_box, depth, is_leaf, id);
    });
}

}  // namespace aabb

#include "core/broadphase/tree/dynamic_tree_broad_phase.hpp"

#include <stdexcept>

namespace aabb {

DynamicTreeBroadPhase::DynamicTreeBroadPhase(TouchingPolicy policy,
                                             DynamicTreeBroadPhaseOptions options)
    : BroadPhase(policy), options_(options), tree_(options.tree) {
    if (options.pair_search != TreePairSearch::self_traversal &&
        options.pair_search != TreePairSearch::query_per_leaf) {
        throw std::invalid_argument("dynamic_tree: pair_search is not a known TreePairSearch");
    }
}

void DynamicTreeBroadPhase::do_add(BoxId id) {
    if (id >= leaf_of_id_.size()) leaf_of_id_.resize(std::size_t{id} + 1, null_node);
    leaf_of_id_[id] = tree_.insert(box(id), id);
}

void DynamicTreeBroadPhase::do_update(BoxId id, const Box2& old_box) {
    // The corner's motion is the displacement of a translated box; finite boxes never give NaN.
    const glm::vec2 displacement = box(id).min - old_box.min;
    if (tree_.move(leaf_of_id_[id], box(id), displacement)) ++reinsertions_;
}

void DynamicTreeBroadPhase::do_remove(BoxId id) {
    tree_.remove(leaf_of_id_[id]);
    leaf_of_id_[id] = null_node;
}

void DynamicTreeBroadPhase::do_clear() {
    tree_.clear();
    leaf_of_id_.clear();
}

void DynamicTreeBroadPhase::do_find_pairs(std::vector<BoxPair>& pairs,
                                          PairSearchCounters& counters) {
    const std::span<const Box2> boxes = stored_boxes();
    std::uint64_t candidates = 0;
    const auto test_leaves = [&](std::int32_t leaf_a, std::int32_t leaf_b) {
        ++candidates;
        const BoxId a = tree_.user_id(leaf_a);
        const BoxId b = tree_.user_id(leaf_b);
        if (exact_overlap(boxes[a], boxes[b])) emit_pair(pairs, make_pair_ordered(a, b));
        return true;
    };
    TreeTraversalCounters walked;
    if (options_.pair_search == TreePairSearch::self_traversal) {
        walked = tree_.for_each_overlapping_pair(test_leaves);
    } else {
        // Each leaf queries with its fat box; a pair is kept from its lower-indexed leaf only.
        for (const std::int32_t leaf : leaf_of_id_) {
            if (leaf == null_node) continue;
            const TreeTraversalCounters one =
                tree_.query(tree_.fat_box(leaf), [&](std::int32_t other, std::uint32_t) {
                    return other <= leaf || test_leaves(leaf, other);
                });
            walked.node_visits += one.node_visits;
        }
    }
    counters.box_tests = walked.node_visits + candidates;
    counters.candidate_pairs = candidates;
    updates_last_frame_ = reinsertions_ - reinsertions_at_last_pairs_;
    reinsertions_at_last_pairs_ = reinsertions_;
}

void DynamicTreeBroadPhase::do_query_box(const Box2& query, std::vector<BoxId>& ids) const {
    const std::span<const Box2> boxes = stored_boxes();
    (void)tree_.query(query, [&](std::int32_t, std::uint32_t id) {
        if (exact_overlap(query, boxes[id])) ids.push_back(id);
        return true;
    });
}

void DynamicTreeBroadPhase::do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                                        RayCastCounters& counters) const {
    const std::span<const Box2> boxes = stored_boxes();
    const PreparedRay<2> prepared(ray);
    // A ray that hits a tight box hits its fat box too (the slab test is monotone in the box),
    // so the tree's pruning loses no hit.
    const TreeTraversalCounters walked = tree_.cast_ray(ray, [&](std::int32_t, std::uint32_t id) {
        const RayBoxHit<2> hit = intersect(prepared, boxes[id]);
        if (hit.hit) hits.push_back({id, hit.t_enter});
        return ray.max_t;
    });
    counters.node_visits = walked.node_visits;
    counters.leaf_visits = walked.leaf_visits;
}

void DynamicTreeBroadPhase::fill_structure_stats(BroadPhaseStats& stats) const {
    stats.tree_height = tree_.height();
    stats.node_count = tree_.node_count();
    stats.tree_updates = updates_last_frame_;
}

std::size_t DynamicTreeBroadPhase::structure_memory_bytes() const {
    return tree_.memory_bytes() + leaf_of_id_.capacity() * sizeof(std::int32_t);
}

void DynamicTreeBroadPhase::visit(StructureVisitor& visitor) const {
    tree_.for_each_node([&](const Box2& node_box, int depth, bool is_leaf, std::uint32_t id) {
        visitor.tree_node(node_box, depth, is_leaf, id);
    });
}

}  // namespace aabb

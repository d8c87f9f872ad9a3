#include "app/bench/runners/box2d_tree_query_all_runner.hpp"

#include "app/bench/runners/box2d_proxies.hpp"

namespace aabb::bench {

void Box2dTreeQueryAllRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    sync_box2d_proxies(tree_, proxy_of_box_, previous_boxes_, boxes, "box2d_tree_query_all");
    exact_.begin(boxes, pairs, budget());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        query_index_ = static_cast<std::uint32_t>(i);
        tree_.Query(this, to_box2d(boxes[i]));
    }
    last_box_tests_ = exact_.tests();
    exact_.finish(name());
}

bool Box2dTreeQueryAllRunner::QueryCallback(int proxy_id) {
    // Each pair is met from both sides; it is kept once, from its smaller index.
    exact_.offer_from_smaller(query_index_, pointer_as_index(tree_.GetUserData(proxy_id)));
    return true;
}

std::size_t Box2dTreeQueryAllRunner::memory_bytes() const {
    // A tree of n leaves has 2n − 1 nodes; Box2D's pool grows by doubling, so this is a floor.
    const std::size_t leaves = proxy_of_box_.size();
    const std::size_t nodes = leaves == 0 ? 0 : 2 * leaves - 1;
    return nodes * sizeof(b2TreeNode) + leaves * (sizeof(int) + sizeof(Box2));
}

}  // namespace aabb::bench

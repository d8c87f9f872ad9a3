#include "app/bench/runners/box2d_broadphase_runner.hpp"

#include "app/bench/runners/box2d_proxies.hpp"

namespace aabb::bench {

void Box2dBroadphaseRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    if (proxy_of_box_.empty()) kept_.reset(boxes.size(), budget(), name());
    sync_box2d_proxies(broad_phase_, proxy_of_box_, previous_boxes_, boxes, "box2d_broadphase");
    // b2ContactManager::FindNewContacts, then b2ContactManager::Collide.
    broad_phase_.UpdatePairs(this);
    exact_.begin(boxes, pairs, budget());
    kept_.update([this](std::uint32_t a, std::uint32_t b) {
        if (!broad_phase_.TestOverlap(proxy_of_box_[a], proxy_of_box_[b])) return false;
        exact_.offer(a, b);
        return true;
    });
    last_box_tests_ = exact_.tests();
    exact_.finish(name());
}

void Box2dBroadphaseRunner::AddPair(void* user_data_a, void* user_data_b) {
    kept_.add(pointer_as_index(user_data_a), pointer_as_index(user_data_b));
}

std::size_t Box2dBroadphaseRunner::memory_bytes() const {
    // The tree (2n − 1 nodes; Box2D's pool grows by doubling, so this is a floor), the move
    // and pair buffers at their initial 16 entries, and the kept pairs.
    const std::size_t leaves = proxy_of_box_.size();
    const std::size_t nodes = leaves == 0 ? 0 : 2 * leaves - 1;
    return nodes * sizeof(b2TreeNode) + leaves * (sizeof(int) + sizeof(Box2)) +
           16 * (sizeof(int) + sizeof(b2Pair)) + kept_.memory_bytes();
}

}  // namespace aabb::bench

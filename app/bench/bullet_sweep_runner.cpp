#include "app/bench/bullet_sweep_runner.hpp"

#include <algorithm>
#include <stdexcept>

#include "app/bench/bullet_pair_cache.hpp"

namespace aabb::bench {

BulletSweepRunner::BulletSweepRunner(const SceneFacts& facts) {
    const glm::vec2 size = facts.world_bounds.size();
    const glm::vec2 pad = 0.01f * glm::max(size, glm::vec2(1.0f));
    const btVector3 world_min(facts.world_bounds.min.x - pad.x, facts.world_bounds.min.y - pad.y,
                              -2.0f);
    const btVector3 world_max(facts.world_bounds.max.x + pad.x, facts.world_bounds.max.y + pad.y,
                              2.0f);
    // One handle per box (Bullet adds its own sentinel); no ray-cast accelerator, which would
    // otherwise maintain a second broad phase (a dbvt) on every setAabb.
    const auto handles = static_cast<unsigned int>(std::max<std::size_t>(facts.box_count, 1) + 1);
    sweep_ = std::make_unique<bt32BitAxisSweep3>(world_min, world_max, handles, nullptr, true);
}

BulletSweepRunner::~BulletSweepRunner() {
    for (btBroadphaseProxy* proxy : proxies_)
        sweep_->destroyProxy(proxy, nullptr);
}

void BulletSweepRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    btVector3 min;
    btVector3 max;
    if (proxies_.empty()) {
        proxies_.resize(boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            to_bullet(boxes[i], min, max);
            proxies_[i] = sweep_->createProxy(min, max, BOX_SHAPE_PROXYTYPE,
                                              bullet_client_object(i), 1, -1, nullptr);
        }
    } else {
        if (boxes.size() != proxies_.size()) {
            throw std::invalid_argument("bullet_sweep_32: the box count changed");
        }
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            to_bullet(boxes[i], min, max);
            sweep_->setAabb(proxies_[i], min, max, nullptr);
        }
    }
    sweep_->calculateOverlappingPairs(nullptr);
    last_box_tests_ = exact_pairs_from_cache(*sweep_->getOverlappingPairCache(), boxes, pairs);
}

std::size_t BulletSweepRunner::memory_bytes() const {
    const std::size_t handles = proxies_.size() + 1;
    const int cached = sweep_->getOverlappingPairCache()->getOverlappingPairArray().capacity();
    // Handles (a proxy plus 6 edge indices), 3 axes × 2 edges (value + handle, 8 bytes) per
    // handle, and the pair cache.
    return handles * (sizeof(btBroadphaseProxy) + 6 * sizeof(unsigned int)) + handles * 6 * 8 +
           static_cast<std::size_t>(cached) * (sizeof(btBroadphasePair) + 2 * sizeof(int));
}

}  // namespace aabb::bench

#include "app/bench/bullet_dbvt_runner.hpp"

#include <stdexcept>

#include "app/bench/bullet_pair_cache.hpp"

namespace aabb::bench {

BulletDbvtRunner::BulletDbvtRunner() = default;

BulletDbvtRunner::~BulletDbvtRunner() {
    for (btBroadphaseProxy* proxy : proxies_)
        broadphase_.destroyProxy(proxy, nullptr);
}

void BulletDbvtRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    btVector3 min;
    btVector3 max;
    if (proxies_.empty()) {
        proxies_.resize(boxes.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            to_bullet(boxes[i], min, max);
            // Group 1, mask all: every proxy may pair with every other. No dispatcher: no
            // narrow phase runs, so the pair cache never holds collision algorithms.
            proxies_[i] = broadphase_.createProxy(min, max, BOX_SHAPE_PROXYTYPE,
                                                  bullet_client_object(i), 1, -1, nullptr);
        }
    } else {
        if (boxes.size() != proxies_.size()) {
            throw std::invalid_argument("bullet_dbvt: the box count changed");
        }
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            to_bullet(boxes[i], min, max);
            broadphase_.setAabb(proxies_[i], min, max, nullptr);
        }
    }
    broadphase_.calculateOverlappingPairs(nullptr);
    last_box_tests_ = exact_pairs_from_cache(*broadphase_.getOverlappingPairCache(), boxes, pairs);
}

std::size_t BulletDbvtRunner::memory_bytes() const {
    const std::size_t leaves = proxies_.size();
    const std::size_t nodes = leaves == 0 ? 0 : 2 * leaves - 1;
    const int cached = const_cast<btDbvtBroadphase&>(broadphase_)
                           .getOverlappingPairCache()
                           ->getOverlappingPairArray()
                           .capacity();
    // Nodes, proxies, and the pair cache (pairs plus its hash table and next links).
    return nodes * sizeof(btDbvtNode) + leaves * (sizeof(btDbvtProxy) + sizeof(void*)) +
           static_cast<std::size_t>(cached) * (sizeof(btBroadphasePair) + 2 * sizeof(int));
}

}  // namespace aabb::bench

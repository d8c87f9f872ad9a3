#include "app/bench/runners/bullet_dbvt_runner.hpp"

#include "app/bench/runners/bullet_pair_cache.hpp"

namespace aabb::bench {

BulletDbvtRunner::BulletDbvtRunner() = default;

BulletDbvtRunner::~BulletDbvtRunner() {
    for (btBroadphaseProxy* proxy : proxies_)
        broadphase_.destroyProxy(proxy, nullptr);
}

void BulletDbvtRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    sync_bullet_proxies(broadphase_, proxies_, boxes, "bullet_dbvt");
    broadphase_.calculateOverlappingPairs(nullptr);
    last_box_tests_ = exact_pairs_from_cache(*broadphase_.getOverlappingPairCache(), boxes, pairs,
                                             budget(), name());
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

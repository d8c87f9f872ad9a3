#include "app/bench/runners/bullet_sweep_runner.hpp"

#include <algorithm>
#include <numeric>

#include "app/bench/runners/bullet_pair_cache.hpp"

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

// The proxies are handles inside the sweep's own arrays, freed with it. Removing them one by
// one first would sort every handle's edges out past all the others: O(n²) like the build
// (tens of minutes at 100k on a loaded machine), for nothing.
BulletSweepRunner::~BulletSweepRunner() = default;

void BulletSweepRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    std::vector<std::uint32_t> order;
    if (proxies_.empty()) {
        // In order of min x, each new handle's x edges sort down past only the boxes it
        // overlaps on x: the build stays O(n²) (see the header), a third cheaper.
        order.resize(boxes.size());
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return boxes[a].min.x < boxes[b].min.x;
        });
    }
    sync_bullet_proxies(*sweep_, proxies_, boxes, "bullet_sweep_32", order, deadline_);
    sweep_->calculateOverlappingPairs(nullptr);
    last_box_tests_ =
        exact_pairs_from_cache(*sweep_->getOverlappingPairCache(), boxes, pairs, budget(), name());
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

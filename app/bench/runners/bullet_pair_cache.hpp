#pragma once
// Shared by the Bullet runners: keeping one proxy per box in step with the boxes, and turning
// Bullet's overlapping-pair cache into our exact pairs.

#include <BulletCollision/BroadphaseCollision/btBroadphaseProxy.h>
#include <BulletCollision/BroadphaseCollision/btOverlappingPairCache.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_boxes.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::bench {

/// Bullet's min and max corners for a 2D box: the z interval is [−1, 1] for every box.
inline void to_bullet(const Box2& box, btVector3& min, btVector3& max) {
    min.setValue(box.min.x, box.min.y, -1.0f);
    max.setValue(box.max.x, box.max.y, 1.0f);
}

/// Creates one proxy per box in `broadphase` on the first frame (group 1, mask all: every proxy
/// may pair with every other; no dispatcher, so no narrow phase runs and the pair cache never
/// holds collision algorithms), in `creation_order` when given (box indices, each once) and in
/// index order otherwise, and moves them to the boxes afterwards. A template over the concrete
/// Bullet broad phase, so the calls stay as direct as they were in each runner. Throws
/// std::invalid_argument naming `runner` when the box count changed, and DeadlineExceeded
/// when the creation loop runs past `deadline` (checked every 1,024 proxies).
template <class BulletBroadphase>
void sync_bullet_proxies(
    BulletBroadphase& broadphase, std::vector<btBroadphaseProxy*>& proxies,
    std::span<const Box2> boxes, const char* runner,
    std::span<const std::uint32_t> creation_order = {},
    std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt) {
    btVector3 min;
    btVector3 max;
    if (proxies.empty()) {
        proxies.resize(boxes.size());
        for (std::size_t k = 0; k < boxes.size(); ++k) {
            if (deadline && k % 1024 == 0 && std::chrono::steady_clock::now() > *deadline) {
                // Only the proxies made so far: another frame then fails on the box count
                // instead of moving proxies that were never made.
                proxies.resize(k);
                throw DeadlineExceeded(std::string(runner) + ": build stopped after " +
                                       std::to_string(k) + " of " + std::to_string(boxes.size()) +
                                       " proxies (time budget)");
            }
            const std::size_t i = creation_order.empty() ? k : creation_order[k];
            to_bullet(boxes[i], min, max);
            proxies[i] = broadphase.createProxy(min, max, BOX_SHAPE_PROXYTYPE, index_as_pointer(i),
                                                1, -1, nullptr);
        }
        return;
    }
    require_box_count(runner, proxies.size(), boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        to_bullet(boxes[i], min, max);
        broadphase.setAabb(proxies[i], min, max, nullptr);
    }
}

/// Replaces `pairs` with the cached pairs whose tight boxes overlap (closed rule), within
/// `budget` (ExactPairs::finish names `runner`); returns the number of exact tests. Bullet's
/// hashed pair cache is persistent: it holds every pair whose (fat or quantized) proxies
/// overlap, not only new ones, so filtering it yields every pair.
inline std::uint64_t exact_pairs_from_cache(btOverlappingPairCache& cache,
                                            std::span<const Box2> boxes,
                                            std::vector<BoxPair>& pairs,
                                            const ResourceBudget& budget, std::string_view runner) {
    ExactPairs exact;
    exact.begin(boxes, pairs, budget);
    btBroadphasePairArray& cached = cache.getOverlappingPairArray();
    const int count = cached.size();
    for (int k = 0; k < count; ++k) {
        exact.offer(pointer_as_index(cached[k].m_pProxy0->m_clientObject),
                    pointer_as_index(cached[k].m_pProxy1->m_clientObject));
    }
    exact.finish(runner);
    return exact.tests();
}

}  // namespace aabb::bench

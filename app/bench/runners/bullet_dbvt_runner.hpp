#pragma once
// Peer: Bullet 3.24's btDbvtBroadphase (two dynamic AABB trees plus a hashed pair cache), in
// the mode btDiscreteDynamicsWorld uses, which is its best for moving boxes: every proxy's AABB
// set each frame (a box that stays inside its fat leaf, 0.05 units of margin, costs no tree
// update), then calculateOverlappingPairs, which incrementally optimizes the trees, moves the
// proxies that stopped moving into the fixed tree and cleans stale pairs a slice at a time. Its
// pair cache persists between frames and holds every pair whose fat leaves overlap, so walking
// it with the exact closed test yields every pair. Bullet's defaults are kept: they are what a
// Bullet world runs with. Single-threaded.

#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>

#include <vector>

#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// btDbvtBroadphase: createProxy on the first frame, setAabb for every proxy after, then
/// calculateOverlappingPairs and a walk over the whole pair cache with the exact closed test.
class BulletDbvtRunner final : public FrameRunner {
  public:
    BulletDbvtRunner();
    ~BulletDbvtRunner() override;
    BulletDbvtRunner(const BulletDbvtRunner&) = delete;
    BulletDbvtRunner& operator=(const BulletDbvtRunner&) = delete;
    [[nodiscard]] std::string_view name() const override { return "bullet_dbvt"; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

  private:
    btDbvtBroadphase broadphase_;
    std::vector<btBroadphaseProxy*> proxies_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

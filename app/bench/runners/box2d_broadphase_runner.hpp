#pragma once
// Peer at its best: Box2D 2.4.1's b2BroadPhase driven the way b2World drives it. Each frame,
// every box that changed is moved with MoveProxy and its displacement (the tree keeps a fat
// box, 0.1 units larger on each side and stretched 4 displacements ahead, and buffers the
// proxy only when the box left it), then UpdatePairs queries the tree with the fat box of each
// buffered proxy alone and reports the new candidate pairs. Box2D's broad phase does not keep
// pairs: b2ContactManager does, so the runner keeps them in a PersistentPairSet the same way,
// drops a pair once the fat boxes separate (b2ContactManager::Collide's TestOverlap) and gives
// every kept pair the exact closed test each frame, Box2D's narrow phase in its place.
// Box2D's tuning (b2_aabbExtension 0.1, b2_aabbMultiplier 4) is for objects of 0.1 to 10
// units, the sizes of every workload. Box2D is single-threaded.

#include <box2d/b2_broad_phase.h>

#include <cstdint>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_runner.hpp"
#include "app/bench/runners/persistent_pair_set.hpp"

namespace aabb::bench {

/// b2BroadPhase with MoveProxy(box, displacement) and UpdatePairs over the move buffer, plus
/// the contact manager's persistent pairs, each tested exactly every frame.
class Box2dBroadphaseRunner final : public FrameRunner {
  public:
    [[nodiscard]] std::string_view name() const override { return "box2d_broadphase"; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

    /// Called by b2BroadPhase::UpdatePairs for each new candidate pair (user data = indices).
    void AddPair(void* user_data_a, void* user_data_b);

  private:
    b2BroadPhase broad_phase_;
    std::vector<int> proxy_of_box_;
    std::vector<Box2> previous_boxes_;
    PersistentPairSet kept_;
    ExactPairs exact_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

#pragma once
// Peer (a naive use, kept for comparison): Box2D 2.4.1's b2DynamicTree queried with every box
// every frame. This is not how Box2D finds pairs: b2BroadPhase queries only the proxies whose
// fat boxes moved and b2ContactManager keeps the pairs (see box2d_broadphase_runner.hpp, the
// peer at its best). This runner shows what skipping that machinery costs: n tree queries per
// frame, each pair met from both sides.

#include <box2d/b2_dynamic_tree.h>

#include <cstdint>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// b2DynamicTree: CreateProxy on the first frame, MoveProxy(box, frame displacement) for every
/// box that changed after, then one Query per box keeping pairs i < j that pass the exact
/// closed test.
class Box2dTreeQueryAllRunner final : public FrameRunner {
  public:
    [[nodiscard]] std::string_view name() const override { return "box2d_tree_query_all"; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

    /// Called by b2DynamicTree::Query for every leaf whose fat box overlaps the query box.
    bool QueryCallback(int proxy_id);

  private:
    b2DynamicTree tree_;
    std::vector<int> proxy_of_box_;
    std::vector<Box2> previous_boxes_;
    // Query state: the box being queried and where its pairs go.
    std::uint32_t query_index_ = 0;
    ExactPairs exact_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

#pragma once
// Peer: Box2D 2.4.1's b2DynamicTree doing the benchmark's job. Box2D itself only reports pairs
// that involve moved proxies (b2BroadPhase::UpdatePairs); to output the complete set every
// frame, the runner moves every proxy and then queries the tree with every box's tight AABB.

#include <box2d/b2_dynamic_tree.h>

#include <cstdint>
#include <vector>

#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// b2DynamicTree: CreateProxy on the first frame, MoveProxy(box, frame displacement) for every
/// box after, then one Query per box keeping pairs i < j that pass the exact closed test.
class Box2dDynamicTreeRunner final : public FrameRunner {
  public:
    [[nodiscard]] std::string_view name() const override { return "box2d_dynamic_tree"; }
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
    std::span<const Box2> boxes_;
    std::uint32_t query_index_ = 0;
    std::vector<BoxPair>* pairs_ = nullptr;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

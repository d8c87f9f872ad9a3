#pragma once
// Peer: Boost.Geometry's R-tree (Boost 1.74), the de facto C++ spatial index. Its best mode for
// "everything moved, give me every pair" is the one its documentation recommends for building
// from many values at once: the packing constructor (sort-tile-recursive bulk loading, far
// faster than inserting one by one and giving a better tree), run every frame, then one
// intersects() query per box written straight into a function output iterator (no result
// vector). Removing and reinserting the boxes that moved costs more than repacking when most
// boxes move, and the queries, the bulk of the work, are the same either way. Boxes and
// queries are float, intersects() is closed (touching boxes are not disjoint), and each pair is
// met from both sides: it is kept from its smaller index. Single-threaded.

#include <cstdint>
#include <memory>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// A bgi::rtree packed from the frame's boxes every frame, queried once per box.
class BoostRtreeRunner final : public FrameRunner {
  public:
    BoostRtreeRunner();
    ~BoostRtreeRunner() override;
    BoostRtreeRunner(const BoostRtreeRunner&) = delete;
    BoostRtreeRunner& operator=(const BoostRtreeRunner&) = delete;
    [[nodiscard]] std::string_view name() const override { return "boost_rtree"; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

  private:
    // The tree and its values, behind a pointer so Boost's headers stay in the .cpp.
    struct Index;
    std::unique_ptr<Index> index_;
    ExactPairs exact_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

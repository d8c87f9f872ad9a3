#pragma once
// Peer: CGAL 5.5's box_self_intersection_d, the textbook exact all-pairs box intersection
// (Zomorodian and Edelsbrunner's streamed segment tree, O(n log² n + k)). It is one-shot, with
// no state between calls, so its best mode is what its authors describe: rebuild the boxes
// from the new coordinates every frame and call it once, closed topology (touching boxes
// intersect), in float, with the box index as the box's id and the boxes copied by value (20
// bytes: cheaper to move than to chase through pointers), and the cutoff, the algorithm's
// tuning knob, at the measured best, 100 (CGAL's default is 10). It reports each intersecting pair
// once; the runner still applies the shared exact test, which every reported pair passes.
// CGAL's Parallel_tag needs TBB, which the Debian package does not pull in: single-threaded,
// like every peer.

#include <cstdint>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// box_self_intersection_d over the frame's boxes, rebuilt every frame.
class CgalBoxIntersectionRunner final : public FrameRunner {
  public:
    [[nodiscard]] std::string_view name() const override { return "cgal_box_intersection"; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

    /// One box as CGAL's Box_traits_d reads it: float corners, the box index as id.
    struct CgalBox {
        /// CGAL's number type.
        using NT = float;
        /// CGAL's id type.
        using ID = std::size_t;
        /// Corners: low[axis], high[axis].
        float low[2];
        /// Upper corner.
        float high[2];
        /// The box index.
        std::uint32_t index;
        /// Two dimensions.
        static int dimension() { return 2; }
        /// The lower bound on `axis`.
        [[nodiscard]] float min_coord(int axis) const { return low[axis]; }
        /// The upper bound on `axis`.
        [[nodiscard]] float max_coord(int axis) const { return high[axis]; }
        /// A unique id: the box index.
        [[nodiscard]] ID id() const { return index; }
    };

  private:
    std::vector<CgalBox> cgal_boxes_;
    ExactPairs exact_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

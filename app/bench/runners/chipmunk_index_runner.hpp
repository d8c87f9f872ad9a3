#pragma once
// Peers: Chipmunk 7.0.3's spatial indexes, driven the way cpSpace drives its dynamic shapes:
// each frame the runner writes every box where the index's bounding-box callback reads it,
// then one cpSpatialIndexReindexQuery updates every object and reports every candidate pair.
// Chipmunk has no narrow phase here, so the runner tests each candidate exactly (closed rule)
// on the float boxes; cpFloat is double, and float -> double is exact, so Chipmunk's own
// closed comparisons agree with ours.
// - chipmunk_bbtree: cpBBTree with a velocity function, as cpSpace sets one, which is its best
//   mode: a leaf's fat box grows by 10% of its size plus 0.1 s of its velocity (the velocity a
//   cpSpace stepping at 60 Hz would report: the frame's displacement × 60), and a leaf is
//   reinserted only when its box leaves the fat box; every other leaf re-reports its cached
//   pairs. Without a velocity function every moving box would be reinserted every frame.
//   cpBBTreeOptimize rebuilds the tree top-down after the first inserts (part of the build).
// - chipmunk_space_hash: cpSpaceHash, which rehashes everything each frame, tuned as its
//   documentation says ("the cell dimensions should roughly match the average size of your
//   objects and the table size should be ~10 larger than the number of objects"): 10 table
//   entries per object, and cells of twice the mean box size, the fastest factor measured.
// Both are single-threaded.

#include <chipmunk/chipmunk.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// A cpBBTree (with velocity) or a cpSpaceHash, reindexed and queried once per frame.
class ChipmunkIndexRunner final : public FrameRunner {
  public:
    /// Which Chipmunk index.
    enum class Kind {
        /// cpBBTree with a velocity function: "chipmunk_bbtree".
        bb_tree,
        /// cpSpaceHash: "chipmunk_space_hash".
        space_hash,
    };
    /// An empty index of `kind` for a scene inside `facts.world_bounds`; it is filled on the
    /// first frame.
    ChipmunkIndexRunner(Kind kind, const SceneFacts& facts);
    ~ChipmunkIndexRunner() override;
    ChipmunkIndexRunner(const ChipmunkIndexRunner&) = delete;
    ChipmunkIndexRunner& operator=(const ChipmunkIndexRunner&) = delete;
    [[nodiscard]] std::string_view name() const override;
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

    /// What Chipmunk's callbacks see of one box: its tight box and velocity, and its index.
    struct Entry {
        /// The tight box, in Chipmunk's double precision.
        cpBB box;
        /// The frame's displacement × 60 (units per second at 60 Hz).
        cpVect velocity;
        /// The box index.
        std::uint32_t index;
    };

  private:
    // Creates the index and inserts every box (the first frame).
    void build(std::span<const Box2> boxes);

    Kind kind_;
    Box2 world_;
    cpSpatialIndex* index_ = nullptr;
    std::vector<Entry> entries_;  // sized once: Chipmunk holds pointers into it
    std::vector<Box2> previous_boxes_;
    double cell_size_ = 0.0;  // cpSpaceHash only
    ExactPairs exact_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

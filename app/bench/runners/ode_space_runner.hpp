#pragma once
// Peers: ODE 0.16's collision spaces, asked for every pair with no narrow phase: one geom per
// box, dSpaceCollide each frame, and the near callback records the pair instead of calling
// dCollide. Each geom is a user class whose AABB callback writes the box exactly (float ->
// double is exact, and ODE's AABB tests are closed), so no ODE box is rebuilt from a position
// and sizes with rounding; moving a geom (dGeomSetPosition, for the boxes that changed) marks
// it dirty, and ODE recomputes the AABBs of dirty geoms when it collides, as it does for
// bodies. The runner still applies the shared exact test, which every reported pair passes.
// - ode_sap: dSweepAndPruneSpace, Terdiman's box pruning (radix sort of the minima on one
//   axis, then a sweep testing the other axes), one-shot by design. Its best mode: sort along
//   the longer side of the world (a user picks the axis order for the world), the other
//   in-plane axis second.
// - ode_quadtree: dQuadTreeSpace over the world bounds, a fixed quadtree in x and y: a geom
//   sits in the deepest block that holds its whole AABB. Its best mode: the depth at which a
//   leaf block is about 4 mean box sizes on the world's longer side (shallower, and more geoms
//   share a block; deeper, and more straddle a split and stay high), at most 8 levels.
// ODE's dHashSpace is left out: each collide allocates an n x n bit matrix. Single-threaded.

#include <ode/ode.h>

#include <cstdint>
#include <vector>

#include "app/bench/runners/exact_pairs.hpp"
#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// An ODE space (sweep-and-prune or quadtree) of user-class geoms, collided once per frame.
class OdeSpaceRunner final : public FrameRunner {
  public:
    /// Which ODE space.
    enum class Kind {
        /// dSweepAndPruneSpace: "ode_sap".
        sweep_and_prune,
        /// dQuadTreeSpace: "ode_quadtree".
        quadtree,
    };
    /// An empty space of `kind` for a scene inside `facts.world_bounds`; the geoms are made on
    /// the first frame.
    OdeSpaceRunner(Kind kind, const SceneFacts& facts);
    ~OdeSpaceRunner() override;
    OdeSpaceRunner(const OdeSpaceRunner&) = delete;
    OdeSpaceRunner& operator=(const OdeSpaceRunner&) = delete;
    [[nodiscard]] std::string_view name() const override;
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;

    /// The box a geom's AABB callback reads (the current frame's, by index).
    [[nodiscard]] const Box2& box(std::uint32_t index) const { return boxes_[index]; }
    /// Receives one candidate pair from dSpaceCollide.
    void near(dGeomID a, dGeomID b);

  private:
    // Creates the space and one geom per box (the first frame).
    void build(std::span<const Box2> boxes);

    Kind kind_;
    Box2 world_;
    dSpaceID space_ = nullptr;
    int quadtree_depth_ = 0;
    std::vector<dGeomID> geoms_;
    std::span<const Box2> boxes_;
    std::vector<Box2> previous_boxes_;
    ExactPairs exact_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

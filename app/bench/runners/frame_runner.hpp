#pragma once
// One algorithm doing the benchmark's job for one frame: take every box's new position, then
// produce the complete exact set of overlapping pairs (closed touching rule). Our broad
// phases and the peer libraries (Box2D, Bullet, Chipmunk, CGAL, Boost.Geometry, ODE) are all
// wrapped behind this interface so the timing loop treats them alike.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/resource_budget.hpp"
#include "core/geometry/box.hpp"

namespace aabb::bench {

/// What a runner may need to know about the scene before the first frame.
struct SceneFacts {
    /// Boxes per frame (the same every frame).
    std::size_t box_count = 0;
    /// A box containing every box of every frame (Bullet's axis sweep quantizes inside it,
    /// ODE's quadtree divides it).
    Box2 world_bounds;
};

/// The per-frame job behind one algorithm name.
class FrameRunner {
  public:
    virtual ~FrameRunner() = default;
    /// The name --list prints and --algo selects.
    [[nodiscard]] virtual std::string_view name() const = 0;
    /// Updates every box (ids 0..n−1) to `boxes`, then replaces `pairs` with every pair
    /// overlapping under the closed rule, each once with first < second, in any order.
    virtual void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) = 0;
    /// Box tests of the last frame. Ours count every box-box and node-box test; peers count
    /// the exact tests the runner applies to the library's candidates (library internals are
    /// not instrumented).
    [[nodiscard]] virtual std::uint64_t last_box_tests() const = 0;
    /// Bytes held (peers: an estimate from their node and pair counts).
    [[nodiscard]] virtual std::size_t memory_bytes() const = 0;
    /// Threads a frame runs on (every peer runs on the calling thread alone).
    [[nodiscard]] virtual int threads() const { return 1; }
    /// From `deadline` on, run_frame may stop inside the frame with DeadlineExceeded (our
    /// brute force checks it; the default, for runners that cannot stop, ignores it).
    virtual void set_deadline(std::chrono::steady_clock::time_point deadline) { (void)deadline; }
    /// What run_frame may allocate (set before the first frame): going over it throws
    /// BudgetExceeded. Our broad phases check it; peers check the pairs they keep (a peer
    /// library's own nodes and caches are its own). Default default_resource_budget.
    virtual void set_budget(const ResourceBudget& budget) { budget_ = budget; }

  protected:
    /// The budget set with set_budget.
    [[nodiscard]] const ResourceBudget& budget() const { return budget_; }

  private:
    ResourceBudget budget_ = default_resource_budget;
};

}  // namespace aabb::bench

#pragma once
// Peer: Bullet 3.24's bt32BitAxisSweep3, incremental sort and sweep on 3 quantized axes (2D
// boxes get the z interval [-1, 1]). Its best mode is its only one, for coherent motion: every
// proxy's AABB set each frame, each endpoint moved by insertion sort, pairs added and removed
// in the persistent pair cache as endpoints cross; the quantization grid spans the scene's
// world bounds (its best resolution), without the ray-cast accelerator, a second broad phase
// (a dbvt) it would otherwise keep up to date on every setAabb. Building is O(n²): each new
// handle enters at the end of every axis and sorts down, and on z, where every box overlaps
// every other, each new minimum passes every maximum (that is how Bullet finds the first
// pairs). Bullet has no bulk build; inserting in order of min x, the one thing a caller
// controls, makes the x sorts nearly free (about a third of the build). The build is reported
// apart from the frames. Single-threaded.

#include <BulletCollision/BroadphaseCollision/btAxisSweep3.h>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "app/bench/runners/frame_runner.hpp"

namespace aabb::bench {

/// bt32BitAxisSweep3 over the scene's world bounds (without its ray-cast dbvt): createProxy
/// on the first frame, setAabb for every proxy after, then calculateOverlappingPairs and a
/// walk over the whole pair cache with the exact closed test.
class BulletSweepRunner final : public FrameRunner {
  public:
    /// A sweep whose quantization grid covers `facts.world_bounds` (padded by 1%).
    explicit BulletSweepRunner(const SceneFacts& facts);
    ~BulletSweepRunner() override;
    BulletSweepRunner(const BulletSweepRunner&) = delete;
    BulletSweepRunner& operator=(const BulletSweepRunner&) = delete;
    [[nodiscard]] std::string_view name() const override { return "bullet_sweep_32"; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;
    /// The O(n²) build checks it between insertions: at a million boxes it would take hours.
    void set_deadline(std::chrono::steady_clock::time_point deadline) override {
        deadline_ = deadline;
    }

  private:
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::unique_ptr<bt32BitAxisSweep3> sweep_;
    std::vector<btBroadphaseProxy*> proxies_;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

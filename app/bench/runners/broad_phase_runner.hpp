#pragma once
// Runs one of our broad phases: set_all then find_pairs, under the closed touching rule.

#include <memory>
#include <string>

#include "app/bench/runners/frame_runner.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"

namespace aabb::bench {

/// A FrameRunner over any algorithm registered in the broad-phase factory.
class BroadPhaseRunner final : public FrameRunner {
  public:
    /// Makes the factory algorithm `algorithm` with the closed policy and `options`, listed as
    /// `name` (the algorithm's own name when empty) running on `threads` threads.
    BroadPhaseRunner(const std::string& algorithm, const BroadPhaseParameterValues& options = {},
                     std::string name = {}, int threads = 1);
    [[nodiscard]] std::string_view name() const override { return name_; }
    void run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) override;
    [[nodiscard]] std::uint64_t last_box_tests() const override { return last_box_tests_; }
    [[nodiscard]] std::size_t memory_bytes() const override;
    [[nodiscard]] int threads() const override { return threads_; }
    void set_deadline(std::chrono::steady_clock::time_point deadline) override {
        broad_phase_->set_deadline(deadline);
    }
    void set_budget(const ResourceBudget& budget) override { broad_phase_->set_budget(budget); }

  private:
    std::unique_ptr<BroadPhase> broad_phase_;
    std::string name_;
    int threads_ = 1;
    std::uint64_t last_box_tests_ = 0;
};

}  // namespace aabb::bench

#include "app/bench/runners/broad_phase_runner.hpp"

#include <utility>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb::bench {

BroadPhaseRunner::BroadPhaseRunner(const std::string& algorithm,
                                   const BroadPhaseParameterValues& options, std::string name,
                                   int threads)
    : broad_phase_(make_broad_phase(algorithm, TouchingPolicy::closed(), options)),
      name_(name.empty() ? algorithm : std::move(name)),
      threads_(threads) {}

void BroadPhaseRunner::run_frame(std::span<const Box2> boxes, std::vector<BoxPair>& pairs) {
    broad_phase_->set_all(boxes);
    broad_phase_->find_pairs(pairs);
    last_box_tests_ = broad_phase_->last_box_tests();
}

std::size_t BroadPhaseRunner::memory_bytes() const {
    return broad_phase_->stats().memory_bytes;
}

}  // namespace aabb::bench

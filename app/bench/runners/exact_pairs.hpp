#pragma once
// The one step every peer runner shares: a library hands over candidate pairs (boxes in the
// same hash cell, fat boxes that overlap, double-precision AABBs that overlap), and the runner
// keeps those whose own float boxes overlap under the closed rule. The test is the same one
// brute force applies, so every runner's pairs can be checked against it exactly.
//
// It also keeps the pairs within the run's budget (issue 13): a pile of boxes at one point must
// end in BudgetExceeded, not gigabytes. Several peers are C libraries calling back into it
// (Chipmunk, ODE), and an exception thrown through C frames ends the process, so offer() only
// stops keeping pairs and finish(), called once the library has returned, throws. (No deadline
// here: the library's own search would run to the end of the frame anyway.)

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/broadphase/resource_budget.hpp"

#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/overlap.hpp"

namespace aabb::bench {

/// Collects one frame's exact pairs from a library's candidates, counting the tests.
class ExactPairs {
  public:
    /// Starts a frame: clears `pairs`, where the kept pairs go, and tests against `boxes`
    /// (both must outlive the frame), keeping at most what `budget` allows.
    void begin(std::span<const Box2> boxes, std::vector<BoxPair>& pairs,
               const ResourceBudget& budget = default_resource_budget) {
        boxes_ = boxes.data();
        pairs_ = &pairs;
        pairs.clear();
        tests_ = 0;
        budget_ = budget;
        max_pairs_ = std::min<std::uint64_t>(budget.max_pairs, budget.max_bytes / sizeof(BoxPair));
        over_budget_ = false;
    }
    /// Tests candidate (a, b), a != b, and keeps it as (min, max) when the boxes overlap;
    /// once over the pair budget, ignores it (finish() throws).
    void offer(std::uint32_t a, std::uint32_t b) {
        ++tests_;
        if (over_budget_ || !overlaps_closed(boxes_[a], boxes_[b])) return;
        if (pairs_->size() >= max_pairs_) {
            over_budget_ = true;
            return;
        }
        pairs_->push_back(make_pair_ordered(a, b));
    }
    /// Ends the frame once the library has returned: throws BudgetExceeded naming `who` when
    /// the pairs went over the budget.
    void finish(std::string_view who) const {
        if (!over_budget_) return;
        check_budget(budget_, who, "pairs", max_pairs_ + 1, budget_.max_pairs, "max_pairs",
                     sizeof(BoxPair), pair_budget_advice);
    }
    /// For a library that meets every candidate from both sides: tests it from a < b only.
    void offer_from_smaller(std::uint32_t a, std::uint32_t b) {
        if (a < b) offer(a, b);
    }
    /// The candidates tested since begin().
    [[nodiscard]] std::uint64_t tests() const { return tests_; }

  private:
    const Box2* boxes_ = nullptr;
    std::vector<BoxPair>* pairs_ = nullptr;
    std::uint64_t tests_ = 0;
    ResourceBudget budget_ = default_resource_budget;
    std::uint64_t max_pairs_ = 0;
    bool over_budget_ = false;
};

/// The pointer a library's user data carries for box `index`: peers hand back what they were
/// given, and the index is all the runner needs.
[[nodiscard]] inline void* index_as_pointer(std::size_t index) {
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(index));
}

/// The box index `pointer` carries (see index_as_pointer).
[[nodiscard]] inline std::uint32_t pointer_as_index(const void* pointer) {
    return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(pointer));
}

}  // namespace aabb::bench

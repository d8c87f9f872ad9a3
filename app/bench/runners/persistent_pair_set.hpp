#pragma once
// The pairs a physics engine's contact manager keeps between frames, kept the way Box2D 2.4.1's
// b2ContactManager keeps its contacts: one list of every kept pair (its contact list), and per
// box the boxes it is paired with (its body's contact edges). A pair is added when the broad
// phase reports it and is not kept yet (b2ContactManager::AddPair walks a body's edges to
// check), and is dropped when the broad phase's fat boxes no longer overlap
// (b2ContactManager::Collide). Pair-set runners wrap a broad phase that reports only new
// candidate pairs around it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/resource_budget.hpp"

namespace aabb::bench {

/// Kept pairs with per-box edge lists: add if absent, then visit all and drop some.
class PersistentPairSet {
  public:
    /// Forgets every pair and sizes the edge lists for boxes 0..box_count−1; at most
    /// budget.max_pairs pairs (and max_bytes of them) may be kept, `who` names the runner.
    void reset(std::size_t box_count, const ResourceBudget& budget = default_resource_budget,
               std::string_view who = "pair set");
    /// Keeps (a, b), a != b, unless it is kept already. Throws BudgetExceeded (before
    /// allocating) when that would go over the budget.
    void add(std::uint32_t a, std::uint32_t b);
    /// Calls `still_candidate(a, b)` for every kept pair; drops those for which it returns
    /// false. The visiting order is unspecified.
    template <class StillCandidate>
    void update(StillCandidate still_candidate) {
        for (std::size_t k = 0; k < pairs_.size();) {
            if (still_candidate(pairs_[k].first, pairs_[k].second)) {
                ++k;
            } else {
                drop(k);
            }
        }
    }
    /// Pairs kept.
    [[nodiscard]] std::size_t size() const { return pairs_.size(); }
    /// Bytes held by the pair list and the edge lists.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    // Removes pair k from the list (the last pair takes its place) and from both edge lists.
    void drop(std::size_t k);

    std::vector<BoxPair> pairs_;
    std::vector<std::vector<std::uint32_t>> partners_;
    ResourceBudget budget_ = default_resource_budget;
    std::string who_ = "pair set";
};

}  // namespace aabb::bench

#pragma once
// A growable buffer of pairs written through a cursor, one per thread, so the threads of a
// job never share a vector and a frame allocates nothing once the buffers are large enough.
// Growth is checked against the engine's pair budget first; a BudgetExceeded thrown on a
// worker reaches the caller through the worker pool.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/resource_budget.hpp"

namespace aabb::banded {

/// Pairs written through a cursor; storage grows but never shrinks.
struct PairBuffer {
    /// Storage; only the first `count` entries are pairs.
    std::vector<BoxPair> storage;
    /// Pairs written.
    std::size_t count = 0;
    /// Sweep-axis candidates met (box tests, for the counters).
    std::uint64_t candidates = 0;
    /// The budget growth is checked against (the owning engine's; nullptr: unchecked).
    const ResourceBudget* budget = nullptr;
    /// Makes room for `extra` more pairs, so kernels may then write without a check.
    void reserve_more(std::size_t extra) {
        if (count + extra > storage.size()) grow(count + extra);
    }
    /// Grows the storage to hold at least `needed` pairs, after checking the budget.
    void grow(std::size_t needed) {
        if (budget != nullptr) {
            check_budget(*budget, "banded_sort_and_sweep", "pairs", needed, budget->max_pairs,
                         "max_pairs", sizeof(BoxPair), pair_budget_advice);
        }
        // Doubling, but never past what the budget allows, so the check above stays exact.
        std::size_t size = 2 * needed + 1024;
        if (budget != nullptr) {
            const std::uint64_t most =
                std::min<std::uint64_t>(budget->max_pairs, budget->max_bytes / sizeof(BoxPair));
            size = std::max<std::size_t>(needed, std::min<std::uint64_t>(size, most));
        }
        storage.resize(size);
    }
    /// Forgets the pairs and the count of candidates, keeping the storage.
    void reset() {
        count = 0;
        candidates = 0;
    }
};

}  // namespace aabb::banded

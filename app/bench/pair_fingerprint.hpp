#pragma once
// An order-independent fingerprint of one frame's pair set, what --check compares between
// algorithms: count, sum and xor of two different mixes of each pair. Sets that differ
// (including by a duplicate) differ in it with overwhelming probability, and it costs O(pairs)
// without sorting.

#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb::bench {

/// The fingerprint of a pair set.
struct PairFingerprint {
    /// Pairs in the set.
    std::uint64_t count = 0;
    /// Sum (mod 2^64) of the first mix of every pair.
    std::uint64_t sum = 0;
    /// Xor of the second mix of every pair.
    std::uint64_t exclusive_or = 0;
    bool operator==(const PairFingerprint&) const = default;
};

/// The fingerprint of `pairs`, in any order.
[[nodiscard]] PairFingerprint fingerprint(const std::vector<BoxPair>& pairs);

}  // namespace aabb::bench

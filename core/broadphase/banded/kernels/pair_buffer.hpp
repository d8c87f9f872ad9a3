#pragma once
// A growable buffer of pairs written through a cursor, one per thread, so the threads of a
// job never share a vector and a frame allocates nothing once the buffers are large enough.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// Pairs written through a cursor; storage grows but never shrinks.
struct PairBuffer {
    /// Storage; only the first `count` entries are pairs.
    std::vector<BoxPair> storage;
    /// Pairs written.
    std::size_t count = 0;
    /// Sweep-axis candidates met (box tests, for the counters).
    std::uint64_t candidates = 0;
    /// Makes room for `extra` more pairs, so kernels may then write without a check.
    void reserve_more(std::size_t extra) {
        if (count + extra > storage.size()) storage.resize(2 * (count + extra) + 1024);
    }
    /// Forgets the pairs and the count of candidates, keeping the storage.
    void reset() {
        count = 0;
        candidates = 0;
    }
};

}  // namespace aabb::banded

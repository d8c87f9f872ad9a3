#pragma once
// What one thread of the banded engine's jobs writes: every job's per-thread output in one
// place, a cache line apart from the next thread's, so the threads never write a shared line.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/banded/band_layout.hpp"
#include "core/broadphase/banded/kernels/pair_buffer.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// What one thread's share of the gather measured.
struct GatherShare {
    /// The spread of the boxes it gathered.
    Spread spread;
    /// Band entries per band, when counting.
    std::vector<std::uint32_t> counts;
    /// Some box got a margin.
    bool fattened = false;
};

/// What one thread's share of the change scan found.
struct ScanShare {
    /// Boxes that moved and left their fat boxes (their bits are in ChangeScan::escape_blocks).
    std::size_t escaped = 0;
    /// Present now, absent before.
    std::vector<BoxId> added;
    /// Every box this thread copied was valid.
    bool valid = true;
};

/// One thread's outputs of every job of a frame.
struct alignas(64) ThreadShare {
    /// The gather of a full sweep.
    GatherShare gather;
    /// The change scan of set_all.
    ScanShare scan;
    /// The candidates of the last full sweep.
    PairBuffer sweep;
    /// The candidates found by the partial path.
    PairBuffer changes;
    /// The partial path's finds in the kept bands for one chunk of queries, as (other box,
    /// query box), before the other box's changed and large flags are read.
    PairBuffer band_finds;
    /// Its finds among the changed boxes, likewise, before the other box's escaped flag is read.
    PairBuffer changed_finds;
    /// The exact pairs of the last search.
    PairBuffer result;
    /// Where the partial path's scans of one chunk of queries start.
    std::vector<std::uint32_t> query_starts;
    /// Candidates the exact test marked as dropped this frame.
    std::size_t dropped = 0;

    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return (sweep.storage.capacity() + changes.storage.capacity() +
                band_finds.storage.capacity() + changed_finds.storage.capacity() +
                result.storage.capacity()) *
                   sizeof(BoxPair) +
               (query_starts.capacity() + gather.counts.capacity()) * sizeof(std::uint32_t);
    }
};

}  // namespace aabb::banded

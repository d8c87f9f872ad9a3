#pragma once
// The pairs kept from frame to frame: candidates (pairs whose fat boxes overlapped, tested
// exactly every frame) and settled pairs (exact pairs of two still boxes, whose verdict holds
// until one of them changes, so they are not tested again each frame).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/banded/kernels/pair_buffer.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// Kept candidates and settled pairs, and the exact test that turns candidates into pairs.
struct CandidateCache {
    /// Pairs whose fat boxes overlap, each once. A candidate dropped because one of its boxes
    /// escaped is overwritten with (0, 0), which the exact test skips, by the exact test itself
    /// (on all threads), and removed by an occasional compaction.
    std::vector<BoxPair> candidates;
    /// Candidates before it may involve boxes that escaped this frame; those after it were made
    /// this frame.
    std::size_t fresh_from = 0;
    /// (0, 0) entries in candidates.
    std::size_t dropped = 0;
    /// Exact pairs of two still boxes.
    std::vector<BoxPair> settled;
    /// A still box escaped this frame: some settled pairs may be stale.
    bool settled_dirty = false;

    /// Forgets every pair.
    void clear();
    /// Keeps `found[0, count)` as candidates: what settle_or_keep does when no box is still.
    void keep(const BoxPair* found, std::size_t count) {
        candidates.insert(candidates.end(), found, found + count);
    }
    /// Keeps `found[0, count)`: settled when both boxes are still (`still` per id), after an
    /// exact test of `boxes` unless `found_exact`; candidates otherwise. `open`: the open
    /// touching rule (closed otherwise).
    void settle_or_keep(const BoxPair* found, std::size_t count, bool found_exact,
                        const std::uint8_t* still, const Box2* boxes, bool open);
    /// Drops the settled pairs of boxes flagged in `escaped` (per id).
    void drop_settled_of(const std::uint8_t* escaped);
    /// The exact test of candidates[begin, end) against `boxes` (four floats per id), safe to
    /// run on disjoint ranges at once: pairs go to `out`; candidates before fresh_from of boxes
    /// flagged in `escaped` are marked (0, 0) and counted in `marked`. `fetch_ahead`: prefetch
    /// the boxes of later candidates (worth it once the boxes outgrow the L2 cache).
    void test_range(bool open, std::size_t begin, std::size_t end, const float* boxes,
                    const std::uint8_t* escaped, bool fetch_ahead, PairBuffer& out,
                    std::size_t& marked);
    /// The one-thread exact test of every candidate: as test_range, but the candidates of
    /// escaped boxes and earlier marks are removed in the same pass.
    void test_and_compact(bool open, const float* boxes, const std::uint8_t* escaped,
                          bool fetch_ahead, PairBuffer& out);
    /// Removes the (0, 0) marks.
    void compact();
    /// Candidates that are not marks.
    [[nodiscard]] std::size_t live() const { return candidates.size() - dropped; }
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return (candidates.capacity() + settled.capacity()) * sizeof(BoxPair);
    }
};

}  // namespace aabb::banded

#pragma once
// The SIMD scans of the banded engine over BandArrays: the full sweep of a range of entries
// (SSE2 and AVX) and the scan of one query box along a band (scan_overlaps, inline: its
// callback is the caller's per-pair bookkeeping).

#include <bit>
#include <cstddef>
#include <cstdint>

#include <immintrin.h>

#include "core/broadphase/banded/kernels/band_arrays.hpp"
#include "core/broadphase/banded/kernels/pair_buffer.hpp"
#include "core/geometry/box.hpp"

namespace aabb::banded {

/// The set bits of an 8-bit lane mask. A table, not std::popcount: the build targets plain
/// x86-64, where std::popcount is a library call.
inline unsigned lanes_set(unsigned mask) {
    static constexpr std::uint8_t nibble[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return nibble[mask & 0xfu] + nibble[(mask >> 4) & 0xfu];
}

/// The sweep of entries [begin, end) of `bands`: each entry is tested against the entries
/// after it in its band until their minimum passes its maximum; a pair counts when either
/// entry owns it (see BandArrays::tagged_id). Closed compares. Pairs and the sweep-axis
/// candidates met go to `out`. Four lanes at a time.
void sweep_range_sse2(const BandArrays& bands, std::size_t begin, std::size_t end, PairBuffer& out);

/// The same sweep, eight lanes at a time; only for CPUs with AVX.
void sweep_range_avx(const BandArrays& bands, std::size_t begin, std::size_t end, PairBuffer& out);

/// The same sweep, eight lanes at a time, writing each block's pairs without a branch; only
/// for CPUs with AVX2.
void sweep_range_avx2(const BandArrays& bands, std::size_t begin, std::size_t end, PairBuffer& out);

/// Four entries at a time from `slot` on, in SoA arrays sorted by min_sweep and padded with
/// +inf minima: calls found(slot) for each entry whose box overlaps `query` (closed), until
/// an entry starts past the query's end on the sweep axis `along`. Returns the entries met.
/// Room for four more pairs in `out` is made before each block, so found() may append
/// without a check.
template <class Found>
inline std::uint64_t scan_overlaps(const float* min_sweep, const float* max_sweep,
                                   const float* min_across, const float* max_across,
                                   std::size_t slot, const Box2& query, int along, PairBuffer& out,
                                   Found&& found) {
    const int across = 1 - along;
    const __m128 reach = _mm_set1_ps(query.max[along]);
    const __m128 start = _mm_set1_ps(query.min[along]);
    const __m128 low = _mm_set1_ps(query.min[across]);
    const __m128 high = _mm_set1_ps(query.max[across]);
    std::uint64_t met = 0;
    for (;; slot += 4) {
        const __m128 in_reach = _mm_cmple_ps(_mm_loadu_ps(min_sweep + slot), reach);
        const __m128 overlap =
            _mm_and_ps(_mm_and_ps(in_reach, _mm_cmpge_ps(_mm_loadu_ps(max_sweep + slot), start)),
                       _mm_and_ps(_mm_cmple_ps(_mm_loadu_ps(min_across + slot), high),
                                  _mm_cmpge_ps(_mm_loadu_ps(max_across + slot), low)));
        const auto reach_bits = static_cast<unsigned>(_mm_movemask_ps(in_reach));
        met += lanes_set(reach_bits);
        out.reserve_more(4);
        for (auto bits = static_cast<unsigned>(_mm_movemask_ps(overlap)); bits != 0;
             bits &= bits - 1) {
            found(slot + static_cast<std::size_t>(std::countr_zero(bits)));
        }
        if (reach_bits != 0xfu) return met;
    }
}

/// scan_overlaps over all of `arrays` from `slot` on.
template <class Found>
inline std::uint64_t scan_overlaps(const BandArrays& arrays, std::size_t slot, const Box2& query,
                                   int along, PairBuffer& out, Found&& found) {
    return scan_overlaps(arrays.min_sweep.data(), arrays.max_sweep.data(), arrays.min_across.data(),
                         arrays.max_across.data(), slot, query, along, out,
                         static_cast<Found&&>(found));
}

}  // namespace aabb::banded

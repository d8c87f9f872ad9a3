#include "core/broadphase/banded/kernels/sweep_kernels.hpp"

#include <algorithm>

#include "core/broadphase/banded/kernels/pair_compress.hpp"

namespace aabb::banded {

namespace {

// Writes pairs (first, tagged_ids[lanes of bits]) in order.
inline void emit_lanes(PairBuffer& out, std::uint32_t tagged_first, const std::uint32_t* tagged_ids,
                       unsigned bits) {
    out.reserve_more(8);
    BoxPair* target = out.storage.data() + out.count;
    const BoxId first = tagged_first & id_mask;
    while (bits != 0) {
        const BoxId other = tagged_ids[std::countr_zero(bits)] & id_mask;
        *target++ = BoxPair{std::min(first, other), std::max(first, other)};
        bits &= bits - 1;
    }
    out.count = static_cast<std::size_t>(target - out.storage.data());
}

// The arrays of a band layout the eight-lane sweeps read.
struct BandPointers {
    const float* min_sweep;
    const float* max_sweep;
    const float* min_across;
    const float* max_across;
    const std::uint32_t* ids;
    // The owner bit of a tagged id is its sign bit: read as floats, the ids can be or-ed.
    const float* owns;
    explicit BandPointers(const BandArrays& bands)
        : min_sweep(bands.min_sweep.data()),
          max_sweep(bands.max_sweep.data()),
          min_across(bands.min_across.data()),
          max_across(bands.max_across.data()),
          ids(bands.tagged_id.data()),
          owns(reinterpret_cast<const float*>(bands.tagged_id.data())) {}
};

// One entry broadcast to eight lanes: its reach along the sweep axis, its extent across it,
// and its owner bit.
struct EntryLanes {
    __m256 reach;
    __m256 low;
    __m256 high;
    __m256 owner;
};

__attribute__((target("avx"), always_inline)) inline EntryLanes entry_lanes(
    const BandPointers& band, std::size_t i) {
    return {_mm256_set1_ps(band.max_sweep[i]), _mm256_set1_ps(band.min_across[i]),
            _mm256_set1_ps(band.max_across[i]), _mm256_broadcast_ss(band.owns + i)};
}

// The block of eight entries from `j` against `entry` (AVX float compares only): `along` gets
// the lanes that start within its reach; returns the lanes that overlap it and are owned.
__attribute__((target("avx"), always_inline)) inline unsigned pair_lanes(const BandPointers& band,
                                                                         const EntryLanes& entry,
                                                                         std::size_t j,
                                                                         unsigned& along) {
    constexpr int less = _CMP_LE_OQ;
    constexpr int greater = _CMP_GE_OQ;
    const __m256 starts = _mm256_cmp_ps(_mm256_loadu_ps(band.min_sweep + j), entry.reach, less);
    const __m256 across =
        _mm256_and_ps(_mm256_cmp_ps(_mm256_loadu_ps(band.min_across + j), entry.high, less),
                      _mm256_cmp_ps(_mm256_loadu_ps(band.max_across + j), entry.low, greater));
    const __m256 owned = _mm256_or_ps(entry.owner, _mm256_loadu_ps(band.owns + j));
    along = static_cast<unsigned>(_mm256_movemask_ps(starts));
    return static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_and_ps(_mm256_and_ps(starts, across), owned)));
}

}  // namespace

// The sweep-axis lanes that pass form a prefix of each block (sorted order, +inf sentinels end
// a band), so a block that is not all passing is the last one. Closed compares: candidates are
// made under the closed rule on fat boxes, a superset of the exact pairs under every policy,
// which the exact test narrows down.
void sweep_range_sse2(const BandArrays& bands, std::size_t begin, std::size_t end,
                      PairBuffer& out) {
    const float* min_sweep = bands.min_sweep.data();
    const float* max_sweep = bands.max_sweep.data();
    const float* min_across = bands.min_across.data();
    const float* max_across = bands.max_across.data();
    const std::uint32_t* ids = bands.tagged_id.data();
    std::uint64_t candidates = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const __m128 reach = _mm_set1_ps(max_sweep[i]);
        const __m128 low = _mm_set1_ps(min_across[i]);
        const __m128 high = _mm_set1_ps(max_across[i]);
        // Only sign bits matter below: the owner bit of a tagged id is its sign bit.
        const __m128 owner = _mm_castsi128_ps(_mm_set1_epi32(static_cast<std::int32_t>(ids[i])));
        for (std::size_t j = i + 1;; j += 4) {
            const __m128 starts = _mm_loadu_ps(min_sweep + j);
            const __m128 along = _mm_cmple_ps(starts, reach);
            const __m128 lows = _mm_loadu_ps(min_across + j);
            const __m128 highs = _mm_loadu_ps(max_across + j);
            const __m128 across = _mm_and_ps(_mm_cmple_ps(lows, high), _mm_cmpge_ps(highs, low));
            const __m128 owned = _mm_or_ps(
                owner,
                _mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(ids + j))));
            const auto along_bits = static_cast<unsigned>(_mm_movemask_ps(along));
            const auto bits = static_cast<unsigned>(
                _mm_movemask_ps(_mm_and_ps(_mm_and_ps(along, across), owned)));
            candidates += lanes_set(along_bits);
            if (bits != 0) emit_lanes(out, ids[i], ids + j, bits);
            if (along_bits != 0xfu) break;
        }
    }
    out.candidates += candidates;
}

// AVX float compares only; no AVX2 instruction needed.
__attribute__((target("avx"))) void sweep_range_avx(const BandArrays& bands, std::size_t begin,
                                                    std::size_t end, PairBuffer& out) {
    const BandPointers band(bands);
    std::uint64_t candidates = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const EntryLanes entry = entry_lanes(band, i);
        for (std::size_t j = i + 1;; j += 8) {
            unsigned along = 0;
            const unsigned bits = pair_lanes(band, entry, j, along);
            candidates += lanes_set(along);
            if (bits != 0) emit_lanes(out, band.ids[i], band.ids + j, bits);
            if (along != 0xffu) break;
        }
    }
    out.candidates += candidates;
}

// As sweep_range_avx, but each block's pairs are written without a branch
// (pair_compress.hpp): whether a block holds a pair follows no pattern.
__attribute__((target("avx2"))) void sweep_range_avx2(const BandArrays& bands, std::size_t begin,
                                                      std::size_t end, PairBuffer& out) {
    const BandPointers band(bands);
    const __m256i untag = _mm256_set1_epi32(static_cast<int>(id_mask));
    std::uint64_t candidates = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const EntryLanes entry = entry_lanes(band, i);
        const __m256i query = _mm256_set1_epi32(static_cast<int>(band.ids[i] & id_mask));
        for (std::size_t j = i + 1;; j += 8) {
            unsigned along = 0;
            const unsigned bits = pair_lanes(band, entry, j, along);
            candidates += lanes_set(along);
            out.reserve_more(8);
            const __m256i others = _mm256_and_si256(
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(band.ids + j)), untag);
            out.count +=
                store_pairs_compressed(query, others, bits, out.storage.data() + out.count);
            if (along != 0xffu) break;
        }
    }
    out.candidates += candidates;
}

}  // namespace aabb::banded

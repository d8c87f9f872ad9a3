#include "core/broadphase/banded/one_band_sweep.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <utility>

#include <immintrin.h>

#include "core/broadphase/banded/kernels/pair_compress.hpp"
#include "core/broadphase/banded/kernels/sort_keys.hpp"
#include "core/broadphase/banded/kernels/sweep_kernels.hpp"

namespace aabb::banded {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

// Sentinel entries after the last box: the neighbour sweep reads up to 2 * 8 - 1 entries past
// the last block it starts.
constexpr std::size_t padding = 2 * sentinel_padding;

// Sizes `arrays` for `count` entries followed by `padding` sentinels.
void resize_padded(BandArrays& arrays, std::size_t count) {
    arrays.resize_with_sentinels(count + padding - sentinel_padding);
    for (std::size_t slot = count; slot < count + padding; ++slot)
        arrays.write_sentinel(slot);
}

// The farthest neighbour the block sweep tests; an entry that reaches beyond it goes on alone.
constexpr std::size_t block_reach = 8;

// The pairs of entry `i` with the entries from `j` on, eight at a time, until their minima
// pass its maximum (sweep_range_avx2's inner loop, from any entry on).
__attribute__((target("avx2"))) inline std::uint64_t sweep_entry_from(const BandArrays& arrays,
                                                                      std::size_t i, std::size_t j,
                                                                      PairBuffer& out) {
    const __m256 reach = _mm256_set1_ps(arrays.max_sweep[i]);
    const __m256 low = _mm256_set1_ps(arrays.min_across[i]);
    const __m256 high = _mm256_set1_ps(arrays.max_across[i]);
    const __m256i query = _mm256_set1_epi32(static_cast<int>(arrays.tagged_id[i] & id_mask));
    const __m256i untag = _mm256_set1_epi32(static_cast<int>(id_mask));
    std::uint64_t met = 0;
    for (;; j += 8) {
        const __m256 along =
            _mm256_cmp_ps(_mm256_loadu_ps(arrays.min_sweep.data() + j), reach, _CMP_LE_OQ);
        const __m256 across = _mm256_and_ps(
            _mm256_cmp_ps(_mm256_loadu_ps(arrays.min_across.data() + j), high, _CMP_LE_OQ),
            _mm256_cmp_ps(_mm256_loadu_ps(arrays.max_across.data() + j), low, _CMP_GE_OQ));
        const auto along_bits = static_cast<unsigned>(_mm256_movemask_ps(along));
        const auto bits = static_cast<unsigned>(_mm256_movemask_ps(_mm256_and_ps(along, across)));
        met += static_cast<unsigned>(std::popcount(along_bits));
        out.reserve_more(8);
        const __m256i others = _mm256_and_si256(
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(arrays.tagged_id.data() + j)),
            untag);
        out.count += store_pairs_compressed(query, others, bits, out.storage.data() + out.count);
        if (along_bits != 0xffu) return met;
    }
}

// The sweep of one band turned sideways: eight consecutive entries at once, each against its
// neighbour 1, 2, ... places on, until no lane's neighbour starts within its reach. Entries
// meet about as many boxes as they have pairs when boxes are sparse along the sweep (a
// corridor), so a block of eight needs a few steps where the entry-by-entry sweep spends one
// step per entry. Lanes still reaching past block_reach neighbours go on alone.
__attribute__((target("avx2"))) std::uint64_t sweep_neighbours_avx2(const BandArrays& arrays,
                                                                    std::size_t count,
                                                                    PairBuffer& out) {
    const float* min_sweep = arrays.min_sweep.data();
    const float* min_across = arrays.min_across.data();
    const float* max_across = arrays.max_across.data();
    const std::uint32_t* tagged_ids = arrays.tagged_id.data();
    const __m256i untag = _mm256_set1_epi32(static_cast<int>(id_mask));
    std::uint64_t met = 0;
    for (std::size_t i = 0; i < count; i += 8) {
        // Lanes past the last entry are sentinels: a maximum of -inf reaches nothing.
        const __m256 reach = _mm256_loadu_ps(arrays.max_sweep.data() + i);
        const __m256 low = _mm256_loadu_ps(min_across + i);
        const __m256 high = _mm256_loadu_ps(max_across + i);
        const __m256i queries = _mm256_and_si256(
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(tagged_ids + i)), untag);
        unsigned along_bits = 0;
        for (std::size_t step = 1; step <= block_reach; ++step) {
            const std::size_t j = i + step;
            const __m256 along = _mm256_cmp_ps(_mm256_loadu_ps(min_sweep + j), reach, _CMP_LE_OQ);
            along_bits = static_cast<unsigned>(_mm256_movemask_ps(along));
            if (along_bits == 0) break;
            const __m256 across =
                _mm256_and_ps(_mm256_cmp_ps(_mm256_loadu_ps(min_across + j), high, _CMP_LE_OQ),
                              _mm256_cmp_ps(_mm256_loadu_ps(max_across + j), low, _CMP_GE_OQ));
            const auto bits =
                static_cast<unsigned>(_mm256_movemask_ps(_mm256_and_ps(along, across)));
            met += static_cast<unsigned>(std::popcount(along_bits));
            out.reserve_more(8);
            const __m256i others = _mm256_and_si256(
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(tagged_ids + j)), untag);
            out.count +=
                store_pairs_compressed(queries, others, bits, out.storage.data() + out.count);
        }
        // Still within reach after block_reach neighbours: the rest of those lanes' scans.
        for (; along_bits != 0; along_bits &= along_bits - 1) {
            const std::size_t entry = i + static_cast<std::size_t>(std::countr_zero(along_bits));
            met += sweep_entry_from(arrays, entry, entry + block_reach + 1, out);
        }
    }
    return met;
}

}  // namespace

void OneBandSweep::start(std::span<const BoxId> ids, int sweep_axis) {
    axis = sweep_axis;
    count = ids.size();
    frames = 0;
    last_swaps = 0;
    resize_padded(arrays, count);
    // One band: it is every box's first, so each entry owns its pairs.
    for (std::size_t slot = 0; slot < count; ++slot)
        arrays.tagged_id[slot] = ids[slot] | owner_bit;
    active = true;
}

void OneBandSweep::refresh(const Box2* boxes, int max_swaps_per_box) {
    gather(boxes);
    sort(max_swaps_per_box);
    ++frames;
}

void OneBandSweep::gather(const Box2* boxes) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    // Four boxes at a time, transposed in registers into rows of min x, min y, max x and max y,
    // each row stored to its array with one store (16 scalar stores before: the gather took
    // 1.5 ns a box whether the boxes were read in order or scattered, so it was the stores).
    float* rows[4];
    rows[axis] = arrays.min_sweep.data();
    rows[2 + axis] = arrays.max_sweep.data();
    rows[1 - axis] = arrays.min_across.data();
    rows[3 - axis] = arrays.max_across.data();
    const std::uint32_t* tagged_ids = arrays.tagged_id.data();
    const auto* floats = reinterpret_cast<const float*>(boxes);
    const auto box_lanes = [&](std::size_t slot) {
        return _mm_loadu_ps(floats + 4 * std::size_t{tagged_ids[slot] & id_mask});
    };
    __m128 low = _mm_set1_ps(infinity);
    __m128 high = _mm_set1_ps(-infinity);
    // Boxes are read in last frame's sweep order, scattered by id: beyond a common L2 (256 KB)
    // they are fetched 64 ahead (1,000,000 line boxes: 3.2 ms unfetched, 2.6 fetched 32 ahead,
    // 1.6-1.8 fetched 64 ahead, 1.4 when read in order).
    const std::size_t fetched = count * sizeof(Box2) > (std::size_t{256} << 10) ? count : 0;
    constexpr std::size_t prefetch_distance = 64;
    std::size_t slot = 0;
    for (; slot + 4 <= count; slot += 4) {
        if (slot + prefetch_distance + 4 <= fetched) {
            for (std::size_t later = slot + prefetch_distance; later < slot + prefetch_distance + 4;
                 ++later)
                __builtin_prefetch(floats + 4 * std::size_t{tagged_ids[later] & id_mask});
        }
        __m128 row0 = box_lanes(slot);
        __m128 row1 = box_lanes(slot + 1);
        __m128 row2 = box_lanes(slot + 2);
        __m128 row3 = box_lanes(slot + 3);
        low = _mm_min_ps(low, _mm_min_ps(_mm_min_ps(row0, row1), _mm_min_ps(row2, row3)));
        high = _mm_max_ps(high, _mm_max_ps(_mm_max_ps(row0, row1), _mm_max_ps(row2, row3)));
        _MM_TRANSPOSE4_PS(row0, row1, row2, row3);
        _mm_storeu_ps(rows[0] + slot, row0);
        _mm_storeu_ps(rows[1] + slot, row1);
        _mm_storeu_ps(rows[2] + slot, row2);
        _mm_storeu_ps(rows[3] + slot, row3);
    }
    for (; slot < count; ++slot) {
        const __m128 lanes = box_lanes(slot);
        low = _mm_min_ps(low, lanes);
        high = _mm_max_ps(high, lanes);
        alignas(16) float box[4];
        _mm_store_ps(box, lanes);
        for (int row = 0; row < 4; ++row)
            rows[row][slot] = box[row];
    }
    alignas(16) float lows[4];
    alignas(16) float highs[4];
    _mm_store_ps(lows, low);
    _mm_store_ps(highs, high);
    for (int axis_index = 0; axis_index < 2; ++axis_index) {
        lowest[axis_index] = lows[axis_index];
        highest[axis_index] = highs[2 + axis_index];
    }
}

void OneBandSweep::sort(int max_swaps_per_box) {
    // The insertion sort moves whole entries: with coherent motion there are few to move, and
    // most blocks of four keys are in order already, which one compare of each key with the one
    // before it shows.
    float* min_sweep = arrays.min_sweep.data();
    float* max_sweep = arrays.max_sweep.data();
    float* min_across = arrays.min_across.data();
    float* max_across = arrays.max_across.data();
    std::uint32_t* tagged = arrays.tagged_id.data();
    const std::uint64_t budget = std::uint64_t(max_swaps_per_box) * count + 64;
    std::uint64_t shifts = 0;
    for (std::size_t block = 1; block < count; block += 4) {
        if (block + 4 <= count &&
            _mm_movemask_ps(_mm_cmplt_ps(_mm_loadu_ps(min_sweep + block),
                                         _mm_loadu_ps(min_sweep + block - 1))) == 0) {
            continue;
        }
        for (std::size_t slot = block; slot < std::min(block + 4, count); ++slot) {
            const float key = min_sweep[slot];
            if (!(key < min_sweep[slot - 1])) continue;
            const float high_sweep = max_sweep[slot];
            const float low_across = min_across[slot];
            const float high_across = max_across[slot];
            const std::uint32_t id = tagged[slot];
            std::size_t to = slot;
            while (to > 0 && key < min_sweep[to - 1]) {
                min_sweep[to] = min_sweep[to - 1];
                max_sweep[to] = max_sweep[to - 1];
                min_across[to] = min_across[to - 1];
                max_across[to] = max_across[to - 1];
                tagged[to] = tagged[to - 1];
                --to;
            }
            min_sweep[to] = key;
            max_sweep[to] = high_sweep;
            min_across[to] = low_across;
            max_across[to] = high_across;
            tagged[to] = id;
            shifts += slot - to;
            if (shifts > budget) {
                // Incoherent motion: the rest would cost more than sorting everything.
                radix_sort();
                last_swaps = 0;
                return;
            }
        }
    }
    last_swaps = shifts;
}

void OneBandSweep::radix_sort() {
    items.resize(count);
    for (std::size_t slot = 0; slot < count; ++slot)
        items[slot] = order_item(arrays.min_sweep[slot], static_cast<std::uint32_t>(slot));
    radix_sort_by_key(items, scratch);
    resize_padded(permuted, count);
    for (std::size_t slot = 0; slot < count; ++slot)
        permuted.copy_entry(slot, arrays, item_id(items[slot]));
    std::swap(arrays, permuted);
}

void OneBandSweep::sweep(SweepKernel kernel, PairBuffer& out) const {
    switch (kernel) {
        case SweepKernel::avx2:
            out.candidates += sweep_neighbours_avx2(arrays, count, out);
            break;
        case SweepKernel::avx:
            sweep_range_avx(arrays, 0, count, out);
            break;
        case SweepKernel::sse2:
            sweep_range_sse2(arrays, 0, count, out);
            break;
    }
}

void OneBandSweep::list_ids(std::vector<BoxId>& ids) const {
    ids.resize(count);
    for (std::size_t slot = 0; slot < count; ++slot)
        ids[slot] = arrays.tagged_id[slot] & id_mask;
}

}  // namespace aabb::banded

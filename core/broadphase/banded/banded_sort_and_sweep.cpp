#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

#include "core/broadphase/box_validity_simd.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <immintrin.h>

namespace aabb {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();
// Sentinel entries after each band: one full 8-wide block, so a kernel never reads past them.
constexpr std::size_t sentinel_padding = 8;
// The light per-box steps of a frame (change scan, exact test of a kept candidate, an escaped
// box's query) count as 1/light_step_share of a swept band entry when deciding whether to use
// the other core: measured with aabb-bench at 10,000 boxes, handing them over paid only from
// about four times the sweep's threshold, since the other core must first fetch the boxes
// this one just wrote.
constexpr std::size_t light_step_share = 4;

// Maps a float to an unsigned integer with the same order (the sign-flip trick: negative
// floats have every bit flipped, positive ones only the sign bit; Terdiman, "Radix sort
// revisited"). Adding +0 first turns -0 into +0, so equal floats get equal keys.
std::uint32_t sortable_key(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value + 0.0f);
    const std::uint32_t mask = static_cast<std::uint32_t>(-static_cast<std::int32_t>(bits >> 31));
    return bits ^ (mask | 0x80000000u);
}

std::uint64_t order_item(float key, BoxId id) {
    return (std::uint64_t{sortable_key(key)} << 32) | id;
}

BoxId item_id(std::uint64_t item) {
    return static_cast<BoxId>(item & 0xffffffffu);
}

// LSD radix sort of items by their high 32 bits: three passes of 11 bits, skipping a pass
// whose digit is the same for every item (common for the top bits of nearby floats). Stable.
void radix_sort_by_key(std::vector<std::uint64_t>& items, std::vector<std::uint64_t>& scratch) {
    const std::size_t count = items.size();
    if (count < 2) return;
    scratch.resize(count);
    constexpr int digit_bits = 11;
    constexpr std::uint32_t digit_mask = (1u << digit_bits) - 1;
    static thread_local std::uint32_t histograms[3][1u << digit_bits];
    std::memset(histograms, 0, sizeof histograms);
    for (const std::uint64_t item : items) {
        const auto key = static_cast<std::uint32_t>(item >> 32);
        ++histograms[0][key & digit_mask];
        ++histograms[1][(key >> digit_bits) & digit_mask];
        ++histograms[2][key >> (2 * digit_bits)];
    }
    std::uint64_t* source = items.data();
    std::uint64_t* target = scratch.data();
    for (int pass = 0; pass < 3; ++pass) {
        std::uint32_t* histogram = histograms[pass];
        const int shift = 32 + pass * digit_bits;
        const std::uint32_t first_digit =
            static_cast<std::uint32_t>(source[0] >> shift) & digit_mask;
        if (histogram[first_digit] == count) continue;
        std::uint32_t offset = 0;
        for (std::uint32_t digit = 0; digit <= digit_mask; ++digit) {
            const std::uint32_t bucket = histogram[digit];
            histogram[digit] = offset;
            offset += bucket;
        }
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint64_t item = source[i];
            target[histogram[static_cast<std::uint32_t>(item >> shift) & digit_mask]++] = item;
        }
        std::swap(source, target);
    }
    if (source != items.data()) std::memcpy(items.data(), source, count * sizeof(std::uint64_t));
}

// Insertion sort that gives up once it has shifted more than `budget` items; the items stay a
// permutation either way. Returns the shifts, or nothing when it gave up.
bool insertion_sort(std::vector<std::uint64_t>& items, std::uint64_t budget,
                    std::uint64_t& shifts) {
    shifts = 0;
    std::uint64_t* data = items.data();
    for (std::size_t i = 1; i < items.size(); ++i) {
        const std::uint64_t moving = data[i];
        std::size_t j = i;
        while (j > 0 && moving < data[j - 1]) {
            data[j] = data[j - 1];
            --j;
        }
        data[j] = moving;
        shifts += i - j;
        if (shifts > budget) return false;
    }
    return true;
}

// The set bits of an 8-bit lane mask. A table, not std::popcount: the build targets plain
// x86-64, where std::popcount is a library call.
inline unsigned lanes_set(unsigned mask) {
    static constexpr std::uint8_t nibble[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return nibble[mask & 0xfu] + nibble[(mask >> 4) & 0xfu];
}

using PairBuffer = BandedSortAndSweep::PairBuffer;
using BandArrays = BandedSortAndSweep::BandArrays;

constexpr std::uint32_t id_mask = ~BandedSortAndSweep::owner_bit;

// Makes `slot` an entry no scan can meet: its minima are +inf (a scan stops there), its maxima
// -inf.
void write_sentinel(BandArrays& arrays, std::size_t slot) {
    arrays.min_sweep[slot] = infinity;
    arrays.max_sweep[slot] = -infinity;
    arrays.min_across[slot] = infinity;
    arrays.max_across[slot] = -infinity;
    arrays.tagged_id[slot] = 0;
}

// Sizes `arrays` for `count` entries and one block of sentinels after them.
void resize_with_sentinels(BandArrays& arrays, std::size_t count) {
    const std::size_t padded = count + sentinel_padding;
    arrays.min_sweep.resize(padded);
    arrays.max_sweep.resize(padded);
    arrays.min_across.resize(padded);
    arrays.max_across.resize(padded);
    arrays.tagged_id.resize(padded);
    for (std::size_t slot = count; slot < padded; ++slot)
        write_sentinel(arrays, slot);
}

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

// The sweep of entries [begin, end): each entry i is tested against the entries after it in
// its band until their minimum passes its maximum (sorted order, +inf sentinels end a band).
// The sweep-axis lanes that pass form a prefix of each block, so a block that is not all
// passing is the last one. A pair counts when either entry owns it (see the header). Closed
// compares: candidates are made under the closed rule on fat boxes, a superset of the exact
// pairs under every policy, which the exact test narrows down.
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

// The same sweep, eight lanes at a time (AVX float compares; no AVX2 instruction needed).
__attribute__((target("avx"))) void sweep_range_avx(const BandArrays& bands, std::size_t begin,
                                                    std::size_t end, PairBuffer& out) {
    const float* min_sweep = bands.min_sweep.data();
    const float* max_sweep = bands.max_sweep.data();
    const float* min_across = bands.min_across.data();
    const float* max_across = bands.max_across.data();
    const std::uint32_t* ids = bands.tagged_id.data();
    const float* owns = reinterpret_cast<const float*>(ids);
    constexpr int less = _CMP_LE_OQ;
    constexpr int greater = _CMP_GE_OQ;
    std::uint64_t candidates = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const __m256 reach = _mm256_set1_ps(max_sweep[i]);
        const __m256 low = _mm256_set1_ps(min_across[i]);
        const __m256 high = _mm256_set1_ps(max_across[i]);
        const __m256 owner = _mm256_broadcast_ss(owns + i);
        for (std::size_t j = i + 1;; j += 8) {
            const __m256 along = _mm256_cmp_ps(_mm256_loadu_ps(min_sweep + j), reach, less);
            const __m256 across =
                _mm256_and_ps(_mm256_cmp_ps(_mm256_loadu_ps(min_across + j), high, less),
                              _mm256_cmp_ps(_mm256_loadu_ps(max_across + j), low, greater));
            const __m256 owned = _mm256_or_ps(owner, _mm256_loadu_ps(owns + j));
            const auto along_bits = static_cast<unsigned>(_mm256_movemask_ps(along));
            const auto bits = static_cast<unsigned>(
                _mm256_movemask_ps(_mm256_and_ps(_mm256_and_ps(along, across), owned)));
            candidates += lanes_set(along_bits);
            if (bits != 0) emit_lanes(out, ids[i], ids + j, bits);
            if (along_bits != 0xffu) break;
        }
    }
    out.candidates += candidates;
}

// Maps a coordinate across the sweep axis to its band: subtract, scale, clamp, truncate. It is
// monotone in the coordinate, so the band of the larger of two minima is the larger of their
// bands: the ownership rule relies on it. Every caller uses this one mapping.
struct BandMap {
    float origin;
    float scale;
    float top;  // the last band, as a float
    [[nodiscard]] int operator()(float value) const {
        const float scaled = (value - origin) * scale;
        if (!(scaled > 0.0f)) return 0;
        if (!(scaled < top)) return static_cast<int>(top);
        return static_cast<int>(scaled);
    }
};

// Counts a box's entries per band.
inline void count_entries(const Box2& box, const BandMap& band_of, int across,
                          std::uint32_t* counts) {
    const int last = band_of(box.max[across]);
    for (int band = band_of(box.min[across]); band <= last; ++band)
        ++counts[static_cast<std::size_t>(band)];
}

// Whether a box whose last motion was `motion` (change of min and max corners) stood still.
inline bool is_still(const Box2& motion) {
    return motion.min == glm::vec2(0.0f) && motion.max == glm::vec2(0.0f);
}

// Whether fattened_box() gave `box` a margin: a margin always widens the minimum side too
// (by the slack), and an unusable one leaves the box exactly as it was.
inline bool got_margin(const Box2& fat, const Box2& box) {
    return fat.min.x != box.min.x;
}

// A box grown by its last motion (see BandedSortAndSweepOptions::margin_frames). Inlined into
// the gather, which calls it for every box of a full sweep.
[[gnu::always_inline]] inline Box2 fattened_box(const Box2& box, const Box2& motion,
                                                float margin_frames, float max_margin_sizes) {
    const float moved = std::max(std::max(std::abs(motion.min.x), std::abs(motion.min.y)),
                                 std::max(std::abs(motion.max.x), std::abs(motion.max.y)));
    if (!(moved > 0.0f) || margin_frames == 0.0f) return box;
    const float size = 0.5f * ((box.max.x - box.min.x) + (box.max.y - box.min.y));
    const float widest = max_margin_sizes * size;
    if (!(2.0f * moved <= widest)) return box;
    // The margin repeats last frame's motion of each side (a box moving right grows to the
    // right), plus an eighth of it on every side for turns and wobbles, never beyond `widest`.
    // (A wider side margin held turning boxes longer but made more candidates than it saved
    // queries on every workload of aabb-bench.)
    constexpr float slack_fraction = 0.125f;
    const float frames = std::min(margin_frames, widest / ((1.0f + slack_fraction) * moved));
    const float slack = slack_fraction * frames * moved;
    Box2 fat;
    for (int axis = 0; axis < 2; ++axis) {
        fat.min[axis] = box.min[axis] + frames * std::min(0.0f, motion.min[axis]) - slack;
        fat.max[axis] = box.max[axis] + frames * std::max(0.0f, motion.max[axis]) + slack;
    }
    // Far from the origin a margin can round away or overflow: keep the exact box then.
    if (!fat.is_valid() || !contains(fat, box)) return box;
    return fat;
}

// Four entries at a time from `slot` on, in SoA arrays sorted by min_sweep and padded with
// +inf minima: calls found(slot) for each entry whose box overlaps `query` (closed), until
// an entry starts past the query's end on the sweep axis. Returns the entries met. Room for
// four more pairs in `out` is made before each block, so found() may append without a check.
template <class Found>
inline std::uint64_t scan_overlaps(const float* min_sweep, const float* max_sweep,
                                   const float* min_across, const float* max_across,
                                   std::size_t slot, const Box2& query, int along,
                                   BandedSortAndSweep::PairBuffer& out, Found&& found) {
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

// The escaped boxes among `count` (at most 64) boxes present last frame, as a bit mask. A
// Box2 is four floats (min x, min y, max x, max y); a box is inside its fat box when
// (box − fat)·(1, 1, −1, −1) has no negative lane (the sign of a float difference is exact).
// Every box present last frame was inside its fat box then (one that left it got a new one),
// so a box outside it now moved. A box without a margin leaves on any change (its fat box is
// its box as it was): a settled pair's verdict holds only while both boxes stay exactly as
// they were. Last frame's boxes are not read at all.
inline std::uint64_t escaped_in_block_sse2(const float* now, const float* fat,
                                           const std::uint8_t* no_margin, std::size_t count) {
    const __m128 inside_signs = _mm_setr_ps(1.0f, 1.0f, -1.0f, -1.0f);
    const __m128 zero = _mm_setzero_ps();
    std::uint64_t escaped_bits = 0;
    for (std::size_t index = 0; index < count; ++index) {
        const __m128 box = _mm_loadu_ps(now + 4 * index);
        const __m128 fat_box = _mm_loadu_ps(fat + 4 * index);
        const auto outside = static_cast<unsigned>(_mm_movemask_ps(
            _mm_cmplt_ps(_mm_mul_ps(_mm_sub_ps(box, fat_box), inside_signs), zero)));
        const auto differs = static_cast<unsigned>(_mm_movemask_ps(_mm_cmpneq_ps(box, fat_box)));
        const unsigned leaves = outside | (differs & (0u - no_margin[index]));
        if (leaves != 0) escaped_bits |= std::uint64_t{1} << index;
    }
    return escaped_bits;
}

// any_lane_per_box below finds boxes 0 2 4 6 in bits 0-3 and boxes 1 3 5 7 in bits 4-7; this
// table puts each bit at its box's place.
constexpr std::array<std::uint8_t, 256> boxes_in_order = [] {
    std::array<std::uint8_t, 256> table{};
    for (unsigned mask = 0; mask < 256; ++mask) {
        unsigned ordered = 0;
        for (unsigned bit = 0; bit < 8; ++bit) {
            const unsigned box = bit < 4 ? 2 * bit : 2 * (bit - 4) + 1;
            if ((mask >> bit) & 1u) ordered |= 1u << box;
        }
        table[mask] = static_cast<std::uint8_t>(ordered);
    }
    return table;
}();

// Eight boxes' compare results, two boxes per register (four lanes each, all ones where the
// test holds), to one bit per box set when any of its lanes holds. A lane of all ones is −1
// as an integer, so a box's four lanes sum to a negative number exactly when one holds; two
// rounds of horizontal adds bring each box's sum into one lane (boxes 0 2 4 6 in the low half,
// 1 3 5 7 in the high half), whose signs are the mask.
__attribute__((target("avx2"))) inline unsigned any_lane_per_box(__m256 boxes_01, __m256 boxes_23,
                                                                 __m256 boxes_45, __m256 boxes_67) {
    const __m256i low =
        _mm256_hadd_epi32(_mm256_castps_si256(boxes_01), _mm256_castps_si256(boxes_23));
    const __m256i high =
        _mm256_hadd_epi32(_mm256_castps_si256(boxes_45), _mm256_castps_si256(boxes_67));
    const auto signs = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_hadd_epi32(low, high))));
    return boxes_in_order[signs];
}

// Which of eight boxes left their fat boxes, one bit each: the boxes in four registers of two
// boxes each, their fat boxes and no-margin flags from memory (AVX2 machines).
__attribute__((target("avx2"))) inline unsigned escaped_of_eight(const __m256 (&boxes)[4],
                                                                 const float* fat,
                                                                 const std::uint8_t* no_margin) {
    const __m256 inside_signs = _mm256_setr_ps(1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, -1.0f, -1.0f);
    __m256 outside[4];
    __m256 differs[4];
    for (std::size_t pair = 0; pair < 4; ++pair) {
        const __m256 fat_boxes = _mm256_loadu_ps(fat + 8 * pair);
        outside[pair] =
            _mm256_cmp_ps(_mm256_mul_ps(_mm256_sub_ps(boxes[pair], fat_boxes), inside_signs),
                          _mm256_setzero_ps(), _CMP_LT_OQ);
        differs[pair] = _mm256_cmp_ps(boxes[pair], fat_boxes, _CMP_NEQ_UQ);
    }
    // The no-margin flags (bytes 0 or 1) of the eight boxes, one bit each.
    const auto no_margins =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(
            _mm_loadl_epi64(reinterpret_cast<const __m128i*>(no_margin)), _mm_setzero_si128()))) &
        0xffu;
    return any_lane_per_box(outside[0], outside[1], outside[2], outside[3]) |
           (any_lane_per_box(differs[0], differs[1], differs[2], differs[3]) & no_margins);
}

// The same as escaped_in_block_sse2, eight boxes per step without a branch (AVX2 machines).
__attribute__((target("avx2"))) inline std::uint64_t escaped_in_block_avx2(
    const float* now, const float* fat, const std::uint8_t* no_margin, std::size_t count) {
    std::uint64_t escaped_bits = 0;
    std::size_t index = 0;
    for (; index + 8 <= count; index += 8) {
        const __m256 boxes[4] = {
            _mm256_loadu_ps(now + 4 * index), _mm256_loadu_ps(now + 4 * index + 8),
            _mm256_loadu_ps(now + 4 * index + 16), _mm256_loadu_ps(now + 4 * index + 24)};
        escaped_bits |= std::uint64_t{escaped_of_eight(boxes, fat + 4 * index, no_margin + index)}
                        << index;
    }
    if (index < count) {
        escaped_bits |= escaped_in_block_sse2(now + 4 * index, fat + 4 * index, no_margin + index,
                                              count - index)
                        << index;
    }
    return escaped_bits;
}

// The same for the blocks of 64 boxes [first_block, end_block), read from the frame's input
// while they are copied to the stored boxes and checked (set_all's one pass over every box):
// each block's bits go to escape_bits[block]. Returns whether every box was valid.
__attribute__((target("avx2"))) inline bool copy_and_scan_blocks_avx2(
    const float* input, float* stored, const float* fat, const std::uint8_t* no_margin,
    std::uint64_t* escape_bits, std::size_t first_block, std::size_t end_block) {
    __m256 valid = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
    for (std::size_t block = first_block; block < end_block; ++block) {
        std::uint64_t escaped_bits = 0;
        for (std::size_t index = 64 * block; index < 64 * block + 64; index += 8) {
            __m256 boxes[4];
            // The input is often cold (a recorded trace, a fresh array): fetch 4 KB ahead,
            // since the work per box keeps the hardware prefetcher from running far enough.
            // (Addresses computed as integers: past the input's end a prefetch reads nothing,
            // but pointer arithmetic there would be undefined.)
            const std::uintptr_t ahead = reinterpret_cast<std::uintptr_t>(input + 4 * index) + 4096;
            _mm_prefetch(reinterpret_cast<const char*>(ahead), _MM_HINT_T0);
            _mm_prefetch(reinterpret_cast<const char*>(ahead + 64), _MM_HINT_T0);
            __m256 differences = _mm256_setzero_ps();
            for (std::size_t pair = 0; pair < 4; ++pair) {
                boxes[pair] = _mm256_loadu_ps(input + 4 * index + 8 * pair);
                _mm256_storeu_ps(stored + 4 * index + 8 * pair, boxes[pair]);
                differences = _mm256_or_ps(
                    differences,
                    _mm256_xor_ps(boxes[pair], _mm256_loadu_ps(fat + 4 * index + 8 * pair)));
            }
            // Eight boxes bit for bit their fat boxes (still boxes, mostly): none left it, and
            // each is valid, as every fat box is (made from a checked box, or the zero box).
            const __m256i bits = _mm256_castps_si256(differences);
            if (_mm256_testz_si256(bits, bits)) continue;
            for (std::size_t pair = 0; pair < 4; ++pair)
                valid = _mm256_and_ps(valid, valid_box_pair_lanes(boxes[pair]));
            escaped_bits |=
                std::uint64_t{escaped_of_eight(boxes, fat + 4 * index, no_margin + index)}
                << (index - 64 * block);
        }
        escape_bits[block] = escaped_bits;
    }
    return _mm256_movemask_ps(valid) == 0xff;
}

// First position in the ascending `values[0, count)` whose value is not below `key` (count if
// none), like std::lower_bound but branch-free: these searches follow no pattern a branch
// predictor could learn, so conditional moves beat branches.
inline std::size_t first_not_below(const float* values, std::size_t count, float key) {
    if (count == 0) return 0;
    const float* base = values;
    std::size_t remaining = count;
    while (remaining > 1) {
        const std::size_t half = remaining / 2;
        base = base[half] < key ? base + half : base;
        remaining -= half;
    }
    return static_cast<std::size_t>(base - values) + (*base < key ? 1 : 0);
}

// Whether boxes `a` and `b` (four floats each: min x, min y, max x, max y) overlap, in one
// SSE compare: (a.min, b.min) <= (b.max, a.max) lane by lane, closed rule. The open rule
// compares strictly and also asks each box for a positive extent (a box of zero size
// overlaps nothing under it).
template <bool Open>
inline bool boxes_overlap(const float* a, const float* b) {
    const __m128 box_a = _mm_loadu_ps(a);
    const __m128 box_b = _mm_loadu_ps(b);
    const __m128 minima = _mm_movelh_ps(box_a, box_b);  // a.min, b.min
    const __m128 maxima = _mm_movehl_ps(box_a, box_b);  // b.max, a.max
    if constexpr (Open) {
        const __m128 own_maxima = _mm_movehl_ps(box_b, box_a);  // a.max, b.max
        return _mm_movemask_ps(_mm_and_ps(_mm_cmplt_ps(minima, maxima),
                                          _mm_cmplt_ps(minima, own_maxima))) == 0xf;
    } else {
        return _mm_movemask_ps(_mm_cmple_ps(minima, maxima)) == 0xf;
    }
}

// The exact test of candidates[begin, end) for filter_and_compact: pairs go to `target`, the
// candidates that stay are moved down to `kept`. With Escapes, the candidates of escaped boxes
// go; with Marks, the (0, 0) marks of dropped candidates too. Both tests are bitwise, not
// branches: which candidates go follows no pattern.
template <bool Open, bool Escapes, bool Marks>
void test_and_compact(BoxPair* candidates, std::size_t begin, std::size_t end, const float* boxes,
                      const std::uint8_t* escaped, BoxPair* target, std::size_t& count,
                      std::size_t& kept) {
    for (std::size_t index = begin; index < end; ++index) {
        const BoxPair candidate = candidates[index];
        unsigned gone = 0;
        if constexpr (Escapes) gone |= (escaped[candidate.first] | escaped[candidate.second]);
        if constexpr (Marks) gone |= static_cast<unsigned>(candidate.first == candidate.second);
        candidates[kept] = candidate;
        kept += gone ^ 1u;
        const bool overlap = boxes_overlap<Open>(boxes + 4 * std::size_t{candidate.first},
                                                 boxes + 4 * std::size_t{candidate.second});
        target[count] = candidate;
        count += static_cast<unsigned>(overlap) & (gone ^ 1u);
    }
}

}  // namespace

// Bucket indexes over running maxima: a query starts a few entries before its answer instead
// of binary searching, whose dependent, unpredictable steps cost more than the scan itself.
BandedSortAndSweep::ReachBuckets BandedSortAndSweep::ReachBuckets::spanning(float lowest,
                                                                            float highest,
                                                                            std::size_t entries,
                                                                            std::size_t most) {
    ReachBuckets result;
    result.buckets =
        std::clamp<std::size_t>(std::bit_ceil(entries / 2 + 1), 1, std::max<std::size_t>(most, 1));
    result.origin = std::isfinite(lowest) ? lowest : 0.0f;
    result.width = (highest - lowest) / static_cast<float>(result.buckets);
    result.inverse_width = 1.0f / result.width;
    // No usable width (one key, infinite ends, a step too small to invert): one bucket.
    if (!(result.width > 0.0f) || !std::isfinite(result.width) || !std::isfinite(lowest) ||
        !std::isfinite(result.inverse_width)) {
        result.buckets = 1;
        result.width = 0.0f;
        result.inverse_width = 0.0f;
    }
    return result;
}

float BandedSortAndSweep::ReachBuckets::start_of(std::size_t bucket) const {
    return origin + static_cast<float>(bucket) * width;
}

// start_of(b) <= value < start_of(b + 1), exactly as start_of() rounds (0 below the first
// start, the last bucket above the last).
std::size_t BandedSortAndSweep::ReachBuckets::bucket_of(float value) const {
    if (!(value > origin)) return 0;
    const float position = (value - origin) * inverse_width;
    std::size_t bucket = position >= static_cast<float>(buckets - 1)
                             ? buckets - 1
                             : static_cast<std::size_t>(position);
    // Rounding may put the value a step off: correct it (rarely taken, predictable).
    while (bucket > 0 && start_of(bucket) > value)
        --bucket;
    while (bucket + 1 < buckets && start_of(bucket + 1) <= value)
        ++bucket;
    return bucket;
}

// first[b]: the first entry whose running maximum reaches start_of(b). Each entry is counted
// in the bucket after its own, then a prefix sum: a histogram has no chain of dependent steps,
// as a merge of entries and bucket starts would.
void BandedSortAndSweep::ReachBuckets::fill(const float* reach, std::size_t begin, std::size_t end,
                                            std::uint32_t* first) const {
    std::fill(first, first + buckets, static_cast<std::uint32_t>(0));
    for (std::size_t slot = begin; slot < end; ++slot) {
        const std::size_t bucket = bucket_of(reach[slot]);
        // The maxima ascend: once one counts for no bucket, none after it does.
        if (bucket + 1 >= buckets) break;
        ++first[bucket + 1];
    }
    auto total = static_cast<std::uint32_t>(begin);
    for (std::size_t bucket = 0; bucket < buckets; ++bucket) {
        total += first[bucket];
        first[bucket] = total;
    }
}

// Every entry before the result has a running maximum below `key`. It is the first entry of
// the key's bucket, a few entries before the exact answer (finding that would cost a dependent
// walk per query); a crowded bucket is binary searched.
std::size_t BandedSortAndSweep::ReachBuckets::find(const float* reach, std::size_t begin,
                                                   std::size_t end, const std::uint32_t* first,
                                                   float key) const {
    std::size_t slot = begin;
    if (key > origin) {
        const std::size_t bucket = bucket_of(key);
        slot = first[bucket];
        // The answer lies before the next bucket's first entry.
        const std::size_t limit = bucket + 1 < buckets ? first[bucket + 1] : end;
        if (limit - slot > 16) return slot + first_not_below(reach + slot, limit - slot, key);
    }
    return slot;
}

// A persistent pool of worker threads: the caller runs share 0, each worker one more share,
// and the caller waits until all are done. Created once; never a thread per frame. A frame
// hands several short jobs to the workers, so they spin on the job counter for a moment after
// each one (as OpenMP runtimes do) before sleeping on the condition variable: a handoff then
// costs about a microsecond instead of a wake-up by the kernel.
struct BandedSortAndSweep::WorkerPool {
    // How long a worker or the caller spins before blocking.
    static constexpr auto spin_time = std::chrono::microseconds(300);

    explicit WorkerPool(BandedSortAndSweep& owner, int workers) : owner(owner) {
        for (int index = 1; index <= workers; ++index)
            threads.emplace_back([this, index] { work(index); });
    }
    ~WorkerPool() {
        {
            const std::lock_guard lock(mutex);
            stopping.store(true, std::memory_order_release);
        }
        wake.notify_all();
        for (std::thread& thread : threads)
            thread.join();
    }
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // Spins until `ready` holds or spin_time passed; true when it holds.
    template <class Ready>
    static bool spin_until(Ready ready) {
        const auto deadline = std::chrono::steady_clock::now() + spin_time;
        for (;;) {
            for (int round = 0; round < 64; ++round) {
                if (ready()) return true;
                _mm_pause();
            }
            if (std::chrono::steady_clock::now() > deadline) return ready();
        }
    }

    // Runs `new_job` on the caller and on every worker that joins before the caller has
    // finished its own share. Work is claimed in chunks from a shared counter, so a worker that
    // is not scheduled in time (a busy machine) is simply not waited for: the caller closes the
    // job and waits only for the workers that joined.
    void run(void (BandedSortAndSweep::*new_job)(int)) {
        job = new_job;
        const std::uint64_t number = generation.load(std::memory_order_relaxed) + 1;
        finished.store(0, std::memory_order_relaxed);
        joining.store(number << 32, std::memory_order_release);
        {
            // Under the lock, so a worker about to sleep sees the new generation.
            const std::lock_guard lock(mutex);
            generation.store(number, std::memory_order_release);
        }
        wake.notify_all();
        (owner.*new_job)(0);
        const std::uint64_t joined =
            joining.fetch_or(closed_bit, std::memory_order_acq_rel) & count_mask;
        const auto all_back = [&] { return finished.load(std::memory_order_acquire) == joined; };
        if (spin_until(all_back)) return;
        std::unique_lock lock(mutex);
        done.wait(lock, all_back);
    }

    void work(int index) {
        std::uint64_t seen = 0;
        for (;;) {
            const auto has_news = [&] {
                return stopping.load(std::memory_order_acquire) ||
                       generation.load(std::memory_order_acquire) != seen;
            };
            if (!spin_until(has_news)) {
                std::unique_lock lock(mutex);
                wake.wait(lock, has_news);
            }
            if (stopping.load(std::memory_order_acquire)) return;
            seen = generation.load(std::memory_order_acquire);
            // Join this generation's job unless the caller already closed it.
            std::uint64_t state = joining.load(std::memory_order_acquire);
            bool joined = false;
            while ((state >> 32) == (seen & 0xffffffffu) && (state & closed_bit) == 0) {
                if (joining.compare_exchange_weak(state, state + 1, std::memory_order_acq_rel)) {
                    joined = true;
                    break;
                }
            }
            if (!joined) continue;
            (owner.*job)(index);
            finished.fetch_add(1, std::memory_order_acq_rel);
            { const std::lock_guard lock(mutex); }
            done.notify_one();
        }
    }

    static constexpr std::uint64_t closed_bit = 1ull << 31;
    static constexpr std::uint64_t count_mask = closed_bit - 1;

    BandedSortAndSweep& owner;
    std::vector<std::thread> threads;
    std::mutex mutex;
    std::condition_variable wake;
    std::condition_variable done;
    // Written by the caller before the job is opened (release), read by workers after they
    // join it (acquire).
    void (BandedSortAndSweep::*job)(int) = nullptr;
    std::atomic<std::uint64_t> generation{0};
    // (generation << 32) | closed_bit when closed | workers that joined.
    std::atomic<std::uint64_t> joining{0};
    std::atomic<std::uint64_t> finished{0};
    std::atomic<bool> stopping{false};
};

BandedSortAndSweep::BandedSortAndSweep(TouchingPolicy policy, BandedSortAndSweepOptions options)
    : BroadPhase(policy), options_(options) {
    if (options.axis < -1 || options.axis > 1) {
        throw std::invalid_argument("banded_sort_and_sweep: axis must be -1, 0 or 1");
    }
    if (options.threads < 0 || options.threads > 64) {
        throw std::invalid_argument("banded_sort_and_sweep: threads must be in [0, 64]");
    }
    if (options.parallel_threshold < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: parallel_threshold must be >= 0");
    }
    if (!(options.band_height_factor > 0.0f) || !std::isfinite(options.band_height_factor)) {
        throw std::invalid_argument("banded_sort_and_sweep: band_height_factor must be > 0");
    }
    if (options.max_bands < 1 || options.max_bands > (1 << 20)) {
        throw std::invalid_argument("banded_sort_and_sweep: max_bands must be in [1, 2^20]");
    }
    if (options.max_swaps_per_box < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: max_swaps_per_box must be >= 0");
    }
    if (!(options.partial_fraction >= 0.0f && options.partial_fraction <= 1.0f)) {
        throw std::invalid_argument("banded_sort_and_sweep: partial_fraction must be in [0, 1]");
    }
    if (!(options.margin_frames >= 0.0f && options.margin_frames <= 1000.0f)) {
        throw std::invalid_argument("banded_sort_and_sweep: margin_frames must be in [0, 1000]");
    }
    if (!(options.max_margin_sizes >= 0.0f && options.max_margin_sizes <= 1000.0f)) {
        throw std::invalid_argument("banded_sort_and_sweep: max_margin_sizes must be in [0, 1000]");
    }
    thread_count_ = options.threads;
    if (thread_count_ == 0) {
        thread_count_ = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
    }
    use_avx_ = options.allow_avx && __builtin_cpu_supports("avx");
    use_avx2_ = options.allow_avx && __builtin_cpu_supports("avx2");
    buffers_.resize(static_cast<std::size_t>(thread_count_));
    gather_shares_.resize(static_cast<std::size_t>(thread_count_));
    change_buffers_.resize(static_cast<std::size_t>(thread_count_));
    query_starts_.resize(static_cast<std::size_t>(thread_count_));
    scan_shares_.resize(static_cast<std::size_t>(thread_count_));
    result_buffers_.resize(static_cast<std::size_t>(thread_count_));
    dropped_.resize(static_cast<std::size_t>(thread_count_));
    if (thread_count_ > 1) pool_ = std::make_unique<WorkerPool>(*this, thread_count_ - 1);
}

BandedSortAndSweep::~BandedSortAndSweep() = default;

void BandedSortAndSweep::note_escaped(BoxId id) {
    changed_ = true;
    // Once the next search is full anyway, which boxes escaped no longer matters.
    if (needs_full_) return;
    if (id >= changed_since_full_.size()) changed_since_full_.resize(std::size_t{id} + 1, 0);
    if (id >= escaped_now_.size()) escaped_now_.resize(std::size_t{id} + 1, 0);
    if (!escaped_now_[id]) {
        escaped_now_[id] = 1;
        escaped_ids_.push_back(id);
        // A still box may have settled pairs.
        if (still_[id]) settled_dirty_ = true;
    }
    if (changed_since_full_[id]) return;
    changed_since_full_[id] = 1;
    changed_ids_.push_back(id);
    if (static_cast<double>(changed_ids_.size()) >
        static_cast<double>(options_.partial_fraction) * static_cast<double>(size())) {
        needs_full_ = true;
    }
}

void BandedSortAndSweep::track_motion(BoxId id, const Box2& old_box, const Box2& new_box) {
    const Box2 motion{new_box.min - old_box.min, new_box.max - old_box.max};
    motion_[id] = motion;
    if (is_still(motion)) return;
    changed_ = true;
    if (!needs_full_ && (no_margin_[id] || !aabb::contains(fat_boxes_[id], new_box)))
        note_escaped(id);
}

Box2 BandedSortAndSweep::fattened(const Box2& box, const Box2& motion) const {
    return fattened_box(box, motion, sweep_margin_frames_, options_.max_margin_sizes);
}

void BandedSortAndSweep::grow_box_state(std::size_t count) {
    // New ids start still, without a margin, with the zero box as fat box (a valid box: see
    // fat_boxes_).
    if (motion_.size() >= count) return;
    motion_.resize(count);
    fat_boxes_.resize(count);
    no_margin_.resize(count, 1);
    still_.resize(count, 1);
}

void BandedSortAndSweep::record_motion(BoxId id, std::span<const Box2> old_boxes) {
    const auto index = std::size_t{id};
    _mm_storeu_ps(reinterpret_cast<float*>(motion_.data() + index),
                  _mm_sub_ps(_mm_loadu_ps(reinterpret_cast<const float*>(&box(id))),
                             _mm_loadu_ps(reinterpret_cast<const float*>(&old_boxes[index]))));
}

void BandedSortAndSweep::do_add(BoxId id) {
    membership_changed_ = true;
    grow_box_state(id_capacity());
    motion_[id] = Box2{glm::vec2(0.0f), glm::vec2(0.0f)};
    fat_boxes_[id] = box(id);
    if (no_margin_[id] == 0) --margin_count_;
    no_margin_[id] = 1;
    still_[id] = 1;
    note_escaped(id);
}

void BandedSortAndSweep::do_update(BoxId id, const Box2& old_box) {
    track_motion(id, old_box, box(id));
}

void BandedSortAndSweep::do_remove(BoxId id) {
    membership_changed_ = true;
    note_escaped(id);
}

void BandedSortAndSweep::do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                                    std::span<const std::uint8_t> was_present) {
    const auto boxes = stored_boxes();
    const std::size_t kept = std::min(new_count, was_present.size());
    grow_box_state(boxes.size());
    // One pass over the boxes, split across the threads in blocks of 64 (or taken from
    // copy_valid_boxes, which scanned while it copied): which boxes left their fat boxes. Only
    // an escaped box's motion is recorded then; every box's when a full sweep will follow.
    scan_was_present_ = was_present.data();
    scan_count_ = kept;
    for (ScanShare& share : scan_shares_) {
        share.escaped.clear();
        share.added.clear();
    }
    run_parallel((kept + 63) / 64, &BandedSortAndSweep::scan_chunks, 64 / light_step_share);
    fused_blocks_ = 0;
    for (const ScanShare& share : scan_shares_) {
        for (const BoxId id : share.added)
            do_add(id);
        for (const BoxId id : share.escaped) {
            if (needs_full_) break;
            record_motion(id, old_boxes);
            note_escaped(id);
        }
    }
    // A full sweep needs every box's motion: for margins, and to know the still boxes.
    if (needs_full_) {
        for (std::size_t index = 0; index < kept; ++index)
            record_motion(static_cast<BoxId>(index), old_boxes);
    }
    for (std::size_t index = kept; index < new_count; ++index)
        do_add(static_cast<BoxId>(index));
    for (std::size_t index = new_count; index < was_present.size(); ++index) {
        if (was_present[index]) do_remove(static_cast<BoxId>(index));
    }
    // Did anything change at all (for the cached path)? Any change of a box without a margin
    // made it escape, so with no escape and no margins nothing changed. Otherwise memcmp
    // stops at the first difference: it costs little unless nothing moved.
    if (!changed_ && kept > 0 && margin_count_ > 0 &&
        std::memcmp(old_boxes.data(), boxes.data(), kept * sizeof(Box2)) != 0) {
        changed_ = true;
    }
}

bool BandedSortAndSweep::copy_valid_boxes(std::span<const Box2> boxes, Box2* stored) {
    // The change scan of whole blocks of 64 boxes rides along with the copy: each box is
    // compared with its fat box while it is in registers, which saves reading every stored
    // box again. Padded (tolerance) boxes are stored after this copy, so they are scanned later.
    fused_blocks_ = 0;
    const std::size_t covered = std::min(boxes.size(), fat_boxes_.size());
    const std::size_t blocks =
        use_avx2_ && touching_policy().rule != TouchingRule::tolerance ? covered / 64 : 0;
    fused_input_ = reinterpret_cast<const float*>(boxes.data());
    fused_target_ = reinterpret_cast<float*>(stored);
    escape_blocks_.resize(blocks);
    for (ScanShare& share : scan_shares_)
        share.valid = true;
    run_parallel(blocks, &BandedSortAndSweep::copy_and_scan_chunks, 64 / light_step_share);
    bool valid = BroadPhase::copy_valid_boxes(boxes.subspan(64 * blocks), stored + 64 * blocks);
    for (const ScanShare& share : scan_shares_)
        valid = valid && share.valid;
    if (valid) fused_blocks_ = blocks;
    return valid;
}

void BandedSortAndSweep::copy_and_scan_chunks(int thread) {
    ScanShare& share = scan_shares_[static_cast<std::size_t>(thread)];
    const float* fat_floats = reinterpret_cast<const float*>(fat_boxes_.data());
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        share.valid &=
            copy_and_scan_blocks_avx2(fused_input_, fused_target_, fat_floats, no_margin_.data(),
                                      escape_blocks_.data(), begin, end);
    }
}

void BandedSortAndSweep::scan_chunks(int thread) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    ScanShare& share = scan_shares_[static_cast<std::size_t>(thread)];
    const float* new_floats = reinterpret_cast<const float*>(stored_boxes().data());
    const float* fat_floats = reinterpret_cast<const float*>(fat_boxes_.data());
    const std::uint8_t* was_present = scan_was_present_;
    const std::uint8_t* no_margin = no_margin_.data();
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t block = begin; block < end; ++block) {
            const std::size_t first = 64 * block;
            const std::size_t count = std::min(scan_count_, first + 64) - first;
            // Boxes absent last frame are added, not scanned; usually there are none, which
            // eight-byte words of presence flags (each 0 or 1) show at once.
            std::uint64_t added_bits = 0;
            bool all_present = count == 64;
            for (std::size_t word = 0; all_present && word < 8; ++word) {
                std::uint64_t flags;
                std::memcpy(&flags, was_present + first + 8 * word, sizeof flags);
                all_present = flags == 0x0101010101010101ull;
            }
            if (!all_present) {
                for (std::size_t index = 0; index < count; ++index)
                    added_bits |= std::uint64_t{was_present[first + index] == 0} << index;
            }
            // Blocks scanned while set_all copied them come with their bits (which may cover
            // ids past the boxes present last frame: those are cut off).
            std::uint64_t escaped_bits =
                block < fused_blocks_
                    ? escape_blocks_[block] &
                          (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1)
                : use_avx2_ ? escaped_in_block_avx2(new_floats + 4 * first, fat_floats + 4 * first,
                                                    no_margin + first, count)
                            : escaped_in_block_sse2(new_floats + 4 * first, fat_floats + 4 * first,
                                                    no_margin + first, count);
            escaped_bits &= ~added_bits;
            for (; added_bits != 0; added_bits &= added_bits - 1)
                share.added.push_back(static_cast<BoxId>(
                    first + static_cast<std::size_t>(std::countr_zero(added_bits))));
            for (; escaped_bits != 0; escaped_bits &= escaped_bits - 1)
                share.escaped.push_back(static_cast<BoxId>(
                    first + static_cast<std::size_t>(std::countr_zero(escaped_bits))));
        }
    }
}

void BandedSortAndSweep::do_clear() {
    changed_ = true;
    membership_changed_ = true;
    needs_full_ = true;
    for (const BoxId id : changed_ids_)
        changed_since_full_[id] = 0;
    changed_ids_.clear();
    changed_order_.clear();
    for (const BoxId id : escaped_ids_)
        escaped_now_[id] = 0;
    escaped_ids_.clear();
    order_.clear();
    sweep_ids_.clear();
    for (PairBuffer& buffer : buffers_)
        buffer.count = 0;
    for (PairBuffer& buffer : change_buffers_)
        buffer.count = 0;
    candidates_.clear();
    fresh_from_ = 0;
    dropped_candidates_ = 0;
    settled_.clear();
    settled_dirty_ = false;
    for (PairBuffer& buffer : result_buffers_)
        buffer.count = 0;
    for (const BoxId id : large_ids_) {
        if (id < is_large_.size()) is_large_[id] = 0;
    }
    large_ids_.clear();
    entry_count_ = 0;
    band_count_ = 1;
    planned_valid_ = false;
}

void BandedSortAndSweep::adopt_planned_layout() {
    axis_ = planned_axis_;
    band_count_ = planned_count_;
    band_origin_ = planned_origin_;
    band_scale_ = planned_scale_;
    large_width_ = planned_large_width_;
    band_cursor_.assign(static_cast<std::size_t>(band_count_), 0);
}

bool BandedSortAndSweep::plan_differs() const {
    if (planned_axis_ != axis_) return true;
    if (planned_count_ > 2 * band_count_ || 2 * planned_count_ < band_count_) return true;
    if (!(band_scale_ > 0.0f) || !(planned_scale_ > 0.0f)) return planned_count_ != band_count_;
    // Compare the banded ranges [origin, origin + count / scale].
    const double range = double{static_cast<float>(band_count_)} / band_scale_;
    const double planned_range = double{static_cast<float>(planned_count_)} / planned_scale_;
    return std::abs(double{planned_origin_} - double{band_origin_}) > 0.25 * range ||
           std::abs(planned_range - range) > 0.25 * range;
}

bool BandedSortAndSweep::margins_in_next_sweep() const {
    return options_.margin_frames > 0.0f && (margin_pauses_ == 0 || margin_pauses_ % 8 == 0);
}

int BandedSortAndSweep::band_of(float value) const {
    return BandMap{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)}(value);
}

bool BandedSortAndSweep::claim_chunk(std::size_t& begin, std::size_t& end) {
    begin = next_chunk_.fetch_add(chunk_size_, std::memory_order_relaxed);
    if (begin >= work_items_) return false;
    end = std::min(work_items_, begin + chunk_size_);
    return true;
}

void BandedSortAndSweep::run_parallel(std::size_t work_items, void (BandedSortAndSweep::*job)(int),
                                      std::size_t item_weight) {
    work_items_ = work_items;
    next_chunk_.store(0, std::memory_order_relaxed);
    // item_weight: about how many simple steps (box tests, copied entries) one item costs.
    const bool parallel =
        pool_ && work_items * item_weight >= static_cast<std::size_t>(options_.parallel_threshold);
    // Small chunks balance uneven work (a wall sweeps far); 16 chunks per thread at least.
    const std::size_t shares = parallel ? static_cast<std::size_t>(thread_count_) * 16 : 1;
    const std::size_t smallest = std::max<std::size_t>(1, 64 / item_weight);
    chunk_size_ = std::clamp<std::size_t>(work_items / shares + 1, smallest, 4096);
    if (parallel) {
        pool_->run(job);
    } else {
        (this->*job)(0);
    }
}

void BandedSortAndSweep::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    if (!changed_ && !needs_full_ && last_path_ != LastPath::none) {
        last_path_ = LastPath::cached;
        last_swaps_ = 0;
        emit_result(pairs);
        return;
    }
    const std::size_t present = size();
    const bool partial_allowed =
        !needs_full_ && last_path_ != LastPath::none && present > 0 &&
        options_.partial_fraction > 0.0f &&
        static_cast<double>(changed_ids_.size()) <=
            static_cast<double>(options_.partial_fraction) * static_cast<double>(present);
    std::uint64_t search_tests = 0;
    ++searches_since_full_;
    if (!partial_allowed) {
        full_search(counters);
        search_tests = counters.box_tests;
    } else if (!escaped_ids_.empty()) {
        partial_search(counters);
        search_tests = counters.box_tests;
    } else {
        last_swaps_ = 0;
        last_path_ = LastPath::kept;
        fresh_from_ = 0;
    }
    changed_ = false;
    // The exact test of every kept candidate, split across the threads when there are many.
    for (PairBuffer& buffer : result_buffers_)
        buffer.count = 0;
    std::fill(dropped_.begin(), dropped_.end(), std::size_t{0});
    if (pool_ && candidates_.size() >=
                     light_step_share * static_cast<std::size_t>(options_.parallel_threshold)) {
        run_parallel(candidates_.size(), &BandedSortAndSweep::filter_chunks);
        for (const std::size_t dropped : dropped_)
            dropped_candidates_ += dropped;
    } else if (open_policy()) {
        filter_and_compact<true>();
    } else {
        filter_and_compact<false>();
    }
    fresh_from_ = 0;
    if (dropped_candidates_ > candidates_.size() / 4) compact_candidates();
    const std::size_t live = candidates_.size() - dropped_candidates_;
    counters.candidate_pairs = settled_.size() + live;
    counters.box_tests = search_tests + live;
    for (const BoxId id : escaped_ids_)
        escaped_now_[id] = 0;
    escaped_ids_.clear();
    emit_result(pairs);
}

void BandedSortAndSweep::emit_result(std::vector<BoxPair>& pairs) const {
    std::size_t total = settled_.size();
    for (const PairBuffer& buffer : result_buffers_)
        total += buffer.count;
    pairs.reserve(total);
    pairs.insert(pairs.end(), settled_.begin(), settled_.end());
    for (const PairBuffer& buffer : result_buffers_) {
        pairs.insert(pairs.end(), buffer.storage.begin(),
                     buffer.storage.begin() + static_cast<std::ptrdiff_t>(buffer.count));
    }
}

void BandedSortAndSweep::settle_or_keep(const BoxPair* found, std::size_t count, bool found_exact) {
    // Pairs of two still boxes are decided now and kept as settled pairs until one of the two
    // changes; the others are kept as candidates, tested every frame. (A box too fast for a
    // margin has none either, but it changes every frame: its pairs as settled ones would
    // make every frame sift through all settled pairs.)
    const std::uint8_t* still = still_.data();
    const Box2* boxes = stored_boxes().data();
    for (std::size_t index = 0; index < count; ++index) {
        const BoxPair pair = found[index];
        if (still[pair.first] & still[pair.second]) {
            if (found_exact || exact_overlap(boxes[pair.first], boxes[pair.second]))
                settled_.push_back(pair);
        } else {
            candidates_.push_back(pair);
        }
    }
}

void BandedSortAndSweep::compact_candidates() {
    std::size_t kept = 0;
    for (const BoxPair candidate : candidates_) {
        candidates_[kept] = candidate;
        kept += candidate.first != candidate.second ? 1 : 0;
    }
    candidates_.resize(kept);
    dropped_candidates_ = 0;
}

void BandedSortAndSweep::filter_chunks(int thread) {
    PairBuffer& out = result_buffers_[static_cast<std::size_t>(thread)];
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        std::size_t& dropped = dropped_[static_cast<std::size_t>(thread)];
        if (open_policy()) {
            filter_range<true>(begin, end, out, dropped);
        } else {
            filter_range<false>(begin, end, out, dropped);
        }
    }
}

template <bool Open>
void BandedSortAndSweep::filter_range(std::size_t begin, std::size_t end, PairBuffer& out,
                                      std::size_t& dropped) {
    const float* boxes = reinterpret_cast<const float*>(stored_boxes().data());
    const std::uint8_t* escaped = escaped_now_.data();
    BoxPair* candidates = candidates_.data();
    out.reserve_more(end - begin);
    BoxPair* target = out.storage.data() + out.count;
    std::size_t count = 0;
    // Branch-free: every candidate is written, and the cursor advances only for a pair (about
    // half of the candidates are pairs, so a branch would mispredict often). Candidates made
    // before this frame's queries first lose those of the boxes that escaped.
    for (std::size_t index = begin; index < end; ++index) {
        BoxPair candidate = candidates[index];
        if (index < fresh_from_ && (escaped[candidate.first] | escaped[candidate.second]) != 0) {
            candidate = BoxPair{0, 0};
            candidates[index] = candidate;
            ++dropped;
        }
        const bool overlap = boxes_overlap<Open>(boxes + 4 * std::size_t{candidate.first},
                                                 boxes + 4 * std::size_t{candidate.second});
        target[count] = candidate;
        // (0, 0) is a dropped candidate, not a pair.
        count += (overlap & (candidate.first != candidate.second)) ? 1 : 0;
    }
    out.count += count;
}

template <bool Open>
void BandedSortAndSweep::filter_and_compact() {
    // The one-thread exact test: the candidates of escaped boxes and earlier drops are
    // removed in the same pass (both threads instead mark them, see filter_range). Only the
    // candidates made before this frame's queries can belong to escaped boxes.
    const float* boxes = reinterpret_cast<const float*>(stored_boxes().data());
    const std::uint8_t* escaped = escaped_now_.data();
    BoxPair* candidates = candidates_.data();
    const std::size_t total = candidates_.size();
    PairBuffer& out = result_buffers_.front();
    out.reserve_more(total);
    BoxPair* target = out.storage.data() + out.count;
    std::size_t count = 0;
    std::size_t kept = 0;
    if (dropped_candidates_ > 0) {
        test_and_compact<Open, true, true>(candidates, 0, fresh_from_, boxes, escaped, target,
                                           count, kept);
        test_and_compact<Open, false, true>(candidates, fresh_from_, total, boxes, escaped, target,
                                            count, kept);
    } else {
        test_and_compact<Open, true, false>(candidates, 0, fresh_from_, boxes, escaped, target,
                                            count, kept);
        test_and_compact<Open, false, false>(candidates, fresh_from_, total, boxes, escaped, target,
                                             count, kept);
    }
    out.count += count;
    candidates_.resize(kept);
    dropped_candidates_ = 0;
}

void BandedSortAndSweep::full_search(PairSearchCounters& counters) {
    for (PairBuffer& buffer : buffers_) {
        buffer.count = 0;
        buffer.candidates = 0;
    }
    // Margins pay off only when boxes stay inside them for a while. When a full sweep follows
    // the last one at once (most boxes outran their margins in one frame: fast or chaotic
    // motion), the next sweeps use exact boxes, and margins are tried again every eighth.
    if (searches_since_full_ <= 1 && sweep_fattened_) {
        margin_pauses_ = std::max<std::uint32_t>(margin_pauses_, 1);
    } else if (searches_since_full_ > 2) {
        margin_pauses_ = 0;
    }
    sweep_margin_frames_ = margins_in_next_sweep() ? options_.margin_frames : 0.0f;
    if (margin_pauses_ > 0) ++margin_pauses_;
    searches_since_full_ = 0;
    const std::size_t capacity = id_capacity();
    if (changed_since_full_.size() < capacity) changed_since_full_.resize(capacity, 0);
    if (escaped_now_.size() < capacity) escaped_now_.resize(capacity, 0);
    // Membership changed: the sweep order starts again from the ids in order.
    bool fresh_order = membership_changed_ || sweep_ids_.size() != size();
    if (fresh_order) {
        sweep_ids_.clear();
        const auto presence_flags = presence();
        for (std::size_t id = 0; id < presence_flags.size(); ++id) {
            if (presence_flags[id]) sweep_ids_.push_back(static_cast<BoxId>(id));
        }
    }
    // Bands are counted during the gather with the layout planned on the last full sweep;
    // without a plan (first sweep, after clear) the layout is planned first, then counted.
    // When this frame's boxes call for a clearly different layout (a new scene), it is
    // adopted at once at the cost of one more sequential pass.
    const bool planned = planned_valid_;
    if (planned) adopt_planned_layout();
    gather_boxes(planned);
    margin_count_ =
        static_cast<std::size_t>(std::count(no_margin_.begin(), no_margin_.end(), std::uint8_t{0}));
    if (!planned || plan_differs()) {
        adopt_planned_layout();
        for (std::size_t position = 0; position < staged_boxes_.size(); ++position) {
            order_[position] = order_item(staged_boxes_[position].min[axis_],
                                          static_cast<std::uint32_t>(position));
            count_entries(staged_boxes_[position],
                          BandMap{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)},
                          1 - axis_, band_cursor_.data());
        }
    }
    if (axis_ != sorted_axis_) fresh_order = true;
    sorted_axis_ = axis_;
    sort_order(fresh_order);
    build_bands();
    run_parallel(entry_count_, &BandedSortAndSweep::sweep_chunks);
    std::uint64_t tests = 0;
    std::size_t total = 0;
    for (const PairBuffer& buffer : buffers_) {
        tests += buffer.candidates;
        total += buffer.count;
    }
    candidates_.clear();
    settled_.clear();
    // Exact boxes swept under the closed rule (tolerance boxes are stored padded): every
    // candidate is a pair already.
    const bool found_exact = !sweep_fattened_ && !open_policy();
    candidates_.reserve(total);
    for (const PairBuffer& buffer : buffers_)
        settle_or_keep(buffer.storage.data(), buffer.count, found_exact);
    settled_dirty_ = false;
    fresh_from_ = 0;
    dropped_candidates_ = 0;
    counters.box_tests = tests;
    for (const BoxId id : changed_ids_)
        changed_since_full_[id] = 0;
    changed_ids_.clear();
    changed_order_.clear();
    membership_changed_ = false;
    needs_full_ = false;
    last_path_ = LastPath::full;
}

void BandedSortAndSweep::gather_chunks(int thread) {
    GatherShare& share = gather_shares_[static_cast<std::size_t>(thread)];
    const auto boxes = stored_boxes();
    const BoxId* ids = sweep_ids_.data();
    const int axis = axis_;
    std::uint32_t* counts = gather_counting_ ? share.counts.data() : nullptr;
    const BandMap band_of{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)};
    const int across = 1 - axis;
    const Box2* motion = motion_.data();
    Box2* fat_boxes = fat_boxes_.data();
    const float margin_frames = sweep_margin_frames_;
    bool fattened_any = false;
    std::uint8_t* no_margin = no_margin_.data();
    std::uint8_t* still = still_.data();
    const float max_margin_sizes = options_.max_margin_sizes;
    double sum[2] = {0, 0};
    double sum_squares[2] = {0, 0};
    float lowest[2] = {infinity, infinity};
    float highest[2] = {-infinity, -infinity};
    // Boxes are read in sweep order, not id order: prefetching a few ahead keeps many of
    // these scattered reads in flight instead of waiting for each.
    constexpr std::size_t prefetch_distance = 16;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t position = begin; position < end; ++position) {
            if (position + prefetch_distance < end)
                __builtin_prefetch(&boxes[ids[position + prefetch_distance]]);
            const BoxId id = ids[position];
            const Box2 box = fattened_box(boxes[id], motion[id], margin_frames, max_margin_sizes);
            const bool has_margin = got_margin(box, boxes[id]);
            fattened_any |= has_margin;
            no_margin[id] = has_margin ? 0 : 1;
            still[id] = is_still(motion[id]) ? 1 : 0;
            fat_boxes[id] = box;
            staged_boxes_[position] = box;
            order_[position] = order_item(box.min[axis], static_cast<std::uint32_t>(position));
            if (counts != nullptr) count_entries(box, band_of, across, counts);
            const float center_x = box.min.x + box.max.x;
            const float center_y = box.min.y + box.max.y;
            sum[0] += center_x;
            sum[1] += center_y;
            sum_squares[0] += double{center_x} * center_x;
            sum_squares[1] += double{center_y} * center_y;
            lowest[0] = std::min(lowest[0], box.min.x);
            lowest[1] = std::min(lowest[1], box.min.y);
            highest[0] = std::max(highest[0], box.max.x);
            highest[1] = std::max(highest[1], box.max.y);
        }
    }
    share.fattened = fattened_any;
    for (int axis_index = 0; axis_index < 2; ++axis_index) {
        share.sum[axis_index] = sum[axis_index];
        share.sum_squares[axis_index] = sum_squares[axis_index];
        share.lowest[axis_index] = lowest[axis_index];
        share.highest[axis_index] = highest[axis_index];
    }
}

void BandedSortAndSweep::gather_boxes(bool count_entries) {
    // One pass in last frame's sweep order, split across the threads: copy each box next to
    // its neighbours (the only random access by id of the frame), make its sort item, count
    // its band entries under the layout planned last frame, and measure the spread of boxes
    // for the next frame's plan.
    const std::size_t count = sweep_ids_.size();
    staged_boxes_.resize(count);
    order_.resize(count);
    gather_counting_ = count_entries;
    for (GatherShare& share : gather_shares_) {
        share = GatherShare{
            {0, 0}, {0, 0}, {infinity, infinity}, {-infinity, -infinity}, std::move(share.counts)};
        if (count_entries) share.counts.assign(static_cast<std::size_t>(band_count_), 0);
    }
    run_parallel(count, &BandedSortAndSweep::gather_chunks);
    double sum[2] = {0, 0};
    double sum_squares[2] = {0, 0};
    float lowest[2] = {infinity, infinity};
    float highest[2] = {-infinity, -infinity};
    band_cursor_.assign(static_cast<std::size_t>(band_count_), 0);
    sweep_fattened_ = false;
    for (const GatherShare& share : gather_shares_) {
        sweep_fattened_ |= share.fattened;
        for (int axis = 0; axis < 2; ++axis) {
            sum[axis] += share.sum[axis];
            sum_squares[axis] += share.sum_squares[axis];
            lowest[axis] = std::min(lowest[axis], share.lowest[axis]);
            highest[axis] = std::max(highest[axis], share.highest[axis]);
        }
        if (count_entries) {
            for (std::size_t band = 0; band < band_cursor_.size(); ++band)
                band_cursor_[band] += share.counts[band];
        }
    }
    planned_valid_ = true;
    if (count == 0) {
        planned_count_ = 1;
        planned_origin_ = 0.0f;
        planned_scale_ = 0.0f;
        planned_axis_ = options_.axis >= 0 ? options_.axis : axis_;
        planned_large_width_ = infinity;
        return;
    }
    if (options_.axis >= 0) {
        planned_axis_ = options_.axis;
    } else {
        // Variance of (doubled) centers: the axis along which boxes spread most is swept.
        const double n = static_cast<double>(count);
        const double variance_x = sum_squares[0] / n - (sum[0] / n) * (sum[0] / n);
        const double variance_y = sum_squares[1] / n - (sum[1] / n) * (sum[1] / n);
        planned_axis_ = variance_y > variance_x ? 1 : 0;
    }
    const int along = planned_axis_;
    const int across = 1 - along;

    // Median sizes from an evenly spread sample: robust to a few huge walls.
    constexpr std::size_t samples = 255;
    const std::size_t stride = std::max<std::size_t>(1, count / samples);
    sorted_sizes_.clear();
    for (std::size_t position = 0; position < count; position += stride) {
        const Box2& box = staged_boxes_[position];
        sorted_sizes_.push_back(box.max[across] - box.min[across]);
    }
    const std::size_t across_samples = sorted_sizes_.size();
    for (std::size_t position = 0; position < count; position += stride) {
        const Box2& box = staged_boxes_[position];
        sorted_sizes_.push_back(box.max[along] - box.min[along]);
    }
    const auto sizes = sorted_sizes_.begin();
    const auto half = static_cast<std::ptrdiff_t>(across_samples / 2);
    const auto split = static_cast<std::ptrdiff_t>(across_samples);
    std::nth_element(sizes, sizes + half, sizes + split);
    const float median_across = sizes[half];
    std::nth_element(sizes + split, sizes + split + half, sorted_sizes_.end());
    const float median_along = sizes[split + half];

    // A small margin lets boxes drift without leaving the banded range (leaving it costs only
    // speed: the edge bands take everything beyond).
    const double height = double{options_.band_height_factor} * double{median_across};
    const double spread = double{highest[across]} - double{lowest[across]};
    const double margin = std::min(height, 0.02 * spread);
    const double range = spread + 2.0 * margin;
    const double most_bands =
        std::min<double>(options_.max_bands, static_cast<double>(count) / 8 + 1);
    double bands = 1;
    if (range > 0) {
        bands = height > 0 ? range / height : std::sqrt(static_cast<double>(count));
        bands = std::clamp(std::floor(bands), 1.0, std::max(1.0, most_bands));
    }
    const float scale = range > 0 ? static_cast<float>(bands / range) : 0.0f;
    const bool usable = std::isfinite(scale) && std::isfinite(static_cast<float>(range));
    planned_count_ = usable ? static_cast<int>(bands) : 1;
    planned_origin_ = usable ? static_cast<float>(double{lowest[across]} - margin) : 0.0f;
    planned_scale_ = usable ? scale : 0.0f;
    // Boxes much longer than the typical one along the sweep axis are listed apart for the
    // partial path, so one wall does not make every band query scan its whole band.
    planned_large_width_ = median_along > 0 ? 16.0f * median_along : infinity;
}

void BandedSortAndSweep::sort_order(bool fresh) {
    // Items are (key << 32) | position in last frame's order: sorting them yields the
    // permutation, and the boxes themselves move only once, in build_bands.
    last_swaps_ = 0;
    if (fresh) {
        radix_sort_by_key(order_, order_scratch_);
        return;
    }
    // Last frame's order with fresh keys is nearly sorted when motion is coherent. When the
    // insertion sort gave up last time, the next sorts go straight to the radix sort, trying
    // the insertion sort again every eighth sweep (motion may have calmed down).
    if (insertion_failures_ > 0 && (insertion_failures_++ % 8) != 0) {
        radix_sort_by_key(order_, order_scratch_);
        return;
    }
    const std::uint64_t budget = std::uint64_t(options_.max_swaps_per_box) * order_.size() + 64;
    if (insertion_sort(order_, budget, last_swaps_)) {
        insertion_failures_ = 0;
    } else {
        insertion_failures_ = std::max<std::uint32_t>(insertion_failures_, 1);
        radix_sort_by_key(order_, order_scratch_);
    }
}

void BandedSortAndSweep::build_bands() {
    const int along = axis_;
    const int across = 1 - axis_;
    const std::size_t bands = static_cast<std::size_t>(band_count_);
    const std::size_t count = order_.size();

    for (const BoxId id : large_ids_)
        is_large_[id] = 0;
    large_ids_.clear();
    if (is_large_.size() < id_capacity()) is_large_.resize(id_capacity(), 0);

    band_start_.resize(bands + 1);
    std::size_t offset = 0;
    for (std::size_t band = 0; band < bands; ++band) {
        band_start_[band] = static_cast<std::uint32_t>(offset);
        const std::size_t entries = band_cursor_[band];
        band_cursor_[band] = static_cast<std::uint32_t>(offset);
        offset += entries + sentinel_padding;
    }
    band_start_[bands] = static_cast<std::uint32_t>(offset);
    entry_count_ = offset;
    band_entries_.resize(offset);
    // Sentinels close every band: +inf minimum stops any sweep, -inf maximum sweeps nothing.
    for (std::size_t band = 0; band < bands; ++band) {
        const std::size_t end = band_start_[band + 1];
        for (std::size_t slot = end - sentinel_padding; slot < end; ++slot)
            band_entries_[slot] = {infinity, -infinity, infinity, -infinity, 0};
    }

    // Boxes go out in sweep order, so each band comes out sorted.
    BandEntry* entries = band_entries_.data();
    const BandMap band_of{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)};
    const float large_width = large_width_;
    std::uint32_t* cursor = band_cursor_.data();
    next_ids_.resize(count);
    for (std::size_t position = 0; position < count; ++position) {
        const std::uint32_t from = item_id(order_[position]);
        const Box2& box = staged_boxes_[from];
        const BoxId id = sweep_ids_[from];
        next_ids_[position] = id;
        const auto first = static_cast<std::uint32_t>(band_of(box.min[across]));
        const auto last = static_cast<std::uint32_t>(band_of(box.max[across]));
        const float width = box.max[along] - box.min[along];
        const bool large = width > large_width;
        if (large) {
            is_large_[id] = 1;
            large_ids_.push_back(id);
        }
        const BandEntry entry{box.min[along], box.max[along], box.min[across], box.max[across],
                              id | owner_bit};
        entries[cursor[first]++] = entry;
        for (std::uint32_t band = first + 1; band <= last; ++band)
            entries[cursor[band]++] = {entry.min_sweep, entry.max_sweep, entry.min_across,
                                       entry.max_across, id};
    }
    sweep_ids_.swap(next_ids_);
    // Too many large boxes would make every partial query test them all: treat none as large.
    if (large_ids_.size() > 64) {
        for (const BoxId id : large_ids_)
            is_large_[id] = 0;
        large_ids_.clear();
    }
    reach_ready_ = false;

    // Spread the entries into the arrays the SIMD sweep reads, sequentially. One more block of
    // sentinels at the end: a sweep from a band's last sentinel reads one block past it.
    resize_with_sentinels(bands_, offset);
    run_parallel(offset, &BandedSortAndSweep::spread_chunks);
}

void BandedSortAndSweep::spread_chunks(int) {
    const BandEntry* entries = band_entries_.data();
    float* min_sweep = bands_.min_sweep.data();
    float* max_sweep = bands_.max_sweep.data();
    float* min_across = bands_.min_across.data();
    float* max_across = bands_.max_across.data();
    std::uint32_t* tagged_id = bands_.tagged_id.data();
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t slot = begin; slot < end; ++slot) {
            const BandEntry& entry = entries[slot];
            min_sweep[slot] = entry.min_sweep;
            max_sweep[slot] = entry.max_sweep;
            min_across[slot] = entry.min_across;
            max_across[slot] = entry.max_across;
            tagged_id[slot] = entry.tagged_id;
        }
    }
}

void BandedSortAndSweep::sweep_chunks(int thread) {
    PairBuffer& out = buffers_[static_cast<std::size_t>(thread)];
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        if (use_avx_) {
            sweep_range_avx(bands_, begin, end, out);
        } else {
            sweep_range_sse2(bands_, begin, end, out);
        }
    }
}

void BandedSortAndSweep::build_band_reach() {
    // Per band, the running maximum of the entries' maxima on the sweep axis, leaving out the
    // large boxes (queried from their list): a query starts at the first entry whose running
    // maximum reaches its minimum. Built once per full sweep, on the first partial frame.
    band_reach_.resize(entry_count_);
    const float* max_sweep = bands_.max_sweep.data();
    const std::uint32_t* tagged_ids = bands_.tagged_id.data();
    const std::uint8_t* large = is_large_.data();
    for (std::size_t band = 0; band + 1 < band_start_.size(); ++band) {
        float running = -infinity;
        for (std::size_t slot = band_start_[band]; slot < band_start_[band + 1]; ++slot) {
            if (!large[tagged_ids[slot] & id_mask]) running = std::max(running, max_sweep[slot]);
            band_reach_[slot] = running;
        }
    }
    // A bucket index over the sweep axis, the same buckets in every band: for each band and
    // bucket, the first entry whose running maximum reaches the bucket's start. A query then
    // starts a few entries before its answer instead of binary searching (whose dependent,
    // unpredictable steps cost more than the scan itself).
    const std::size_t bands = band_start_.size() - 1;
    const float* keys = bands_.min_sweep.data();
    float lowest = infinity;
    float highest = -infinity;
    for (std::size_t band = 0; band < bands; ++band) {
        const std::size_t end = band_start_[band + 1] - sentinel_padding;
        for (std::size_t slot = band_start_[band]; slot < end; ++slot) {
            lowest = std::min(lowest, keys[slot]);
            highest = std::max(highest, band_reach_[slot]);
        }
    }
    // Sized for the fullest band, within 256K buckets in all.
    std::size_t fullest = 0;
    for (std::size_t band = 0; band < bands; ++band)
        fullest = std::max<std::size_t>(fullest, band_start_[band + 1] - band_start_[band]);
    reach_layout_ = ReachBuckets::spanning(
        lowest, highest, fullest,
        std::min<std::size_t>(4096, (std::size_t{1} << 18) / std::max<std::size_t>(bands, 1)));
    reach_buckets_.resize(bands * reach_layout_.buckets);
    for (std::size_t band = 0; band < bands; ++band) {
        reach_layout_.fill(band_reach_.data(), band_start_[band],
                           band_start_[band + 1] - sentinel_padding,
                           reach_buckets_.data() + band * reach_layout_.buckets);
    }
    reach_ready_ = true;
}

std::size_t BandedSortAndSweep::reach_start(std::size_t band, float key) const {
    return reach_layout_.find(band_reach_.data(), band_start_[band],
                              band_start_[band + 1] - sentinel_padding,
                              reach_buckets_.data() + band * reach_layout_.buckets, key);
}

void BandedSortAndSweep::partial_search(PairSearchCounters& counters) {
    // The escaped boxes get fat boxes for their new motion; their old candidates go, and their
    // settled pairs when some of them were still.
    if (settled_dirty_) {
        const std::uint8_t* escaped_flags = escaped_now_.data();
        std::size_t kept_settled = 0;
        for (const BoxPair pair : settled_) {
            settled_[kept_settled] = pair;
            kept_settled += (escaped_flags[pair.first] | escaped_flags[pair.second]) ? 0 : 1;
        }
        settled_.resize(kept_settled);
        settled_dirty_ = false;
    }
    for (const BoxId id : escaped_ids_) {
        if (contains(id)) {
            const Box2 fat = fattened(box(id), motion_[id]);
            fat_boxes_[id] = fat;
            const std::uint8_t margin_now = got_margin(fat, box(id)) ? 1 : 0;
            margin_count_ = margin_count_ + margin_now - (1u - no_margin_[id]);
            no_margin_[id] = static_cast<std::uint8_t>(1u - margin_now);
            still_[id] = is_still(motion_[id]) ? 1 : 0;
        }
    }
    // The old candidates of the escaped boxes go: the exact-test pass drops them.
    fresh_from_ = candidates_.size();
    if (!reach_ready_) build_band_reach();
    // Every box changed since the full sweep, by fat minimum along the sweep axis: their band
    // entries are stale, so the escaped boxes meet them here instead. The order persists from
    // frame to frame (boxes join it, keys move a little), so an insertion sort refreshes it;
    // a box no longer present sorts last with a +inf key.
    const auto changed_key = [&](BoxId id) {
        return contains(id) ? order_item(fat_boxes_[id].min[axis_], id) : order_item(infinity, id);
    };
    for (std::uint64_t& item : changed_order_)
        item = changed_key(item_id(item));
    for (std::size_t index = changed_order_.size(); index < changed_ids_.size(); ++index)
        changed_order_.push_back(changed_key(changed_ids_[index]));
    std::uint64_t shifts = 0;
    const std::uint64_t budget =
        std::uint64_t(options_.max_swaps_per_box) * changed_order_.size() + 64;
    if (!insertion_sort(changed_order_, budget, shifts)) {
        radix_sort_by_key(changed_order_, changed_scratch_);
    }
    // Their fat boxes in that order as arrays, so each escaped box scans them contiguously;
    // a +inf minimum after the last one ends every scan.
    const std::size_t changed_count = changed_order_.size();
    // Padded with a block of +inf minima: the four-wide scan reads up to three past the end.
    resize_with_sentinels(changed_bands_, changed_count);
    for (std::size_t position = 0; position < changed_count; ++position) {
        const BoxId id = item_id(changed_order_[position]);
        if (!contains(id)) {
            write_sentinel(changed_bands_, position);
            continue;
        }
        const Box2& fat = fat_boxes_[id];
        changed_bands_.min_sweep[position] = fat.min[axis_];
        changed_bands_.max_sweep[position] = fat.max[axis_];
        changed_bands_.min_across[position] = fat.min[1 - axis_];
        changed_bands_.max_across[position] = fat.max[1 - axis_];
        changed_bands_.tagged_id[position] = id;
    }
    // Running maxima of the maxima: the first slot whose running maximum reaches a box's
    // minimum is where its scan starts (every slot before ends before the box begins).
    changed_reach_.resize(changed_count);
    float running = -infinity;
    for (std::size_t position = 0; position < changed_count; ++position) {
        const bool present_box = changed_bands_.min_sweep[position] != infinity;
        if (present_box) running = std::max(running, changed_bands_.max_sweep[position]);
        changed_reach_[position] = running;
    }
    const float changed_lowest = changed_count > 0 ? changed_bands_.min_sweep[0] : infinity;
    const float changed_highest = changed_count > 0 ? changed_reach_[changed_count - 1] : infinity;
    changed_reach_layout_ =
        ReachBuckets::spanning(changed_lowest, changed_highest, changed_count, 4096);
    changed_reach_buckets_.resize(changed_reach_layout_.buckets);
    changed_reach_layout_.fill(changed_reach_.data(), 0, changed_count,
                               changed_reach_buckets_.data());
    // The work items are the escaped ids still present.
    query_ids_.clear();
    for (const BoxId id : escaped_ids_) {
        if (contains(id)) query_ids_.push_back(id);
    }
    for (PairBuffer& buffer : change_buffers_) {
        buffer.count = 0;
        buffer.candidates = 0;
    }
    // A query scans a few bands and the changed boxes: dozens of tests and a few searches.
    run_parallel(query_ids_.size(), &BandedSortAndSweep::query_escaped_chunks,
                 64 / light_step_share);
    std::uint64_t tests = 0;
    for (const PairBuffer& buffer : change_buffers_) {
        tests += buffer.candidates;
        settle_or_keep(buffer.storage.data(), buffer.count, false);
    }
    counters.box_tests = tests;
    last_swaps_ = 0;
    last_path_ = LastPath::partial;
}

void BandedSortAndSweep::query_escaped_chunks(int thread) {
    PairBuffer& out = change_buffers_[static_cast<std::size_t>(thread)];
    std::vector<std::uint32_t>& starts = query_starts_[static_cast<std::size_t>(thread)];
    const Box2* fat_boxes = fat_boxes_.data();
    const int along = axis_;
    const int across = 1 - axis_;
    const std::uint8_t* changed = changed_since_full_.data();
    const std::uint8_t* escaped = escaped_now_.data();
    const std::uint8_t* large = is_large_.data();
    const float* keys = bands_.min_sweep.data();
    const float* max_sweep = bands_.max_sweep.data();
    const float* min_across = bands_.min_across.data();
    const float* max_across = bands_.max_across.data();
    const std::uint32_t* tagged_ids = bands_.tagged_id.data();
    const ReachBuckets& changed_buckets = changed_reach_layout_;
    std::uint64_t tests = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        // First where each scan starts, for the whole chunk, fetching the entries there: the
        // scans then find them in cache, instead of each query waiting for its own misses
        // (a query is too long for the processor to look ahead into the next one).
        starts.clear();
        for (std::size_t item = begin; item < end; ++item) {
            const Box2& fat = fat_boxes[query_ids_[item]];
            const int last_band = band_of(fat.max[across]);
            for (int band = band_of(fat.min[across]); band <= last_band; ++band) {
                const auto slot = static_cast<std::uint32_t>(
                    reach_start(static_cast<std::size_t>(band), fat.min[along]));
                starts.push_back(slot);
                _mm_prefetch(reinterpret_cast<const char*>(keys + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(max_sweep + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(min_across + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(max_across + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(tagged_ids + slot), _MM_HINT_T0);
            }
            starts.push_back(static_cast<std::uint32_t>(
                changed_buckets.find(changed_reach_.data(), 0, changed_order_.size(),
                                     changed_reach_buckets_.data(), fat.min[along])));
        }
        const std::uint32_t* start = starts.data();
        for (std::size_t item = begin; item < end; ++item) {
            const BoxId id = query_ids_[item];
            const Box2 fat = fat_boxes[id];
            // Against the unchanged boxes in the kept bands (their fat boxes, as swept): scan
            // each band the box crosses from the first entry that could reach it; the band of
            // the overlap's lower edge owns the pair, as in the full sweep. The band's
            // sentinels (+inf minima) end the scan (at once in an empty band).
            const int first_band = band_of(fat.min[across]);
            const int last_band = band_of(fat.max[across]);
            for (int band = first_band; band <= last_band; ++band) {
                // Appends branch-free: whether a stale (changed) entry or a large box turns up
                // follows no pattern.
                tests += scan_overlaps(
                    keys, max_sweep, min_across, max_across, *start++, fat, along, out,
                    [&](std::size_t found) {
                        const std::uint32_t tagged = tagged_ids[found];
                        const BoxId other = tagged & id_mask;
                        const bool owned = band == first_band || (tagged & owner_bit) != 0;
                        const bool keep = owned & ((changed[other] | large[other]) == 0);
                        out.storage[out.count] = make_pair_ordered(id, other);
                        out.count += keep ? 1 : 0;
                    });
            }
            // Against the large unchanged boxes, one by one.
            for (const BoxId other : large_ids_) {
                ++tests;
                if (changed[other] || !overlaps_closed(fat, fat_boxes[other])) continue;
                out.reserve_more(1);
                out.storage[out.count++] = make_pair_ordered(id, other);
            }
            // Against every box changed since the full sweep, by their current fat boxes; a
            // pair of two escaped boxes is reported by the smaller id.
            tests +=
                scan_overlaps(changed_bands_.min_sweep.data(), changed_bands_.max_sweep.data(),
                              changed_bands_.min_across.data(), changed_bands_.max_across.data(),
                              *start++, fat, along, out, [&](std::size_t found) {
                                  const BoxId other = changed_bands_.tagged_id[found];
                                  const bool keep = (other != id) & !(escaped[other] && other < id);
                                  out.storage[out.count] = make_pair_ordered(id, other);
                                  out.count += keep ? 1 : 0;
                              });
        }
    }
    out.candidates += tests;
}

void BandedSortAndSweep::fill_structure_stats(BroadPhaseStats& stats) const {
    stats.sort_swaps = last_swaps_;
    int used = 0;
    int most = 0;
    for (int band = 0;
         band < band_count_ && static_cast<std::size_t>(band) + 1 < band_start_.size(); ++band) {
        const int count =
            static_cast<int>(band_start_[static_cast<std::size_t>(band) + 1] -
                             band_start_[static_cast<std::size_t>(band)] - sentinel_padding);
        if (count > 0) ++used;
        most = std::max(most, count);
    }
    stats.cells_used = used;
    stats.max_boxes_in_cell = most;
}

std::size_t BandedSortAndSweep::structure_memory_bytes() const {
    std::size_t bytes = 0;
    const auto add = [&bytes](const auto& vector) {
        bytes += vector.capacity() * sizeof(vector[0]);
    };
    add(changed_since_full_);
    add(changed_ids_);
    add(order_);
    add(order_scratch_);
    add(sweep_ids_);
    add(next_ids_);
    add(staged_boxes_);

    add(band_start_);
    add(band_cursor_);
    add(band_reach_);
    add(reach_buckets_);
    add(changed_reach_buckets_);
    add(changed_reach_);
    add(sorted_sizes_);
    add(large_ids_);
    add(bands_.min_sweep);
    add(bands_.max_sweep);
    add(bands_.min_across);
    add(bands_.max_across);
    add(bands_.tagged_id);
    add(band_entries_);
    for (const PairBuffer& buffer : buffers_)
        add(buffer.storage);
    for (const PairBuffer& buffer : change_buffers_)
        add(buffer.storage);
    for (const std::vector<std::uint32_t>& starts : query_starts_)
        add(starts);
    add(candidates_);
    add(settled_);
    add(no_margin_);
    add(still_);
    for (const PairBuffer& buffer : result_buffers_)
        add(buffer.storage);
    add(motion_);
    add(fat_boxes_);
    add(escaped_now_);
    add(escaped_ids_);
    add(is_large_);
    add(changed_order_);
    add(changed_bands_.min_sweep);
    add(changed_bands_.max_sweep);
    add(changed_bands_.min_across);
    add(changed_bands_.max_across);
    add(changed_bands_.tagged_id);
    add(changed_scratch_);
    add(query_ids_);
    for (const GatherShare& share : gather_shares_)
        add(share.counts);
    return bytes;
}

void BandedSortAndSweep::visit(StructureVisitor& visitor) const {
    // Only the minima are sorted; each box's maximum is reported with its minimum's rank.
    int rank = 0;
    for (const BoxId id : sweep_ids_) {
        if (!contains(id)) continue;
        visitor.endpoint(axis_, box(id).min[axis_], id, true, rank);
        visitor.endpoint(axis_, box(id).max[axis_], id, false, rank);
        ++rank;
    }
}

}  // namespace aabb

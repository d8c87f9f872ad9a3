#include "core/broadphase/banded/kernels/escape_scan.hpp"

#include <array>
#include <type_traits>

#include <immintrin.h>

#include "core/broadphase/box_validity_simd.hpp"

namespace aabb::banded {

namespace {

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

}  // namespace

std::uint64_t escaped_in_block_sse2(const float* now, const float* fat,
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

__attribute__((target("avx2"))) std::uint64_t escaped_in_block_avx2(const float* now,
                                                                    const float* fat,
                                                                    const std::uint8_t* no_margin,
                                                                    std::size_t count) {
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

namespace {

// copy_and_scan_blocks_avx2, and with `record` also copy_scan_and_record_blocks_avx2: one loop,
// so that the fused copy of a grid frame scans exactly as the plain one.
// (The plain scan only reads the fat boxes.)
template <bool record>
__attribute__((target("avx2"))) inline bool copy_and_scan(
    const float* input, float* stored, std::conditional_t<record, float*, const float*> fat,
    float* motion, const std::uint8_t* no_margin, std::uint64_t* escape_bits,
    std::uint64_t* still_bits, std::size_t first_block, std::size_t end_block) {
    __m256 valid = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
    for (std::size_t block = first_block; block < end_block; ++block) {
        std::uint64_t escaped_bits = 0;
        std::uint64_t moved_bits = 0;
        for (std::size_t index = 64 * block; index < 64 * block + 64; index += 8) {
            __m256 boxes[4];
            __m256 moves[4];
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
                const __m256 fat_boxes = _mm256_loadu_ps(fat + 4 * index + 8 * pair);
                differences = _mm256_or_ps(differences, _mm256_xor_ps(boxes[pair], fat_boxes));
                if constexpr (record) {
                    moves[pair] = _mm256_sub_ps(boxes[pair], fat_boxes);
                    _mm256_storeu_ps(motion + 4 * index + 8 * pair, moves[pair]);
                }
            }
            // Eight boxes bit for bit their fat boxes (still boxes, mostly): none left it, and
            // each is valid, as every fat box is (made from a checked box, or the zero box).
            const __m256i bits = _mm256_castps_si256(differences);
            if (_mm256_testz_si256(bits, bits)) continue;
            for (std::size_t pair = 0; pair < 4; ++pair)
                valid = _mm256_and_ps(valid, valid_box_pair_lanes(boxes[pair]));
            const std::size_t shift = index - 64 * block;
            escaped_bits |=
                std::uint64_t{escaped_of_eight(boxes, fat + 4 * index, no_margin + index)} << shift;
            if constexpr (record) {
                // Moved: some lane of the motion is not zero (what is_still_lanes tests).
                const __m256 zero = _mm256_setzero_ps();
                moved_bits |=
                    std::uint64_t{any_lane_per_box(_mm256_cmp_ps(moves[0], zero, _CMP_NEQ_UQ),
                                                   _mm256_cmp_ps(moves[1], zero, _CMP_NEQ_UQ),
                                                   _mm256_cmp_ps(moves[2], zero, _CMP_NEQ_UQ),
                                                   _mm256_cmp_ps(moves[3], zero, _CMP_NEQ_UQ))}
                    << shift;
                for (std::size_t pair = 0; pair < 4; ++pair)
                    _mm256_storeu_ps(fat + 4 * index + 8 * pair, boxes[pair]);
            }
        }
        escape_bits[block] = escaped_bits;
        if constexpr (record) still_bits[block] = ~moved_bits;
    }
    return _mm256_movemask_ps(valid) == 0xff;
}

}  // namespace

__attribute__((target("avx2"))) bool copy_and_scan_blocks_avx2(
    const float* input, float* stored, const float* fat, const std::uint8_t* no_margin,
    std::uint64_t* escape_bits, std::size_t first_block, std::size_t end_block) {
    return copy_and_scan<false>(input, stored, fat, nullptr, no_margin, escape_bits, nullptr,
                                first_block, end_block);
}

__attribute__((target("avx2"))) bool copy_scan_and_record_blocks_avx2(
    const float* input, float* stored, float* fat, float* motion, const std::uint8_t* no_margin,
    std::uint64_t* escape_bits, std::uint64_t* still_bits, std::size_t first_block,
    std::size_t end_block) {
    return copy_and_scan<true>(input, stored, fat, motion, no_margin, escape_bits, still_bits,
                               first_block, end_block);
}

}  // namespace aabb::banded

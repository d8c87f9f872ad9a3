#pragma once
// SIMD validity checks of stored boxes, shared by BroadPhase::set_all's copy and by broad
// phases that copy the frame's boxes themselves. A Box2 is four floats: min x, min y, max x,
// max y. A box is valid when every coordinate is finite and min <= max on both axes.

#include <immintrin.h>

#include <limits>

namespace aabb {

/// All ones in every lane when `box` is valid: |x| <= largest is false for NaN and both
/// infinities; lanes 0 and 1 compare min <= max, lanes 2 and 3 (max <= min) are forced true.
inline __m128 valid_box_lanes(__m128 box) {
    const __m128 magnitude_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    const __m128 largest = _mm_set1_ps(std::numeric_limits<float>::max());
    const __m128 ignore_upper = _mm_castsi128_ps(_mm_setr_epi32(0, 0, -1, -1));
    const __m128 finite = _mm_cmple_ps(_mm_and_ps(box, magnitude_mask), largest);
    const __m128 swapped = _mm_shuffle_ps(box, box, _MM_SHUFFLE(1, 0, 3, 2));
    return _mm_and_ps(finite, _mm_or_ps(_mm_cmple_ps(box, swapped), ignore_upper));
}

/// The same for two boxes in one AVX register (AVX2 machines).
__attribute__((target("avx2"))) inline __m256 valid_box_pair_lanes(__m256 pair) {
    const __m256 magnitude_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const __m256 largest = _mm256_set1_ps(std::numeric_limits<float>::max());
    const __m256 ignore_upper = _mm256_castsi256_ps(_mm256_setr_epi32(0, 0, -1, -1, 0, 0, -1, -1));
    const __m256 finite = _mm256_cmp_ps(_mm256_and_ps(pair, magnitude_mask), largest, _CMP_LE_OQ);
    const __m256 swapped = _mm256_permute_ps(pair, _MM_SHUFFLE(1, 0, 3, 2));
    return _mm256_and_ps(finite,
                         _mm256_or_ps(_mm256_cmp_ps(pair, swapped, _CMP_LE_OQ), ignore_upper));
}

}  // namespace aabb

#include "core/broadphase/banded/kernels/reach_buckets.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace aabb::banded {

ReachBuckets ReachBuckets::spanning(float lowest, float highest, std::size_t entries,
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

// Each entry is counted in the bucket after its own, then a prefix sum: a histogram has no
// chain of dependent steps, as a merge of entries and bucket starts would.
void ReachBuckets::fill(const float* reach, std::size_t begin, std::size_t end,
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

}  // namespace aabb::banded

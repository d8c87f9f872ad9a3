#pragma once
// A bucket index over running maxima, so a query starts a few entries before its answer
// instead of binary searching, whose dependent, unpredictable steps cost more than the scan
// itself. The lookups are inline: the partial path calls them once per band per query.

#include <cstddef>
#include <cstdint>

namespace aabb::banded {

/// First position in the ascending `values[0, count)` whose value is not below `key` (count if
/// none), like std::lower_bound but branch-free: these searches follow no pattern a branch
/// predictor could learn, so conditional moves beat branches.
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

/// A bucket index over running maxima (non-decreasing over a range of entries): for each of
/// `buckets` equal steps of `width` from `origin`, the first entry whose running maximum
/// reaches the step's start. The index itself (one uint32 per bucket) is stored by the caller,
/// so one layout serves many ranges (every band of a sweep).
struct ReachBuckets {
    /// Where bucket 0 starts.
    float origin = 0.0f;
    /// The step between bucket starts; 0 with a single bucket.
    float width = 0.0f;
    /// How many buckets.
    std::size_t buckets = 1;
    /// 1 / width, or 0 with a single bucket.
    float inverse_width = 0.0f;

    /// Buckets over [lowest, highest], about one per two of `entries` (at most `most`).
    [[nodiscard]] static ReachBuckets spanning(float lowest, float highest, std::size_t entries,
                                               std::size_t most);
    /// Where bucket `bucket` starts.
    [[nodiscard]] float start_of(std::size_t bucket) const {
        return origin + static_cast<float>(bucket) * width;
    }
    /// The bucket holding `value`: start_of(b) <= value < start_of(b + 1), exactly as
    /// start_of() rounds (0 below the first start, the last bucket above the last).
    [[nodiscard]] std::size_t bucket_of(float value) const {
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
    /// Fills first[b], for every bucket, from the running maxima reach[begin, end).
    void fill(const float* reach, std::size_t begin, std::size_t end, std::uint32_t* first) const;
    /// An entry of [begin, end] from which a scan for `key` may start: every entry before it
    /// has a running maximum below `key`. It is the first entry of the key's bucket, a few
    /// entries before the exact answer (finding that would cost a dependent walk per query); a
    /// crowded bucket is binary searched.
    [[nodiscard]] std::size_t find(const float* reach, std::size_t begin, std::size_t end,
                                   const std::uint32_t* first, float key) const {
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
};

}  // namespace aabb::banded

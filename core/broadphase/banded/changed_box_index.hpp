#pragma once
// The partial path's index of every box changed since the bands were made: their band
// entries are stale, so each escaped box meets them here instead, by their current fat boxes
// sorted along the sweep axis, with a bucket index where its scan starts. Once there are many,
// they are also cut into strips across the sweep axis (no more than the layout's bands, over
// their span), so that a query scans only the changed boxes of the strips it crosses.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/banded/band_layout.hpp"
#include "core/broadphase/banded/kernels/band_arrays.hpp"
#include "core/broadphase/banded/kernels/band_map.hpp"
#include "core/broadphase/banded/kernels/reach_buckets.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// The fat boxes changed since the bands were made (full sweep or merge), sorted, as arrays with a
/// bucket index, in strips.
struct ChangedBoxIndex {
    /// Changed boxes per strip aimed at: in one list along the whole sweep axis, a query met
    /// every changed box of its stretch of that axis, hundreds once 5% of a million boxes had
    /// changed; strips of a few thousand keep its scans to a few dozen entries (aabb-bench
    /// static at 1,000,000, one thread, pinned, interleaved: mean 10.2-10.8 -> 9.7-10.1 ms;
    /// 512 and 8192 did as well).
    static constexpr std::size_t default_boxes_per_strip = 2048;

    /// Sort items (fat minimum, place in fresh) of the boxes changed since the last rebuild;
    /// boxes no longer present sort last with a +inf key.
    std::vector<std::uint64_t> order;
    /// Scratch for the radix sort.
    std::vector<std::uint64_t> scratch;
    /// The fat boxes in that order (sentinels keeping their ids for absent boxes), padded with
    /// sentinels.
    BandArrays arrays;
    /// The arrays of the rebuild before, read by the next one.
    BandArrays previous;
    /// Entries of the boxes that changed since the last rebuild, while one runs.
    std::vector<BandEntry> fresh;
    /// Per id, one bit: changed since the last rebuild, while one runs.
    std::vector<std::uint64_t> changed_bits;
    /// Boxes in arrays (the first this many of the changed ids).
    std::size_t indexed = 0;
    /// The sweep axis of the last rebuild.
    int sweep_axis = 0;
    /// With more than one strip: each strip's present boxes in that order, owner bit in the
    /// strip of their minimum across, then sentinel padding (as the bands).
    BandArrays striped;
    /// First entry of each strip in scanned(), and the end of the last (strip_count + 1).
    std::vector<std::uint32_t> strip_start;
    /// The strip of a coordinate across the sweep axis (monotone, as a band map).
    BandMap strip_map{0.0f, 0.0f, 0.0f};
    /// Strips.
    int strip_count = 1;
    /// Per entry of arrays, while the strips are filled: its first strip << 16 | its last.
    std::vector<std::uint32_t> strip_span;
    /// Per entry of scanned(): running maximum of its strip's maxima along the sweep axis.
    std::vector<float> reach;
    /// Per strip, reach_layout.buckets starting entries into reach.
    std::vector<std::uint32_t> reach_buckets;
    /// Its buckets, the same in every strip.
    ReachBuckets reach_layout;

    /// Brings the index up to date with `changed_ids` (every box changed since the bands were
    /// made), of which the `changed_now_ids` changed since the last rebuild: their fat boxes
    /// `fat_boxes` along `axis` and `presence` (per id, nonzero when present). The strips span the
    /// `band_count` bands of `bands`, about `boxes_per_strip` boxes each, at least two and no more
    /// than the bands; one strip below `fewest_for_strips` boxes.
    void rebuild(std::span<const BoxId> changed_ids, std::span<const BoxId> changed_now_ids,
                 std::span<const std::uint8_t> presence, const Box2* fat_boxes, int axis,
                 BandMap bands, int band_count, std::size_t boxes_per_strip,
                 std::size_t fewest_for_strips);
    /// Boxes in arrays, sentinels of absent boxes included.
    [[nodiscard]] std::size_t size() const { return indexed; }
    /// The arrays the queries scan: the sorted ones, or the strips when there are several.
    [[nodiscard]] const BandArrays& scanned() const { return strip_count > 1 ? striped : arrays; }
    /// The strip of a coordinate across the sweep axis.
    [[nodiscard]] int strip_of(float across) const { return strip_map(across); }
    /// Where, in scanned(), the scan of strip `strip` for a box whose fat minimum along the
    /// sweep axis is `key` starts.
    [[nodiscard]] std::size_t start(int strip, float key) const {
        const auto index = static_cast<std::size_t>(strip);
        return reach_layout.find(reach.data(), strip_start[index],
                                 strip_start[index + 1] - sentinel_padding,
                                 reach_buckets.data() + index * reach_layout.buckets, key);
    }
    /// Forgets the boxes (after a full sweep).
    void clear() {
        order.clear();
        indexed = 0;
    }
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return (order.capacity() + scratch.capacity()) * sizeof(std::uint64_t) +
               reach.capacity() * sizeof(float) +
               (reach_buckets.capacity() + strip_start.capacity() + strip_span.capacity()) *
                   sizeof(std::uint32_t) +
               fresh.capacity() * sizeof(BandEntry) + changed_bits.capacity() * 8 +
               arrays.memory_bytes() + previous.memory_bytes() + striped.memory_bytes();
    }

  private:
    /// Spreads the present boxes of arrays into their strips (striped, strip_start).
    void fill_strips(std::size_t count);
    /// Running maxima and their bucket index over scanned().
    void build_reach();
};

}  // namespace aabb::banded

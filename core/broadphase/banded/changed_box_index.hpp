#pragma once
// The partial path's index of every box changed since the bands were made: their band
// entries are stale, so each escaped box meets them here instead, by their current fat boxes
// sorted along the sweep axis, with a bucket index where its scan starts.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/banded/kernels/band_arrays.hpp"
#include "core/broadphase/banded/kernels/reach_buckets.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// The fat boxes changed since the bands were made (full sweep or merge), sorted, as arrays with a
/// bucket index.
struct ChangedBoxIndex {
    /// Sort items (fat minimum, id), kept from frame to frame; boxes no longer present sort
    /// last with a +inf key.
    std::vector<std::uint64_t> order;
    /// Scratch for the radix sort.
    std::vector<std::uint64_t> scratch;
    /// The fat boxes in that order (sentinels for absent boxes), padded with sentinels.
    BandArrays arrays;
    /// Running maximum of the maxima along the sweep axis.
    std::vector<float> reach;
    /// Bucket index into reach.
    std::vector<std::uint32_t> reach_buckets;
    /// Its buckets.
    ReachBuckets reach_layout;

    /// Brings the index up to date with `changed_ids` (the order of first change; ids already
    /// in the index come first), their fat boxes `fat_boxes` along `axis` and `presence` (per
    /// id, nonzero when present); the order is refreshed by insertion sort within
    /// `max_swaps_per_box` shifts per box, else radix sorted.
    void rebuild(std::span<const BoxId> changed_ids, std::span<const std::uint8_t> presence,
                 const Box2* fat_boxes, int axis, int max_swaps_per_box);
    /// Where the scan of a box whose fat minimum along the sweep axis is `key` starts.
    [[nodiscard]] std::size_t start(float key) const {
        return reach_layout.find(reach.data(), 0, order.size(), reach_buckets.data(), key);
    }
    /// Forgets the boxes (after a full sweep).
    void clear() { order.clear(); }
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return (order.capacity() + scratch.capacity()) * sizeof(std::uint64_t) +
               reach.capacity() * sizeof(float) + reach_buckets.capacity() * sizeof(std::uint32_t) +
               arrays.memory_bytes();
    }
};

}  // namespace aabb::banded

#pragma once
// The order of a full sweep, kept from one full sweep to the next: last frame's order with
// fresh keys is nearly sorted when motion is coherent, so an insertion sort refreshes it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/banded/kernels/sort_keys.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// The sweep order of the last full sweep and this one's boxes and sort items.
struct SweepOrder {
    /// The ids in the sweep order of the last full sweep.
    std::vector<BoxId> ids;
    /// Scratch for the next order, swapped with ids.
    std::vector<BoxId> next_ids;
    /// This frame's (fat) boxes in the order of ids.
    std::vector<Box2> staged;
    /// Sort items: (sortable key << 32) | position in ids; sorted ascending by sort().
    std::vector<std::uint64_t> items;
    /// Scratch for the radix sort.
    std::vector<std::uint64_t> scratch;
    /// Shifts made by the last insertion sort (0 after a radix sort).
    std::uint64_t last_swaps = 0;
    /// Sweeps since the insertion sort last gave up (0: it did not).
    std::uint32_t insertion_failures = 0;
    /// Whether the motion of the last sort's gather predicts an insertion sort within its
    /// budget: what will_radix_sort() decides with, the same before this frame's gather (in
    /// which order to gather) and after it (how to sort).
    bool insertion_may_pay = true;
    /// The prediction of this frame's gather (predict_shifts), taken on by start_sort once it
    /// has chosen its sort.
    bool predicted_may_pay = true;
    /// The axis items were last sorted on (-1: none).
    int sorted_axis = -1;

    /// Items [0, sorted_to) are sorted (a sort spread over frames).
    std::size_t sorted_to = 0;
    /// The shifts the insertion sort under way may make.
    std::uint64_t swap_budget = 0;
    /// The radix sort under way, when that is the sort.
    StagedRadixSort radix;

    /// Sorts items: a radix sort when `fresh` (no usable last order) or while the insertion
    /// sort keeps giving up, otherwise an insertion sort of at most `max_swaps_per_box` shifts
    /// per item (a radix sort once that is exceeded).
    void sort(bool fresh, int max_swaps_per_box);
    /// Starts sort(): the radix sort, when that is the sort, is done at once; an insertion sort
    /// is only prepared, for continue_sort.
    void start_sort(bool fresh, int max_swaps_per_box);
    /// Takes the insertion sort on to items [0, end) (all of them once a radix sort was
    /// needed).
    void continue_sort(std::size_t end);
    /// Whether the next sort() that is not `fresh` goes straight to the radix sort: the
    /// insertion sort gave up lately, and this is not a sweep that tries it again (every
    /// eighth while the motion predicts it may pay, else every sixty-fourth).
    [[nodiscard]] bool will_radix_sort() const {
        if (insertion_failures == 0) return false;
        const std::uint32_t retry_every = insertion_may_pay ? 8 : 64;
        return insertion_failures % retry_every != 0;
    }
    /// Sets predicted_may_pay from the last motion (per id) of the boxes of ids, just gathered
    /// with their minima on `axis` (the next sort's) in [lowest, highest].
    void predict_shifts(std::span<const Box2> motion, int axis, float lowest, float highest,
                        int max_swaps_per_box);
    /// Forgets the order.
    void clear();
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return (ids.capacity() + next_ids.capacity()) * sizeof(BoxId) +
               staged.capacity() * sizeof(Box2) +
               (items.capacity() + scratch.capacity()) * sizeof(std::uint64_t) +
               radix.histograms.capacity() * sizeof(std::uint32_t);
    }
};

}  // namespace aabb::banded

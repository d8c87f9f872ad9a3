#pragma once
// Every box in one band, swept afresh each frame: the banded engine's path for a layout of a
// single band (a corridor, a column of boxes: the other axis is only a few box sizes wide).
//
// There the bands save nothing, and each frame's work is what plain sort-and-sweep does with
// coherent motion (Baraff's persistent sorted lists, as ODE's and Bullet's sweep-and-prune keep
// them): refresh every box's endpoints in last frame's order, insertion sort them, sweep. Done
// on arrays kept in sweep order, that costs less than keeping fat boxes and candidates for them
// (aabb-bench line at 10,000 boxes: the fat boxes, their partial queries and the next full
// sweep prepared over frames averaged 0.08 ms a frame) and has no frame that costs more than
// the others. The entries are one band's BandArrays, so the SIMD sweep kernels serve it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/banded/kernels/band_arrays.hpp"
#include "core/broadphase/banded/kernels/pair_buffer.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/box.hpp"

namespace aabb::banded {

/// Which sweep kernel a frame runs (the widest the CPU has).
enum class SweepKernel { sse2, avx, avx2 };

/// The boxes of a one-band layout as BandArrays kept in sweep order from frame to frame.
struct OneBandSweep {
    /// Whether the engine takes this path (between start() and the engine's leaving it).
    bool active = false;
    /// The sweep axis (0 = x, 1 = y).
    int axis = 1;
    /// Boxes in the band.
    std::size_t count = 0;
    /// Every box, in sweep order, each the owner of its pairs; sentinels after the last.
    BandArrays arrays;
    /// The lowest minimum of the boxes per axis at the last refresh.
    float lowest[2] = {0.0f, 0.0f};
    /// The highest maximum of the boxes per axis at the last refresh.
    float highest[2] = {0.0f, 0.0f};
    /// Shifts made by the last insertion sort (0 after a radix sort).
    std::uint64_t last_swaps = 0;
    /// Frames swept since start().
    std::uint64_t frames = 0;
    /// Sort items and scratch for the radix sort that follows an insertion sort giving up.
    std::vector<std::uint64_t> items;
    /// Scratch for the radix sort.
    std::vector<std::uint64_t> scratch;
    /// The arrays being permuted into after a radix sort, swapped with `arrays`.
    BandArrays permuted;

    /// Starts the path with the boxes `ids` (in last frame's sweep order) swept along `axis`.
    void start(std::span<const BoxId> ids, int sweep_axis);
    /// Reads every box from `boxes` (indexed by id) into the arrays in their order, measuring
    /// lowest and highest, then sorts them: an insertion sort of at most `max_swaps_per_box`
    /// shifts per box, a radix sort once that is exceeded.
    void refresh(const Box2* boxes, int max_swaps_per_box);
    /// Appends every overlapping pair (closed compares) to `out`, and the boxes met along the
    /// sweep axis to its candidate count.
    void sweep(SweepKernel kernel, PairBuffer& out) const;
    /// The ids in sweep order (of the last refresh).
    void list_ids(std::vector<BoxId>& ids) const;
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return arrays.memory_bytes() + permuted.memory_bytes() +
               (items.capacity() + scratch.capacity()) * sizeof(std::uint64_t);
    }

  private:
    // The two steps of refresh.
    void gather(const Box2* boxes);
    void sort(int max_swaps_per_box);
    void radix_sort();
};

}  // namespace aabb::banded

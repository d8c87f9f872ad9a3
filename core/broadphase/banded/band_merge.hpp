#pragma once
// The merge that replaces most full sweeps: once many boxes have left their fat boxes since the
// bands were made, their stale entries are dropped from the bands and their current fat boxes
// (the partial path's changed-box index, already sorted along the sweep axis) are merged in,
// band by band, in one linear pass. Nothing is swept: the partial path already found every
// candidate of those boxes, so the kept candidates stay as they are.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/banded/band_layout.hpp"
#include "core/broadphase/banded/changed_box_index.hpp"
#include "core/broadphase/banded/kernels/band_arrays.hpp"

namespace aabb::banded {

/// The merge of changed boxes into the kept bands, and its scratch (kept from merge to merge).
struct BandMerge {
    /// The merged bands, swapped with the layout's.
    BandArrays arrays;
    /// Their band starts, swapped with the layout's.
    std::vector<std::uint32_t> band_start;
    /// Per band (and one more), where its changed boxes start in fresh.
    std::vector<std::uint32_t> fresh_start;
    /// Positions in the changed-box index, band by band, each band's in sweep order.
    std::vector<std::uint32_t> fresh;

    /// Rewrites `layout`'s bands: entries of ids flagged in `stale` (per id) go, and every
    /// present box of `changed` goes into each band its fat box crosses, in sweep order, owner
    /// bit in its first band. The layout's plan and large-box list stay; reach must be rebuilt.
    void merge(BandLayout& layout, const ChangedBoxIndex& changed, const std::uint8_t* stale);
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return arrays.memory_bytes() +
               (band_start.capacity() + fresh_start.capacity() + fresh.capacity()) *
                   sizeof(std::uint32_t);
    }
};

}  // namespace aabb::banded

#pragma once
// The bands of a full sweep: how the axis across the sweep is cut (planned on one full sweep
// from the spread of its boxes, used by the next), the entries of every band as arrays, the
// large boxes listed apart, and the bucket index the partial path starts its queries from.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "core/broadphase/banded/kernels/band_arrays.hpp"
#include "core/broadphase/banded/kernels/band_map.hpp"
#include "core/broadphase/banded/kernels/reach_buckets.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// The spread of a set of boxes, measured while they are gathered: sums of (doubled) centers
/// and their squares, and the extent, per axis.
struct Spread {
    /// Sum of min + max per axis.
    double sum[2] = {0, 0};
    /// Sum of (min + max)^2 per axis.
    double sum_squares[2] = {0, 0};
    /// Lowest minimum per axis.
    float lowest[2] = {std::numeric_limits<float>::infinity(),
                       std::numeric_limits<float>::infinity()};
    /// Highest maximum per axis.
    float highest[2] = {-std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity()};
    /// Adds another share's measurements.
    void merge(const Spread& other);
};

/// A layout of bands: the sweep axis, and how the other axis is cut.
struct LayoutPlan {
    /// Whether a plan was made (not after clear).
    bool valid = false;
    /// The sweep axis (0 = x, 1 = y).
    int axis = 0;
    /// Bands.
    int count = 1;
    /// Where band 0 starts across the sweep axis.
    float origin = 0.0f;
    /// Bands per unit across the sweep axis.
    float scale = 0.0f;
    /// Boxes longer than this along the sweep axis are large (queried by list).
    float large_width = 0.0f;
};

/// One band entry while bands are filled: written to one place per band, then spread into
/// BandArrays in a sequential pass (six scattered streams per band would thrash).
struct BandEntry {
    float min_sweep;          ///< Minimum on the sweep axis.
    float max_sweep;          ///< Maximum on the sweep axis.
    float min_across;         ///< Minimum across the sweep axis.
    float max_across;         ///< Maximum across the sweep axis.
    std::uint32_t tagged_id;  ///< As BandArrays::tagged_id.
};

/// The layout and contents of the bands of the last full sweep.
struct BandLayout {
    /// The layout in use (of the last full sweep).
    LayoutPlan current;
    /// The layout measured on the last full sweep, for the next one.
    LayoutPlan planned;
    /// First entry of each band, and the end of the last (current.count + 1 entries).
    std::vector<std::uint32_t> band_start;
    /// Per band: entries counted, then the fill cursor.
    std::vector<std::uint32_t> band_cursor;
    /// Entries as written while filling, one place per band.
    std::vector<BandEntry> entries;
    /// The entries as the SIMD kernels read them.
    BandArrays arrays;
    /// Entries, sentinels included.
    std::size_t entry_count = 0;
    /// Ids of the large boxes of the last full sweep.
    std::vector<BoxId> large_ids;
    /// Per id: 1 when in large_ids.
    std::vector<std::uint8_t> is_large;
    /// Per entry: running maximum of its band's maxima, large boxes left out.
    std::vector<float> reach;
    /// Whether reach and reach_buckets match the bands.
    bool reach_ready = false;
    /// Per band, reach_layout.buckets starting entries into reach.
    std::vector<std::uint32_t> reach_buckets;
    /// The buckets of every band.
    ReachBuckets reach_layout;
    /// Scratch for the median sizes.
    std::vector<float> sorted_sizes;

    /// The band of a coordinate across the sweep axis, under the current layout.
    [[nodiscard]] BandMap map() const {
        return BandMap{current.origin, current.scale, static_cast<float>(current.count - 1)};
    }
    /// Makes the planned layout current, with every band count at 0.
    void adopt_plan();
    /// Whether the planned layout differs clearly from the current one (a new scene).
    [[nodiscard]] bool plan_differs() const;
    /// Plans the next layout from the `staged` boxes of this sweep and their `spread`:
    /// `forced_axis` (-1: the axis of largest spread), bands `band_height_factor` median box
    /// sizes high, at most `max_bands`.
    void plan(const Spread& spread, std::span<const Box2> staged, int forced_axis,
              float band_height_factor, int max_bands);
    /// Clears the large-box marks.
    void forget_large();
    /// Builds reach and its bucket index (once per full sweep, on the first partial frame).
    void build_reach();
    /// The first part of build_reach: reach, and the bucket index sized but not filled.
    void begin_reach();
    /// The rest of build_reach for bands [first_band, end_band): their buckets (a sweep
    /// prepared over frames fills them in slices, then sets reach_ready).
    void fill_reach(std::size_t first_band, std::size_t end_band);
    /// An entry of band `band` from which a scan for boxes reaching `key` may start.
    [[nodiscard]] std::size_t reach_start(std::size_t band, float key) const {
        return reach_layout.find(reach.data(), band_start[band],
                                 band_start[band + 1] - sentinel_padding,
                                 reach_buckets.data() + band * reach_layout.buckets, key);
    }
    /// Forgets the bands and the plan.
    void clear();
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const;
};

}  // namespace aabb::banded

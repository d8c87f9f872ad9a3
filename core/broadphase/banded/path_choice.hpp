#pragma once
// The dispatcher's choice of a frame's path (path_table.hpp's "When taken" column), as one pure
// function of the facts it is made on, so that it can be tested on its inputs alone:
// BandedSortAndSweep::do_find_pairs gathers the facts, calls choose_path and runs the path it
// names. Which full search serves (a sweep or a grid, full_search.cpp) and whether a partial
// search ends in a merge (merge_due) are decided inside those paths.

#include <cstddef>

#include "core/broadphase/banded/frame_report.hpp"

namespace aabb::banded {

/// What the dispatcher knows when a find_pairs starts.
struct PathFacts {
    /// A search was made before (the engine's last path is not none).
    bool searched = false;
    /// Some box changed since the last search.
    bool changed = true;
    /// The kept bands and candidates cannot be reused (too many escapes this frame, boxes added
    /// or removed, a merge or the one-band path asked for a full sweep).
    bool needs_full = true;
    /// Boxes were added or removed since the last full sweep.
    bool membership_changed = true;
    /// The one-band path is running (one_band_sweep.hpp).
    bool one_band = false;
    /// The last full search used a grid: the bands are stale.
    bool grid_in_use = false;
    /// BandedSortAndSweepOptions::partial_fraction.
    float partial_fraction = 0.15f;
    /// Boxes present.
    std::size_t present = 0;
    /// Boxes that left their fat boxes this frame (known when no full search is due).
    std::size_t escaped = 0;
    /// Boxes changed since the bands were made.
    std::size_t since_full = 0;
};

/// The path a find_pairs takes, and why.
struct PathChoice {
    BandedPath path = BandedPath::none;
    BandedPathReason reason = BandedPathReason::none;
};

/// Whether the kept bands may still answer: no full search is due, no grid replaced them, the
/// partial path is on, and at most twice partial_fraction of the boxes changed since they were
/// made (at most that fraction escape in one frame, and at most that many are left over from
/// earlier frames: a merge follows once they are more).
[[nodiscard]] constexpr bool partial_allowed(const PathFacts& facts) {
    return !facts.needs_full && !facts.grid_in_use && facts.searched && facts.present > 0 &&
           facts.partial_fraction > 0.0f &&
           static_cast<double>(facts.since_full) <=
               2.0 * static_cast<double>(facts.partial_fraction) *
                   static_cast<double>(facts.present);
}

/// The path for `facts`, in the order the dispatcher tries them: cached, one band, then kept,
/// partial or a full search.
[[nodiscard]] constexpr PathChoice choose_path(const PathFacts& facts) {
    if (!facts.changed && !facts.needs_full && facts.searched)
        return {BandedPath::cached, BandedPathReason::nothing_changed};
    if (facts.one_band) return {BandedPath::one_band, BandedPathReason::one_band};
    if (!partial_allowed(facts)) {
        if (!facts.searched || facts.membership_changed)
            return {BandedPath::full, BandedPathReason::first_or_membership};
        if (facts.grid_in_use) return {BandedPath::full, BandedPathReason::after_grid};
        if (facts.needs_full || facts.partial_fraction <= 0.0f)
            return {BandedPath::full, BandedPathReason::many_escaped};
        return {BandedPath::full, BandedPathReason::many_since_full};
    }
    if (facts.escaped > 0) return {BandedPath::partial, BandedPathReason::few_escaped};
    return {BandedPath::kept, BandedPathReason::all_inside};
}

}  // namespace aabb::banded

#pragma once
// What the banded engine did in its last find_pairs, and why: the path the dispatcher took, the
// reason it names, and the counts behind it. The window's Broad phase tab shows it per frame
// ("partial: 212 of 10,000 boxes left their fat boxes") and keeps a strip of the last frames'
// paths, so a teacher can point at a slow frame and say what happened.

#include <cstddef>
#include <cstdint>

namespace aabb {

/// How a find_pairs of the banded engine got its answer.
enum class BandedPath : std::uint8_t {
    /// Nothing has been searched yet.
    none,
    /// Nothing changed: the last pairs were returned.
    cached,
    /// Boxes moved but each stayed inside its fat box: the kept candidates were tested.
    kept,
    /// Some boxes left their fat boxes: only they were queried against the kept bands.
    partial,
    /// Everything was sorted and swept (or, with no margins to keep, put in a grid).
    full,
    /// A layout of one band: its exact boxes, kept in sweep order, were sorted and swept.
    one_band,
};

/// Why the dispatcher took the path of BandedFrameReport::path.
enum class BandedPathReason : std::uint8_t {
    /// No search yet.
    none,
    /// The first search, or boxes were added or removed: nothing kept can be reused.
    first_or_membership,
    /// No box changed since the last search.
    nothing_changed,
    /// Boxes moved, every one inside its fat box.
    all_inside,
    /// Some boxes left their fat boxes, at most partial_fraction of them.
    few_escaped,
    /// More than partial_fraction of the boxes left their fat boxes this frame.
    many_escaped,
    /// More than twice partial_fraction left theirs since the bands were made.
    many_since_full,
    /// The last search used a grid (no margins): its bands are stale.
    after_grid,
    /// The boxes fit in one band (a corridor, a column): it is swept every frame.
    one_band,
};

/// The last find_pairs of the banded engine.
struct BandedFrameReport {
    /// The path taken.
    BandedPath path = BandedPath::none;
    /// Why.
    BandedPathReason reason = BandedPathReason::none;
    /// Boxes present.
    std::size_t boxes = 0;
    /// Boxes that left their fat boxes this frame (a lower bound once a full search was due:
    /// then which boxes left no longer matters and counting stops).
    std::size_t escaped = 0;
    /// Boxes changed since the bands were made (those the partial path queries).
    std::size_t changed_since_full = 0;
    /// A partial search that then merged the changed boxes into the bands.
    bool merged = false;
    /// A full search that put exact boxes in a uniform grid instead of sweeping.
    bool grid = false;
    /// A full sweep prepared over frames replaced the structure in use this frame.
    bool prepared_switch = false;
    /// Bands in use after the search.
    int bands = 0;
};

}  // namespace aabb

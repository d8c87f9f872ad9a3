#pragma once
// The paths of BandedSortAndSweep, written once: what each is, when the dispatcher
// (do_find_pairs, banded_sort_and_sweep.cpp) takes it, what ends it, where it lives, the option
// that turns it off, the test that shows it is taken and exact, and where it pays, measured with
// aabb-bench --engine-option (docs/engine_paths.md has the raw numbers). docs/architecture.md
// ("The engine's paths") shows this table; tests/core/broadphase/banded/path_table_test.cpp
// checks that it shows it row for row, and that every file, test and option named here exists.

#include <array>
#include <string_view>

#include "core/broadphase/banded/frame_report.hpp"

namespace aabb::banded {

/// One path of the engine.
struct PathRow {
    /// The path's name in the docs.
    std::string_view name;
    /// What BandedFrameReport (last_frame()) says in a frame of this path.
    std::string_view report;
    /// The path reported when it is taken.
    BandedPath path;
    /// When the dispatcher takes it (its entry condition).
    std::string_view entry;
    /// What ends it (its exit).
    std::string_view exit;
    /// The file, in core/broadphase/banded/, that holds it.
    std::string_view file;
    /// The option (banded_sort_and_sweep_option_fields) that turns it off, as NAME=VALUE, or
    /// "-" for a path that cannot be turned off.
    std::string_view off;
    /// The tests, in tests/core/broadphase/banded/ and separated by ", ", that show it taken
    /// and exact: paths_taken_test.cpp for every path, then the path's own.
    std::string_view test;
    /// Where it pays: the workloads and the gain of having it (time with it off over time with
    /// it on, mean then p99), aabb-bench at one thread, 10,000 boxes, 600 frames unless said
    /// (docs/engine_paths.md).
    std::string_view pays;
};

/// Every path, in the order the dispatcher tries them.
inline constexpr std::array<PathRow, 8> path_table{{
    {"cached", "path cached, reason nothing_changed", BandedPath::cached,
     "no box changed since the last search and no full search is due", "any box changes",
     "banded_sort_and_sweep.cpp", "-", "paths_taken_test.cpp, banded_sort_and_sweep_test.cpp",
     "any frame where nothing moved (not timed: no option turns it off, and such a frame "
     "only copies the last pairs)"},
    {"one band", "path one_band, reason one_band", BandedPath::one_band,
     "the frame after a full sweep that planned one band (may_sweep_one_band: closed or "
     "tolerance rule, at least one_band_min_boxes boxes, no grid in use)",
     "boxes added or removed, or a plan every 8 frames finds more than one band "
     "(one_band_still_fits); a full sweep follows",
     "one_band_path.cpp", "one_band_sweep=0", "paths_taken_test.cpp, one_band_path_test.cpp",
     "line: mean x2.40, p99 x3.60 (x2.46, x6.49 over 30 frames; x2.32, x1.19 at 100,000 "
     "boxes); elsewhere within the noise"},
    {"kept", "path kept, reason all_inside", BandedPath::kept,
     "boxes moved, none left its fat box, and the partial path is allowed (no full search due, "
     "no grid in use, at most 2 x partial_fraction of the boxes changed since the bands were "
     "made)",
     "a box leaves its fat box", "banded_sort_and_sweep.cpp", "margin_frames=0",
     "paths_taken_test.cpp, frame_report_test.cpp",
     "fat boxes (kept, and with them partial, merge, prepared): clustered x10.6, x35; mixed "
     "x6.3, x5.3; line x4.5, x4.3; uniform x3.0, x2.5; static x1.6, x1.2; dense x1.3, x3.8; "
     "physics_pyramid x1.5, x1.3. They cost on physics_tumbler (x0.30, x0.50) and on short "
     "physics recordings (30 frames: tumbler x0.27, chains x0.43), measured before the widest "
     "margin adapted to the candidates kept (tumbler 1.9x faster since: docs/engine_paths.md)"},
    {"partial", "path partial, reason few_escaped", BandedPath::partial,
     "the partial path is allowed and 1 to partial_fraction of the boxes left their fat boxes",
     "more than partial_fraction of the boxes escape in one frame, or more than 2 x "
     "partial_fraction changed since the bands were made: a full search",
     "partial_search.cpp", "partial_fraction=0", "paths_taken_test.cpp, partial_search_test.cpp",
     "clustered x10.7, x61; mixed x7.2, x5.8; static x3.5, x2.3; uniform x3.2, x4.5; dense "
     "x1.5, x6.8; physics_pyramid x1.7, x1.5 (static at 100,000 boxes x5.1, x1.9). It costs "
     "on physics_tumbler (x0.37, x0.67)"},
    {"merge", "path partial, merged", BandedPath::partial,
     "a partial search after which more than partial_fraction of the boxes changed since the "
     "bands were made (merge_due)",
     "a full sweep is due once the bands hold 1.5 x the last full sweep's entries, after 8 "
     "merges with margins paused, or after 256",
     "band_merge.cpp", "partial_fraction=0", "paths_taken_test.cpp, band_merge_test.cpp",
     "with the partial path (one option turns both off): see partial"},
    {"full sweep",
     "path full, reason first_or_membership, many_escaped, many_since_full or "
     "after_grid",
     BandedPath::full,
     "the first search, boxes added or removed, more than partial_fraction escaped this frame, "
     "more than 2 x partial_fraction changed since the bands were made, after a grid search, or "
     "after a merge that asked for one",
     "one frame", "full_search.cpp", "-", "paths_taken_test.cpp, exact_full_sweep_test.cpp",
     "the path every other falls back on"},
    {"grid", "path full, grid", BandedPath::full,
     "a full search because too many boxes escaped this frame, when no box will get a margin "
     "(margins paused, or the motion says they cannot pay), exact_grid, closed or tolerance "
     "rule, and the grid's cells are not crowded",
     "one frame; the next frame with few changes sweeps again", "grid_search.cpp", "exact_grid=0",
     "paths_taken_test.cpp, grid_search_test.cpp",
     "bullets: mean x1.80, p99 x2.14 (x1.91 mean over 30 frames; x1.89, x1.34 at 100,000 "
     "boxes); elsewhere within the noise"},
    {"prepared", "path kept or partial, prepared_switch", BandedPath::kept,
     "right after a full sweep, with at least prepared_min_boxes boxes of which more than "
     "partial_fraction have margins: the next full sweep is made a slice per frame",
     "it replaces the structure in use after prepared_frames frames; boxes added or removed, a "
     "full search due, or the one-band path abort it",
     "prepared_sweep.cpp", "prepared_frames=0", "paths_taken_test.cpp, prepared_sweep_test.cpp",
     "the p99 of long runs: mixed x5.9, uniform x5.8, clustered x4.8, dense x2.9 (means "
     "within 10%; at 100,000 boxes uniform and mixed p99 x2.0); physics_tumbler mean x2.2. "
     "Costs over 30 frames (uniform mean x0.81, physics x0.5 to x0.9)"},
}};

}  // namespace aabb::banded

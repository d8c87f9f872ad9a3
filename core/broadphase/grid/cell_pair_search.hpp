#pragma once
// What the two cell broad phases (UniformGrid, SpatialHash) share once their boxes are listed in
// cells: the pair search inside one cell with the ownership rule that reports each pair once,
// the oversize list meeting every box, and the ray cast that walks the cells (keeping one hit
// per box) or falls back to testing every box.
//
// Templates over the cell's entry type (the grid stores 32-bit cell coordinates, the hash 64-bit
// ones) and over the overlap test, so the per-pair loop stays inlined: no virtual call and no
// std::function per pair.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/grid/ray_cell_walk.hpp"

namespace aabb {

/// Tests the pairs of `entries`, all listed in cell (column, row), that this cell owns and
/// appends the overlapping ones to `pairs`. An entry has `box`, `id`, `min_column` and `min_row`
/// (the cell of its box's min corner); `emit` takes each pair (BroadPhase::emit_pair, which
/// checks the pair budget). Ownership: the cell holding the lower-left corner of the
/// two boxes' intersection, which is (max of the min columns, max of the min rows) because the
/// cell mapping is monotone, so no dedup set is needed. Returns the overlap tests made.
template <class Entry, class Coordinate, class Overlap, class Emit>
[[nodiscard]] inline std::uint64_t find_owned_pairs_in_cell(std::span<const Entry> entries,
                                                            Coordinate column, Coordinate row,
                                                            const Overlap& overlap,
                                                            const Emit& emit) {
    std::uint64_t tests = 0;
    const std::size_t end = entries.size();
    for (std::size_t i = 0; i < end; ++i) {
        const Entry& a = entries[i];
        const bool a_column = a.min_column == column;
        const bool a_row = a.min_row == row;
        for (std::size_t j = i + 1; j < end; ++j) {
            const Entry& b = entries[j];
            // Ownership: this cell holds the lower-left corner of the intersection.
            if (!(a_column || b.min_column == column) || !(a_row || b.min_row == row)) continue;
            ++tests;
            if (overlap(a.box, b.box)) emit(make_pair_ordered(a.id, b.id));
        }
    }
    return tests;
}

/// Tests every box of `oversize` against every box in cells (`placements`, each with an `id`)
/// and against the oversize boxes after it, handing the overlapping pairs to `emit`. `box_of`
/// maps an id to its box. Returns the overlap tests made.
template <class Placement, class BoxOf, class Overlap, class Emit>
[[nodiscard]] inline std::uint64_t find_oversize_pairs(std::span<const BoxId> oversize,
                                                       std::span<const Placement> placements,
                                                       const BoxOf& box_of, const Overlap& overlap,
                                                       const Emit& emit) {
    std::uint64_t tests = 0;
    for (std::size_t k = 0; k < oversize.size(); ++k) {
        const BoxId id = oversize[k];
        const Box2& a = box_of(id);
        for (const Placement& placement : placements) {
            ++tests;
            if (overlap(a, box_of(placement.id))) emit(make_pair_ordered(id, placement.id));
        }
        for (std::size_t l = k + 1; l < oversize.size(); ++l) {
            ++tests;
            if (overlap(a, box_of(oversize[l]))) emit(make_pair_ordered(id, oversize[l]));
        }
    }
    return tests;
}

/// Sorts `hits` by box id and keeps one hit per box: a box listed in several cells a ray walk
/// visited was hit once per cell, always at the same t.
inline void keep_one_hit_per_box(std::vector<RayCastHit>& hits) {
    const auto by_id = [](const RayCastHit& a, const RayCastHit& b) { return a.id < b.id; };
    const auto same_id = [](const RayCastHit& a, const RayCastHit& b) { return a.id == b.id; };
    std::sort(hits.begin(), hits.end(), by_id);
    hits.erase(std::unique(hits.begin(), hits.end(), same_id), hits.end());
}

/// Appends to `hits` every box the ray hits: walks the cells of `lattice` the ray crosses
/// within `content_bounds`, testing the entries `for_each_entry_in_cell(column, row, visit)`
/// hands to `visit` (each with `box` and `id`) and keeping one hit per box; when the walk would
/// visit more than 4 · placements + 64 cells it tests every box in cells instead. The boxes of
/// `oversize` are tested after either. `box_of` maps an id to its box. Cells walked count as
/// node visits of `counters`, boxes tested (once per cell listing them) as leaf visits.
template <class Placement, class BoxOf, class ForEachEntryInCell>
void cast_ray_through_cells(const Ray2& ray, const CellLattice& lattice, const Box2& content_bounds,
                            std::span<const Placement> placements, std::span<const BoxId> oversize,
                            const BoxOf& box_of, const ForEachEntryInCell& for_each_entry_in_cell,
                            std::vector<RayCastHit>& hits, RayCastCounters& counters) {
    const PreparedRay<2> prepared(ray);
    if (!placements.empty()) {
        const auto budget = static_cast<std::int64_t>(4 * placements.size() + 64);
        const bool walked = walk_ray_cells(
            ray, lattice, content_bounds, budget, [&](std::int64_t column, std::int64_t row) {
                ++counters.node_visits;
                for_each_entry_in_cell(column, row, [&](const auto& entry) {
                    ++counters.leaf_visits;
                    const RayBoxHit<2> hit = intersect(prepared, entry.box);
                    if (hit.hit) hits.push_back({entry.id, hit.t_enter});
                });
            });
        if (walked) {
            // A box listed in several visited cells was hit several times: keep one.
            keep_one_hit_per_box(hits);
        } else {
            hits.clear();
            counters.leaf_visits += placements.size();
            for (const Placement& placement : placements) {
                const RayBoxHit<2> hit = intersect(prepared, box_of(placement.id));
                if (hit.hit) hits.push_back({placement.id, hit.t_enter});
            }
        }
    }
    counters.leaf_visits += oversize.size();
    for (const BoxId id : oversize) {
        const RayBoxHit<2> hit = intersect(prepared, box_of(id));
        if (hit.hit) hits.push_back({id, hit.t_enter});
    }
}

}  // namespace aabb

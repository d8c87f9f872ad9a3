#include "core/broadphase/grid/uniform_grid.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/broadphase/grid/cell_pair_search.hpp"
#include "core/broadphase/grid/cell_size_choice.hpp"

namespace aabb {

namespace {

// The visitor depth of oversize-list pseudo-cells (grid or hash cells are depth 0).
constexpr int oversize_depth = 1;

// Largest cell count accepted as an option: 2^28 offsets are already 1 GiB.
constexpr std::uint32_t largest_max_cells = 1u << 28;

// Beyond this many cells from the origin, snapping the grid origin to a cell multiple would
// lose more than 1/4096 of a cell to double rounding, so the origin stays at the bounds.
constexpr double snap_limit = 1099511627776.0;  // 2^40

// How many cells a box of this size may cover wherever it lies: ceil(size / cell) + 1 per axis.
double most_cells_covered(const Box2& box, double cell_size) {
    const double width = double{box.max.x} - double{box.min.x};
    const double height = double{box.max.y} - double{box.min.y};
    return (std::ceil(width / cell_size) + 1.0) * (std::ceil(height / cell_size) + 1.0);
}

}  // namespace

UniformGrid::UniformGrid(TouchingPolicy policy, UniformGridOptions options)
    : BroadPhase(policy), options_(options) {
    if (!(std::isfinite(options.cell_size) && options.cell_size >= 0.0f)) {
        throw std::invalid_argument(
            "uniform_grid: cell_size must be finite and >= 0 (0 = auto), got " +
            std::to_string(options.cell_size));
    }
    if (options.max_cells < 4 || options.max_cells > largest_max_cells) {
        throw std::invalid_argument("uniform_grid: max_cells must be in [4, 2^28], got " +
                                    std::to_string(options.max_cells));
    }
    if (options.max_cells_per_box < 1) {
        throw std::invalid_argument("uniform_grid: max_cells_per_box must be >= 1");
    }
}

double UniformGrid::cell_size() const {
    ensure_built();
    return lattice_.cell_size;
}

std::int64_t UniformGrid::columns() const {
    ensure_built();
    return cell_count() == 0 ? 0 : lattice_.column_max + 1;
}

std::int64_t UniformGrid::rows() const {
    ensure_built();
    return cell_count() == 0 ? 0 : lattice_.row_max + 1;
}

std::size_t UniformGrid::oversize_count() const {
    ensure_built();
    return oversize_.size();
}

void UniformGrid::do_clear() {
    cell_start_.clear();
    entries_.clear();
    placements_.clear();
    oversize_.clear();
    cells_used_ = 0;
    max_boxes_in_cell_ = 0;
    dirty_ = true;
}

void UniformGrid::ensure_built() const {
    if (!dirty_) return;
    try {
        rebuild();
    } catch (...) {
        // A rebuild stopped by the cell budget leaves half-filled arrays: build again next time.
        dirty_ = true;
        throw;
    }
}

UniformGrid::Placement UniformGrid::place(BoxId id, const Box2& box) const {
    return {id, static_cast<std::int32_t>(lattice_.column_of(box.min.x)),
            static_cast<std::int32_t>(lattice_.column_of(box.max.x)),
            static_cast<std::int32_t>(lattice_.row_of(box.min.y)),
            static_cast<std::int32_t>(lattice_.row_of(box.max.y))};
}

void UniformGrid::rebuild() const {
    dirty_ = false;
    placements_.clear();
    oversize_.clear();
    entries_.clear();
    cell_start_.clear();
    cells_used_ = 0;
    max_boxes_in_cell_ = 0;
    const auto boxes = stored_boxes();
    const auto present = presence();
    if (size() == 0) return;

    // 1. Cell size: the option, or the automatic choice kept steady by hysteresis.
    const double chosen =
        options_.cell_size > 0.0f
            ? double{options_.cell_size}
            : settled_cell_size(chosen_cell_size_, automatic_cell_size(boxes, present, scratch_));
    chosen_cell_size_ = chosen;

    // 2. Oversize boxes out; bounds of the rest.
    Box2 bounds = Box2::empty();
    for (std::size_t index = 0; index < boxes.size(); ++index) {
        if (!present[index]) continue;
        const auto id = static_cast<BoxId>(index);
        if (most_cells_covered(boxes[index], chosen) > double(options_.max_cells_per_box)) {
            oversize_.push_back(id);
        } else {
            placements_.push_back({id, 0, 0, 0, 0});
            bounds = merge(bounds, boxes[index]);
        }
    }
    content_bounds_ = bounds;
    if (placements_.empty()) return;

    // 3. The lattice: grow the cell size until the bounds fit in max_cells cells, and in the
    // cell budget (the option allows 2^28 cells, a gigabyte of offsets).
    const double most_cells = std::max(
        1.0, std::min<double>({double(options_.max_cells), double(budget().max_cells) - 1.0,
                               double(budget().max_bytes / sizeof(std::uint32_t)) - 1.0}));
    double cell = chosen;
    double columns = 1.0;
    double rows = 1.0;
    for (;;) {
        const auto snapped = [&](float low) {
            const double quotient = double{low} / cell;
            return std::abs(quotient) < snap_limit ? std::floor(quotient) * cell : double{low};
        };
        lattice_.origin_x = snapped(bounds.min.x);
        lattice_.origin_y = snapped(bounds.min.y);
        lattice_.cell_size = cell;
        lattice_.inverse_cell_size = 1.0 / cell;
        columns =
            std::max(1.0, std::floor((double{bounds.max.x} - lattice_.origin_x) / cell) + 1.0);
        rows = std::max(1.0, std::floor((double{bounds.max.y} - lattice_.origin_y) / cell) + 1.0);
        if (columns * rows <= most_cells) break;
        cell *= 2.0;
    }
    lattice_.column_min = 0;
    lattice_.row_min = 0;
    lattice_.column_max = static_cast<std::int64_t>(columns) - 1;
    lattice_.row_max = static_cast<std::int64_t>(rows) - 1;
    const auto column_count = static_cast<std::size_t>(columns);
    const std::size_t cells = column_count * static_cast<std::size_t>(rows);

    // 4. Counting sort of (cell, box) entries: count, prefix sums, fill.
    // Give back a big offset array once the grid is much smaller again (after a frame with an
    // absurd box, say), so memory follows the scene instead of its worst moment.
    if (cell_start_.capacity() > 65536 && cell_start_.capacity() / 4 > cells + 1) {
        cell_start_.clear();
        cell_start_.shrink_to_fit();
    }
    // Both arrays are checked against the budget before they are allocated: a tiny cell size
    // with a large max_cells_per_box lists a handful of boxes in billions of cells.
    check_cell_count(cells + 1, "cells", sizeof(std::uint32_t));
    std::uint64_t total_entries = 0;
    for (Placement& placement : placements_) {
        placement = place(placement.id, boxes[placement.id]);
        total_entries += std::uint64_t(placement.last_column - placement.first_column + 1) *
                         std::uint64_t(placement.last_row - placement.first_row + 1);
    }
    check_cell_count(total_entries, "cell entries", sizeof(Entry));
    cell_start_.assign(cells + 1, 0);
    for (const Placement& placement : placements_) {
        for (std::int32_t row = placement.first_row; row <= placement.last_row; ++row) {
            const std::size_t row_start = std::size_t(row) * column_count;
            for (std::int32_t column = placement.first_column; column <= placement.last_column;
                 ++column) {
                ++cell_start_[row_start + std::size_t(column) + 1];
            }
        }
    }
    for (std::size_t cell_index = 0; cell_index < cells; ++cell_index) {
        const std::uint32_t count = cell_start_[cell_index + 1];
        if (count > 0) {
            ++cells_used_;
            max_boxes_in_cell_ = std::max(max_boxes_in_cell_, static_cast<int>(count));
        }
        cell_start_[cell_index + 1] += cell_start_[cell_index];
    }
    entries_.resize(cell_start_[cells]);
    // Filling advances each cell's start to its end; shifting by one restores the starts.
    for (const Placement& placement : placements_) {
        const Entry entry{boxes[placement.id], placement.id, placement.first_column,
                          placement.first_row};
        for (std::int32_t row = placement.first_row; row <= placement.last_row; ++row) {
            const std::size_t row_start = std::size_t(row) * column_count;
            for (std::int32_t column = placement.first_column; column <= placement.last_column;
                 ++column) {
                entries_[cell_start_[row_start + std::size_t(column)]++] = entry;
            }
        }
    }
    for (std::size_t cell_index = cells; cell_index > 0; --cell_index)
        cell_start_[cell_index] = cell_start_[cell_index - 1];
    cell_start_[0] = 0;
}

void UniformGrid::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    ensure_built();
    std::uint64_t tests = 0;
    const auto overlap = [this](const Box2& a, const Box2& b) { return exact_overlap(a, b); };
    const auto emit = [this, &pairs](BoxPair pair) { emit_pair(pairs, pair); };
    const std::size_t cells = cell_count();
    const auto column_count = static_cast<std::int32_t>(lattice_.column_max + 1);
    for (std::size_t cell_index = 0; cell_index < cells; ++cell_index) {
        const std::uint32_t begin = cell_start_[cell_index];
        const std::uint32_t end = cell_start_[cell_index + 1];
        if (end - begin < 2) continue;
        const auto column = static_cast<std::int32_t>(cell_index % std::size_t(column_count));
        const auto row = static_cast<std::int32_t>(cell_index / std::size_t(column_count));
        tests +=
            find_owned_pairs_in_cell(std::span<const Entry>(entries_).subspan(begin, end - begin),
                                     column, row, overlap, emit);
    }
    // The oversize list meets every box: the gridded ones, then the oversize ones after it.
    tests += find_oversize_pairs(
        std::span<const BoxId>(oversize_), std::span<const Placement>(placements_),
        [this](BoxId id) -> const Box2& { return box(id); }, overlap, emit);
    counters.box_tests = tests;
    counters.candidate_pairs = tests;
}

void UniformGrid::do_query_box(const Box2& query, std::vector<BoxId>& ids) const {
    ensure_built();
    if (!placements_.empty()) {
        const Placement range = place(0, query);
        const double cells_in_range = (double(range.last_column) - range.first_column + 1.0) *
                                      (double(range.last_row) - range.first_row + 1.0);
        if (cells_in_range > double(placements_.size())) {
            // Cheaper to test every gridded box than to walk more cells than there are boxes.
            for (const Placement& placement : placements_) {
                if (exact_overlap(query, box(placement.id))) ids.push_back(placement.id);
            }
        } else {
            const auto column_count = std::size_t(lattice_.column_max + 1);
            for (std::int32_t row = range.first_row; row <= range.last_row; ++row) {
                for (std::int32_t column = range.first_column; column <= range.last_column;
                     ++column) {
                    const std::size_t cell_index =
                        std::size_t(row) * column_count + std::size_t(column);
                    for (std::uint32_t i = cell_start_[cell_index]; i < cell_start_[cell_index + 1];
                         ++i) {
                        const Entry& entry = entries_[i];
                        // Same ownership rule as for pairs: report each box from one cell.
                        if (std::max(entry.min_column, range.first_column) != column ||
                            std::max(entry.min_row, range.first_row) != row) {
                            continue;
                        }
                        if (exact_overlap(query, entry.box)) ids.push_back(entry.id);
                    }
                }
            }
        }
    }
    for (const BoxId id : oversize_) {
        if (exact_overlap(query, box(id))) ids.push_back(id);
    }
}

void UniformGrid::do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                              RayCastCounters& counters) const {
    ensure_built();
    const auto column_count = std::size_t(lattice_.column_max + 1);
    cast_ray_through_cells(
        ray, lattice_, content_bounds_, std::span<const Placement>(placements_),
        std::span<const BoxId>(oversize_), [this](BoxId id) -> const Box2& { return box(id); },
        [&](std::int64_t column, std::int64_t row, const auto& visit) {
            const std::size_t cell_index = std::size_t(row) * column_count + std::size_t(column);
            for (std::uint32_t i = cell_start_[cell_index]; i < cell_start_[cell_index + 1]; ++i)
                visit(entries_[i]);
        },
        hits, counters);
}

void UniformGrid::fill_structure_stats(BroadPhaseStats& stats) const {
    ensure_built();
    stats.cells_used = cells_used_;
    stats.max_boxes_in_cell = max_boxes_in_cell_;
}

std::size_t UniformGrid::structure_memory_bytes() const {
    ensure_built();  // report the structure for the current boxes
    return cell_start_.capacity() * sizeof(std::uint32_t) + entries_.capacity() * sizeof(Entry) +
           placements_.capacity() * sizeof(Placement) + oversize_.capacity() * sizeof(BoxId) +
           scratch_.capacity() * sizeof(float);
}

void UniformGrid::visit(StructureVisitor& visitor) const {
    ensure_built();
    const std::size_t cells = cell_count();
    if (cells > 0) {
        const auto column_count = std::size_t(lattice_.column_max + 1);
        const double cell = lattice_.cell_size;
        for (std::size_t cell_index = 0; cell_index < cells; ++cell_index) {
            const auto occupancy =
                static_cast<int>(cell_start_[cell_index + 1] - cell_start_[cell_index]);
            if (occupancy == 0) continue;
            const double x = lattice_.origin_x + double(cell_index % column_count) * cell;
            const double y = lattice_.origin_y + double(cell_index / column_count) * cell;
            const Box2 bounds{{float(x), float(y)}, {float(x + cell), float(y + cell)}};
            visitor.cell(bounds, occupancy, 0);
        }
    }
    for (const BoxId id : oversize_)
        visitor.cell(box(id), 1, oversize_depth);
}

}  // namespace aabb

#pragma once
// Uniform grid broad phase (curriculum §8): square cells over the boxes' bounds; each box is
// listed in every cell it covers, and only boxes sharing a cell are tested.
//
// Design (data-oriented): the grid is rebuilt from the stored boxes whenever they changed, on
// the next find_pairs or query — a counting sort of (cell, box) entries into one array, so no
// per-cell lists and no allocation once the arrays have grown. Cell indices come from
// floor((x − origin) · (1 / cell_size)) in double, clamped into the grid: the mapping is monotone,
// so a box whose max lies exactly on a cell line is also listed in the next cell, and touching
// boxes always share a cell (the candidate search is a superset under closed semantics).
//
// Each pair is reported exactly once without a dedup set: only from the cell that contains the
// lower-left corner of the two boxes' intersection, (max of the mins). Because the cell mapping
// is monotone, that cell is (max of the two boxes' min columns, max of their min rows), an
// integer comparison per candidate; both boxes are always listed in it.
//
// Boxes covering more than max_cells_per_box cells go to an oversize list tested against every
// box, so one huge box does not fill the grid. The grid's origin is snapped to a multiple of the
// cell size so its lines stay put while boxes move. Queries rebuild a stale grid too (the grid
// is a cache, hence mutable): do not query one broad phase from several threads.

#include <array>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/grid/ray_cell_walk.hpp"
#include "core/broadphase/option_field.hpp"

namespace aabb {

/// Options of UniformGrid.
struct UniformGridOptions {
    /// Edge length of the square cells; 0 chooses it from the boxes (2 × the median box extent,
    /// re-chosen when the ideal size drifts by more than a factor 2). Default 0.
    float cell_size = 0.0f;
    /// The most cells the grid may have (4 bytes each); the cell size is doubled until the
    /// boxes' bounds fit. At least 4. Default 1 << 22.
    std::uint32_t max_cells = 1u << 22;
    /// A box that may cover more cells than this goes to the oversize list. At least 1.
    /// Default 64.
    std::uint32_t max_cells_per_box = 64;
};

/// UniformGridOptions by name (core/broadphase/option_field.hpp).
inline constexpr std::array uniform_grid_option_fields{
    option_field<&UniformGridOptions::cell_size>("cell_size", 0, 1e30, cell_size_description),
    option_field<&UniformGridOptions::max_cells>("max_cells", 4, 1 << 28,
                                                 "cap on the number of cells"),
    option_field<&UniformGridOptions::max_cells_per_box>("max_cells_per_box", 1, 1e6,
                                                         max_cells_per_box_description),
};

/// Uniform grid rebuilt by counting sort, with an oversize list for huge boxes.
class UniformGrid final : public BroadPhase {
  public:
    /// A uniform grid under `policy` with `options`. Throws std::invalid_argument on bad options.
    explicit UniformGrid(TouchingPolicy policy = {}, UniformGridOptions options = {});
    /// "uniform_grid".
    [[nodiscard]] std::string_view name() const override { return "uniform_grid"; }
    /// The options in use.
    [[nodiscard]] const UniformGridOptions& options() const { return options_; }
    /// The cell size of the current grid (after automatic choice and growth to fit max_cells).
    [[nodiscard]] double cell_size() const;
    /// Number of cell columns of the current grid.
    [[nodiscard]] std::int64_t columns() const;
    /// Number of cell rows of the current grid.
    [[nodiscard]] std::int64_t rows() const;
    /// How many boxes are on the oversize list.
    [[nodiscard]] std::size_t oversize_count() const;
    /// Reports every non-empty cell at depth 0, then every box of the oversize list as a
    /// pseudo-cell at depth 1 (never negative: drawers index colors by depth) with the box's own
    /// bounds and occupancy 1, so occupancies sum to at least size().
    void visit(StructureVisitor& visitor) const override;

  protected:
    void do_add(BoxId) override { dirty_ = true; }
    void do_update(BoxId, const Box2&) override { dirty_ = true; }
    void do_remove(BoxId) override { dirty_ = true; }
    void do_set_all(std::size_t, std::span<const Box2>, std::span<const std::uint8_t>) override {
        dirty_ = true;
    }
    void do_clear() override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    void do_query_box(const Box2& box, std::vector<BoxId>& ids) const override;
    void do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                     RayCastCounters& counters) const override;
    void fill_structure_stats(BroadPhaseStats& stats) const override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    /// A box listed in one cell, with the cell of its min corner for the ownership rule.
    struct Entry {
        Box2 box;
        BoxId id;
        std::int32_t min_column;
        std::int32_t min_row;
    };
    /// The cell range [first, last] of a box in the grid.
    struct Placement {
        BoxId id;
        std::int32_t first_column, last_column, first_row, last_row;
    };

    void ensure_built() const;
    void rebuild() const;
    [[nodiscard]] Placement place(BoxId id, const Box2& box) const;
    [[nodiscard]] std::size_t cell_count() const {
        return cell_start_.empty() ? 0 : cell_start_.size() - 1;
    }

    UniformGridOptions options_;
    // The grid is a cache of the stored boxes, rebuilt on demand.
    mutable bool dirty_ = true;
    mutable double chosen_cell_size_ = 0.0;  // before growth to fit max_cells
    mutable CellLattice lattice_;
    mutable Box2 content_bounds_{};                  // bounds of the boxes in cells
    mutable std::vector<std::uint32_t> cell_start_;  // cells + 1 offsets into entries_
    mutable std::vector<Entry> entries_;             // grouped by cell, row-major
    mutable std::vector<Placement> placements_;      // boxes in cells
    mutable std::vector<BoxId> oversize_;            // boxes tested against everything
    mutable std::vector<float> scratch_;             // for the automatic cell size
    mutable int cells_used_ = 0;
    mutable int max_boxes_in_cell_ = 0;
};

}  // namespace aabb

#pragma once
// Spatial hash broad phase (curriculum §8): an unbounded world of square cells; only the cells
// that hold boxes exist, found through an open-addressing hash table keyed by the 64-bit cell
// coordinates (column, row).
//
// Cell coordinates are floor(x · (1 / cell_size)) computed in double and range-checked against
// ±2^61 before conversion to int64, so nothing overflows however far from the origin a box is.
// A box whose cells cannot be represented (too far for the cell size), or that covers more than
// max_cells_per_box cells, goes to an oversize list tested against every box: still exact.
//
// The table is rebuilt from the stored boxes whenever they changed, on the next find_pairs or
// query: count entries per cell while inserting cells (linear probing), prefix sums over the
// used cells, then fill one entry array grouped by cell — a counting sort through the table, no
// per-cell lists, no allocation once the arrays have grown. Each pair is reported only from the
// cell holding the lower-left corner of the two boxes' intersection (max of the mins); as
// floor is monotone that cell is (max of the min columns, max of the min rows), so no dedup set
// is needed. A box whose max lies exactly on a cell line is also in the next cell, so touching
// boxes share a cell. Queries rebuild a stale table (it is a cache, hence mutable): do not query
// one broad phase from several threads.

#include <array>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/grid/ray_cell_walk.hpp"
#include "core/broadphase/option_field.hpp"

namespace aabb {

/// Options of SpatialHash.
struct SpatialHashOptions {
    /// Edge length of the square cells; 0 chooses it from the boxes (2 × the median box extent,
    /// re-chosen when the ideal size drifts by more than a factor 2). Default 0.
    float cell_size = 0.0f;
    /// A box that may cover more cells than this goes to the oversize list. At least 1.
    /// Default 64.
    std::uint32_t max_cells_per_box = 64;
};

/// SpatialHashOptions by name (core/broadphase/option_field.hpp).
inline constexpr std::array spatial_hash_option_fields{
    option_field<&SpatialHashOptions::cell_size>("cell_size", 0, 1e30, cell_size_description),
    option_field<&SpatialHashOptions::max_cells_per_box>("max_cells_per_box", 1, 1e6,
                                                         max_cells_per_box_description),
};

/// Spatial hash with 64-bit cell coordinates, an open-addressing cell table and an oversize
/// list.
class SpatialHash final : public BroadPhase {
  public:
    /// A spatial hash under `policy` with `options`. Throws std::invalid_argument on bad options.
    explicit SpatialHash(TouchingPolicy policy = {}, SpatialHashOptions options = {});
    /// "spatial_hash".
    [[nodiscard]] std::string_view name() const override { return "spatial_hash"; }
    /// The options in use.
    [[nodiscard]] const SpatialHashOptions& options() const { return options_; }
    /// The cell size of the current table.
    [[nodiscard]] double cell_size() const;
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
        std::int64_t min_column;
        std::int64_t min_row;
        BoxId id;
    };
    /// The inclusive cell range of a box.
    struct Placement {
        std::int64_t first_column, last_column, first_row, last_row;
        BoxId id;
    };
    /// One slot of the cell table; count 0 marks an empty slot.
    struct Slot {
        std::int64_t column;
        std::int64_t row;
        std::uint32_t start;
        std::uint32_t count;
    };

    void ensure_built() const;
    void rebuild() const;
    /// The cell range of `box`, or false when a coordinate is out of range or the box covers
    /// more than `max_cells` cells.
    [[nodiscard]] bool place(const Box2& box, double max_cells, Placement& placement) const;
    /// The slot of cell (column, row), inserting it when absent.
    [[nodiscard]] std::uint32_t find_or_insert(std::int64_t column, std::int64_t row) const;
    /// The slot of cell (column, row), or nullptr.
    [[nodiscard]] const Slot* find(std::int64_t column, std::int64_t row) const;
    template <class Visit>
    void for_each_in_cell(std::int64_t column, std::int64_t row, Visit&& visit) const;

    SpatialHashOptions options_;
    // The table is a cache of the stored boxes, rebuilt on demand.
    mutable bool dirty_ = true;
    mutable double cell_size_ = 1.0;
    mutable CellLattice lattice_;                     // covers the used cells, for ray walks
    mutable Box2 content_bounds_{};                   // bounds of the boxes in cells
    mutable std::vector<Slot> table_;                 // power-of-two size, linear probing
    mutable std::vector<std::uint32_t> used_slots_;   // slots in use, in insertion order
    mutable std::vector<Entry> entries_;              // grouped by cell
    mutable std::vector<Placement> placements_;       // boxes in cells
    mutable std::vector<std::uint32_t> entry_slots_;  // slot of each (box, cell), fill order
    mutable std::vector<BoxId> oversize_;             // boxes tested against everything
    mutable std::vector<float> scratch_;              // for the automatic cell size
    mutable int max_boxes_in_cell_ = 0;
};

}  // namespace aabb

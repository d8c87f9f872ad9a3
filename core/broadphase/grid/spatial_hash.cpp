#include "core/broadphase/grid/spatial_hash.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/broadphase/grid/cell_pair_search.hpp"
#include "core/broadphase/grid/cell_size_choice.hpp"

namespace aabb {

namespace {

// The visitor depth of oversize-list pseudo-cells (grid or hash cells are depth 0).
constexpr int oversize_depth = 1;

// Cell coordinates stay within ±2^61, so differences of two of them (and +1) fit in int64.
constexpr double coordinate_limit = 2305843009213693952.0;  // 2^61

// Mixes the two coordinates into a table index (multiplicative hashing with odd constants from
// the golden ratio and MurmurHash3's finaliser, then folding the high bits down).
std::uint64_t hash_cell(std::int64_t column, std::int64_t row) {
    std::uint64_t hash = static_cast<std::uint64_t>(column) * 0x9E3779B97F4A7C15ull ^
                         static_cast<std::uint64_t>(row) * 0xC2B2AE3D27D4EB4Full;
    hash ^= hash >> 32;
    hash *= 0xFF51AFD7ED558CCDull;
    hash ^= hash >> 29;
    return hash;
}

}  // namespace

SpatialHash::SpatialHash(TouchingPolicy policy, SpatialHashOptions options)
    : BroadPhase(policy), options_(options) {
    if (!(std::isfinite(options.cell_size) && options.cell_size >= 0.0f)) {
        throw std::invalid_argument(
            "spatial_hash: cell_size must be finite and >= 0 (0 = auto), got " +
            std::to_string(options.cell_size));
    }
    if (options.max_cells_per_box < 1) {
        throw std::invalid_argument("spatial_hash: max_cells_per_box must be >= 1");
    }
}

double SpatialHash::cell_size() const {
    ensure_built();
    return cell_size_;
}

std::size_t SpatialHash::oversize_count() const {
    ensure_built();
    return oversize_.size();
}

void SpatialHash::do_clear() {
    table_.clear();
    used_slots_.clear();
    entries_.clear();
    placements_.clear();
    entry_slots_.clear();
    oversize_.clear();
    max_boxes_in_cell_ = 0;
    dirty_ = true;
}

void SpatialHash::ensure_built() const {
    if (!dirty_) return;
    try {
        rebuild();
    } catch (...) {
        // A rebuild stopped by the cell budget leaves half-filled arrays: build again next time.
        dirty_ = true;
        throw;
    }
}

bool SpatialHash::place(const Box2& box, double max_cells, Placement& placement) const {
    // The lattice's own (monotone) mapping, so ray walks find the cells boxes were put in.
    const double inverse = lattice_.inverse_cell_size;
    const double quotients[4] = {
        std::floor(double{box.min.x} * inverse), std::floor(double{box.max.x} * inverse),
        std::floor(double{box.min.y} * inverse), std::floor(double{box.max.y} * inverse)};
    // Range check before converting: also rejects infinite quotients of a tiny cell size.
    for (const double quotient : quotients) {
        if (!(std::abs(quotient) <= coordinate_limit)) return false;
    }
    const double cells = (quotients[1] - quotients[0] + 1.0) * (quotients[3] - quotients[2] + 1.0);
    if (cells > max_cells) return false;
    placement.first_column = static_cast<std::int64_t>(quotients[0]);
    placement.last_column = static_cast<std::int64_t>(quotients[1]);
    placement.first_row = static_cast<std::int64_t>(quotients[2]);
    placement.last_row = static_cast<std::int64_t>(quotients[3]);
    return true;
}

std::uint32_t SpatialHash::find_or_insert(std::int64_t column, std::int64_t row) const {
    const std::size_t mask = table_.size() - 1;
    std::size_t index = hash_cell(column, row) & mask;
    for (;;) {
        Slot& slot = table_[index];
        if (slot.count == 0) {
            slot = {column, row, 0, 0};
            used_slots_.push_back(static_cast<std::uint32_t>(index));
            return static_cast<std::uint32_t>(index);
        }
        if (slot.column == column && slot.row == row) return static_cast<std::uint32_t>(index);
        index = (index + 1) & mask;
    }
}

const SpatialHash::Slot* SpatialHash::find(std::int64_t column, std::int64_t row) const {
    if (table_.empty()) return nullptr;
    const std::size_t mask = table_.size() - 1;
    std::size_t index = hash_cell(column, row) & mask;
    for (;;) {
        const Slot& slot = table_[index];
        if (slot.count == 0) return nullptr;
        if (slot.column == column && slot.row == row) return &slot;
        index = (index + 1) & mask;
    }
}

template <class Visit>
void SpatialHash::for_each_in_cell(std::int64_t column, std::int64_t row, Visit&& visit) const {
    const Slot* slot = find(column, row);
    if (slot == nullptr) return;
    for (std::uint32_t i = slot->start; i < slot->start + slot->count; ++i)
        visit(entries_[i]);
}

void SpatialHash::rebuild() const {
    dirty_ = false;
    used_slots_.clear();
    entries_.clear();
    placements_.clear();
    oversize_.clear();
    max_boxes_in_cell_ = 0;
    const auto boxes = stored_boxes();
    const auto present = presence();
    if (size() == 0) {
        table_.clear();
        return;
    }
    cell_size_ = options_.cell_size > 0.0f
                     ? double{options_.cell_size}
                     : settled_cell_size(cell_size_, automatic_cell_size(boxes, present, scratch_));

    // 1. Cell ranges; oversize and unrepresentable boxes to the oversize list.
    std::size_t total_entries = 0;
    Box2 bounds = Box2::empty();
    lattice_ = CellLattice{0.0, 0.0, cell_size_, 1.0 / cell_size_, 0, 0, 0, 0};
    for (std::size_t index = 0; index < boxes.size(); ++index) {
        if (!present[index]) continue;
        const auto id = static_cast<BoxId>(index);
        Placement placement{};
        if (!place(boxes[index], double(options_.max_cells_per_box), placement)) {
            oversize_.push_back(id);
            continue;
        }
        placement.id = id;
        if (placements_.empty()) {
            lattice_.column_min = placement.first_column;
            lattice_.column_max = placement.last_column;
            lattice_.row_min = placement.first_row;
            lattice_.row_max = placement.last_row;
        }
        lattice_.column_min = std::min(lattice_.column_min, placement.first_column);
        lattice_.column_max = std::max(lattice_.column_max, placement.last_column);
        lattice_.row_min = std::min(lattice_.row_min, placement.first_row);
        lattice_.row_max = std::max(lattice_.row_max, placement.last_row);
        placements_.push_back(placement);
        bounds = merge(bounds, boxes[index]);
        total_entries +=
            static_cast<std::size_t>((placement.last_column - placement.first_column + 1) *
                                     (placement.last_row - placement.first_row + 1));
    }
    content_bounds_ = bounds;

    // 2. Count entries per cell, inserting cells; the table stays at most half full. Checked
    // before allocating: a tiny cell size with a large max_cells_per_box lists a handful of
    // boxes in billions of cells (each entry costs an entry, a slot index and two table slots).
    check_cell_count(total_entries, "cell entries",
                     sizeof(Entry) + sizeof(std::uint32_t) + 2 * sizeof(Slot));
    const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(16, 2 * total_entries));
    table_.assign(capacity, Slot{0, 0, 0, 0});
    entry_slots_.resize(total_entries);
    std::size_t next = 0;
    for (const Placement& placement : placements_) {
        for (std::int64_t row = placement.first_row; row <= placement.last_row; ++row) {
            for (std::int64_t column = placement.first_column; column <= placement.last_column;
                 ++column) {
                const std::uint32_t slot = find_or_insert(column, row);
                ++table_[slot].count;
                entry_slots_[next++] = slot;
            }
        }
    }
    // 3. Prefix sums over the used cells.
    std::uint32_t offset = 0;
    for (const std::uint32_t slot : used_slots_) {
        table_[slot].start = offset;
        offset += table_[slot].count;
        max_boxes_in_cell_ = std::max(max_boxes_in_cell_, static_cast<int>(table_[slot].count));
    }
    // 4. Fill, in the same (box, cell) order as counted; each start advances to its end.
    entries_.resize(total_entries);
    next = 0;
    for (const Placement& placement : placements_) {
        const Entry entry{boxes[placement.id], placement.first_column, placement.first_row,
                          placement.id};
        const std::size_t cells =
            static_cast<std::size_t>((placement.last_column - placement.first_column + 1) *
                                     (placement.last_row - placement.first_row + 1));
        for (std::size_t k = 0; k < cells; ++k)
            entries_[table_[entry_slots_[next++]].start++] = entry;
    }
    for (const std::uint32_t slot : used_slots_)
        table_[slot].start -= table_[slot].count;
}

void SpatialHash::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    ensure_built();
    std::uint64_t tests = 0;
    const auto overlap = [this](const Box2& a, const Box2& b) { return exact_overlap(a, b); };
    const auto emit = [this, &pairs](BoxPair pair) { emit_pair(pairs, pair); };
    for (const std::uint32_t slot_index : used_slots_) {
        const Slot& slot = table_[slot_index];
        if (slot.count < 2) continue;
        tests += find_owned_pairs_in_cell(
            std::span<const Entry>(entries_).subspan(slot.start, slot.count), slot.column, slot.row,
            overlap, emit);
    }
    tests += find_oversize_pairs(
        std::span<const BoxId>(oversize_), std::span<const Placement>(placements_),
        [this](BoxId id) -> const Box2& { return box(id); }, overlap, emit);
    counters.box_tests = tests;
    counters.candidate_pairs = tests;
}

void SpatialHash::do_query_box(const Box2& query, std::vector<BoxId>& ids) const {
    ensure_built();
    Placement range{};
    // Looking up more cells than there are entries costs more than testing every box.
    if (!place(query, double(std::max<std::size_t>(64, entries_.size())), range)) {
        for (const Placement& placement : placements_) {
            if (exact_overlap(query, box(placement.id))) ids.push_back(placement.id);
        }
    } else {
        for (std::int64_t row = range.first_row; row <= range.last_row; ++row) {
            for (std::int64_t column = range.first_column; column <= range.last_column; ++column) {
                for_each_in_cell(column, row, [&](const Entry& entry) {
                    // Same ownership rule as for pairs: report each box from one cell.
                    if (std::max(entry.min_column, range.first_column) == column &&
                        std::max(entry.min_row, range.first_row) == row &&
                        exact_overlap(query, entry.box)) {
                        ids.push_back(entry.id);
                    }
                });
            }
        }
    }
    for (const BoxId id : oversize_) {
        if (exact_overlap(query, box(id))) ids.push_back(id);
    }
}

void SpatialHash::do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                              RayCastCounters& counters) const {
    ensure_built();
    cast_ray_through_cells(
        ray, lattice_, content_bounds_, std::span<const Placement>(placements_),
        std::span<const BoxId>(oversize_), [this](BoxId id) -> const Box2& { return box(id); },
        [this](std::int64_t column, std::int64_t row, const auto& visit) {
            for_each_in_cell(column, row, visit);
        },
        hits, counters);
}

void SpatialHash::fill_structure_stats(BroadPhaseStats& stats) const {
    ensure_built();
    stats.cells_used = static_cast<int>(used_slots_.size());
    stats.max_boxes_in_cell = max_boxes_in_cell_;
}

std::size_t SpatialHash::structure_memory_bytes() const {
    ensure_built();  // report the structure for the current boxes
    return table_.capacity() * sizeof(Slot) + used_slots_.capacity() * sizeof(std::uint32_t) +
           entries_.capacity() * sizeof(Entry) + placements_.capacity() * sizeof(Placement) +
           entry_slots_.capacity() * sizeof(std::uint32_t) + oversize_.capacity() * sizeof(BoxId) +
           scratch_.capacity() * sizeof(float);
}

void SpatialHash::visit(StructureVisitor& visitor) const {
    ensure_built();
    for (const std::uint32_t slot_index : used_slots_) {
        const Slot& slot = table_[slot_index];
        const double x = double(slot.column) * cell_size_;
        const double y = double(slot.row) * cell_size_;
        const Box2 bounds{{float(x), float(y)}, {float(x + cell_size_), float(y + cell_size_)}};
        visitor.cell(bounds, static_cast<int>(slot.count), 0);
    }
    for (const BoxId id : oversize_)
        visitor.cell(box(id), 1, oversize_depth);
}

}  // namespace aabb

#pragma once
// Incremental sort-and-sweep (sweep and prune), curriculum §8.
//
// Interval endpoints on one axis live in a persistent array kept sorted by insertion sort:
// frame-to-frame coherence leaves it almost sorted, so re-sorting is nearly linear. A sweep
// over the sorted endpoints keeps the set of open intervals; each opening endpoint is tested
// against every open interval on the other axis. The axis is the one whose box centers spread
// most, so "everything on one line" across the axis stays cheap.

#include <array>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/option_field.hpp"

namespace aabb {

/// Options of SortAndSweep.
struct SortAndSweepOptions {
    /// Sweep axis: -1 picks the axis of largest center variance at each find_pairs; 0 or 1
    /// forces x or y. Default -1.
    int axis = -1;
    /// When an insertion sort would perform more than this many swaps per endpoint, the
    /// array is fully re-sorted instead (incoherent motion, mass insertion). Default 8.
    int max_swaps_per_endpoint = 8;
};

/// SortAndSweepOptions by name (core/broadphase/option_field.hpp).
inline constexpr std::array sort_and_sweep_option_fields{
    option_field<&SortAndSweepOptions::axis>("axis", -1, 1, sweep_axis_description),
    option_field<&SortAndSweepOptions::max_swaps_per_endpoint>(
        "max_swaps_per_endpoint", 0, 1e6,
        "insertion-sort swaps per endpoint before a full re-sort"),
};

/// Incremental sort-and-sweep over persistent sorted endpoints.
class SortAndSweep final : public BroadPhase {
  public:
    /// A sort-and-sweep broad phase under `policy` with `options`.
    explicit SortAndSweep(TouchingPolicy policy = {}, SortAndSweepOptions options = {});
    /// "sort_and_sweep".
    [[nodiscard]] std::string_view name() const override { return "sort_and_sweep"; }
    /// The options in use.
    [[nodiscard]] const SortAndSweepOptions& options() const { return options_; }
    /// The axis of the last sweep (0 = x, 1 = y).
    [[nodiscard]] int sweep_axis() const { return axis_; }
    void visit(StructureVisitor& visitor) const override;

  protected:
    void do_add(BoxId id) override;
    void do_update(BoxId, const Box2&) override {}
    void do_remove(BoxId id) override;
    void do_clear() override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    void fill_structure_stats(BroadPhaseStats& stats) const override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    /// One interval end: its coordinate and its owner, with the top bit set on a max end.
    struct Endpoint {
        float value;
        std::uint32_t owner_and_side;
    };
    static constexpr std::uint32_t max_side_bit = 1u << 31;

    [[nodiscard]] int choose_axis() const;
    void refresh_endpoints();
    void sort_endpoints();

    SortAndSweepOptions options_;
    int axis_ = 0;
    bool needs_full_sort_ = true;
    std::uint64_t last_swaps_ = 0;
    std::vector<Endpoint> endpoints_;
    std::vector<std::uint8_t> has_endpoints_;  // per id: its two endpoints are in endpoints_
    std::vector<BoxId> active_;                // open intervals during a sweep
    std::vector<std::uint32_t> active_slot_;   // position of each id in active_
};

}  // namespace aabb

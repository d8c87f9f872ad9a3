#pragma once
// The next full sweep, made a slice per frame while the last one is still in use, so that no
// frame pays for a whole sweep (the engine's p99 frame, issue 12). With constant margins every
// box made fat in one full sweep outruns its margin in the same frame some frames later, so
// full sweeps come in waves, each costing 10 to 30 kept frames. Instead, right after a full
// sweep the next one starts: its fat boxes are made for the frame it will be used from (each
// box moved ahead by its last motion for the frames left), then sorted, banded and swept, one
// stage a frame, into buffers of its own; on its last frame it replaces the structure in use
// (double buffering), and the next one starts at once. A box whose frame box is not inside its
// new fat box then (it turned, stopped or was moved) is simply an escaped box of the next
// frame: the partial path queries it, so the answer stays exact whatever the prediction.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "core/broadphase/banded/band_layout.hpp"
#include "core/broadphase/banded/candidate_cache.hpp"
#include "core/broadphase/banded/fat_boxes.hpp"
#include "core/broadphase/banded/sweep_order.hpp"

namespace aabb::banded {

/// The state of the next full sweep while it is prepared: the engine swaps these parts with
/// its own for each slice of work (O(1) vector swaps), and keeps them on the last.
struct PreparedSweep {
    /// Fat boxes and flags per id for the frame it is made for (its motion stays unused:
    /// every slice reads the engine's).
    FatBoxes fat;
    /// Its sweep order and staged boxes.
    SweepOrder order;
    /// Its bands.
    BandLayout layout;
    /// Its candidates and settled pairs.
    CandidateCache cache;
    /// Whether a sweep is being prepared.
    bool active = false;
    /// Steps taken (one per frame, the next is step `step`).
    int step = 0;
    /// Whether the gather counts band entries (a layout was planned).
    bool planned = false;
    /// Prepared sweeps that replaced the structure in use.
    std::uint64_t switches = 0;

    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const {
        return fat.memory_bytes() + order.memory_bytes() + layout.memory_bytes() +
               cache.memory_bytes();
    }
};

/// The stages of a sweep prepared over `steps` frames (at least 8), one step a frame: gather
/// slices, sort slices, band-fill slices, the spread of the bands into arrays, sweep slices
/// (each keeping what it found), two steps of the bands' reach index, and the last step, which
/// switches. The slices share the steps left by the four others about as the stages cost
/// (measured at 10,000 uniform boxes, the stages reading memory the frame's other work has
/// evicted: gather 34%, sort 16%, band fill 18%, sweep and keep 32%).
struct PreparedSchedule {
    /// Frames the preparation takes, one step each.
    int steps = 8;
    /// Steps that gather.
    [[nodiscard]] int gather_steps() const { return share(34); }
    /// Steps that sort.
    [[nodiscard]] int sort_steps() const { return share(16); }
    /// Steps that fill the bands.
    [[nodiscard]] int band_steps() const { return share(18); }
    /// Steps that sweep (the rest of the slices).
    [[nodiscard]] int sweep_steps() const {
        return slices() - gather_steps() - sort_steps() - band_steps();
    }
    /// The first sort step.
    [[nodiscard]] int sort_step() const { return gather_steps(); }
    /// The first band step.
    [[nodiscard]] int band_step() const { return sort_step() + sort_steps(); }
    /// The step that spreads the bands into arrays.
    [[nodiscard]] int spread_step() const { return band_step() + band_steps(); }
    /// The first sweep step.
    [[nodiscard]] int sweep_step() const { return spread_step() + 1; }
    /// The first of the two steps that index the bands' reach.
    [[nodiscard]] int reach_step() const { return steps - 3; }
    /// The last step: switch.
    [[nodiscard]] int last_step() const { return steps - 1; }
    /// Part `slice` of `parts` of [0, count): its first item.
    [[nodiscard]] static std::size_t slice_begin(std::size_t count, int slice, int parts) {
        return count * static_cast<std::size_t>(slice) / static_cast<std::size_t>(parts);
    }
    /// Gather slice `slice` of `parts` of [0, count): its first item. The first slice is half
    /// the others: its frame follows a switch, whose escaped boxes it queries (571 of 10,000
    /// at once on `line`, against 27 in other frames), which made it the slowest frame of each
    /// preparation (0.19 ms against 0.10 at 10,000 boxes on `line`).
    [[nodiscard]] static std::size_t gather_slice_begin(std::size_t count, int slice, int parts) {
        if (slice <= 0) return 0;
        return count * static_cast<std::size_t>(2 * slice - 1) /
               static_cast<std::size_t>(2 * parts - 1);
    }

  private:
    [[nodiscard]] int slices() const { return steps - 4; }
    [[nodiscard]] int share(int percent) const {
        return std::max(1, (percent * slices() + 50) / 100);
    }
};

}  // namespace aabb::banded

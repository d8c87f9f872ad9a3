#pragma once
// What changed since the last find_pairs and since the bands were made: the facts that choose
// a frame's path (cached, kept, partial or full) and the boxes the partial path must query.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb::banded {

/// Change flags and the boxes that left their fat boxes (or were added or removed).
struct ChangeTracker {
    /// Any box changed since the last find_pairs.
    bool changed = true;
    /// A box was added or removed since the last full sweep.
    bool membership_changed = true;
    /// The kept bands and candidates cannot be reused: the next search is a full sweep.
    bool needs_full = true;
    /// So many boxes changed since the bands were made that the changed boxes are merged into
    /// them at the end of this frame's partial search.
    bool merge_due = false;
    /// Per id: left its fat box (or was added or removed) since the last full sweep or merge. Those
    /// boxes' band entries are stale and skipped; their current fat boxes are queried instead.
    std::vector<std::uint8_t> since_full;
    /// The ids flagged in since_full, in the order they were flagged.
    std::vector<BoxId> since_full_ids;
    /// Per id: left its fat box this frame.
    std::vector<std::uint8_t> escaped_now;
    /// The ids flagged in escaped_now.
    std::vector<BoxId> escaped_ids;

    /// Notes that `id` left its fat box (or was added or removed); a full sweep becomes due
    /// once more than `partial_fraction` of the `present` boxes did in this frame, a merge
    /// once more than that fraction did since the bands were made. True when this is the
    /// box's first escape this frame (and no full sweep was due yet).
    bool note_escaped(BoxId id, float partial_fraction, std::size_t present) {
        changed = true;
        // Once the next search is full anyway, which boxes escaped no longer matters (the
        // common case while a frame's boxes are added: kept inline and cheap).
        if (needs_full) return false;
        return flag(id, partial_fraction, present);
    }
    /// Whether `escapes` boxes of the `present` ones leaving their fat boxes in one frame are
    /// more than the partial path takes (`partial_fraction` of them): a full search is due.
    [[nodiscard]] static bool too_many(std::size_t escapes, float partial_fraction,
                                       std::size_t present) {
        return static_cast<double>(escapes) >
               static_cast<double>(partial_fraction) * static_cast<double>(present);
    }
    /// Notes that `escapes` boxes left their fat boxes this frame, without which ones: when
    /// they are too_many, the next search is full and which boxes escaped no longer matters
    /// (every box of a scene of bullets, where noting a sixth of them one by one came first).
    void note_escape_count(std::size_t escapes, float partial_fraction, std::size_t present) {
        if (!too_many(escapes, partial_fraction, present)) return;
        changed = true;
        needs_full = true;
    }
    /// Sizes the per-id flags for ids [0, count).
    void grow(std::size_t count);
    /// A full sweep or a merge ran: nothing has changed since it.
    void forget_since_full();
    /// A frame ended: no box escaped in the next one yet.
    void forget_escaped();
    /// Everything must be searched again (after clear).
    void reset();
    /// Bytes reserved.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    bool flag(BoxId id, float partial_fraction, std::size_t present);
};

}  // namespace aabb::banded

// The next full sweep of BandedSortAndSweep, prepared over frames (prepared_sweep.hpp): the
// full sweep's own stages (full_search.cpp), one per frame, run on the prepared parts swapped
// in for the slice; the last step keeps them and lets the boxes that are not inside their new
// fat boxes escape.

#include <bit>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

namespace aabb {

std::pair<std::size_t, std::size_t> BandedSortAndSweep::prepared_motion_ids() const {
    // The ids the next step gathers: a slice of the ids in order, so a range.
    const banded::PreparedSchedule schedule{options_.prepared_frames};
    const std::vector<BoxId>& ids = prepared_.order.ids;
    if (!prepared_.active || prepared_.step >= schedule.gather_steps() || ids.empty())
        return {0, 0};
    const std::size_t first = banded::PreparedSchedule::gather_slice_begin(
        ids.size(), prepared_.step, schedule.gather_steps());
    const std::size_t end = banded::PreparedSchedule::gather_slice_begin(
        ids.size(), prepared_.step + 1, schedule.gather_steps());
    if (first >= end) return {0, 0};
    return {ids[first], std::size_t{ids[end - 1]} + 1};
}

void BandedSortAndSweep::start_prepared() {
    prepared_.active = false;
    const std::size_t present = size();
    if (options_.prepared_frames == 0 ||
        present < static_cast<std::size_t>(options_.prepared_min_boxes)) {
        return;
    }
    // Only while the margins would otherwise run out together: enough boxes have margins
    // (more than a full sweep's share of escapes) and the structure in use holds every box.
    if (fat_.sweep_margin_frames == 0.0f || changes_.membership_changed || changes_.needs_full ||
        order_.ids.size() != present ||
        static_cast<double>(fat_.margin_count) <=
            static_cast<double>(options_.partial_fraction) * static_cast<double>(present)) {
        return;
    }
    banded::FatBoxes& fat = prepared_.fat;
    // The gather writes the fat box of every present id; the others keep the valid fat boxes
    // they had (a fat box must always be a valid box), copied once.
    if (fat.boxes.size() != fat_.boxes.size()) {
        fat.boxes = fat_.boxes;
        fat.no_margin = fat_.no_margin;
        fat.still = fat_.still;
    }
    fat_.adapt_margin_scale(options_.max_margin_sizes);
    fat.sweep_margin_frames = fat_.sweep_margin_frames;
    fat.sweep_max_margin_sizes = fat_.sweep_max_margin_sizes;
    // The gather reads the boxes in id order, each slice a range of ids (so the frame before it
    // records the motion of those boxes alone), and the sort is a radix sort in steps: in the
    // order of the structure in use, made many frames earlier, the reads of a slice were
    // scattered (80 ns a box at 100,000), and the boxes' order had changed too much for the
    // insertion sort to pay.
    list_present_ids(prepared_.order.ids);
    prepared_.order.sorted_axis = order_.sorted_axis;
    prepared_.order.insertion_failures = order_.insertion_failures;
    // The first preparation makes its buffers at once, in the frame of the full sweep (the
    // slowest anyway) rather than in its first steps (at 10,000 boxes the first gather step
    // took 0.3 ms instead of 0.08, most of it in new pages).
    if (prepared_.order.staged.size() < present) {
        banded::SweepOrder& order = prepared_.order;
        order.staged.resize(present);
        order.items.resize(present);
        order.scratch.resize(present);
        order.next_ids.resize(present);
        banded::BandLayout& layout = prepared_.layout;
        layout.entries.resize(layout_.entries.size());
        layout.arrays.resize_with_sentinels(layout_.entry_count);
        layout.reach.resize(layout_.entry_count);
        // The bucket index takes at most 2^18 entries (BandLayout::begin_reach); the layout in
        // use, which the next preparation reuses, may not have made its own yet.
        const std::size_t buckets =
            std::min<std::size_t>(std::size_t{1} << 18, 4 * layout_.entry_count + 4096);
        layout.reach_buckets.resize(std::max(layout.reach_buckets.size(), buckets));
        layout_.reach_buckets.resize(std::max(layout_.reach_buckets.size(), buckets));
        banded::CandidateCache& cache = prepared_.cache;
        cache.candidates.resize(cache_.candidates.size());
        cache.candidates.clear();
    }
    prepared_.layout.planned = layout_.planned;
    prepared_.layout.current = layout_.current;
    prepared_.step = 0;
    prepared_.active = true;
}

void BandedSortAndSweep::swap_prepared() {
    // Every part the full sweep's stages read and write, but the motion, which is the
    // engine's: swapping twice restores both.
    std::swap(fat_, prepared_.fat);
    std::swap(fat_.motion, prepared_.fat.motion);
    std::swap(order_, prepared_.order);
    std::swap(layout_, prepared_.layout);
    std::swap(cache_, prepared_.cache);
}

void BandedSortAndSweep::advance_prepared(PairSearchCounters& counters) {
    if (!prepared_.active) {
        // Right after a full sweep, so that the next one is ready before its margins run out.
        if (last_path_ == LastPath::full) start_prepared();
        return;
    }
    // Boxes were added or removed, or a full sweep is due anyway: what is prepared would not
    // fit the boxes.
    if (changes_.membership_changed || changes_.needs_full) {
        abort_prepared();
        return;
    }
    const banded::PreparedSchedule schedule{options_.prepared_frames};
    const int step = prepared_.step++;
    swap_prepared();
    bool switch_now = false;
    try {
        if (step < schedule.gather_steps()) {
            if (step == 0) prepared_.planned = begin_gather();
            const std::size_t count = order_.ids.size();
            const int slices = schedule.gather_steps();
            // Made for the frame the prepared sweep will be used from.
            gather_ahead_frames_ = static_cast<float>(schedule.steps - step);
            run_parallel_range(
                banded::PreparedSchedule::gather_slice_begin(count, step, slices),
                banded::PreparedSchedule::gather_slice_begin(count, step + 1, slices),
                &BandedSortAndSweep::gather_chunks);
            gather_ahead_frames_ = 0.0f;
        } else if (step < schedule.band_step()) {
            const int slice = step - schedule.sort_step();
            if (slice == 0) {
                finish_gather();
                // Gathered in id order, not in last sweep's: a sort from scratch.
                sort_gathered(prepared_.planned, /*fresh_order=*/true);
            }
            order_.continue_sort(banded::PreparedSchedule::slice_begin(
                order_.items.size(), slice + 1, schedule.sort_steps()));
        } else if (step < schedule.spread_step()) {
            const int slice = step - schedule.band_step();
            const int slices = schedule.band_steps();
            const std::size_t count = order_.items.size();
            if (slice == 0) begin_bands();
            fill_bands(banded::PreparedSchedule::slice_begin(count, slice, slices),
                       banded::PreparedSchedule::slice_begin(count, slice + 1, slices));
        } else if (step == schedule.spread_step()) {
            finish_bands();
            cache_.clear();
        } else if (step < schedule.reach_step()) {
            const int slice = step - schedule.sweep_step();
            const int slices = schedule.sweep_steps();
            const std::size_t entries = layout_.entry_count;
            for (banded::ThreadShare& share : shares_)
                share.sweep.reset();
            run_parallel_range(banded::PreparedSchedule::slice_begin(entries, slice, slices),
                               banded::PreparedSchedule::slice_begin(entries, slice + 1, slices),
                               &BandedSortAndSweep::sweep_chunks);
            counters.box_tests += keep_more_swept(false);
        } else if (step < schedule.last_step()) {
            // The reach index in two steps: reach and half of the bands' buckets, then the rest.
            const std::size_t bands = layout_.band_start.size() - 1;
            if (step == schedule.reach_step()) {
                layout_.begin_reach();
                layout_.fill_reach(0, bands / 2);
            } else {
                layout_.fill_reach(bands / 2, bands);
                layout_.reach_ready = true;
            }
        } else {
            switch_now = true;
        }
    } catch (...) {
        // More candidates than the pair budget allows, or a worker failed: the parts go back,
        // and the caller gets the error as from any search (find_pairs then rebuilds).
        gather_ahead_frames_ = 0.0f;
        swap_prepared();
        abort_prepared();
        throw;
    }
    // The last step keeps the parts swapped in.
    if (switch_now) {
        take_prepared();
        return;
    }
    swap_prepared();
}

void BandedSortAndSweep::take_prepared() {
    // The prepared parts are the engine's now; the ones they replaced wait in prepared_ for the
    // next preparation. Margin pauses carry over from the structure replaced.
    fat_.margin_pauses = prepared_.fat.margin_pauses;
    fat_.margin_retry_every = prepared_.fat.margin_retry_every;
    fat_.margins_may_pay = prepared_.fat.margins_may_pay;
    fat_.margin_scale = prepared_.fat.margin_scale;
    fat_.worst_candidates_per_pair = prepared_.fat.worst_candidates_per_pair;
    fat_.searches_since_full = 0;
    candidates_are_pairs_ = false;
    structure_made();
    ++prepared_.switches;
    prepared_.active = false;
    // The next frame tests the new candidates even if nothing moves.
    changes_.changed = true;
    changes_.grow(id_capacity());
    // A box whose frame box is not inside its new fat box (it turned, stopped or was moved
    // since it was gathered), or differs from it where it has no margin, escaped: the partial
    // path of the next frame queries it against the new bands.
    const auto boxes = stored_boxes();
    const auto present = presence();
    const std::size_t count = std::min(boxes.size(), present.size());
    const float* box_floats = reinterpret_cast<const float*>(boxes.data());
    const float* fat_floats = reinterpret_cast<const float*>(fat_.boxes.data());
    const auto scan_block =
        use_avx2_ ? banded::escaped_in_block_avx2 : banded::escaped_in_block_sse2;
    for (std::size_t first = 0; first < count; first += 64) {
        std::uint64_t bits =
            scan_block(box_floats + 4 * first, fat_floats + 4 * first,
                       fat_.no_margin.data() + first, std::min<std::size_t>(64, count - first));
        for (; bits != 0; bits &= bits - 1) {
            const std::size_t id = first + static_cast<std::size_t>(std::countr_zero(bits));
            if (present[id]) note_escaped(static_cast<BoxId>(id));
        }
    }
    start_prepared();
}

}  // namespace aabb

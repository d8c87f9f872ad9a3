// The full search of BandedSortAndSweep (full_search): a grid search when nothing can be kept
// (grid_search.cpp), otherwise the full sweep: gather every box in last frame's sweep order
// (making fat boxes and sort items, counting band entries, measuring the spread for the next
// plan), sort, fill the bands, spread them into arrays and sweep them, then keep what was found.

#include <algorithm>
#include <limits>
#include <numeric>

#include <immintrin.h>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/banded/kernels/sort_keys.hpp"
#include "core/broadphase/banded/kernels/sweep_kernels.hpp"

namespace aabb {

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

}  // namespace

void BandedSortAndSweep::full_search(PairSearchCounters& counters) {
    // Most boxes left their boxes this frame (not only too many since the bands were made, or
    // a grid search before): with margins paused there is nothing to keep, so a grid may do.
    // (The grid tests closed; tolerance boxes are stored padded, so it serves that rule too.)
    const bool grid_allowed = options_.exact_grid && changes_.needs_full && !open_policy();
    // The first frame of motion in which no box got a margin: the grid will likely follow.
    const bool moved_all = changes_.needs_full && !changes_.membership_changed;
    // A full sweep makes everything afresh: a next sweep being prepared would be older.
    abort_prepared();
    for (banded::ThreadShare& share : shares_)
        share.sweep.reset();
    // Whether the last sweep's boxes were exact (the build, a sweep with margins paused, a grid
    // search): read before this sweep's gather sets it anew.
    const bool last_swept_exact = !fat_.sweep_fattened;
    fat_.start_sweep(options_.margin_frames, options_.max_margin_sizes);
    changes_.grow(id_capacity());
    // No box will get a margin: margins are paused, or the last motion says they cannot pay
    // (every box too fast for one, so none was given and none was paused either).
    const bool no_margins = fat_.sweep_margin_frames == 0.0f || !fat_.margins_may_pay;
    if (grid_allowed && no_margins && grid_search(counters)) return;
    // Membership changed: the sweep order starts again from the ids in order.
    const bool fresh_order = changes_.membership_changed || order_.ids.size() != size();
    // After incoherent motion (the insertion sort gave up: bullets, teleports) last frame's
    // order does not help the sort, which will be a radix sort, but reading boxes in it is
    // reading them at random; in id order the gather's reads are sequential (at 1,000,000
    // bullets the gather took 89 of 200 ms in last frame's order, 31 in id order). The sort
    // tries last frame's order again now and then (SweepOrder::will_radix_sort).
    // Margins appear (the first frame of motion after the build, or margins tried again): last
    // sweep's order of exact boxes is far from the order of fat boxes, whose minima move by up
    // to 16 frames of motion, so the gather reads in id order too and the sort is a radix sort
    // from scratch. Timed on the first frame after the build, pinned, 5 runs each (ms of its
    // search): uniform 1,000,000 75-102 -> 62-87, bullets 1,000,000 64-95 -> 48-64, uniform
    // 100,000 5.8-6.8 -> 4.8-5.4, 10,000 alike; at a million boxes the gather in last sweep's
    // order took 23-32 ms, against 11-21 in id order, and the insertion sort 11-18 ms against
    // 5-9 for the radix sort. This sweep does not count as a failure of the insertion sort.
    const bool margins_appear = last_swept_exact && !no_margins;
    const bool radix_anyway = order_.will_radix_sort();
    const bool id_order = radix_anyway || margins_appear;
    if (fresh_order || id_order) list_present_ids(order_.ids);
    const bool planned = begin_gather();
    run_parallel(order_.ids.size(), &BandedSortAndSweep::gather_chunks);
    finish_gather();
    sort_gathered(planned, fresh_order || (margins_appear && !radix_anyway));
    order_.continue_sort(order_.items.size());
    build_bands();
    run_parallel(layout_.entry_count, &BandedSortAndSweep::sweep_chunks);
    // Exact boxes swept under the closed rule (tolerance boxes are stored padded): every
    // candidate is a pair already.
    const bool found_exact = !fat_.sweep_fattened && !open_policy();
    candidates_are_pairs_ = found_exact;
    counters.box_tests = keep_swept(found_exact);
    // Most boxes escaped and their motion says margins will not hold them (bullets): the
    // next full search will likely be a grid search. Its storage is made now, in a frame that
    // was a whole sweep anyway, instead of page-faulting in that one (100,000 bullets: 14 ms
    // instead of 4).
    if (grid_allowed && moved_all && !fat_.margins_may_pay) reserve_grid();
    structure_made();
    last_path_ = LastPath::full;
}

void BandedSortAndSweep::list_present_ids(std::vector<BoxId>& ids) const {
    const auto presence_flags = presence();
    // Every id present (no box removed, as in set_all scenes): 0, 1, ..., n - 1 without
    // reading a flag (a sweep prepared over frames lists them every 16 frames).
    if (size() == presence_flags.size()) {
        ids.resize(size());
        std::iota(ids.begin(), ids.end(), BoxId{0});
        return;
    }
    ids.clear();
    for (std::size_t id = 0; id < presence_flags.size(); ++id) {
        if (presence_flags[id]) ids.push_back(static_cast<BoxId>(id));
    }
}

bool BandedSortAndSweep::begin_gather() {
    // Bands are counted during the gather with the layout planned on the last full sweep;
    // without a plan (first sweep, after clear) the layout is planned first, then counted.
    const bool planned = layout_.planned.valid;
    if (planned) layout_.adopt_plan();
    const std::size_t count = order_.ids.size();
    order_.staged.resize(count);
    order_.items.resize(count);
    gather_counting_ = planned;
    const auto bands = static_cast<std::size_t>(layout_.current.count);
    for (banded::ThreadShare& thread_share : shares_) {
        banded::GatherShare& share = thread_share.gather;
        share.spread = banded::Spread{};
        share.fattened = false;
        if (planned) share.counts.assign(bands, 0);
    }
    return planned;
}

void BandedSortAndSweep::finish_gather() {
    const auto bands = static_cast<std::size_t>(layout_.current.count);
    banded::Spread spread;
    layout_.band_cursor.assign(bands, 0);
    fat_.sweep_fattened = false;
    for (const banded::ThreadShare& thread_share : shares_) {
        const banded::GatherShare& share = thread_share.gather;
        fat_.sweep_fattened |= share.fattened;
        spread.merge(share.spread);
        if (gather_counting_) {
            for (std::size_t band = 0; band < bands; ++band)
                layout_.band_cursor[band] += share.counts[band];
        }
    }
    layout_.plan(spread, order_.staged, options_.axis, options_.band_height_factor,
                 options_.max_bands);
    const int next_axis = layout_.planned.axis;
    order_.predict_shifts(fat_.motion, next_axis, spread.lowest[next_axis],
                          spread.highest[next_axis], options_.max_swaps_per_box);
    fat_.predict_margins(order_.ids, stored_boxes(), options_.margin_frames,
                         options_.max_margin_sizes, options_.partial_fraction);
    fat_.count_margins();
}

void BandedSortAndSweep::sort_gathered(bool planned, bool fresh_order) {
    // When this frame's boxes call for a clearly different layout (a new scene), it is
    // adopted at once at the cost of one more sequential pass.
    if (!planned || layout_.plan_differs()) {
        layout_.adopt_plan();
        const int axis = layout_.current.axis;
        const banded::BandMap band_of = layout_.map();
        for (std::size_t position = 0; position < order_.staged.size(); ++position) {
            const Box2& box = order_.staged[position];
            order_.items[position] =
                banded::order_item(box.min[axis], static_cast<std::uint32_t>(position));
            banded::count_entries(box, band_of, 1 - axis, layout_.band_cursor.data());
        }
    }
    if (layout_.current.axis != order_.sorted_axis) fresh_order = true;
    order_.sorted_axis = layout_.current.axis;
    order_.start_sort(fresh_order, options_.max_swaps_per_box);
}

std::uint64_t BandedSortAndSweep::keep_swept(bool found_exact, bool none_still) {
    cache_.clear();
    return keep_more_swept(found_exact, none_still);
}

std::uint64_t BandedSortAndSweep::keep_more_swept(bool found_exact, bool none_still) {
    std::uint64_t tests = 0;
    std::size_t total = cache_.candidates.size() + cache_.settled.size();
    for (const banded::ThreadShare& share : shares_) {
        tests += share.sweep.candidates;
        total += share.sweep.count;
    }
    // Each thread's buffer was checked on its own; the kept candidates are all of them.
    check_pair_count(total);
    // Doubling: a sweep prepared over frames keeps its candidates a slice at a time.
    if (total > cache_.candidates.capacity())
        cache_.candidates.reserve(std::max(total, 2 * cache_.candidates.capacity()));
    for (const banded::ThreadShare& share : shares_)
        keep_found(share.sweep, found_exact, none_still);
    return tests;
}

void BandedSortAndSweep::keep_found(const banded::PairBuffer& found, bool found_exact,
                                    bool none_still) {
    if (none_still) {
        cache_.keep(found.storage.data(), found.count);
    } else {
        cache_.settle_or_keep(found.storage.data(), found.count, found_exact, fat_.still.data(),
                              stored_boxes().data(), open_policy());
    }
}

void BandedSortAndSweep::structure_made() {
    changes_.forget_since_full();
    changed_index_.clear();
    merges_since_full_ = 0;
    entries_at_full_ = layout_.entry_count;
    changes_.membership_changed = false;
    changes_.needs_full = false;
    grid_in_use_ = false;
    exact_made_ = false;  // the sweep made its own fat boxes
    grid_.clear();
}

void BandedSortAndSweep::gather_chunks(int thread) {
    banded::GatherShare& share = shares_[static_cast<std::size_t>(thread)].gather;
    const auto boxes = stored_boxes();
    const BoxId* ids = order_.ids.data();
    const int axis = layout_.current.axis;
    std::uint32_t* counts = gather_counting_ ? share.counts.data() : nullptr;
    const banded::BandMap band_of = layout_.map();
    const int across = 1 - axis;
    const Box2* motion = fat_.motion.data();
    Box2* fat_boxes = fat_.boxes.data();
    Box2* staged = order_.staged.data();
    std::uint64_t* items = order_.items.data();
    const float margin_frames = fat_.sweep_margin_frames;
    const float ahead = gather_ahead_frames_;
    bool fattened_any = false;
    std::uint8_t* no_margin = fat_.no_margin.data();
    std::uint8_t* still = fat_.still.data();
    const float max_margin_sizes = fat_.sweep_max_margin_sizes;
    // The sums of the centers and of their squares (x and y lanes, in double), and the
    // lowest minimum (lanes 0, 1) and highest maximum (lanes 2, 3) of the fat boxes.
    __m128d sum = _mm_setzero_pd();
    __m128d sum_squares = _mm_setzero_pd();
    __m128 lowest = _mm_set1_ps(infinity);
    __m128 highest = _mm_set1_ps(-infinity);
    // Boxes are read in sweep order, not id order: prefetching a few ahead keeps many of
    // these scattered reads in flight instead of waiting for each. The motion and the fat box
    // of each id are as scattered as its box (unfetched, the motion's load was two thirds of
    // the gather's time at 100,000 boxes).
    constexpr std::size_t prefetch_distance = 16;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t position = begin; position < end; ++position) {
            if (position + prefetch_distance < end) {
                const BoxId later = ids[position + prefetch_distance];
                __builtin_prefetch(&boxes[later]);
                __builtin_prefetch(&motion[later]);
                __builtin_prefetch(&fat_boxes[later], 1);
            }
            const BoxId id = ids[position];
            // The box, its motion and its fat box stay in SSE registers (fattened_ahead_lanes:
            // the floats of moved_ahead and fattened_box, without their branches).
            const __m128 moved = _mm_loadu_ps(reinterpret_cast<const float*>(&motion[id]));
            __m128 from;
            const __m128 fat = banded::fattened_ahead_lanes(
                _mm_loadu_ps(reinterpret_cast<const float*>(&boxes[id])), moved, ahead,
                margin_frames, max_margin_sizes, from);
            const bool has_margin = banded::got_margin_lanes(fat, from);
            fattened_any |= has_margin;
            no_margin[id] = has_margin ? 0 : 1;
            still[id] = banded::is_still_lanes(moved) ? 1 : 0;
            _mm_storeu_ps(reinterpret_cast<float*>(&fat_boxes[id]), fat);
            _mm_storeu_ps(reinterpret_cast<float*>(&staged[position]), fat);
            const Box2& box = staged[position];
            items[position] =
                banded::order_item(box.min[axis], static_cast<std::uint32_t>(position));
            if (counts != nullptr) banded::count_entries(box, band_of, across, counts);
            // Centers (doubled): min + max on each axis, then in double as the spread sums.
            const __m128d center = _mm_cvtps_pd(_mm_add_ps(fat, _mm_movehl_ps(fat, fat)));
            sum = _mm_add_pd(sum, center);
            sum_squares = _mm_add_pd(sum_squares, _mm_mul_pd(center, center));
            lowest = _mm_min_ps(fat, lowest);
            highest = _mm_max_ps(fat, highest);
        }
    }
    // Added to the share: a gather spread over frames (prepared_sweep.cpp) runs in slices.
    share.fattened |= fattened_any;
    banded::Spread measured;
    alignas(16) double sums[2];
    alignas(16) double squares[2];
    alignas(16) float lows[4];
    alignas(16) float highs[4];
    _mm_store_pd(sums, sum);
    _mm_store_pd(squares, sum_squares);
    _mm_store_ps(lows, lowest);
    _mm_store_ps(highs, highest);
    for (int axis_index = 0; axis_index < 2; ++axis_index) {
        measured.sum[axis_index] = sums[axis_index];
        measured.sum_squares[axis_index] = squares[axis_index];
        measured.lowest[axis_index] = lows[axis_index];
        measured.highest[axis_index] = highs[2 + axis_index];
    }
    share.spread.merge(measured);
}

void BandedSortAndSweep::build_bands() {
    begin_bands();
    // The fill was the longest step a full sweep ran on one thread: on two, one thread fills
    // the first two thirds of the sweep order while the other counts their band entries (where
    // the rest starts in each band) and then fills the rest. At 100,000 bullets the fill took
    // 15.5% of the calling thread's samples; split so, 9.3% there and 9.1% (count and fill) on
    // the worker.
    // On one thread the count would be extra work: the fill runs whole.
    const std::size_t count = order_.items.size();
    if (pool_ && count >= static_cast<std::size_t>(options_.parallel_threshold)) {
        run_parallel(2, &BandedSortAndSweep::fill_part_chunks, std::max<std::size_t>(1, count / 2));
        layout_.large_ids.insert(layout_.large_ids.end(), second_large_ids_.begin(),
                                 second_large_ids_.end());
    } else {
        fill_bands(0, count);
    }
    finish_bands();
}

void BandedSortAndSweep::fill_part_chunks(int) {
    const std::size_t count = order_.items.size();
    // Counting an item costs about half of filling it (perf: 3.8% against 6.8% of a run for
    // the same number of items): the first part is two thirds, so both chunks take alike.
    const std::size_t split = count / 3 * 2;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t part = begin; part < end; ++part) {
            if (part == 0) {
                fill_bands_with(0, split, layout_.band_cursor.data(), layout_.large_ids);
                continue;
            }
            // Cleared here, by the thread that fills it: both threads run this job.
            second_large_ids_.clear();
            const auto bands = static_cast<std::size_t>(layout_.current.count);
            second_cursor_.assign(bands, 0);
            const int across = 1 - layout_.current.axis;
            const banded::BandMap band_of = layout_.map();
            constexpr std::size_t prefetch_distance = 16;
            for (std::size_t position = 0; position < split; ++position) {
                if (position + prefetch_distance < split) {
                    __builtin_prefetch(
                        &order_
                             .staged[banded::item_id(order_.items[position + prefetch_distance])]);
                }
                const Box2& box = order_.staged[banded::item_id(order_.items[position])];
                banded::count_entries(box, band_of, across, second_cursor_.data());
            }
            for (std::size_t band = 0; band < bands; ++band)
                second_cursor_[band] += layout_.band_start[band];
            fill_bands_with(split, count, second_cursor_.data(), second_large_ids_);
        }
    }
}

void BandedSortAndSweep::begin_bands() {
    const auto bands = static_cast<std::size_t>(layout_.current.count);

    layout_.forget_large();
    if (layout_.is_large.size() < id_capacity()) layout_.is_large.resize(id_capacity(), 0);

    std::vector<std::uint32_t>& band_start = layout_.band_start;
    band_start.resize(bands + 1);
    std::size_t offset = 0;
    for (std::size_t band = 0; band < bands; ++band) {
        band_start[band] = static_cast<std::uint32_t>(offset);
        const std::size_t entries = layout_.band_cursor[band];
        layout_.band_cursor[band] = static_cast<std::uint32_t>(offset);
        offset += entries + banded::sentinel_padding;
    }
    band_start[bands] = static_cast<std::uint32_t>(offset);
    layout_.entry_count = offset;
    layout_.entries.resize(offset);
    // Sentinels close every band: +inf minimum stops any sweep, -inf maximum sweeps nothing.
    banded::BandEntry* entries = layout_.entries.data();
    for (std::size_t band = 0; band < bands; ++band) {
        const std::size_t end = band_start[band + 1];
        for (std::size_t slot = end - banded::sentinel_padding; slot < end; ++slot)
            entries[slot] = {infinity, -infinity, infinity, -infinity, 0};
    }

    order_.next_ids.resize(order_.items.size());
}

void BandedSortAndSweep::fill_bands(std::size_t begin_position, std::size_t end_position) {
    fill_bands_with(begin_position, end_position, layout_.band_cursor.data(), layout_.large_ids);
}

void BandedSortAndSweep::fill_bands_with(std::size_t begin_position, std::size_t end_position,
                                         std::uint32_t* cursor, std::vector<BoxId>& large_ids) {
    // Boxes go out in sweep order, so each band comes out sorted.
    const int along = layout_.current.axis;
    const int across = 1 - along;
    const banded::BandMap band_of = layout_.map();
    const float large_width = layout_.current.large_width;
    banded::BandEntry* entries = layout_.entries.data();
    std::uint8_t* is_large = layout_.is_large.data();
    // The sorted items point back into the gather's order: after fast motion (bullets) those
    // reads are scattered, and unfetched they were half of this loop's time at 100,000 boxes.
    constexpr std::size_t prefetch_distance = 16;
    constexpr std::size_t write_ahead = 8;
    const std::size_t last_entry = layout_.entry_count - 1;  // bands end in sentinels: never 0
    const std::size_t count = order_.items.size();
    for (std::size_t position = begin_position; position < end_position; ++position) {
        if (position + prefetch_distance < count) {
            const std::uint32_t ahead = banded::item_id(order_.items[position + prefetch_distance]);
            __builtin_prefetch(&order_.staged[ahead]);
            __builtin_prefetch(&order_.ids[ahead]);
        }
        const std::uint32_t from = banded::item_id(order_.items[position]);
        const Box2& box = order_.staged[from];
        const BoxId id = order_.ids[from];
        order_.next_ids[position] = id;
        const auto first = static_cast<std::uint32_t>(band_of(box.min[across]));
        const auto last = static_cast<std::uint32_t>(band_of(box.max[across]));
        const float width = box.max[along] - box.min[along];
        if (width > large_width) {
            is_large[id] = 1;
            large_ids.push_back(id);
        }
        const banded::BandEntry entry{box.min[along], box.max[along], box.min[across],
                                      box.max[across], id | banded::owner_bit};
        // Each band is written as a stream of its own, too many streams for the hardware
        // prefetcher: asking for the line a few entries on keeps the writes from waiting for
        // each new line (at 100,000 bullets they were most of this loop).
        __builtin_prefetch(entries + std::min(cursor[first] + write_ahead, last_entry), 1);
        entries[cursor[first]++] = entry;
        for (std::uint32_t band = first + 1; band <= last; ++band)
            entries[cursor[band]++] = {entry.min_sweep, entry.max_sweep, entry.min_across,
                                       entry.max_across, id};
    }
}

void BandedSortAndSweep::finish_bands() {
    order_.ids.swap(order_.next_ids);
    // Too many large boxes would make every partial query test them all: treat none as large.
    if (layout_.large_ids.size() > 64) layout_.forget_large();
    layout_.reach_ready = false;

    // Spread the entries into the arrays the SIMD sweep reads, sequentially. One more block of
    // sentinels at the end: a sweep from a band's last sentinel reads one block past it.
    layout_.arrays.resize_with_sentinels(layout_.entry_count);
    run_parallel(layout_.entry_count, &BandedSortAndSweep::spread_chunks);
}

void BandedSortAndSweep::spread_chunks(int) {
    const banded::BandEntry* entries = layout_.entries.data();
    banded::BandArrays& arrays = layout_.arrays;
    float* min_sweep = arrays.min_sweep.data();
    float* max_sweep = arrays.max_sweep.data();
    float* min_across = arrays.min_across.data();
    float* max_across = arrays.max_across.data();
    std::uint32_t* tagged_id = arrays.tagged_id.data();
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t slot = begin; slot < end; ++slot) {
            const banded::BandEntry& entry = entries[slot];
            min_sweep[slot] = entry.min_sweep;
            max_sweep[slot] = entry.max_sweep;
            min_across[slot] = entry.min_across;
            max_across[slot] = entry.max_across;
            tagged_id[slot] = entry.tagged_id;
        }
    }
}

void BandedSortAndSweep::sweep_chunks(int thread) {
    banded::PairBuffer& out = shares_[static_cast<std::size_t>(thread)].sweep;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        if (use_avx2_) {
            banded::sweep_range_avx2(layout_.arrays, begin, end, out);
        } else if (use_avx_) {
            banded::sweep_range_avx(layout_.arrays, begin, end, out);
        } else {
            banded::sweep_range_sse2(layout_.arrays, begin, end, out);
        }
    }
}

}  // namespace aabb

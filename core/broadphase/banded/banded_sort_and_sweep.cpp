#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "core/broadphase/banded/kernels/band_arrays.hpp"
#include "core/broadphase/banded/path_choice.hpp"

namespace aabb {

BandedSortAndSweep::BandedSortAndSweep(TouchingPolicy policy, BandedSortAndSweepOptions options)
    : BroadPhase(policy), options_(options) {
    if (options.axis < -1 || options.axis > 1) {
        throw std::invalid_argument("banded_sort_and_sweep: axis must be -1, 0 or 1");
    }
    if (options.threads < 0 || options.threads > 64) {
        throw std::invalid_argument("banded_sort_and_sweep: threads must be in [0, 64]");
    }
    if (options.parallel_threshold < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: parallel_threshold must be >= 0");
    }
    if (options.grid_threads_min_boxes < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: grid_threads_min_boxes must be >= 0");
    }
    if (!(options.band_height_factor > 0.0f) || !std::isfinite(options.band_height_factor)) {
        throw std::invalid_argument("banded_sort_and_sweep: band_height_factor must be > 0");
    }
    if (options.max_bands < 1 || options.max_bands > (1 << 20)) {
        throw std::invalid_argument("banded_sort_and_sweep: max_bands must be in [1, 2^20]");
    }
    if (options.max_swaps_per_box < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: max_swaps_per_box must be >= 0");
    }
    if (!(options.partial_fraction >= 0.0f && options.partial_fraction <= 1.0f)) {
        throw std::invalid_argument("banded_sort_and_sweep: partial_fraction must be in [0, 1]");
    }
    if (!(options.margin_frames >= 0.0f && options.margin_frames <= 1000.0f)) {
        throw std::invalid_argument("banded_sort_and_sweep: margin_frames must be in [0, 1000]");
    }
    if (!(options.max_margin_sizes >= 0.0f && options.max_margin_sizes <= 1000.0f)) {
        throw std::invalid_argument("banded_sort_and_sweep: max_margin_sizes must be in [0, 1000]");
    }
    if (options.prepared_frames < 0 || options.prepared_frames > 64) {
        throw std::invalid_argument("banded_sort_and_sweep: prepared_frames must be in [0, 64]");
    }
    // The stages of a prepared sweep need 8 frames at least (PreparedSchedule).
    if (options_.prepared_frames > 0)
        options_.prepared_frames = std::max(options_.prepared_frames, 8);
    if (options.prepared_min_boxes < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: prepared_min_boxes must be >= 0");
    }
    if (options.one_band_min_boxes < 0) {
        throw std::invalid_argument("banded_sort_and_sweep: one_band_min_boxes must be >= 0");
    }
    thread_count_ = options.threads;
    if (thread_count_ == 0) {
        thread_count_ = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
    }
    use_avx_ = options.allow_avx && __builtin_cpu_supports("avx");
    use_avx2_ = options.allow_avx && __builtin_cpu_supports("avx2");
    shares_.resize(static_cast<std::size_t>(thread_count_));
    // The base's budget lives as long as the engine (which cannot move), so each buffer may
    // point at it; set_budget changes it in place.
    for (banded::ThreadShare& share : shares_) {
        share.sweep.budget = &budget();
        share.changes.budget = &budget();
        share.band_finds.budget = &budget();
        share.changed_finds.budget = &budget();
        share.result.budget = &budget();
    }
    if (thread_count_ > 1) pool_ = std::make_unique<WorkerPool>(thread_count_ - 1);
}

BandedSortAndSweep::~BandedSortAndSweep() = default;

void BandedSortAndSweep::note_escaped(BoxId id) {
    // A still box may have settled pairs.
    if (changes_.note_escaped(id, options_.partial_fraction, size()) && fat_.still[id])
        cache_.settled_dirty = true;
}

void BandedSortAndSweep::track_motion(BoxId id, const Box2& old_box, const Box2& new_box) {
    const Box2 motion{new_box.min - old_box.min, new_box.max - old_box.max};
    fat_.motion[id] = motion;
    if (banded::is_still(motion)) return;
    changes_.changed = true;
    // The one-band path keeps no fat boxes: every box is swept anyway.
    if (one_band_.active) return;
    if (!changes_.needs_full && (fat_.no_margin[id] || !aabb::contains(fat_.boxes[id], new_box)))
        note_escaped(id);
}

void BandedSortAndSweep::record_motion(BoxId id, std::span<const Box2> old_boxes) {
    fat_.record_motion(id, box(id), old_boxes[id]);
}

void BandedSortAndSweep::do_add(BoxId id) {
    fat_are_boxes_ = false;
    exact_made_ = false;
    if (one_band_.active) leave_one_band();
    changes_.membership_changed = true;
    abort_prepared();
    fat_.grow(id_capacity());
    fat_.reset(id, box(id));
    note_escaped(id);
}

void BandedSortAndSweep::do_update(BoxId id, const Box2& old_box) {
    fat_are_boxes_ = false;
    exact_made_ = false;
    track_motion(id, old_box, box(id));
}

void BandedSortAndSweep::do_remove(BoxId id) {
    fat_are_boxes_ = false;
    exact_made_ = false;
    if (one_band_.active) leave_one_band();
    changes_.membership_changed = true;
    abort_prepared();
    note_escaped(id);
}

void BandedSortAndSweep::do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                                    std::span<const std::uint8_t> was_present) {
    // The copy recorded the motion of the fused blocks and made their fat boxes.
    const bool recorded = scan_.recorded;
    const std::size_t recorded_count = 64 * scan_.fused_blocks;
    scan_.recorded = false;
    fat_are_boxes_ = false;
    if (one_band_.active && one_band_set_all(new_count, old_boxes, was_present)) return;
    const auto boxes = stored_boxes();
    const std::size_t kept = std::min(new_count, was_present.size());
    fat_.grow(boxes.size());
    // One pass over the boxes, split across the threads in blocks of 64 (or taken from
    // copy_valid_boxes, which scanned while it copied): which boxes left their fat boxes. Only
    // an escaped box's motion is recorded then; every box's when a full sweep will follow.
    // The scan leaves each block's bits, and counts them: when too many boxes escaped for the
    // partial path (bullets: all of them), their ids are never listed.
    scan_.was_present = was_present.data();
    scan_.count = kept;
    const std::size_t blocks = (kept + 63) / 64;
    if (scan_.escape_blocks.size() < blocks) scan_.escape_blocks.resize(blocks);
    for (banded::ThreadShare& share : shares_) {
        share.scan.escaped = 0;
        share.scan.added.clear();
    }
    run_parallel(blocks, &BandedSortAndSweep::scan_chunks, 64 / light_step_share);
    scan_.fused_blocks = 0;
    std::size_t escaped_count = 0;
    for (const banded::ThreadShare& share : shares_)
        escaped_count += share.scan.escaped;
    changes_.note_escape_count(escaped_count, options_.partial_fraction, size());
    for (const banded::ThreadShare& share : shares_) {
        for (const BoxId id : share.scan.added)
            do_add(id);
    }
    for (std::size_t block = 0; block < blocks && !changes_.needs_full; ++block) {
        for (std::uint64_t bits = scan_.escape_blocks[block]; bits != 0 && !changes_.needs_full;
             bits &= bits - 1) {
            const auto id =
                static_cast<BoxId>(64 * block + static_cast<std::size_t>(std::countr_zero(bits)));
            record_motion(id, old_boxes);
            note_escaped(id);
        }
    }
    // A full sweep needs every box's motion: for margins, and to know the still boxes; so does
    // the next slice of the gather of a sweep prepared over frames, for its range of ids.
    exact_made_ = false;
    const bool grid_next = changes_.needs_full && grid_in_use_ && kept == new_count &&
                           new_count == size() && !prepared_.active;
    // When the copy recorded the motion but too few boxes moved for the grid, the recorded
    // motion is dropped, and the fat boxes the copy made stay: the full sweep that must come
    // next (no partial search follows a grid) makes every fat box afresh, and no step before
    // it reads them (a box that did not move has the same fat box either way).
    if (grid_next) {
        // Exact boxes again, most likely (bullets): their fat boxes are made in the same pass
        // as the motion (grid_search then skips make_exact; a sweep makes its own), or were
        // made while the boxes were copied.
        still_when_made_ =
            recorded
                ? fat_.take_recorded_motion(boxes.data(), old_boxes.data(), recorded_count,
                                            new_count, scan_.still_blocks.data())
                : fat_.record_motion_and_make_exact(boxes.data(), old_boxes.data(), 0, new_count);
        exact_made_ = true;
    } else if (changes_.needs_full) {
        for (std::size_t index = 0; index < kept; ++index)
            record_motion(static_cast<BoxId>(index), old_boxes);
    } else if (prepared_.active) {
        const auto [first, end] = prepared_motion_ids();
        for (std::size_t index = first; index < std::min(end, kept); ++index)
            record_motion(static_cast<BoxId>(index), old_boxes);
    }
    for (std::size_t index = kept; index < new_count; ++index)
        do_add(static_cast<BoxId>(index));
    for (std::size_t index = new_count; index < was_present.size(); ++index) {
        if (was_present[index]) do_remove(static_cast<BoxId>(index));
    }
    // Did anything change at all (for the cached path)? Any change of a box without a margin
    // made it escape, so with no escape and no margins nothing changed. Otherwise memcmp
    // stops at the first difference: it costs little unless nothing moved.
    if (!changes_.changed && kept > 0 && fat_.margin_count > 0 &&
        std::memcmp(old_boxes.data(), boxes.data(), kept * sizeof(Box2)) != 0) {
        changes_.changed = true;
    }
}

bool BandedSortAndSweep::copy_valid_boxes(std::span<const Box2> boxes, Box2* stored) {
    // The change scan of whole blocks of 64 boxes rides along with the copy: each box is
    // compared with its fat box while it is in registers, which saves reading every stored
    // box again. Padded (tolerance) boxes are stored after this copy, so they are scanned later.
    scan_.fused_blocks = 0;
    scan_.recorded = false;
    // The one-band path scans nothing (if it ends in this set_all, do_set_all scans).
    if (one_band_.active) return BroadPhase::copy_valid_boxes(boxes, stored);
    const std::size_t covered = std::min(boxes.size(), fat_.boxes.size());
    const std::size_t blocks =
        use_avx2_ && touching_policy().rule != TouchingRule::tolerance ? covered / 64 : 0;
    scan_.fused_input = reinterpret_cast<const float*>(boxes.data());
    scan_.fused_target = reinterpret_cast<float*>(stored);
    scan_.escape_blocks.resize(blocks);
    // After a grid search of every id, when the same ids come again (bullets), the copy also
    // records each box's motion and makes it its fat box: otherwise a second pass
    // (record_motion_and_make_exact) reads this frame's and last frame's boxes again.
    scan_.recorded = fat_are_boxes_ && !prepared_.active && blocks > 0 && boxes.size() == size() &&
                     fat_.margin_count == 0;
    if (scan_.recorded) {
        fat_.recorded_motion.resize(fat_.motion.size());
        scan_.still_blocks.resize(blocks);
    }
    for (banded::ThreadShare& share : shares_)
        share.scan.valid = true;
    run_parallel(blocks, &BandedSortAndSweep::copy_and_scan_chunks, 64 / light_step_share);
    bool valid = BroadPhase::copy_valid_boxes(boxes.subspan(64 * blocks), stored + 64 * blocks);
    for (const banded::ThreadShare& share : shares_)
        valid = valid && share.scan.valid;
    if (valid) {
        scan_.fused_blocks = blocks;
    } else if (scan_.recorded) {
        // Nothing is half-set: the fat boxes were last frame's boxes.
        std::copy_n(last_frame_boxes().begin(), 64 * blocks, fat_.boxes.begin());
        scan_.recorded = false;
    }
    return valid;
}

void BandedSortAndSweep::copy_and_scan_chunks(int thread) {
    banded::ScanShare& share = shares_[static_cast<std::size_t>(thread)].scan;
    float* fat_floats = reinterpret_cast<float*>(fat_.boxes.data());
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        share.valid &=
            scan_.recorded
                ? banded::copy_scan_and_record_blocks_avx2(
                      scan_.fused_input, scan_.fused_target, fat_floats,
                      reinterpret_cast<float*>(fat_.recorded_motion.data()), fat_.no_margin.data(),
                      scan_.escape_blocks.data(), scan_.still_blocks.data(), begin, end)
                : banded::copy_and_scan_blocks_avx2(scan_.fused_input, scan_.fused_target,
                                                    fat_floats, fat_.no_margin.data(),
                                                    scan_.escape_blocks.data(), begin, end);
    }
}

void BandedSortAndSweep::scan_chunks(int thread) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    banded::ScanShare& share = shares_[static_cast<std::size_t>(thread)].scan;
    const float* new_floats = reinterpret_cast<const float*>(stored_boxes().data());
    const float* fat_floats = reinterpret_cast<const float*>(fat_.boxes.data());
    const std::uint8_t* was_present = scan_.was_present;
    const std::uint8_t* no_margin = fat_.no_margin.data();
    const auto scan_block =
        use_avx2_ ? banded::escaped_in_block_avx2 : banded::escaped_in_block_sse2;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t block = begin; block < end; ++block) {
            const std::size_t first = 64 * block;
            const std::size_t count = std::min(scan_.count, first + 64) - first;
            // Boxes absent last frame are added, not scanned; usually there are none, which
            // eight-byte words of presence flags (each 0 or 1) show at once.
            std::uint64_t added_bits = 0;
            bool all_present = count == 64;
            for (std::size_t word = 0; all_present && word < 8; ++word) {
                std::uint64_t flags;
                std::memcpy(&flags, was_present + first + 8 * word, sizeof flags);
                all_present = flags == 0x0101010101010101ull;
            }
            if (!all_present) {
                for (std::size_t index = 0; index < count; ++index)
                    added_bits |= std::uint64_t{was_present[first + index] == 0} << index;
            }
            // Blocks scanned while set_all copied them come with their bits (which may cover
            // ids past the boxes present last frame: those are cut off).
            std::uint64_t escaped_bits =
                block < scan_.fused_blocks
                    ? scan_.escape_blocks[block] &
                          (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1)
                    : scan_block(new_floats + 4 * first, fat_floats + 4 * first, no_margin + first,
                                 count);
            escaped_bits &= ~added_bits;
            for (; added_bits != 0; added_bits &= added_bits - 1)
                share.added.push_back(static_cast<BoxId>(
                    first + static_cast<std::size_t>(std::countr_zero(added_bits))));
            scan_.escape_blocks[block] = escaped_bits;
            share.escaped += static_cast<std::size_t>(std::popcount(escaped_bits));
        }
    }
}

void BandedSortAndSweep::do_clear() {
    fat_are_boxes_ = false;
    scan_.recorded = false;
    changes_.reset();
    abort_prepared();
    changed_index_.clear();
    order_.clear();
    for (banded::ThreadShare& share : shares_) {
        share.sweep.count = 0;
        share.changes.count = 0;
        share.result.count = 0;
    }
    cache_.clear();
    layout_.clear();
    merges_since_full_ = 0;
    candidates_are_pairs_ = false;
    grid_.clear();
    grid_in_use_ = false;
    exact_made_ = false;
    one_band_.active = false;
}

void BandedSortAndSweep::run_parallel(std::size_t work_items, void (BandedSortAndSweep::*job)(int),
                                      std::size_t item_weight) {
    run_parallel_range(0, work_items, job, item_weight);
}

void BandedSortAndSweep::run_parallel_range(std::size_t first, std::size_t end,
                                            void (BandedSortAndSweep::*job)(int),
                                            std::size_t item_weight) {
    const std::size_t work_items = end > first ? end - first : 0;
    const bool parallel =
        pool_ && work_items * item_weight >= static_cast<std::size_t>(options_.parallel_threshold);
    // Small chunks balance uneven work (a wall sweeps far); 16 chunks per thread at least.
    const std::size_t shares = parallel ? static_cast<std::size_t>(thread_count_) * 16 : 1;
    const std::size_t smallest = std::max<std::size_t>(1, 64 / item_weight);
    chunks_.reset(end, std::clamp<std::size_t>(work_items / shares + 1, smallest, 4096), first);
    if (parallel) {
        job_ = job;
        pool_->run(
            [](void* context, int share) {
                auto& engine = *static_cast<BandedSortAndSweep*>(context);
                (engine.*engine.job_)(share);
            },
            this);
    } else {
        (this->*job)(0);
    }
}

void BandedSortAndSweep::do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) {
    const std::uint64_t switches_before = prepared_.switches;
    // The path and why, chosen on the facts before the search changes them (path_choice.hpp).
    banded::PathFacts facts;
    facts.searched = last_path_ != LastPath::none;
    facts.changed = changes_.changed;
    facts.needs_full = changes_.needs_full;
    facts.membership_changed = changes_.membership_changed;
    facts.one_band = one_band_.active;
    facts.grid_in_use = grid_in_use_;
    facts.partial_fraction = options_.partial_fraction;
    facts.present = size();
    facts.escaped = changes_.escaped_ids.size();
    facts.since_full = changes_.since_full_ids.size();
    const banded::PathChoice choice = banded::choose_path(facts);
    if (choice.path == BandedPath::cached) {
        last_path_ = LastPath::cached;
        last_merged_ = false;
        order_.last_swaps = 0;
        report_frame(choice.reason, 0, facts.since_full);
        emit_result(pairs);
        return;
    }
    if (choice.path == BandedPath::one_band) {
        last_escaped_ids_.clear();
        one_band_search(counters);
        report_frame(choice.reason, 0, 0);
        emit_result(pairs);
        return;
    }
    std::uint64_t search_tests = 0;
    ++fat_.searches_since_full;
    candidates_are_pairs_ = false;  // until a full sweep of exact boxes says otherwise
    if (choice.path == BandedPath::full) {
        full_search(counters);
        search_tests = counters.box_tests;
    } else if (choice.path == BandedPath::partial) {
        partial_search(counters);
        search_tests = counters.box_tests;
    } else {
        order_.last_swaps = 0;
        last_path_ = LastPath::kept;
        cache_.fresh_from = 0;
    }
    changes_.changed = false;
    test_candidates();
    last_merged_ = false;
    if (last_path_ == LastPath::partial && changes_.merge_due) merge_changed();
    const std::size_t live = cache_.live();
    counters.candidate_pairs = cache_.settled.size() + live;
    counters.box_tests = search_tests + (candidates_are_pairs_ ? 0 : live);
    if (!candidates_are_pairs_) {
        // How many candidates the margins cost per pair found: the margin policy's measure.
        std::size_t found = 0;
        for (const banded::ThreadShare& share : shares_)
            found += share.result.count;
        fat_.note_candidates(live, found);
    }
    // Kept for the window's overlay (visit); as cheap as the forgetting that follows.
    last_escaped_ids_.assign(changes_.escaped_ids.begin(), changes_.escaped_ids.end());
    changes_.forget_escaped();
    emit_result(pairs);
    // After the answer: a slice of the next full sweep, when one is prepared over frames, or
    // the one-band path from the next frame on.
    if (may_sweep_one_band()) {
        start_one_band();
    } else {
        advance_prepared(counters);
    }
    report_frame(choice.reason, facts.escaped, facts.since_full);
    report_.prepared_switch = prepared_.switches != switches_before;
}

void BandedSortAndSweep::report_frame(BandedPathReason reason, std::size_t escaped,
                                      std::size_t since_full) {
    report_.path = last_path_;
    report_.reason = reason;
    report_.boxes = size();
    report_.escaped = escaped;
    report_.changed_since_full = since_full;
    report_.merged = last_merged_;
    report_.grid = last_path_ == LastPath::full && grid_in_use_;
    report_.prepared_switch = false;
    report_.bands = one_band_.active ? 1 : (grid_in_use_ ? 0 : layout_.current.count);
}

void BandedSortAndSweep::test_candidates() {
    // The exact test of every kept candidate, split across the threads when there are many.
    for (banded::ThreadShare& share : shares_) {
        share.result.count = 0;
        share.dropped = 0;
    }
    // A full sweep of exact boxes under the closed rule found pairs, not candidates (every box
    // too fast for a margin, as in a scene of bullets): testing them again would only reread
    // two boxes per pair, so the answer is the kept candidates themselves.
    if (candidates_are_pairs_) return;
    const float* boxes = reinterpret_cast<const float*>(stored_boxes().data());
    if (pool_ && cache_.candidates.size() >=
                     light_step_share * static_cast<std::size_t>(options_.parallel_threshold)) {
        run_parallel(cache_.candidates.size(), &BandedSortAndSweep::filter_chunks);
        for (const banded::ThreadShare& share : shares_)
            cache_.dropped += share.dropped;
    } else {
        // The candidates of escaped boxes and earlier drops are removed in the same pass (both
        // threads instead mark them).
        cache_.test_and_compact(open_policy(), boxes, changes_.escaped_now.data(),
                                fetch_boxes_ahead(), shares_.front().result);
    }
    cache_.fresh_from = 0;
    if (cache_.dropped > cache_.candidates.size() / 4) cache_.compact();
}

void BandedSortAndSweep::filter_chunks(int thread) {
    banded::ThreadShare& share = shares_[static_cast<std::size_t>(thread)];
    const float* boxes = reinterpret_cast<const float*>(stored_boxes().data());
    const std::uint8_t* escaped = changes_.escaped_now.data();
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end))
        cache_.test_range(open_policy(), begin, end, boxes, escaped, fetch_boxes_ahead(),
                          share.result, share.dropped);
}

void BandedSortAndSweep::emit_result(std::vector<BoxPair>& pairs) const {
    std::size_t total = cache_.settled.size();
    if (candidates_are_pairs_) total += cache_.candidates.size();
    for (const banded::ThreadShare& share : shares_)
        total += share.result.count;
    check_pair_count(total);
    pairs.reserve(total);
    pairs.insert(pairs.end(), cache_.settled.begin(), cache_.settled.end());
    if (candidates_are_pairs_)
        pairs.insert(pairs.end(), cache_.candidates.begin(), cache_.candidates.end());
    for (const banded::ThreadShare& share : shares_) {
        const banded::PairBuffer& buffer = share.result;
        pairs.insert(pairs.end(), buffer.storage.begin(),
                     buffer.storage.begin() + static_cast<std::ptrdiff_t>(buffer.count));
    }
}

void BandedSortAndSweep::fill_structure_stats(BroadPhaseStats& stats) const {
    stats.sort_swaps = order_.last_swaps;
    if (one_band_.active && one_band_.frames > 0) {
        stats.cells_used = one_band_.count > 0 ? 1 : 0;
        stats.max_boxes_in_cell = static_cast<int>(one_band_.count);
        return;
    }
    if (grid_in_use_) {
        std::tie(stats.cells_used, stats.max_boxes_in_cell) = grid_.occupancy();
        return;
    }
    const std::vector<std::uint32_t>& starts = layout_.band_start;
    int used = 0;
    int most = 0;
    for (int band = 0;
         band < layout_.current.count && static_cast<std::size_t>(band) + 1 < starts.size();
         ++band) {
        const int count =
            static_cast<int>(starts[static_cast<std::size_t>(band) + 1] -
                             starts[static_cast<std::size_t>(band)] - banded::sentinel_padding);
        if (count > 0) ++used;
        most = std::max(most, count);
    }
    stats.cells_used = used;
    stats.max_boxes_in_cell = most;
}

std::size_t BandedSortAndSweep::structure_memory_bytes() const {
    std::size_t bytes =
        changes_.memory_bytes() + fat_.memory_bytes() + cache_.memory_bytes() +
        order_.memory_bytes() + layout_.memory_bytes() + changed_index_.memory_bytes() +
        merge_.memory_bytes() + prepared_.memory_bytes() + grid_.memory_bytes() +
        one_band_.memory_bytes() + (query_ids_.capacity() + grid_ids_.capacity()) * sizeof(BoxId) +
        second_cursor_.capacity() * sizeof(std::uint32_t) +
        second_large_ids_.capacity() * sizeof(BoxId) +
        (query_order_.capacity() + query_scratch_.capacity()) * sizeof(std::uint64_t);
    for (const banded::ThreadShare& share : shares_)
        bytes += share.memory_bytes();
    return bytes;
}

void BandedSortAndSweep::visit(StructureVisitor& visitor) const {
    if (grid_in_use_) {
        grid_.for_each_cell(
            [&visitor](const Box2& bounds, int occupancy) { visitor.cell(bounds, occupancy, 0); });
        return;
    }
    // Only the minima are sorted; each box's maximum is reported with its minimum's rank.
    const int axis = layout_.current.axis;
    if (one_band_.active) {
        for (std::size_t slot = 0; slot < one_band_.count; ++slot) {
            const BoxId id = one_band_.arrays.tagged_id[slot] & banded::id_mask;
            const int rank = static_cast<int>(slot);
            visitor.endpoint(axis, box(id).min[axis], id, true, rank);
            visitor.endpoint(axis, box(id).max[axis], id, false, rank);
        }
        return;
    }
    visit_bands(visitor);
    int rank = 0;
    for (const BoxId id : order_.ids) {
        if (!contains(id)) continue;
        visitor.endpoint(axis, box(id).min[axis], id, true, rank);
        visitor.endpoint(axis, box(id).max[axis], id, false, rank);
        ++rank;
    }
}

void BandedSortAndSweep::visit_bands(StructureVisitor& visitor) const {
    const banded::LayoutPlan& plan = layout_.current;
    const std::vector<std::uint32_t>& starts = layout_.band_start;
    if (!plan.valid || plan.scale <= 0.0f || starts.size() < std::size_t(plan.count) + 1) return;
    constexpr float infinity = std::numeric_limits<float>::infinity();
    for (int band = 0; band < plan.count; ++band) {
        const float low = band == 0 ? -infinity : plan.origin + float(band) / plan.scale;
        const float high =
            band + 1 == plan.count ? infinity : plan.origin + float(band + 1) / plan.scale;
        const auto b = static_cast<std::size_t>(band);
        visitor.band(plan.axis, low, high,
                     static_cast<int>(starts[b + 1] - starts[b] - banded::sentinel_padding));
    }
    // Which boxes left their fat boxes in the last frame: a per-id mark made here, so that
    // the frame itself pays nothing for drawing.
    std::vector<std::uint8_t> escaped(fat_.boxes.size(), 0);
    for (const BoxId id : last_escaped_ids_)
        if (id < escaped.size()) escaped[id] = 1;
    for (const BoxId id : order_.ids)
        if (contains(id) && id < fat_.boxes.size())
            visitor.fat_box(fat_.boxes[id], id, escaped[id] != 0);
}

}  // namespace aabb

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <thread>

#include <immintrin.h>

#include "core/broadphase/banded/band_map.hpp"
#include "core/broadphase/banded/escape_scan.hpp"
#include "core/broadphase/banded/fat_box.hpp"
#include "core/broadphase/banded/sort_keys.hpp"
#include "core/broadphase/banded/sweep_kernels.hpp"

namespace aabb {

using namespace banded;

namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();
// The light per-box steps of a frame (change scan, exact test of a kept candidate, an escaped
// box's query) count as 1/light_step_share of a swept band entry when deciding whether to use
// the other core: measured with aabb-bench at 10,000 boxes, handing them over paid only from
// about four times the sweep's threshold, since the other core must first fetch the boxes
// this one just wrote.
constexpr std::size_t light_step_share = 4;

// Whether boxes `a` and `b` (four floats each: min x, min y, max x, max y) overlap, in one
// SSE compare: (a.min, b.min) <= (b.max, a.max) lane by lane, closed rule. The open rule
// compares strictly and also asks each box for a positive extent (a box of zero size
// overlaps nothing under it).
template <bool Open>
inline bool boxes_overlap(const float* a, const float* b) {
    const __m128 box_a = _mm_loadu_ps(a);
    const __m128 box_b = _mm_loadu_ps(b);
    const __m128 minima = _mm_movelh_ps(box_a, box_b);  // a.min, b.min
    const __m128 maxima = _mm_movehl_ps(box_a, box_b);  // b.max, a.max
    if constexpr (Open) {
        const __m128 own_maxima = _mm_movehl_ps(box_b, box_a);  // a.max, b.max
        return _mm_movemask_ps(_mm_and_ps(_mm_cmplt_ps(minima, maxima),
                                          _mm_cmplt_ps(minima, own_maxima))) == 0xf;
    } else {
        return _mm_movemask_ps(_mm_cmple_ps(minima, maxima)) == 0xf;
    }
}

// The exact test of candidates[begin, end) for filter_and_compact: pairs go to `target`, the
// candidates that stay are moved down to `kept`. With Escapes, the candidates of escaped boxes
// go; with Marks, the (0, 0) marks of dropped candidates too. Both tests are bitwise, not
// branches: which candidates go follows no pattern.
template <bool Open, bool Escapes, bool Marks>
void test_and_compact(BoxPair* candidates, std::size_t begin, std::size_t end, const float* boxes,
                      const std::uint8_t* escaped, BoxPair* target, std::size_t& count,
                      std::size_t& kept) {
    for (std::size_t index = begin; index < end; ++index) {
        const BoxPair candidate = candidates[index];
        unsigned gone = 0;
        if constexpr (Escapes) gone |= (escaped[candidate.first] | escaped[candidate.second]);
        if constexpr (Marks) gone |= static_cast<unsigned>(candidate.first == candidate.second);
        candidates[kept] = candidate;
        kept += gone ^ 1u;
        const bool overlap = boxes_overlap<Open>(boxes + 4 * std::size_t{candidate.first},
                                                 boxes + 4 * std::size_t{candidate.second});
        target[count] = candidate;
        count += static_cast<unsigned>(overlap) & (gone ^ 1u);
    }
}

}  // namespace

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
    thread_count_ = options.threads;
    if (thread_count_ == 0) {
        thread_count_ = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
    }
    use_avx_ = options.allow_avx && __builtin_cpu_supports("avx");
    use_avx2_ = options.allow_avx && __builtin_cpu_supports("avx2");
    buffers_.resize(static_cast<std::size_t>(thread_count_));
    gather_shares_.resize(static_cast<std::size_t>(thread_count_));
    change_buffers_.resize(static_cast<std::size_t>(thread_count_));
    query_starts_.resize(static_cast<std::size_t>(thread_count_));
    scan_shares_.resize(static_cast<std::size_t>(thread_count_));
    result_buffers_.resize(static_cast<std::size_t>(thread_count_));
    dropped_.resize(static_cast<std::size_t>(thread_count_));
    if (thread_count_ > 1) pool_ = std::make_unique<WorkerPool>(thread_count_ - 1);
}

BandedSortAndSweep::~BandedSortAndSweep() = default;

void BandedSortAndSweep::note_escaped(BoxId id) {
    changed_ = true;
    // Once the next search is full anyway, which boxes escaped no longer matters.
    if (needs_full_) return;
    if (id >= changed_since_full_.size()) changed_since_full_.resize(std::size_t{id} + 1, 0);
    if (id >= escaped_now_.size()) escaped_now_.resize(std::size_t{id} + 1, 0);
    if (!escaped_now_[id]) {
        escaped_now_[id] = 1;
        escaped_ids_.push_back(id);
        // A still box may have settled pairs.
        if (still_[id]) settled_dirty_ = true;
    }
    if (changed_since_full_[id]) return;
    changed_since_full_[id] = 1;
    changed_ids_.push_back(id);
    if (static_cast<double>(changed_ids_.size()) >
        static_cast<double>(options_.partial_fraction) * static_cast<double>(size())) {
        needs_full_ = true;
    }
}

void BandedSortAndSweep::track_motion(BoxId id, const Box2& old_box, const Box2& new_box) {
    const Box2 motion{new_box.min - old_box.min, new_box.max - old_box.max};
    motion_[id] = motion;
    if (is_still(motion)) return;
    changed_ = true;
    if (!needs_full_ && (no_margin_[id] || !aabb::contains(fat_boxes_[id], new_box)))
        note_escaped(id);
}

Box2 BandedSortAndSweep::fattened(const Box2& box, const Box2& motion) const {
    return fattened_box(box, motion, sweep_margin_frames_, options_.max_margin_sizes);
}

void BandedSortAndSweep::grow_box_state(std::size_t count) {
    // New ids start still, without a margin, with the zero box as fat box (a valid box: see
    // fat_boxes_).
    if (motion_.size() >= count) return;
    motion_.resize(count);
    fat_boxes_.resize(count);
    no_margin_.resize(count, 1);
    still_.resize(count, 1);
}

void BandedSortAndSweep::record_motion(BoxId id, std::span<const Box2> old_boxes) {
    const auto index = std::size_t{id};
    _mm_storeu_ps(reinterpret_cast<float*>(motion_.data() + index),
                  _mm_sub_ps(_mm_loadu_ps(reinterpret_cast<const float*>(&box(id))),
                             _mm_loadu_ps(reinterpret_cast<const float*>(&old_boxes[index]))));
}

void BandedSortAndSweep::do_add(BoxId id) {
    membership_changed_ = true;
    grow_box_state(id_capacity());
    motion_[id] = Box2{glm::vec2(0.0f), glm::vec2(0.0f)};
    fat_boxes_[id] = box(id);
    if (no_margin_[id] == 0) --margin_count_;
    no_margin_[id] = 1;
    still_[id] = 1;
    note_escaped(id);
}

void BandedSortAndSweep::do_update(BoxId id, const Box2& old_box) {
    track_motion(id, old_box, box(id));
}

void BandedSortAndSweep::do_remove(BoxId id) {
    membership_changed_ = true;
    note_escaped(id);
}

void BandedSortAndSweep::do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                                    std::span<const std::uint8_t> was_present) {
    const auto boxes = stored_boxes();
    const std::size_t kept = std::min(new_count, was_present.size());
    grow_box_state(boxes.size());
    // One pass over the boxes, split across the threads in blocks of 64 (or taken from
    // copy_valid_boxes, which scanned while it copied): which boxes left their fat boxes. Only
    // an escaped box's motion is recorded then; every box's when a full sweep will follow.
    scan_was_present_ = was_present.data();
    scan_count_ = kept;
    for (ScanShare& share : scan_shares_) {
        share.escaped.clear();
        share.added.clear();
    }
    run_parallel((kept + 63) / 64, &BandedSortAndSweep::scan_chunks, 64 / light_step_share);
    fused_blocks_ = 0;
    for (const ScanShare& share : scan_shares_) {
        for (const BoxId id : share.added)
            do_add(id);
        for (const BoxId id : share.escaped) {
            if (needs_full_) break;
            record_motion(id, old_boxes);
            note_escaped(id);
        }
    }
    // A full sweep needs every box's motion: for margins, and to know the still boxes.
    if (needs_full_) {
        for (std::size_t index = 0; index < kept; ++index)
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
    if (!changed_ && kept > 0 && margin_count_ > 0 &&
        std::memcmp(old_boxes.data(), boxes.data(), kept * sizeof(Box2)) != 0) {
        changed_ = true;
    }
}

bool BandedSortAndSweep::copy_valid_boxes(std::span<const Box2> boxes, Box2* stored) {
    // The change scan of whole blocks of 64 boxes rides along with the copy: each box is
    // compared with its fat box while it is in registers, which saves reading every stored
    // box again. Padded (tolerance) boxes are stored after this copy, so they are scanned later.
    fused_blocks_ = 0;
    const std::size_t covered = std::min(boxes.size(), fat_boxes_.size());
    const std::size_t blocks =
        use_avx2_ && touching_policy().rule != TouchingRule::tolerance ? covered / 64 : 0;
    fused_input_ = reinterpret_cast<const float*>(boxes.data());
    fused_target_ = reinterpret_cast<float*>(stored);
    escape_blocks_.resize(blocks);
    for (ScanShare& share : scan_shares_)
        share.valid = true;
    run_parallel(blocks, &BandedSortAndSweep::copy_and_scan_chunks, 64 / light_step_share);
    bool valid = BroadPhase::copy_valid_boxes(boxes.subspan(64 * blocks), stored + 64 * blocks);
    for (const ScanShare& share : scan_shares_)
        valid = valid && share.valid;
    if (valid) fused_blocks_ = blocks;
    return valid;
}

void BandedSortAndSweep::copy_and_scan_chunks(int thread) {
    ScanShare& share = scan_shares_[static_cast<std::size_t>(thread)];
    const float* fat_floats = reinterpret_cast<const float*>(fat_boxes_.data());
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        share.valid &=
            copy_and_scan_blocks_avx2(fused_input_, fused_target_, fat_floats, no_margin_.data(),
                                      escape_blocks_.data(), begin, end);
    }
}

void BandedSortAndSweep::scan_chunks(int thread) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    ScanShare& share = scan_shares_[static_cast<std::size_t>(thread)];
    const float* new_floats = reinterpret_cast<const float*>(stored_boxes().data());
    const float* fat_floats = reinterpret_cast<const float*>(fat_boxes_.data());
    const std::uint8_t* was_present = scan_was_present_;
    const std::uint8_t* no_margin = no_margin_.data();
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t block = begin; block < end; ++block) {
            const std::size_t first = 64 * block;
            const std::size_t count = std::min(scan_count_, first + 64) - first;
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
                block < fused_blocks_
                    ? escape_blocks_[block] &
                          (count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1)
                : use_avx2_ ? escaped_in_block_avx2(new_floats + 4 * first, fat_floats + 4 * first,
                                                    no_margin + first, count)
                            : escaped_in_block_sse2(new_floats + 4 * first, fat_floats + 4 * first,
                                                    no_margin + first, count);
            escaped_bits &= ~added_bits;
            for (; added_bits != 0; added_bits &= added_bits - 1)
                share.added.push_back(static_cast<BoxId>(
                    first + static_cast<std::size_t>(std::countr_zero(added_bits))));
            for (; escaped_bits != 0; escaped_bits &= escaped_bits - 1)
                share.escaped.push_back(static_cast<BoxId>(
                    first + static_cast<std::size_t>(std::countr_zero(escaped_bits))));
        }
    }
}

void BandedSortAndSweep::do_clear() {
    changed_ = true;
    membership_changed_ = true;
    needs_full_ = true;
    for (const BoxId id : changed_ids_)
        changed_since_full_[id] = 0;
    changed_ids_.clear();
    changed_order_.clear();
    for (const BoxId id : escaped_ids_)
        escaped_now_[id] = 0;
    escaped_ids_.clear();
    order_.clear();
    sweep_ids_.clear();
    for (PairBuffer& buffer : buffers_)
        buffer.count = 0;
    for (PairBuffer& buffer : change_buffers_)
        buffer.count = 0;
    candidates_.clear();
    fresh_from_ = 0;
    dropped_candidates_ = 0;
    settled_.clear();
    settled_dirty_ = false;
    for (PairBuffer& buffer : result_buffers_)
        buffer.count = 0;
    for (const BoxId id : large_ids_) {
        if (id < is_large_.size()) is_large_[id] = 0;
    }
    large_ids_.clear();
    entry_count_ = 0;
    band_count_ = 1;
    planned_valid_ = false;
}

void BandedSortAndSweep::adopt_planned_layout() {
    axis_ = planned_axis_;
    band_count_ = planned_count_;
    band_origin_ = planned_origin_;
    band_scale_ = planned_scale_;
    large_width_ = planned_large_width_;
    band_cursor_.assign(static_cast<std::size_t>(band_count_), 0);
}

bool BandedSortAndSweep::plan_differs() const {
    if (planned_axis_ != axis_) return true;
    if (planned_count_ > 2 * band_count_ || 2 * planned_count_ < band_count_) return true;
    if (!(band_scale_ > 0.0f) || !(planned_scale_ > 0.0f)) return planned_count_ != band_count_;
    // Compare the banded ranges [origin, origin + count / scale].
    const double range = double{static_cast<float>(band_count_)} / band_scale_;
    const double planned_range = double{static_cast<float>(planned_count_)} / planned_scale_;
    return std::abs(double{planned_origin_} - double{band_origin_}) > 0.25 * range ||
           std::abs(planned_range - range) > 0.25 * range;
}

bool BandedSortAndSweep::margins_in_next_sweep() const {
    return options_.margin_frames > 0.0f && (margin_pauses_ == 0 || margin_pauses_ % 8 == 0);
}

int BandedSortAndSweep::band_of(float value) const {
    return BandMap{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)}(value);
}

void BandedSortAndSweep::run_parallel(std::size_t work_items, void (BandedSortAndSweep::*job)(int),
                                      std::size_t item_weight) {
    // item_weight: about how many simple steps (box tests, copied entries) one item costs.
    const bool parallel =
        pool_ && work_items * item_weight >= static_cast<std::size_t>(options_.parallel_threshold);
    // Small chunks balance uneven work (a wall sweeps far); 16 chunks per thread at least.
    const std::size_t shares = parallel ? static_cast<std::size_t>(thread_count_) * 16 : 1;
    const std::size_t smallest = std::max<std::size_t>(1, 64 / item_weight);
    chunks_.reset(work_items, std::clamp<std::size_t>(work_items / shares + 1, smallest, 4096));
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
    if (!changed_ && !needs_full_ && last_path_ != LastPath::none) {
        last_path_ = LastPath::cached;
        last_swaps_ = 0;
        emit_result(pairs);
        return;
    }
    const std::size_t present = size();
    const bool partial_allowed =
        !needs_full_ && last_path_ != LastPath::none && present > 0 &&
        options_.partial_fraction > 0.0f &&
        static_cast<double>(changed_ids_.size()) <=
            static_cast<double>(options_.partial_fraction) * static_cast<double>(present);
    std::uint64_t search_tests = 0;
    ++searches_since_full_;
    if (!partial_allowed) {
        full_search(counters);
        search_tests = counters.box_tests;
    } else if (!escaped_ids_.empty()) {
        partial_search(counters);
        search_tests = counters.box_tests;
    } else {
        last_swaps_ = 0;
        last_path_ = LastPath::kept;
        fresh_from_ = 0;
    }
    changed_ = false;
    // The exact test of every kept candidate, split across the threads when there are many.
    for (PairBuffer& buffer : result_buffers_)
        buffer.count = 0;
    std::fill(dropped_.begin(), dropped_.end(), std::size_t{0});
    if (pool_ && candidates_.size() >=
                     light_step_share * static_cast<std::size_t>(options_.parallel_threshold)) {
        run_parallel(candidates_.size(), &BandedSortAndSweep::filter_chunks);
        for (const std::size_t dropped : dropped_)
            dropped_candidates_ += dropped;
    } else if (open_policy()) {
        filter_and_compact<true>();
    } else {
        filter_and_compact<false>();
    }
    fresh_from_ = 0;
    if (dropped_candidates_ > candidates_.size() / 4) compact_candidates();
    const std::size_t live = candidates_.size() - dropped_candidates_;
    counters.candidate_pairs = settled_.size() + live;
    counters.box_tests = search_tests + live;
    for (const BoxId id : escaped_ids_)
        escaped_now_[id] = 0;
    escaped_ids_.clear();
    emit_result(pairs);
}

void BandedSortAndSweep::emit_result(std::vector<BoxPair>& pairs) const {
    std::size_t total = settled_.size();
    for (const PairBuffer& buffer : result_buffers_)
        total += buffer.count;
    pairs.reserve(total);
    pairs.insert(pairs.end(), settled_.begin(), settled_.end());
    for (const PairBuffer& buffer : result_buffers_) {
        pairs.insert(pairs.end(), buffer.storage.begin(),
                     buffer.storage.begin() + static_cast<std::ptrdiff_t>(buffer.count));
    }
}

void BandedSortAndSweep::settle_or_keep(const BoxPair* found, std::size_t count, bool found_exact) {
    // Pairs of two still boxes are decided now and kept as settled pairs until one of the two
    // changes; the others are kept as candidates, tested every frame. (A box too fast for a
    // margin has none either, but it changes every frame: its pairs as settled ones would
    // make every frame sift through all settled pairs.)
    const std::uint8_t* still = still_.data();
    const Box2* boxes = stored_boxes().data();
    for (std::size_t index = 0; index < count; ++index) {
        const BoxPair pair = found[index];
        if (still[pair.first] & still[pair.second]) {
            if (found_exact || exact_overlap(boxes[pair.first], boxes[pair.second]))
                settled_.push_back(pair);
        } else {
            candidates_.push_back(pair);
        }
    }
}

void BandedSortAndSweep::compact_candidates() {
    std::size_t kept = 0;
    for (const BoxPair candidate : candidates_) {
        candidates_[kept] = candidate;
        kept += candidate.first != candidate.second ? 1 : 0;
    }
    candidates_.resize(kept);
    dropped_candidates_ = 0;
}

void BandedSortAndSweep::filter_chunks(int thread) {
    PairBuffer& out = result_buffers_[static_cast<std::size_t>(thread)];
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        std::size_t& dropped = dropped_[static_cast<std::size_t>(thread)];
        if (open_policy()) {
            filter_range<true>(begin, end, out, dropped);
        } else {
            filter_range<false>(begin, end, out, dropped);
        }
    }
}

template <bool Open>
void BandedSortAndSweep::filter_range(std::size_t begin, std::size_t end, PairBuffer& out,
                                      std::size_t& dropped) {
    const float* boxes = reinterpret_cast<const float*>(stored_boxes().data());
    const std::uint8_t* escaped = escaped_now_.data();
    BoxPair* candidates = candidates_.data();
    out.reserve_more(end - begin);
    BoxPair* target = out.storage.data() + out.count;
    std::size_t count = 0;
    // Branch-free: every candidate is written, and the cursor advances only for a pair (about
    // half of the candidates are pairs, so a branch would mispredict often). Candidates made
    // before this frame's queries first lose those of the boxes that escaped.
    for (std::size_t index = begin; index < end; ++index) {
        BoxPair candidate = candidates[index];
        if (index < fresh_from_ && (escaped[candidate.first] | escaped[candidate.second]) != 0) {
            candidate = BoxPair{0, 0};
            candidates[index] = candidate;
            ++dropped;
        }
        const bool overlap = boxes_overlap<Open>(boxes + 4 * std::size_t{candidate.first},
                                                 boxes + 4 * std::size_t{candidate.second});
        target[count] = candidate;
        // (0, 0) is a dropped candidate, not a pair.
        count += (overlap & (candidate.first != candidate.second)) ? 1 : 0;
    }
    out.count += count;
}

template <bool Open>
void BandedSortAndSweep::filter_and_compact() {
    // The one-thread exact test: the candidates of escaped boxes and earlier drops are
    // removed in the same pass (both threads instead mark them, see filter_range). Only the
    // candidates made before this frame's queries can belong to escaped boxes.
    const float* boxes = reinterpret_cast<const float*>(stored_boxes().data());
    const std::uint8_t* escaped = escaped_now_.data();
    BoxPair* candidates = candidates_.data();
    const std::size_t total = candidates_.size();
    PairBuffer& out = result_buffers_.front();
    out.reserve_more(total);
    BoxPair* target = out.storage.data() + out.count;
    std::size_t count = 0;
    std::size_t kept = 0;
    if (dropped_candidates_ > 0) {
        test_and_compact<Open, true, true>(candidates, 0, fresh_from_, boxes, escaped, target,
                                           count, kept);
        test_and_compact<Open, false, true>(candidates, fresh_from_, total, boxes, escaped, target,
                                            count, kept);
    } else {
        test_and_compact<Open, true, false>(candidates, 0, fresh_from_, boxes, escaped, target,
                                            count, kept);
        test_and_compact<Open, false, false>(candidates, fresh_from_, total, boxes, escaped, target,
                                             count, kept);
    }
    out.count += count;
    candidates_.resize(kept);
    dropped_candidates_ = 0;
}

void BandedSortAndSweep::full_search(PairSearchCounters& counters) {
    for (PairBuffer& buffer : buffers_) {
        buffer.count = 0;
        buffer.candidates = 0;
    }
    // Margins pay off only when boxes stay inside them for a while. When a full sweep follows
    // the last one at once (most boxes outran their margins in one frame: fast or chaotic
    // motion), the next sweeps use exact boxes, and margins are tried again every eighth.
    if (searches_since_full_ <= 1 && sweep_fattened_) {
        margin_pauses_ = std::max<std::uint32_t>(margin_pauses_, 1);
    } else if (searches_since_full_ > 2) {
        margin_pauses_ = 0;
    }
    sweep_margin_frames_ = margins_in_next_sweep() ? options_.margin_frames : 0.0f;
    if (margin_pauses_ > 0) ++margin_pauses_;
    searches_since_full_ = 0;
    const std::size_t capacity = id_capacity();
    if (changed_since_full_.size() < capacity) changed_since_full_.resize(capacity, 0);
    if (escaped_now_.size() < capacity) escaped_now_.resize(capacity, 0);
    // Membership changed: the sweep order starts again from the ids in order.
    bool fresh_order = membership_changed_ || sweep_ids_.size() != size();
    if (fresh_order) {
        sweep_ids_.clear();
        const auto presence_flags = presence();
        for (std::size_t id = 0; id < presence_flags.size(); ++id) {
            if (presence_flags[id]) sweep_ids_.push_back(static_cast<BoxId>(id));
        }
    }
    // Bands are counted during the gather with the layout planned on the last full sweep;
    // without a plan (first sweep, after clear) the layout is planned first, then counted.
    // When this frame's boxes call for a clearly different layout (a new scene), it is
    // adopted at once at the cost of one more sequential pass.
    const bool planned = planned_valid_;
    if (planned) adopt_planned_layout();
    gather_boxes(planned);
    margin_count_ =
        static_cast<std::size_t>(std::count(no_margin_.begin(), no_margin_.end(), std::uint8_t{0}));
    if (!planned || plan_differs()) {
        adopt_planned_layout();
        for (std::size_t position = 0; position < staged_boxes_.size(); ++position) {
            order_[position] = order_item(staged_boxes_[position].min[axis_],
                                          static_cast<std::uint32_t>(position));
            count_entries(staged_boxes_[position],
                          BandMap{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)},
                          1 - axis_, band_cursor_.data());
        }
    }
    if (axis_ != sorted_axis_) fresh_order = true;
    sorted_axis_ = axis_;
    sort_order(fresh_order);
    build_bands();
    run_parallel(entry_count_, &BandedSortAndSweep::sweep_chunks);
    std::uint64_t tests = 0;
    std::size_t total = 0;
    for (const PairBuffer& buffer : buffers_) {
        tests += buffer.candidates;
        total += buffer.count;
    }
    candidates_.clear();
    settled_.clear();
    // Exact boxes swept under the closed rule (tolerance boxes are stored padded): every
    // candidate is a pair already.
    const bool found_exact = !sweep_fattened_ && !open_policy();
    candidates_.reserve(total);
    for (const PairBuffer& buffer : buffers_)
        settle_or_keep(buffer.storage.data(), buffer.count, found_exact);
    settled_dirty_ = false;
    fresh_from_ = 0;
    dropped_candidates_ = 0;
    counters.box_tests = tests;
    for (const BoxId id : changed_ids_)
        changed_since_full_[id] = 0;
    changed_ids_.clear();
    changed_order_.clear();
    membership_changed_ = false;
    needs_full_ = false;
    last_path_ = LastPath::full;
}

void BandedSortAndSweep::gather_chunks(int thread) {
    GatherShare& share = gather_shares_[static_cast<std::size_t>(thread)];
    const auto boxes = stored_boxes();
    const BoxId* ids = sweep_ids_.data();
    const int axis = axis_;
    std::uint32_t* counts = gather_counting_ ? share.counts.data() : nullptr;
    const BandMap band_of{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)};
    const int across = 1 - axis;
    const Box2* motion = motion_.data();
    Box2* fat_boxes = fat_boxes_.data();
    const float margin_frames = sweep_margin_frames_;
    bool fattened_any = false;
    std::uint8_t* no_margin = no_margin_.data();
    std::uint8_t* still = still_.data();
    const float max_margin_sizes = options_.max_margin_sizes;
    double sum[2] = {0, 0};
    double sum_squares[2] = {0, 0};
    float lowest[2] = {infinity, infinity};
    float highest[2] = {-infinity, -infinity};
    // Boxes are read in sweep order, not id order: prefetching a few ahead keeps many of
    // these scattered reads in flight instead of waiting for each.
    constexpr std::size_t prefetch_distance = 16;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t position = begin; position < end; ++position) {
            if (position + prefetch_distance < end)
                __builtin_prefetch(&boxes[ids[position + prefetch_distance]]);
            const BoxId id = ids[position];
            const Box2 box = fattened_box(boxes[id], motion[id], margin_frames, max_margin_sizes);
            const bool has_margin = got_margin(box, boxes[id]);
            fattened_any |= has_margin;
            no_margin[id] = has_margin ? 0 : 1;
            still[id] = is_still(motion[id]) ? 1 : 0;
            fat_boxes[id] = box;
            staged_boxes_[position] = box;
            order_[position] = order_item(box.min[axis], static_cast<std::uint32_t>(position));
            if (counts != nullptr) count_entries(box, band_of, across, counts);
            const float center_x = box.min.x + box.max.x;
            const float center_y = box.min.y + box.max.y;
            sum[0] += center_x;
            sum[1] += center_y;
            sum_squares[0] += double{center_x} * center_x;
            sum_squares[1] += double{center_y} * center_y;
            lowest[0] = std::min(lowest[0], box.min.x);
            lowest[1] = std::min(lowest[1], box.min.y);
            highest[0] = std::max(highest[0], box.max.x);
            highest[1] = std::max(highest[1], box.max.y);
        }
    }
    share.fattened = fattened_any;
    for (int axis_index = 0; axis_index < 2; ++axis_index) {
        share.sum[axis_index] = sum[axis_index];
        share.sum_squares[axis_index] = sum_squares[axis_index];
        share.lowest[axis_index] = lowest[axis_index];
        share.highest[axis_index] = highest[axis_index];
    }
}

void BandedSortAndSweep::gather_boxes(bool count_entries) {
    // One pass in last frame's sweep order, split across the threads: copy each box next to
    // its neighbours (the only random access by id of the frame), make its sort item, count
    // its band entries under the layout planned last frame, and measure the spread of boxes
    // for the next frame's plan.
    const std::size_t count = sweep_ids_.size();
    staged_boxes_.resize(count);
    order_.resize(count);
    gather_counting_ = count_entries;
    for (GatherShare& share : gather_shares_) {
        share = GatherShare{
            {0, 0}, {0, 0}, {infinity, infinity}, {-infinity, -infinity}, std::move(share.counts)};
        if (count_entries) share.counts.assign(static_cast<std::size_t>(band_count_), 0);
    }
    run_parallel(count, &BandedSortAndSweep::gather_chunks);
    double sum[2] = {0, 0};
    double sum_squares[2] = {0, 0};
    float lowest[2] = {infinity, infinity};
    float highest[2] = {-infinity, -infinity};
    band_cursor_.assign(static_cast<std::size_t>(band_count_), 0);
    sweep_fattened_ = false;
    for (const GatherShare& share : gather_shares_) {
        sweep_fattened_ |= share.fattened;
        for (int axis = 0; axis < 2; ++axis) {
            sum[axis] += share.sum[axis];
            sum_squares[axis] += share.sum_squares[axis];
            lowest[axis] = std::min(lowest[axis], share.lowest[axis]);
            highest[axis] = std::max(highest[axis], share.highest[axis]);
        }
        if (count_entries) {
            for (std::size_t band = 0; band < band_cursor_.size(); ++band)
                band_cursor_[band] += share.counts[band];
        }
    }
    planned_valid_ = true;
    if (count == 0) {
        planned_count_ = 1;
        planned_origin_ = 0.0f;
        planned_scale_ = 0.0f;
        planned_axis_ = options_.axis >= 0 ? options_.axis : axis_;
        planned_large_width_ = infinity;
        return;
    }
    if (options_.axis >= 0) {
        planned_axis_ = options_.axis;
    } else {
        // Variance of (doubled) centers: the axis along which boxes spread most is swept.
        const double n = static_cast<double>(count);
        const double variance_x = sum_squares[0] / n - (sum[0] / n) * (sum[0] / n);
        const double variance_y = sum_squares[1] / n - (sum[1] / n) * (sum[1] / n);
        planned_axis_ = variance_y > variance_x ? 1 : 0;
    }
    const int along = planned_axis_;
    const int across = 1 - along;

    // Median sizes from an evenly spread sample: robust to a few huge walls.
    constexpr std::size_t samples = 255;
    const std::size_t stride = std::max<std::size_t>(1, count / samples);
    sorted_sizes_.clear();
    for (std::size_t position = 0; position < count; position += stride) {
        const Box2& box = staged_boxes_[position];
        sorted_sizes_.push_back(box.max[across] - box.min[across]);
    }
    const std::size_t across_samples = sorted_sizes_.size();
    for (std::size_t position = 0; position < count; position += stride) {
        const Box2& box = staged_boxes_[position];
        sorted_sizes_.push_back(box.max[along] - box.min[along]);
    }
    const auto sizes = sorted_sizes_.begin();
    const auto half = static_cast<std::ptrdiff_t>(across_samples / 2);
    const auto split = static_cast<std::ptrdiff_t>(across_samples);
    std::nth_element(sizes, sizes + half, sizes + split);
    const float median_across = sizes[half];
    std::nth_element(sizes + split, sizes + split + half, sorted_sizes_.end());
    const float median_along = sizes[split + half];

    // A small margin lets boxes drift without leaving the banded range (leaving it costs only
    // speed: the edge bands take everything beyond).
    const double height = double{options_.band_height_factor} * double{median_across};
    const double spread = double{highest[across]} - double{lowest[across]};
    const double margin = std::min(height, 0.02 * spread);
    const double range = spread + 2.0 * margin;
    const double most_bands =
        std::min<double>(options_.max_bands, static_cast<double>(count) / 8 + 1);
    double bands = 1;
    if (range > 0) {
        bands = height > 0 ? range / height : std::sqrt(static_cast<double>(count));
        bands = std::clamp(std::floor(bands), 1.0, std::max(1.0, most_bands));
    }
    const float scale = range > 0 ? static_cast<float>(bands / range) : 0.0f;
    const bool usable = std::isfinite(scale) && std::isfinite(static_cast<float>(range));
    planned_count_ = usable ? static_cast<int>(bands) : 1;
    planned_origin_ = usable ? static_cast<float>(double{lowest[across]} - margin) : 0.0f;
    planned_scale_ = usable ? scale : 0.0f;
    // Boxes much longer than the typical one along the sweep axis are listed apart for the
    // partial path, so one wall does not make every band query scan its whole band.
    planned_large_width_ = median_along > 0 ? 16.0f * median_along : infinity;
}

void BandedSortAndSweep::sort_order(bool fresh) {
    // Items are (key << 32) | position in last frame's order: sorting them yields the
    // permutation, and the boxes themselves move only once, in build_bands.
    last_swaps_ = 0;
    if (fresh) {
        radix_sort_by_key(order_, order_scratch_);
        return;
    }
    // Last frame's order with fresh keys is nearly sorted when motion is coherent. When the
    // insertion sort gave up last time, the next sorts go straight to the radix sort, trying
    // the insertion sort again every eighth sweep (motion may have calmed down).
    if (insertion_failures_ > 0 && (insertion_failures_++ % 8) != 0) {
        radix_sort_by_key(order_, order_scratch_);
        return;
    }
    const std::uint64_t budget = std::uint64_t(options_.max_swaps_per_box) * order_.size() + 64;
    if (insertion_sort(order_, budget, last_swaps_)) {
        insertion_failures_ = 0;
    } else {
        insertion_failures_ = std::max<std::uint32_t>(insertion_failures_, 1);
        radix_sort_by_key(order_, order_scratch_);
    }
}

void BandedSortAndSweep::build_bands() {
    const int along = axis_;
    const int across = 1 - axis_;
    const std::size_t bands = static_cast<std::size_t>(band_count_);
    const std::size_t count = order_.size();

    for (const BoxId id : large_ids_)
        is_large_[id] = 0;
    large_ids_.clear();
    if (is_large_.size() < id_capacity()) is_large_.resize(id_capacity(), 0);

    band_start_.resize(bands + 1);
    std::size_t offset = 0;
    for (std::size_t band = 0; band < bands; ++band) {
        band_start_[band] = static_cast<std::uint32_t>(offset);
        const std::size_t entries = band_cursor_[band];
        band_cursor_[band] = static_cast<std::uint32_t>(offset);
        offset += entries + sentinel_padding;
    }
    band_start_[bands] = static_cast<std::uint32_t>(offset);
    entry_count_ = offset;
    band_entries_.resize(offset);
    // Sentinels close every band: +inf minimum stops any sweep, -inf maximum sweeps nothing.
    for (std::size_t band = 0; band < bands; ++band) {
        const std::size_t end = band_start_[band + 1];
        for (std::size_t slot = end - sentinel_padding; slot < end; ++slot)
            band_entries_[slot] = {infinity, -infinity, infinity, -infinity, 0};
    }

    // Boxes go out in sweep order, so each band comes out sorted.
    BandEntry* entries = band_entries_.data();
    const BandMap band_of{band_origin_, band_scale_, static_cast<float>(band_count_ - 1)};
    const float large_width = large_width_;
    std::uint32_t* cursor = band_cursor_.data();
    next_ids_.resize(count);
    for (std::size_t position = 0; position < count; ++position) {
        const std::uint32_t from = item_id(order_[position]);
        const Box2& box = staged_boxes_[from];
        const BoxId id = sweep_ids_[from];
        next_ids_[position] = id;
        const auto first = static_cast<std::uint32_t>(band_of(box.min[across]));
        const auto last = static_cast<std::uint32_t>(band_of(box.max[across]));
        const float width = box.max[along] - box.min[along];
        const bool large = width > large_width;
        if (large) {
            is_large_[id] = 1;
            large_ids_.push_back(id);
        }
        const BandEntry entry{box.min[along], box.max[along], box.min[across], box.max[across],
                              id | owner_bit};
        entries[cursor[first]++] = entry;
        for (std::uint32_t band = first + 1; band <= last; ++band)
            entries[cursor[band]++] = {entry.min_sweep, entry.max_sweep, entry.min_across,
                                       entry.max_across, id};
    }
    sweep_ids_.swap(next_ids_);
    // Too many large boxes would make every partial query test them all: treat none as large.
    if (large_ids_.size() > 64) {
        for (const BoxId id : large_ids_)
            is_large_[id] = 0;
        large_ids_.clear();
    }
    reach_ready_ = false;

    // Spread the entries into the arrays the SIMD sweep reads, sequentially. One more block of
    // sentinels at the end: a sweep from a band's last sentinel reads one block past it.
    bands_.resize_with_sentinels(offset);
    run_parallel(offset, &BandedSortAndSweep::spread_chunks);
}

void BandedSortAndSweep::spread_chunks(int) {
    const BandEntry* entries = band_entries_.data();
    float* min_sweep = bands_.min_sweep.data();
    float* max_sweep = bands_.max_sweep.data();
    float* min_across = bands_.min_across.data();
    float* max_across = bands_.max_across.data();
    std::uint32_t* tagged_id = bands_.tagged_id.data();
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        for (std::size_t slot = begin; slot < end; ++slot) {
            const BandEntry& entry = entries[slot];
            min_sweep[slot] = entry.min_sweep;
            max_sweep[slot] = entry.max_sweep;
            min_across[slot] = entry.min_across;
            max_across[slot] = entry.max_across;
            tagged_id[slot] = entry.tagged_id;
        }
    }
}

void BandedSortAndSweep::sweep_chunks(int thread) {
    PairBuffer& out = buffers_[static_cast<std::size_t>(thread)];
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        if (use_avx_) {
            sweep_range_avx(bands_, begin, end, out);
        } else {
            sweep_range_sse2(bands_, begin, end, out);
        }
    }
}

void BandedSortAndSweep::build_band_reach() {
    // Per band, the running maximum of the entries' maxima on the sweep axis, leaving out the
    // large boxes (queried from their list): a query starts at the first entry whose running
    // maximum reaches its minimum. Built once per full sweep, on the first partial frame.
    band_reach_.resize(entry_count_);
    const float* max_sweep = bands_.max_sweep.data();
    const std::uint32_t* tagged_ids = bands_.tagged_id.data();
    const std::uint8_t* large = is_large_.data();
    for (std::size_t band = 0; band + 1 < band_start_.size(); ++band) {
        float running = -infinity;
        for (std::size_t slot = band_start_[band]; slot < band_start_[band + 1]; ++slot) {
            if (!large[tagged_ids[slot] & id_mask]) running = std::max(running, max_sweep[slot]);
            band_reach_[slot] = running;
        }
    }
    // A bucket index over the sweep axis, the same buckets in every band: for each band and
    // bucket, the first entry whose running maximum reaches the bucket's start. A query then
    // starts a few entries before its answer instead of binary searching (whose dependent,
    // unpredictable steps cost more than the scan itself).
    const std::size_t bands = band_start_.size() - 1;
    const float* keys = bands_.min_sweep.data();
    float lowest = infinity;
    float highest = -infinity;
    for (std::size_t band = 0; band < bands; ++band) {
        const std::size_t end = band_start_[band + 1] - sentinel_padding;
        for (std::size_t slot = band_start_[band]; slot < end; ++slot) {
            lowest = std::min(lowest, keys[slot]);
            highest = std::max(highest, band_reach_[slot]);
        }
    }
    // Sized for the fullest band, within 256K buckets in all.
    std::size_t fullest = 0;
    for (std::size_t band = 0; band < bands; ++band)
        fullest = std::max<std::size_t>(fullest, band_start_[band + 1] - band_start_[band]);
    reach_layout_ = ReachBuckets::spanning(
        lowest, highest, fullest,
        std::min<std::size_t>(4096, (std::size_t{1} << 18) / std::max<std::size_t>(bands, 1)));
    reach_buckets_.resize(bands * reach_layout_.buckets);
    for (std::size_t band = 0; band < bands; ++band) {
        reach_layout_.fill(band_reach_.data(), band_start_[band],
                           band_start_[band + 1] - sentinel_padding,
                           reach_buckets_.data() + band * reach_layout_.buckets);
    }
    reach_ready_ = true;
}

std::size_t BandedSortAndSweep::reach_start(std::size_t band, float key) const {
    return reach_layout_.find(band_reach_.data(), band_start_[band],
                              band_start_[band + 1] - sentinel_padding,
                              reach_buckets_.data() + band * reach_layout_.buckets, key);
}

void BandedSortAndSweep::partial_search(PairSearchCounters& counters) {
    // The escaped boxes get fat boxes for their new motion; their old candidates go, and their
    // settled pairs when some of them were still.
    if (settled_dirty_) {
        const std::uint8_t* escaped_flags = escaped_now_.data();
        std::size_t kept_settled = 0;
        for (const BoxPair pair : settled_) {
            settled_[kept_settled] = pair;
            kept_settled += (escaped_flags[pair.first] | escaped_flags[pair.second]) ? 0 : 1;
        }
        settled_.resize(kept_settled);
        settled_dirty_ = false;
    }
    for (const BoxId id : escaped_ids_) {
        if (contains(id)) {
            const Box2 fat = fattened(box(id), motion_[id]);
            fat_boxes_[id] = fat;
            const std::uint8_t margin_now = got_margin(fat, box(id)) ? 1 : 0;
            margin_count_ = margin_count_ + margin_now - (1u - no_margin_[id]);
            no_margin_[id] = static_cast<std::uint8_t>(1u - margin_now);
            still_[id] = is_still(motion_[id]) ? 1 : 0;
        }
    }
    // The old candidates of the escaped boxes go: the exact-test pass drops them.
    fresh_from_ = candidates_.size();
    if (!reach_ready_) build_band_reach();
    // Every box changed since the full sweep, by fat minimum along the sweep axis: their band
    // entries are stale, so the escaped boxes meet them here instead. The order persists from
    // frame to frame (boxes join it, keys move a little), so an insertion sort refreshes it;
    // a box no longer present sorts last with a +inf key.
    const auto changed_key = [&](BoxId id) {
        return contains(id) ? order_item(fat_boxes_[id].min[axis_], id) : order_item(infinity, id);
    };
    for (std::uint64_t& item : changed_order_)
        item = changed_key(item_id(item));
    for (std::size_t index = changed_order_.size(); index < changed_ids_.size(); ++index)
        changed_order_.push_back(changed_key(changed_ids_[index]));
    std::uint64_t shifts = 0;
    const std::uint64_t budget =
        std::uint64_t(options_.max_swaps_per_box) * changed_order_.size() + 64;
    if (!insertion_sort(changed_order_, budget, shifts)) {
        radix_sort_by_key(changed_order_, changed_scratch_);
    }
    // Their fat boxes in that order as arrays, so each escaped box scans them contiguously;
    // a +inf minimum after the last one ends every scan.
    const std::size_t changed_count = changed_order_.size();
    // Padded with a block of +inf minima: the four-wide scan reads up to three past the end.
    changed_bands_.resize_with_sentinels(changed_count);
    for (std::size_t position = 0; position < changed_count; ++position) {
        const BoxId id = item_id(changed_order_[position]);
        if (!contains(id)) {
            changed_bands_.write_sentinel(position);
            continue;
        }
        const Box2& fat = fat_boxes_[id];
        changed_bands_.min_sweep[position] = fat.min[axis_];
        changed_bands_.max_sweep[position] = fat.max[axis_];
        changed_bands_.min_across[position] = fat.min[1 - axis_];
        changed_bands_.max_across[position] = fat.max[1 - axis_];
        changed_bands_.tagged_id[position] = id;
    }
    // Running maxima of the maxima: the first slot whose running maximum reaches a box's
    // minimum is where its scan starts (every slot before ends before the box begins).
    changed_reach_.resize(changed_count);
    float running = -infinity;
    for (std::size_t position = 0; position < changed_count; ++position) {
        const bool present_box = changed_bands_.min_sweep[position] != infinity;
        if (present_box) running = std::max(running, changed_bands_.max_sweep[position]);
        changed_reach_[position] = running;
    }
    const float changed_lowest = changed_count > 0 ? changed_bands_.min_sweep[0] : infinity;
    const float changed_highest = changed_count > 0 ? changed_reach_[changed_count - 1] : infinity;
    changed_reach_layout_ =
        ReachBuckets::spanning(changed_lowest, changed_highest, changed_count, 4096);
    changed_reach_buckets_.resize(changed_reach_layout_.buckets);
    changed_reach_layout_.fill(changed_reach_.data(), 0, changed_count,
                               changed_reach_buckets_.data());
    // The work items are the escaped ids still present.
    query_ids_.clear();
    for (const BoxId id : escaped_ids_) {
        if (contains(id)) query_ids_.push_back(id);
    }
    for (PairBuffer& buffer : change_buffers_) {
        buffer.count = 0;
        buffer.candidates = 0;
    }
    // A query scans a few bands and the changed boxes: dozens of tests and a few searches.
    run_parallel(query_ids_.size(), &BandedSortAndSweep::query_escaped_chunks,
                 64 / light_step_share);
    std::uint64_t tests = 0;
    for (const PairBuffer& buffer : change_buffers_) {
        tests += buffer.candidates;
        settle_or_keep(buffer.storage.data(), buffer.count, false);
    }
    counters.box_tests = tests;
    last_swaps_ = 0;
    last_path_ = LastPath::partial;
}

void BandedSortAndSweep::query_escaped_chunks(int thread) {
    PairBuffer& out = change_buffers_[static_cast<std::size_t>(thread)];
    std::vector<std::uint32_t>& starts = query_starts_[static_cast<std::size_t>(thread)];
    const Box2* fat_boxes = fat_boxes_.data();
    const int along = axis_;
    const int across = 1 - axis_;
    const std::uint8_t* changed = changed_since_full_.data();
    const std::uint8_t* escaped = escaped_now_.data();
    const std::uint8_t* large = is_large_.data();
    const float* keys = bands_.min_sweep.data();
    const float* max_sweep = bands_.max_sweep.data();
    const float* min_across = bands_.min_across.data();
    const float* max_across = bands_.max_across.data();
    const std::uint32_t* tagged_ids = bands_.tagged_id.data();
    const ReachBuckets& changed_buckets = changed_reach_layout_;
    std::uint64_t tests = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
    while (claim_chunk(begin, end)) {
        // First where each scan starts, for the whole chunk, fetching the entries there: the
        // scans then find them in cache, instead of each query waiting for its own misses
        // (a query is too long for the processor to look ahead into the next one).
        starts.clear();
        for (std::size_t item = begin; item < end; ++item) {
            const Box2& fat = fat_boxes[query_ids_[item]];
            const int last_band = band_of(fat.max[across]);
            for (int band = band_of(fat.min[across]); band <= last_band; ++band) {
                const auto slot = static_cast<std::uint32_t>(
                    reach_start(static_cast<std::size_t>(band), fat.min[along]));
                starts.push_back(slot);
                _mm_prefetch(reinterpret_cast<const char*>(keys + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(max_sweep + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(min_across + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(max_across + slot), _MM_HINT_T0);
                _mm_prefetch(reinterpret_cast<const char*>(tagged_ids + slot), _MM_HINT_T0);
            }
            starts.push_back(static_cast<std::uint32_t>(
                changed_buckets.find(changed_reach_.data(), 0, changed_order_.size(),
                                     changed_reach_buckets_.data(), fat.min[along])));
        }
        const std::uint32_t* start = starts.data();
        for (std::size_t item = begin; item < end; ++item) {
            const BoxId id = query_ids_[item];
            const Box2 fat = fat_boxes[id];
            // Against the unchanged boxes in the kept bands (their fat boxes, as swept): scan
            // each band the box crosses from the first entry that could reach it; the band of
            // the overlap's lower edge owns the pair, as in the full sweep. The band's
            // sentinels (+inf minima) end the scan (at once in an empty band).
            const int first_band = band_of(fat.min[across]);
            const int last_band = band_of(fat.max[across]);
            for (int band = first_band; band <= last_band; ++band) {
                // Appends branch-free: whether a stale (changed) entry or a large box turns up
                // follows no pattern.
                tests += scan_overlaps(
                    keys, max_sweep, min_across, max_across, *start++, fat, along, out,
                    [&](std::size_t found) {
                        const std::uint32_t tagged = tagged_ids[found];
                        const BoxId other = tagged & id_mask;
                        const bool owned = band == first_band || (tagged & owner_bit) != 0;
                        const bool keep = owned & ((changed[other] | large[other]) == 0);
                        out.storage[out.count] = make_pair_ordered(id, other);
                        out.count += keep ? 1 : 0;
                    });
            }
            // Against the large unchanged boxes, one by one.
            for (const BoxId other : large_ids_) {
                ++tests;
                if (changed[other] || !overlaps_closed(fat, fat_boxes[other])) continue;
                out.reserve_more(1);
                out.storage[out.count++] = make_pair_ordered(id, other);
            }
            // Against every box changed since the full sweep, by their current fat boxes; a
            // pair of two escaped boxes is reported by the smaller id.
            tests +=
                scan_overlaps(changed_bands_.min_sweep.data(), changed_bands_.max_sweep.data(),
                              changed_bands_.min_across.data(), changed_bands_.max_across.data(),
                              *start++, fat, along, out, [&](std::size_t found) {
                                  const BoxId other = changed_bands_.tagged_id[found];
                                  const bool keep = (other != id) & !(escaped[other] && other < id);
                                  out.storage[out.count] = make_pair_ordered(id, other);
                                  out.count += keep ? 1 : 0;
                              });
        }
    }
    out.candidates += tests;
}

void BandedSortAndSweep::fill_structure_stats(BroadPhaseStats& stats) const {
    stats.sort_swaps = last_swaps_;
    int used = 0;
    int most = 0;
    for (int band = 0;
         band < band_count_ && static_cast<std::size_t>(band) + 1 < band_start_.size(); ++band) {
        const int count =
            static_cast<int>(band_start_[static_cast<std::size_t>(band) + 1] -
                             band_start_[static_cast<std::size_t>(band)] - sentinel_padding);
        if (count > 0) ++used;
        most = std::max(most, count);
    }
    stats.cells_used = used;
    stats.max_boxes_in_cell = most;
}

std::size_t BandedSortAndSweep::structure_memory_bytes() const {
    std::size_t bytes = 0;
    const auto add = [&bytes](const auto& vector) {
        bytes += vector.capacity() * sizeof(vector[0]);
    };
    add(changed_since_full_);
    add(changed_ids_);
    add(order_);
    add(order_scratch_);
    add(sweep_ids_);
    add(next_ids_);
    add(staged_boxes_);

    add(band_start_);
    add(band_cursor_);
    add(band_reach_);
    add(reach_buckets_);
    add(changed_reach_buckets_);
    add(changed_reach_);
    add(sorted_sizes_);
    add(large_ids_);
    add(bands_.min_sweep);
    add(bands_.max_sweep);
    add(bands_.min_across);
    add(bands_.max_across);
    add(bands_.tagged_id);
    add(band_entries_);
    for (const PairBuffer& buffer : buffers_)
        add(buffer.storage);
    for (const PairBuffer& buffer : change_buffers_)
        add(buffer.storage);
    for (const std::vector<std::uint32_t>& starts : query_starts_)
        add(starts);
    add(candidates_);
    add(settled_);
    add(no_margin_);
    add(still_);
    for (const PairBuffer& buffer : result_buffers_)
        add(buffer.storage);
    add(motion_);
    add(fat_boxes_);
    add(escaped_now_);
    add(escaped_ids_);
    add(is_large_);
    add(changed_order_);
    add(changed_bands_.min_sweep);
    add(changed_bands_.max_sweep);
    add(changed_bands_.min_across);
    add(changed_bands_.max_across);
    add(changed_bands_.tagged_id);
    add(changed_scratch_);
    add(query_ids_);
    for (const GatherShare& share : gather_shares_)
        add(share.counts);
    return bytes;
}

void BandedSortAndSweep::visit(StructureVisitor& visitor) const {
    // Only the minima are sorted; each box's maximum is reported with its minimum's rank.
    int rank = 0;
    for (const BoxId id : sweep_ids_) {
        if (!contains(id)) continue;
        visitor.endpoint(axis_, box(id).min[axis_], id, true, rank);
        visitor.endpoint(axis_, box(id).max[axis_], id, false, rank);
        ++rank;
    }
}

}  // namespace aabb

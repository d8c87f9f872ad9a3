// The partial path of BandedSortAndSweep: when only a few boxes left their fat boxes this
// frame, each escaped box gets a new fat box and is queried alone, against the kept bands
// (whose entries of changed boxes are stale and skipped), the large boxes and the index of
// every box changed since the bands were made; in large bands, in the order of their place
// there. Once that index holds too many boxes, they are merged into the bands (band_merge.hpp)
// instead of sweeping everything again.

#include <algorithm>
#include <bit>

#include <immintrin.h>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/banded/kernels/sort_keys.hpp"
#include "core/broadphase/banded/kernels/sweep_kernels.hpp"

namespace aabb {

void BandedSortAndSweep::partial_search(PairSearchCounters& counters) {
    // The escaped boxes get fat boxes for their new motion; their old candidates go, and their
    // settled pairs when some of them were still.
    if (cache_.settled_dirty) cache_.drop_settled_of(changes_.escaped_now.data());
    // A pair settles only when both boxes are still, so when no escaped box is (they moved;
    // only an added box starts still) the queries' finds are kept as they are.
    bool escaped_still = false;
    const std::vector<BoxId>& escaped_ids = changes_.escaped_ids;
    for (std::size_t index = 0; index < escaped_ids.size(); ++index) {
        // Each refit reads and writes five scattered lines of the box's own (one of 5% of a
        // million moving boxes: refit waited for each in turn); fetched 8 boxes ahead.
        if (index + 8 < escaped_ids.size()) fat_.prefetch(escaped_ids[index + 8], stored_boxes());
        const BoxId id = escaped_ids[index];
        if (!contains(id)) continue;
        fat_.refit(id, box(id), fat_.sweep_max_margin_sizes);
        escaped_still |= fat_.still[id] != 0;
    }
    // The old candidates of the escaped boxes go: the exact test drops them.
    cache_.fresh_from = cache_.candidates.size();
    if (!layout_.reach_ready) layout_.build_reach();
    changed_index_.rebuild(changes_.since_full_ids, changes_.escaped_ids, presence(),
                           fat_.boxes.data(), layout_.current.axis, layout_.map(),
                           layout_.current.count, banded::ChangedBoxIndex::default_boxes_per_strip,
                           static_cast<std::size_t>(options_.strip_min_boxes));
    // The work items are the escaped ids still present.
    query_ids_.clear();
    for (const BoxId id : changes_.escaped_ids) {
        if (contains(id)) query_ids_.push_back(id);
    }
    sort_queries_by_place();
    for (banded::ThreadShare& share : shares_)
        share.changes.reset();
    // A query scans a few bands and the changed boxes: dozens of tests and a few searches, each
    // a light step.
    run_parallel(query_ids_.size(), &BandedSortAndSweep::query_escaped_chunks,
                 64 / light_step_share);
    std::uint64_t tests = 0;
    std::size_t total = cache_.candidates.size() + cache_.settled.size();
    for (const banded::ThreadShare& share : shares_)
        total += share.changes.count;
    check_pair_count(total);
    for (const banded::ThreadShare& share : shares_) {
        tests += share.changes.candidates;
        keep_found(share.changes, false, !escaped_still);
    }
    counters.box_tests = tests;
    order_.last_swaps = 0;
    last_path_ = LastPath::partial;
}

void BandedSortAndSweep::sort_queries_by_place() {
    // In escape order the queries land anywhere in the bands, each on entries (and bucket index
    // lines) of its own; by band, then along the band, neighbouring queries read neighbouring
    // entries. It pays once the bands outgrow the caches (aabb-bench static, 1,000,000 boxes:
    // 18.1 -> 15.8 ms mean with the batches below); at 10,000 the sort cost 4% of the frame.
    constexpr std::size_t entries_worth_sorting = std::size_t{1} << 16;
    if (query_ids_.size() < 2 || layout_.entry_count < entries_worth_sorting) return;
    const Box2* fat_boxes = fat_.boxes.data();
    const int along = layout_.current.axis;
    const banded::BandMap band_of = layout_.map();
    // The key: the band of the fat box's minimum across in the high bits, then as many high
    // bits of its sortable minimum along as are left.
    const auto band_bits =
        static_cast<unsigned>(std::bit_width(static_cast<unsigned>(layout_.current.count)));
    query_order_.clear();
    for (const BoxId id : query_ids_) {
        const Box2& fat = fat_boxes[id];
        const auto band = static_cast<std::uint32_t>(band_of(fat.min[1 - along]));
        const std::uint32_t place = banded::sortable_key(fat.min[along]) >> band_bits;
        const std::uint32_t key = (band << (32 - band_bits)) | place;
        query_order_.push_back((std::uint64_t{key} << 32) | id);
    }
    banded::radix_sort_by_key(query_order_, query_scratch_);
    for (std::size_t index = 0; index < query_ids_.size(); ++index)
        query_ids_[index] = banded::item_id(query_order_[index]);
}

void BandedSortAndSweep::query_escaped_chunks(int thread) {
    banded::ThreadShare& share = shares_[static_cast<std::size_t>(thread)];
    banded::PairBuffer& out = share.changes;
    banded::PairBuffer& band_finds = share.band_finds;
    banded::PairBuffer& changed_finds = share.changed_finds;
    std::vector<std::uint32_t>& starts = share.query_starts;
    const Box2* fat_boxes = fat_.boxes.data();
    const int along = layout_.current.axis;
    const int across = 1 - along;
    const banded::BandMap band_of = layout_.map();
    const std::uint8_t* changed = changes_.since_full.data();
    const std::uint8_t* escaped = changes_.escaped_now.data();
    const std::uint8_t* large = layout_.is_large.data();
    const banded::BandArrays& bands = layout_.arrays;
    const float* keys = bands.min_sweep.data();
    const float* max_sweep = bands.max_sweep.data();
    const float* min_across = bands.min_across.data();
    const float* max_across = bands.max_across.data();
    const std::uint32_t* tagged_ids = bands.tagged_id.data();
    const banded::BandArrays& changed_boxes = changed_index_.scanned();
    const std::uint32_t* changed_ids = changed_boxes.tagged_id.data();
    std::uint64_t tests = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
    // Queries in batches: first where each scan of the batch starts, fetching the entries
    // there, then the scans, which find them in cache instead of each query waiting for its own
    // misses (a query is too long for the processor to look ahead into the next one). A batch
    // of 32 fetches some 20 KB; a whole chunk (up to 4096 queries, 2.6 MB of lines when 5% of
    // a million boxes moved) had lost the first fetches again before its scans reached them.
    constexpr std::size_t query_batch = 32;
    // Fetches the line of entry `slot` of `values`; the address is computed as an integer, since
    // past the arrays' end (the next line of a band's last entries) a fetch reads nothing but
    // pointer arithmetic would be undefined.
    const auto fetch_entry = [](const auto* values, std::size_t slot) {
        const std::uintptr_t address =
            reinterpret_cast<std::uintptr_t>(values) + slot * sizeof(*values);
        _mm_prefetch(reinterpret_cast<const char*>(address), _MM_HINT_T0);
    };
    while (claim_chunk(begin, end)) {
        band_finds.count = 0;
        changed_finds.count = 0;
        for (std::size_t batch = begin; batch < end; batch += query_batch) {
            const std::size_t batch_end = std::min(end, batch + query_batch);
            starts.clear();
            for (std::size_t item = batch; item < batch_end; ++item) {
                // The next batch's fat boxes too: sorted by place, the ids are scattered, and
                // reading a fat box waited for its miss (aabb-bench static at 1,000,000: 0.60
                // -> 0.50 us a query).
                if (item + query_batch < end) {
                    _mm_prefetch(
                        reinterpret_cast<const char*>(fat_boxes + query_ids_[item + query_batch]),
                        _MM_HINT_T0);
                }
                const Box2& fat = fat_boxes[query_ids_[item]];
                const int last_band = band_of(fat.max[across]);
                for (int band = band_of(fat.min[across]); band <= last_band; ++band) {
                    const auto slot = static_cast<std::uint32_t>(
                        layout_.reach_start(static_cast<std::size_t>(band), fat.min[along]));
                    starts.push_back(slot);
                    // The entry's line of each array and the next: a scan of a band meets a
                    // dozen entries or two, so it often runs past the first line (aabb-bench
                    // static at 1,000,000, one thread: mean 12.3-13.0 -> 11.3-12.1 ms; a third
                    // line did no better).
                    for (const std::size_t line : {std::size_t{0}, std::size_t{16}}) {
                        fetch_entry(keys, slot + line);
                        fetch_entry(max_sweep, slot + line);
                        fetch_entry(min_across, slot + line);
                        fetch_entry(max_across, slot + line);
                        fetch_entry(tagged_ids, slot + line);
                    }
                }
                const int last_strip = changed_index_.strip_of(fat.max[across]);
                for (int strip = changed_index_.strip_of(fat.min[across]); strip <= last_strip;
                     ++strip) {
                    starts.push_back(
                        static_cast<std::uint32_t>(changed_index_.start(strip, fat.min[along])));
                }
            }
            const std::uint32_t* start = starts.data();
            for (std::size_t item = batch; item < batch_end; ++item) {
                const BoxId id = query_ids_[item];
                const Box2 fat = fat_boxes[id];
                // Against the unchanged boxes in the kept bands (their fat boxes, as swept): scan
                // each band the box crosses from the first entry that could reach it; the band of
                // the overlap's lower edge owns the pair, as in the full sweep. The band's
                // sentinels (+inf minima) end the scan (at once in an empty band).
                const int first_band = band_of(fat.min[across]);
                const int last_band = band_of(fat.max[across]);
                for (int band = first_band; band <= last_band; ++band) {
                    // Appends branch-free: whether a pair is owned follows no pattern.
                    tests += banded::scan_overlaps(
                        keys, max_sweep, min_across, max_across, *start++, fat, along, band_finds,
                        [&](std::size_t found) {
                            const std::uint32_t tagged = tagged_ids[found];
                            const bool owned =
                                band == first_band || (tagged & banded::owner_bit) != 0;
                            band_finds.storage[band_finds.count] =
                                BoxPair{tagged & banded::id_mask, id};
                            band_finds.count += owned ? 1 : 0;
                        });
                }
                // Against the large unchanged boxes, one by one.
                for (const BoxId other : layout_.large_ids) {
                    ++tests;
                    if (changed[other] || !overlaps_closed(fat, fat_boxes[other])) continue;
                    out.reserve_more(1);
                    out.storage[out.count++] = make_pair_ordered(id, other);
                }
                // Against every box changed since the full sweep, by their current fat boxes,
                // in each strip the box crosses; the strip of the overlap's lower edge owns the
                // pair, as with the bands.
                const int first_strip = changed_index_.strip_of(fat.min[across]);
                const int last_strip = changed_index_.strip_of(fat.max[across]);
                for (int strip = first_strip; strip <= last_strip; ++strip) {
                    tests += banded::scan_overlaps(
                        changed_boxes, *start++, fat, along, changed_finds, [&](std::size_t found) {
                            const std::uint32_t tagged = changed_ids[found];
                            const bool owned =
                                strip == first_strip || (tagged & banded::owner_bit) != 0;
                            changed_finds.storage[changed_finds.count] =
                                BoxPair{tagged & banded::id_mask, id};
                            changed_finds.count += owned ? 1 : 0;
                        });
                }
            }
        }
        // The finds become candidates here, a chunk at a time, each other box's flags fetched
        // ahead: read at each find, those scattered bytes (of a megabyte each at 1,000,000
        // boxes) were the queries' costliest loads when 5% of a million boxes moved. A band
        // find counts when the other box is unchanged (else its entry is stale) and not large
        // (met through the list); a changed find unless it is the box itself, or a box escaped
        // now with a smaller id (whose own query reports the pair).
        out.reserve_more(band_finds.count + changed_finds.count);
        constexpr std::size_t fetch_distance = 16;
        for (std::size_t index = 0; index < band_finds.count; ++index) {
            if (index + fetch_distance < band_finds.count) {
                const BoxId ahead = band_finds.storage[index + fetch_distance].first;
                __builtin_prefetch(changed + ahead);
                __builtin_prefetch(large + ahead);
            }
            const BoxPair found = band_finds.storage[index];
            const bool keep = (changed[found.first] | large[found.first]) == 0;
            out.storage[out.count] = make_pair_ordered(found.first, found.second);
            out.count += keep ? 1 : 0;
        }
        for (std::size_t index = 0; index < changed_finds.count; ++index) {
            if (index + fetch_distance < changed_finds.count)
                __builtin_prefetch(escaped + changed_finds.storage[index + fetch_distance].first);
            const auto [other, id] = changed_finds.storage[index];
            const bool reported_by_other = (escaped[other] != 0) & (other < id);
            const bool keep = (other != id) & !reported_by_other;
            out.storage[out.count] = make_pair_ordered(other, id);
            out.count += keep ? 1 : 0;
        }
    }
    out.candidates += tests;
}

void BandedSortAndSweep::merge_changed() {
    // The changed-box index was rebuilt by this frame's partial search, with every changed
    // box's current fat box: it goes into the bands, its stale entries out.
    changes_.grow(id_capacity());
    if (layout_.is_large.size() < id_capacity()) layout_.is_large.resize(id_capacity(), 0);
    merge_.merge(layout_, changed_index_, changes_.since_full.data());
    // A removed large box would otherwise be met through the list (its changed flag goes).
    const auto removed =
        std::remove_if(layout_.large_ids.begin(), layout_.large_ids.end(), [&](BoxId id) {
            if (contains(id)) return false;
            layout_.is_large[id] = 0;
            return true;
        });
    layout_.large_ids.erase(removed, layout_.large_ids.end());
    changes_.forget_since_full();
    changed_index_.clear();
    ++merges_since_full_;
    last_merged_ = true;
    // A full sweep is still due now and then: when the bands grew far past what the last full
    // sweep made (boxes grew or crowded, and its plan no longer fits them), when margins are
    // paused (only a full sweep tries them again), and after many merges (a fresh plan).
    const bool crowded = layout_.entry_count > entries_at_full_ + entries_at_full_ / 2 + 1024;
    const bool margins_paused = fat_.sweep_margin_frames == 0.0f && options_.margin_frames > 0.0f;
    if (crowded || (margins_paused && merges_since_full_ >= 8) || merges_since_full_ >= 256)
        changes_.needs_full = true;
}

}  // namespace aabb

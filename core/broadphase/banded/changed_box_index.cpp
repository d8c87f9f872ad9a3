#include "core/broadphase/banded/changed_box_index.hpp"

#include <algorithm>
#include <limits>

#include "core/broadphase/banded/kernels/sort_keys.hpp"

namespace aabb::banded {

void ChangedBoxIndex::rebuild(std::span<const BoxId> changed_ids,
                              std::span<const BoxId> changed_now_ids,
                              std::span<const std::uint8_t> presence, const Box2* fat_boxes,
                              int axis, BandMap bands, int band_count, std::size_t boxes_per_strip,
                              std::size_t fewest_for_strips) {
    constexpr float infinity = std::numeric_limits<float>::infinity();
    const auto present = [&](BoxId id) { return id < presence.size() && presence[id] != 0; };
    // The boxes changed since the last rebuild as bits, read for every kept entry: a byte per
    // id (a megabyte at a million boxes) missed the L2 cache at each read. (An id past the
    // presence flags is absent: counted as changed, it is read again as absent.)
    const std::size_t id_range = presence.size();
    changed_bits.assign((id_range + 63) / 64, 0);
    for (const BoxId id : changed_now_ids) {
        if (id < id_range) changed_bits[id / 64] |= std::uint64_t{1} << (id % 64);
    }
    const std::uint64_t* bits = changed_bits.data();
    const auto is_changed_now = [&](BoxId id) {
        return id >= id_range || ((bits[id / 64] >> (id % 64)) & 1u) != 0;
    };
    // The entries of the last rebuild whose boxes did not change since (their fat boxes and
    // presence are as they were) stay, already in order; the boxes that changed since get new
    // entries, sorted, and the two runs are merged. Only those boxes' fat boxes are read: they
    // are scattered over the whole id range (16 MB at a million boxes), and reading every
    // changed box's, then sorting them all again, was most of the rebuild.
    if (axis != sweep_axis) indexed = 0;  // a new sweep axis: every entry afresh
    sweep_axis = axis;
    std::swap(arrays, previous);
    std::size_t kept = 0;
    for (std::size_t position = 0; position < indexed; ++position)
        kept += is_changed_now(previous.tagged_id[position]) ? 0 : 1;
    // The fresh entries: every box changed since the last rebuild, which with the kept ones
    // must be every changed id; otherwise (the first rebuild, or a list started afresh) every
    // changed id's, none kept.
    std::span<const BoxId> fresh_ids = changed_now_ids;
    if (indexed == 0 || kept + changed_now_ids.size() != changed_ids.size()) {
        fresh_ids = changed_ids;
        indexed = 0;
    }
    fresh.resize(fresh_ids.size());
    order.resize(fresh_ids.size());
    constexpr std::size_t ahead = 16;
    for (std::size_t index = 0; index < fresh_ids.size(); ++index) {
        if (index + ahead < fresh_ids.size()) {
            const BoxId later = fresh_ids[index + ahead];
            __builtin_prefetch(fat_boxes + later);
            __builtin_prefetch(presence.data() + std::min<std::size_t>(later, presence.size()));
        }
        const BoxId id = fresh_ids[index];
        const auto source = static_cast<std::uint32_t>(index);
        if (!present(id)) {
            // Absent: a sentinel that keeps its id (for the next rebuild), sorted last.
            fresh[index] = BandEntry{infinity, -infinity, infinity, -infinity, id};
            order[index] = order_item(infinity, source);
            continue;
        }
        const Box2& fat = fat_boxes[id];
        fresh[index] =
            BandEntry{fat.min[axis], fat.max[axis], fat.min[1 - axis], fat.max[1 - axis], id};
        order[index] = order_item(fat.min[axis], source);
    }
    // (A radix sort's histograms cost more than a few hundred items: aabb-bench static at
    // 10,000 boxes, whose frames change dozens.)
    constexpr std::size_t radix_sorted_from = 512;
    if (order.size() < radix_sorted_from) {
        std::sort(order.begin(), order.end());
    } else {
        radix_sort_by_key(order, scratch);
    }
    // The merge of the kept entries (in order, absent ones last) and the fresh ones, into
    // arrays padded with a block of +inf minima: the four-wide scan reads up to three past the
    // end.
    const std::size_t count = (indexed == 0 ? 0 : kept) + fresh_ids.size();
    arrays.resize_with_sentinels(count);
    std::size_t old_slot = 0;
    std::size_t next = 0;
    const auto skip_changed = [&] {
        while (old_slot < indexed && is_changed_now(previous.tagged_id[old_slot]))
            ++old_slot;
    };
    skip_changed();
    for (std::size_t position = 0; position < count; ++position) {
        const bool take_old = old_slot < indexed &&
                              (next >= order.size() || previous.min_sweep[old_slot] <=
                                                           fresh[item_id(order[next])].min_sweep);
        if (take_old) {
            arrays.copy_entry(position, previous, old_slot);
            ++old_slot;
            skip_changed();
        } else {
            const BandEntry& entry = fresh[item_id(order[next++])];
            arrays.min_sweep[position] = entry.min_sweep;
            arrays.max_sweep[position] = entry.max_sweep;
            arrays.min_across[position] = entry.min_across;
            arrays.max_across[position] = entry.max_across;
            arrays.tagged_id[position] = entry.tagged_id;
        }
    }
    indexed = count;
    // The strips: about boxes_per_strip boxes each (absent ones count too, a few), at least two
    // once there are fewest_for_strips boxes, as many as the bands at most, over the bands'
    // span; a strip number fits 16 bits (strip_span).
    constexpr std::size_t most_strips = 0xffff;
    strip_count = static_cast<int>(
        count < fewest_for_strips
            ? 1
            : std::clamp<std::size_t>(
                  count / std::max<std::size_t>(boxes_per_strip, 1), 2,
                  std::min<std::size_t>(static_cast<std::size_t>(std::max(band_count, 1)),
                                        most_strips)));
    strip_map = BandMap{
        bands.origin,
        bands.scale * static_cast<float>(strip_count) / static_cast<float>(std::max(band_count, 1)),
        static_cast<float>(strip_count - 1)};
    if (strip_count > 1) {
        fill_strips(count);
    } else {
        strip_start.assign({0, static_cast<std::uint32_t>(count + sentinel_padding)});
    }
    build_reach();
}

void ChangedBoxIndex::fill_strips(std::size_t count) {
    constexpr float infinity = std::numeric_limits<float>::infinity();
    const auto strips = static_cast<std::size_t>(strip_count);
    // A counting sort of the present entries into each strip they cross, which keeps each
    // strip's in sweep order; sentinel padding after each.
    // Each entry's first and last strip are kept for the second pass (16 bits each: at most
    // as many strips as bands).
    strip_start.assign(strips + 1, 0);
    strip_span.resize(count);
    for (std::size_t position = 0; position < count; ++position) {
        const auto first = static_cast<std::uint32_t>(strip_of(arrays.min_across[position]));
        const auto last = static_cast<std::uint32_t>(strip_of(arrays.max_across[position]));
        strip_span[position] = (first << 16) | last;
        if (arrays.min_sweep[position] == infinity) continue;
        ++strip_start[first + 1];
        strip_start[last + 1] += last != first ? 1 : 0;
        for (std::size_t strip = first + 1; strip < last; ++strip)
            ++strip_start[strip + 1];
    }
    for (std::size_t strip = 0; strip < strips; ++strip)
        strip_start[strip + 1] += strip_start[strip] + static_cast<std::uint32_t>(sentinel_padding);
    const std::size_t total = strip_start[strips];
    striped.min_sweep.resize(total);
    striped.max_sweep.resize(total);
    striped.min_across.resize(total);
    striped.max_across.resize(total);
    striped.tagged_id.resize(total);
    std::vector<std::uint32_t>& cursors = reach_buckets;  // scratch until the buckets are made
    cursors.assign(strip_start.begin(), strip_start.end() - 1);
    // Through plain pointers: the compiler would otherwise reload each vector's data after
    // every store, as a store might change it.
    std::uint32_t* cursor = cursors.data();
    const std::uint32_t* spans = strip_span.data();
    const float* min_sweep = arrays.min_sweep.data();
    const float* max_sweep = arrays.max_sweep.data();
    const float* min_across = arrays.min_across.data();
    const float* max_across = arrays.max_across.data();
    const std::uint32_t* tagged_ids = arrays.tagged_id.data();
    float* to_min_sweep = striped.min_sweep.data();
    float* to_max_sweep = striped.max_sweep.data();
    float* to_min_across = striped.min_across.data();
    float* to_max_across = striped.max_across.data();
    std::uint32_t* to_tagged_ids = striped.tagged_id.data();
    for (std::size_t position = 0; position < count; ++position) {
        if (min_sweep[position] == infinity) continue;
        const std::size_t first = spans[position] >> 16;
        const std::size_t last = spans[position] & 0xffffu;
        const float entry[4] = {min_sweep[position], max_sweep[position], min_across[position],
                                max_across[position]};
        const std::uint32_t id = tagged_ids[position];
        for (std::size_t strip = first; strip <= last; ++strip) {
            const std::uint32_t slot = cursor[strip]++;
            to_min_sweep[slot] = entry[0];
            to_max_sweep[slot] = entry[1];
            to_min_across[slot] = entry[2];
            to_max_across[slot] = entry[3];
            to_tagged_ids[slot] = id | (strip == first ? owner_bit : 0u);
        }
    }
    for (std::size_t strip = 0; strip < strips; ++strip) {
        for (std::size_t slot = cursor[strip]; slot < strip_start[strip + 1]; ++slot)
            striped.write_sentinel(slot);
    }
}

void ChangedBoxIndex::build_reach() {
    constexpr float infinity = std::numeric_limits<float>::infinity();
    // Running maxima of the maxima, per strip: the first slot whose running maximum reaches a
    // box's minimum is where its scan starts (every slot before ends before the box begins).
    const BandArrays& scan = scanned();
    const auto strips = static_cast<std::size_t>(strip_count);
    reach.resize(strip_start[strips]);
    float lowest = infinity;
    float highest = -infinity;
    for (std::size_t strip = 0; strip < strips; ++strip) {
        float running = -infinity;
        const std::size_t end = strip_start[strip + 1] - sentinel_padding;
        for (std::size_t position = strip_start[strip]; position < end; ++position) {
            const bool present_box = scan.min_sweep[position] != infinity;
            if (present_box) running = std::max(running, scan.max_sweep[position]);
            reach[position] = running;
        }
        for (std::size_t position = end; position < strip_start[strip + 1]; ++position)
            reach[position] = running;
        if (end > strip_start[strip]) {
            lowest = std::min(lowest, scan.min_sweep[strip_start[strip]]);
            highest = std::max(highest, running);
        }
    }
    const std::size_t entries = strip_start[strips] - strips * sentinel_padding;
    reach_layout = ReachBuckets::spanning(lowest, highest, entries / strips, 4096);
    reach_buckets.resize(reach_layout.buckets * strips);
    for (std::size_t strip = 0; strip < strips; ++strip) {
        reach_layout.fill(reach.data(), strip_start[strip],
                          strip_start[strip + 1] - sentinel_padding,
                          reach_buckets.data() + strip * reach_layout.buckets);
    }
}

}  // namespace aabb::banded

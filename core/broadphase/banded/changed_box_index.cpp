#include "core/broadphase/banded/changed_box_index.hpp"

#include <algorithm>
#include <limits>

#include "core/broadphase/banded/kernels/sort_keys.hpp"

namespace aabb::banded {

void ChangedBoxIndex::rebuild(std::span<const BoxId> changed_ids,
                              std::span<const std::uint8_t> presence, const Box2* fat_boxes,
                              int axis, int max_swaps_per_box) {
    constexpr float infinity = std::numeric_limits<float>::infinity();
    const auto present = [&](BoxId id) { return id < presence.size() && presence[id] != 0; };
    // The order persists from frame to frame (boxes join it, keys move a little), so an
    // insertion sort refreshes it.
    const auto key = [&](BoxId id) {
        return present(id) ? order_item(fat_boxes[id].min[axis], id) : order_item(infinity, id);
    };
    // The fat boxes are scattered over the whole id range (16 MB at a million boxes): each is
    // fetched 16 items ahead, as are the presence flags.
    constexpr std::size_t ahead = 16;
    const auto fetch = [&](BoxId id) {
        __builtin_prefetch(fat_boxes + id);
        __builtin_prefetch(presence.data() + std::min<std::size_t>(id, presence.size()));
    };
    for (std::size_t index = 0; index < order.size(); ++index) {
        if (index + ahead < order.size()) fetch(item_id(order[index + ahead]));
        order[index] = key(item_id(order[index]));
    }
    for (std::size_t index = order.size(); index < changed_ids.size(); ++index)
        order.push_back(key(changed_ids[index]));
    std::uint64_t shifts = 0;
    const std::uint64_t budget = std::uint64_t(max_swaps_per_box) * order.size() + 64;
    if (!insertion_sort(order, budget, shifts)) radix_sort_by_key(order, scratch);
    // Their fat boxes in that order as arrays, so each escaped box scans them contiguously.
    // Padded with a block of +inf minima: the four-wide scan reads up to three past the end.
    const std::size_t count = order.size();
    arrays.resize_with_sentinels(count);
    for (std::size_t position = 0; position < count; ++position) {
        if (position + ahead < count) fetch(item_id(order[position + ahead]));
        const BoxId id = item_id(order[position]);
        if (!present(id)) {
            arrays.write_sentinel(position);
            continue;
        }
        const Box2& fat = fat_boxes[id];
        arrays.min_sweep[position] = fat.min[axis];
        arrays.max_sweep[position] = fat.max[axis];
        arrays.min_across[position] = fat.min[1 - axis];
        arrays.max_across[position] = fat.max[1 - axis];
        arrays.tagged_id[position] = id;
    }
    // Running maxima of the maxima: the first slot whose running maximum reaches a box's
    // minimum is where its scan starts (every slot before ends before the box begins).
    reach.resize(count);
    float running = -infinity;
    for (std::size_t position = 0; position < count; ++position) {
        const bool present_box = arrays.min_sweep[position] != infinity;
        if (present_box) running = std::max(running, arrays.max_sweep[position]);
        reach[position] = running;
    }
    const float lowest = count > 0 ? arrays.min_sweep[0] : infinity;
    const float highest = count > 0 ? reach[count - 1] : infinity;
    reach_layout = ReachBuckets::spanning(lowest, highest, count, 4096);
    reach_buckets.resize(reach_layout.buckets);
    reach_layout.fill(reach.data(), 0, count, reach_buckets.data());
}

}  // namespace aabb::banded

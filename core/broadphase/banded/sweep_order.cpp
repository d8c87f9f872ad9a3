#include "core/broadphase/banded/sweep_order.hpp"

#include <algorithm>

#include "core/broadphase/banded/kernels/sort_keys.hpp"

namespace aabb::banded {

// Items are (key << 32) | position in last frame's order: sorting them yields the
// permutation, and the boxes themselves move only once, when the bands are filled.
void SweepOrder::sort(bool fresh, int max_swaps_per_box) {
    start_sort(fresh, max_swaps_per_box);
    continue_sort(items.size());
}

void SweepOrder::start_sort(bool fresh, int max_swaps_per_box) {
    last_swaps = 0;
    sorted_to = 0;
    radix.steps_done = StagedRadixSort::step_count;
    if (fresh) {
        radix.start();
        return;
    }
    // When the insertion sort gave up last time, the next sorts go straight to the radix sort,
    // trying the insertion sort again every eighth sweep (motion may have calmed down).
    if (will_radix_sort()) {
        ++insertion_failures;
        radix.start();
        return;
    }
    if (insertion_failures > 0) ++insertion_failures;
    swap_budget = std::uint64_t(max_swaps_per_box) * items.size() + 64;
}

void SweepOrder::continue_sort(std::size_t end) {
    end = std::min(end, items.size());
    if (!radix.done()) {
        // Its steps spread alike: all of them once end reaches the last item.
        const std::size_t steps =
            items.empty() ? StagedRadixSort::step_count
                          : (StagedRadixSort::step_count * end + items.size() - 1) / items.size();
        while (!radix.done() && static_cast<std::size_t>(radix.steps_done) < steps)
            radix.step(items, scratch);
        if (radix.done()) sorted_to = items.size();
        return;
    }
    if (sorted_to >= items.size()) return;
    if (!insertion_sort_range(items, sorted_to, end, swap_budget, last_swaps)) {
        // Given up: the radix sort, all of it now.
        insertion_failures = std::max<std::uint32_t>(insertion_failures, 1);
        radix_sort_by_key(items, scratch);
        sorted_to = items.size();
        return;
    }
    sorted_to = end;
    if (sorted_to == items.size()) insertion_failures = 0;
}

void SweepOrder::clear() {
    items.clear();
    ids.clear();
}

}  // namespace aabb::banded

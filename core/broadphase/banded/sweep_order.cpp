#include "core/broadphase/banded/sweep_order.hpp"

#include <algorithm>

#include "core/broadphase/banded/kernels/sort_keys.hpp"

namespace aabb::banded {

// Items are (key << 32) | position in last frame's order: sorting them yields the
// permutation, and the boxes themselves move only once, when the bands are filled.
void SweepOrder::sort(bool fresh, int max_swaps_per_box) {
    last_swaps = 0;
    if (fresh) {
        radix_sort_by_key(items, scratch);
        return;
    }
    // When the insertion sort gave up last time, the next sorts go straight to the radix sort,
    // trying the insertion sort again every eighth sweep (motion may have calmed down).
    if (will_radix_sort()) {
        ++insertion_failures;
        radix_sort_by_key(items, scratch);
        return;
    }
    if (insertion_failures > 0) ++insertion_failures;
    const std::uint64_t budget = std::uint64_t(max_swaps_per_box) * items.size() + 64;
    if (insertion_sort(items, budget, last_swaps)) {
        insertion_failures = 0;
    } else {
        insertion_failures = std::max<std::uint32_t>(insertion_failures, 1);
        radix_sort_by_key(items, scratch);
    }
}

void SweepOrder::clear() {
    items.clear();
    ids.clear();
}

}  // namespace aabb::banded

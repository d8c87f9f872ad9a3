#include "core/broadphase/banded/sweep_order.hpp"

#include <algorithm>
#include <cmath>

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
    // When the insertion sort gave up last time, the next sorts go straight to the radix sort,
    // trying the insertion sort again now and then (motion may have calmed down). The choice
    // is the one the gather's order was chosen by; this gather's prediction serves the next.
    const bool straight_to_radix = will_radix_sort();
    insertion_may_pay = predicted_may_pay;
    if (fresh) {
        radix.start();
        return;
    }
    if (straight_to_radix) {
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

void SweepOrder::predict_shifts(std::span<const Box2> motion, int axis, float lowest, float highest,
                                int max_swaps_per_box) {
    // An insertion sort makes one shift per inversion. With keys spaced 1/density apart and
    // moved by independent displacements of deviation sigma, two keys s apart swap when their
    // displacements differ by more than s: the inversions per key are density * E[max(D, 0)]
    // for D ~ N(0, 2 sigma^2), that is density * sigma / sqrt(pi). Motion in step (a drifting
    // crowd) makes fewer, so this errs towards trying; a try that gives up costs one frame.
    // Sigma comes from a sample of at most 1024 boxes (a few per cent off), not from the
    // gather: summing every box's motion there cost a tenth of the gather.
    predicted_may_pay = true;
    const double extent = double{highest} - double{lowest};
    if (ids.empty() || !(extent > 0.0)) return;
    constexpr std::size_t sample_size = 1024;
    const std::size_t stride = std::max<std::size_t>(1, ids.size() / sample_size);
    double sum = 0.0;
    double sum_squares = 0.0;
    std::size_t sampled = 0;
    for (std::size_t position = 0; position < ids.size(); position += stride) {
        const BoxId id = ids[position];
        if (id >= motion.size()) continue;
        const double moved = motion[id].min[axis];
        sum += moved;
        sum_squares += moved * moved;
        ++sampled;
    }
    if (sampled == 0) return;
    const double mean = sum / static_cast<double>(sampled);
    const double variance = std::max(0.0, sum_squares / static_cast<double>(sampled) - mean * mean);
    if (!std::isfinite(variance)) return;
    constexpr double inverse_sqrt_pi = 0.5641895835477563;
    const double density = static_cast<double>(ids.size()) / extent;
    const double shifts_per_key = density * std::sqrt(variance) * inverse_sqrt_pi;
    // Half the budget: a sort predicted near its budget would give up on an unlucky frame.
    predicted_may_pay = shifts_per_key <= 0.5 * max_swaps_per_box;
}

void SweepOrder::clear() {
    items.clear();
    ids.clear();
}

}  // namespace aabb::banded

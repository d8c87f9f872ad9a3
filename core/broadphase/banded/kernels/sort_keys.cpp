#include "core/broadphase/banded/kernels/sort_keys.hpp"

#include <algorithm>
#include <utility>

namespace aabb::banded {

namespace {

constexpr int digit_bits = 11;
constexpr std::uint32_t digit_mask = (1u << digit_bits) - 1;

}  // namespace

void radix_sort_by_key(std::vector<std::uint64_t>& items, std::vector<std::uint64_t>& scratch) {
    // One sorter per thread keeps its histograms from sort to sort (no allocation per frame).
    static thread_local StagedRadixSort sorter;
    sorter.start();
    while (!sorter.done())
        sorter.step(items, scratch);
}

// Three passes of 11 bits, skipping a pass whose digit is the same for every item (common for
// the top bits of nearby floats).
void StagedRadixSort::step(std::vector<std::uint64_t>& items, std::vector<std::uint64_t>& scratch) {
    const std::size_t count = items.size();
    if (count < 2 || done()) {
        steps_done = step_count;
        return;
    }
    const int pass = steps_done++ - 1;
    if (pass < 0) {
        scratch.resize(count);
        histograms.assign(3u << digit_bits, 0);
        std::uint32_t* low = histograms.data();
        std::uint32_t* middle = low + (1u << digit_bits);
        std::uint32_t* high = middle + (1u << digit_bits);
        for (const std::uint64_t item : items) {
            const auto key = static_cast<std::uint32_t>(item >> 32);
            ++low[key & digit_mask];
            ++middle[(key >> digit_bits) & digit_mask];
            ++high[key >> (2 * digit_bits)];
        }
        return;
    }
    std::uint32_t* histogram = histograms.data() + (static_cast<std::size_t>(pass) << digit_bits);
    const int shift = 32 + pass * digit_bits;
    const std::uint64_t* source = items.data();
    std::uint64_t* target = scratch.data();
    const std::uint32_t first_digit = static_cast<std::uint32_t>(source[0] >> shift) & digit_mask;
    if (histogram[first_digit] == count) return;
    std::uint32_t offset = 0;
    for (std::uint32_t digit = 0; digit <= digit_mask; ++digit) {
        const std::uint32_t bucket = histogram[digit];
        histogram[digit] = offset;
        offset += bucket;
    }
    // 2^11 buckets are 2^11 write streams, beyond the hardware prefetcher: asking for the line
    // after each write's keeps large sorts from waiting for every new line.
    constexpr std::size_t write_ahead = 8;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t item = source[i];
        const std::uint32_t slot =
            histogram[static_cast<std::uint32_t>(item >> shift) & digit_mask]++;
        __builtin_prefetch(target + std::min<std::size_t>(slot + write_ahead, count - 1), 1);
        target[slot] = item;
    }
    items.swap(scratch);
}

bool insertion_sort(std::vector<std::uint64_t>& items, std::uint64_t budget,
                    std::uint64_t& shifts) {
    shifts = 0;
    return insertion_sort_range(items, 0, items.size(), budget, shifts);
}

bool insertion_sort_range(std::vector<std::uint64_t>& items, std::size_t begin, std::size_t end,
                          std::uint64_t budget, std::uint64_t& shifts) {
    std::uint64_t* data = items.data();
    for (std::size_t i = std::max<std::size_t>(begin, 1); i < end; ++i) {
        const std::uint64_t moving = data[i];
        std::size_t j = i;
        while (j > 0 && moving < data[j - 1]) {
            data[j] = data[j - 1];
            --j;
        }
        data[j] = moving;
        shifts += i - j;
        if (shifts > budget) return false;
    }
    return true;
}

}  // namespace aabb::banded

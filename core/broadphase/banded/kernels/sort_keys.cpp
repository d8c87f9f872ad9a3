#include "core/broadphase/banded/kernels/sort_keys.hpp"

#include <cstring>
#include <utility>

namespace aabb::banded {

// Three passes of 11 bits, skipping a pass whose digit is the same for every item (common for
// the top bits of nearby floats).
void radix_sort_by_key(std::vector<std::uint64_t>& items, std::vector<std::uint64_t>& scratch) {
    const std::size_t count = items.size();
    if (count < 2) return;
    scratch.resize(count);
    constexpr int digit_bits = 11;
    constexpr std::uint32_t digit_mask = (1u << digit_bits) - 1;
    static thread_local std::uint32_t histograms[3][1u << digit_bits];
    std::memset(histograms, 0, sizeof histograms);
    for (const std::uint64_t item : items) {
        const auto key = static_cast<std::uint32_t>(item >> 32);
        ++histograms[0][key & digit_mask];
        ++histograms[1][(key >> digit_bits) & digit_mask];
        ++histograms[2][key >> (2 * digit_bits)];
    }
    std::uint64_t* source = items.data();
    std::uint64_t* target = scratch.data();
    for (int pass = 0; pass < 3; ++pass) {
        std::uint32_t* histogram = histograms[pass];
        const int shift = 32 + pass * digit_bits;
        const std::uint32_t first_digit =
            static_cast<std::uint32_t>(source[0] >> shift) & digit_mask;
        if (histogram[first_digit] == count) continue;
        std::uint32_t offset = 0;
        for (std::uint32_t digit = 0; digit <= digit_mask; ++digit) {
            const std::uint32_t bucket = histogram[digit];
            histogram[digit] = offset;
            offset += bucket;
        }
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint64_t item = source[i];
            target[histogram[static_cast<std::uint32_t>(item >> shift) & digit_mask]++] = item;
        }
        std::swap(source, target);
    }
    if (source != items.data()) std::memcpy(items.data(), source, count * sizeof(std::uint64_t));
}

bool insertion_sort(std::vector<std::uint64_t>& items, std::uint64_t budget,
                    std::uint64_t& shifts) {
    shifts = 0;
    std::uint64_t* data = items.data();
    for (std::size_t i = 1; i < items.size(); ++i) {
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

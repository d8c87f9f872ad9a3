#pragma once
// Sort items of the banded engine: a float key and a 32-bit payload (a position or a box id)
// packed into one 64-bit integer, so sorting integers sorts by key, ties by payload.

#include <bit>
#include <cstdint>
#include <vector>

namespace aabb::banded {

/// Maps a float to an unsigned integer with the same order (the sign-flip trick: negative
/// floats have every bit flipped, positive ones only the sign bit; Terdiman, "Radix sort
/// revisited"). Adding +0 first turns -0 into +0, so equal floats get equal keys.
inline std::uint32_t sortable_key(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value + 0.0f);
    const std::uint32_t mask = static_cast<std::uint32_t>(-static_cast<std::int32_t>(bits >> 31));
    return bits ^ (mask | 0x80000000u);
}

/// (sortable_key(key) << 32) | payload.
inline std::uint64_t order_item(float key, std::uint32_t payload) {
    return (std::uint64_t{sortable_key(key)} << 32) | payload;
}

/// The payload of a sort item.
inline std::uint32_t item_id(std::uint64_t item) {
    return static_cast<std::uint32_t>(item & 0xffffffffu);
}

/// Stable LSD radix sort of `items` by their high 32 bits; `scratch` is resized to match (and
/// may be swapped with `items`).
void radix_sort_by_key(std::vector<std::uint64_t>& items, std::vector<std::uint64_t>& scratch);

/// The same radix sort taken one step at a time (a sort spread over frames): the histograms of
/// all three digits, then one pass per digit.
struct StagedRadixSort {
    /// The steps of a whole sort.
    static constexpr int step_count = 4;
    /// Steps taken (step_count: sorted).
    int steps_done = step_count;
    /// Three histograms of 2^11 digits.
    std::vector<std::uint32_t> histograms;

    /// Starts sorting (no step taken yet).
    void start() { steps_done = 0; }
    /// Whether the sort is finished.
    [[nodiscard]] bool done() const { return steps_done >= step_count; }
    /// Takes the next step on `items` (`scratch` the same size after the first; the two may
    /// be swapped).
    void step(std::vector<std::uint64_t>& items, std::vector<std::uint64_t>& scratch);
};

/// Ascending insertion sort that gives up once it has shifted more than `budget` items (the
/// items stay a permutation either way): true when sorted. `shifts` gets the shifts made.
bool insertion_sort(std::vector<std::uint64_t>& items, std::uint64_t budget, std::uint64_t& shifts);

/// The insertion sort of items[0, end) resumed where items[0, begin) are sorted already (a
/// sort spread over frames), giving up once `shifts`, which it adds to, exceeds `budget`.
bool insertion_sort_range(std::vector<std::uint64_t>& items, std::size_t begin, std::size_t end,
                          std::uint64_t budget, std::uint64_t& shifts);

}  // namespace aabb::banded

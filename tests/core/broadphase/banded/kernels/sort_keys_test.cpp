// The banded engine's sort keys and sorts against simple references: float order, std::sort
// and std::stable_sort, on fixed-seed random items.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/broadphase/banded/kernels/sort_keys.hpp"

namespace aabb::banded {
namespace {

// Random floats of every magnitude and sign, with the awkward values among them.
std::vector<float> awkward_floats(std::mt19937& random, std::size_t count) {
    constexpr float infinity = std::numeric_limits<float>::infinity();
    std::vector<float> values = {0.0f,
                                 -0.0f,
                                 infinity,
                                 -infinity,
                                 std::numeric_limits<float>::denorm_min(),
                                 -std::numeric_limits<float>::denorm_min(),
                                 std::numeric_limits<float>::max(),
                                 std::numeric_limits<float>::lowest(),
                                 1.0f,
                                 -1.0f};
    std::uniform_real_distribution<float> mantissa(-1.0f, 1.0f);
    std::uniform_int_distribution<int> exponent(-140, 120);
    while (values.size() < count)
        values.push_back(std::ldexp(mantissa(random), exponent(random)));
    return values;
}

// Items with keys drawn from a few values (many ties) and their index as payload.
std::vector<std::uint64_t> tied_items(std::mt19937& random, std::size_t count, int distinct) {
    std::uniform_int_distribution<int> pick(-distinct, distinct);
    std::vector<std::uint64_t> items;
    for (std::size_t index = 0; index < count; ++index)
        items.push_back(order_item(0.25f * static_cast<float>(pick(random)),
                                   static_cast<std::uint32_t>(index)));
    return items;
}

TEST_CASE("sortable_key orders floats as < does, with -0 equal to +0") {
    std::mt19937 random(7);
    const std::vector<float> values = awkward_floats(random, 2000);
    for (std::size_t i = 0; i + 1 < values.size(); ++i) {
        for (std::size_t j = i + 1; j < std::min(values.size(), i + 40); ++j) {
            const float a = values[i];
            const float b = values[j];
            INFO(a << " vs " << b);
            CHECK((sortable_key(a) < sortable_key(b)) == (a < b));
            CHECK((sortable_key(a) == sortable_key(b)) == (a == b));
        }
    }
    CHECK(sortable_key(-0.0f) == sortable_key(0.0f));
}

TEST_CASE("order_item packs key and payload; item_id gets the payload back") {
    const std::uint64_t item = order_item(-2.5f, 0xabcdefu);
    CHECK(item_id(item) == 0xabcdefu);
    CHECK(static_cast<std::uint32_t>(item >> 32) == sortable_key(-2.5f));
    CHECK(order_item(1.0f, 5) < order_item(1.0f, 6));
    CHECK(order_item(1.0f, 0xffffffffu) < order_item(1.5f, 0));
}

TEST_CASE("radix_sort_by_key matches std::stable_sort by key") {
    std::mt19937 random(11);
    std::vector<std::uint64_t> scratch;
    for (const std::size_t count : {0u, 1u, 2u, 3u, 100u, 4096u, 20000u}) {
        for (const int distinct : {0, 3, 1000, 1 << 20}) {
            std::vector<std::uint64_t> items = tied_items(random, count, distinct);
            std::vector<std::uint64_t> expected = items;
            std::stable_sort(
                expected.begin(), expected.end(),
                [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); });
            radix_sort_by_key(items, scratch);
            INFO("count " << count << " distinct " << distinct);
            CHECK(items == expected);
        }
    }
    // Keys spanning every digit, payloads not in index order: stability still holds.
    const std::vector<float> values = awkward_floats(random, 5000);
    std::vector<std::uint64_t> items;
    for (std::size_t index = 0; index < values.size(); ++index)
        items.push_back(order_item(values[index], static_cast<std::uint32_t>(random())));
    std::vector<std::uint64_t> expected = items;
    std::stable_sort(expected.begin(), expected.end(),
                     [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); });
    radix_sort_by_key(items, scratch);
    CHECK(items == expected);
}

TEST_CASE("insertion_sort sorts within its budget and gives up past it") {
    std::mt19937 random(13);
    for (const std::size_t count : {0u, 1u, 50u, 3000u}) {
        std::vector<std::uint64_t> items = tied_items(random, count, 50);
        std::vector<std::uint64_t> expected = items;
        std::sort(expected.begin(), expected.end());
        // Shifts are the inversions of the input.
        std::uint64_t inversions = 0;
        for (std::size_t i = 0; i < items.size(); ++i) {
            for (std::size_t j = i + 1; j < items.size(); ++j)
                inversions += items[j] < items[i] ? 1 : 0;
        }
        std::vector<std::uint64_t> sorted = items;
        std::uint64_t shifts = 0;
        CHECK(insertion_sort(sorted, inversions, shifts));
        CHECK(shifts == inversions);
        CHECK(sorted == expected);
        if (inversions == 0) continue;
        // One shift too few: it gives up, leaving a permutation of the items.
        std::vector<std::uint64_t> partial = items;
        CHECK_FALSE(insertion_sort(partial, inversions - 1, shifts));
        CHECK(shifts > inversions - 1);
        std::sort(partial.begin(), partial.end());
        CHECK(partial == expected);
    }
}

}  // namespace
}  // namespace aabb::banded

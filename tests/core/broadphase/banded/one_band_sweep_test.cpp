// The band the one-band path keeps in sweep order (OneBandSweep, one_band_sweep.hpp: refresh,
// insertion or radix sort, the neighbour sweep and the entry sweeps) against brute force. The
// engine's path that uses it is tested in one_band_path_test.cpp.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/broadphase/banded/one_band_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/core/broadphase/banded/one_band_boxes.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using testing::corridor;
using testing::drift;

// The band's pairs with `kernel`, sorted.
std::vector<BoxPair> swept_pairs(const banded::OneBandSweep& band, banded::SweepKernel kernel) {
    banded::PairBuffer out;
    band.sweep(kernel, out);
    std::vector<BoxPair> pairs(out.storage.begin(),
                               out.storage.begin() + static_cast<std::ptrdiff_t>(out.count));
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

// The band is sorted by minimum along its axis, holds every id once, and each kernel the CPU
// has finds exactly the pairs of brute force.
void check_band(const banded::OneBandSweep& band, const std::vector<Box2>& boxes) {
    const auto& keys = band.arrays.min_sweep;
    CHECK(std::is_sorted(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(band.count)));
    std::vector<BoxId> ids;
    band.list_ids(ids);
    std::sort(ids.begin(), ids.end());
    std::vector<BoxId> every(boxes.size());
    for (std::size_t index = 0; index < every.size(); ++index)
        every[index] = static_cast<BoxId>(index);
    CHECK(ids == every);
    const std::vector<BoxPair> expected = testing::closed_pairs_by_brute_force(boxes);
    CHECK(swept_pairs(band, banded::SweepKernel::sse2) == expected);
    if (__builtin_cpu_supports("avx"))
        CHECK(swept_pairs(band, banded::SweepKernel::avx) == expected);
    if (__builtin_cpu_supports("avx2"))
        CHECK(swept_pairs(band, banded::SweepKernel::avx2) == expected);
}

std::vector<BoxId> ids_in_order(std::size_t count) {
    std::vector<BoxId> ids(count);
    for (std::size_t index = 0; index < count; ++index)
        ids[index] = static_cast<BoxId>(index);
    return ids;
}

}  // namespace

TEST_CASE("one band kept in sweep order finds the pairs of brute force at every size") {
    // Sizes around the eight lanes of a block and the sixteen sentinels after the last one.
    for (const std::size_t count : {0u, 1u, 2u, 7u, 8u, 9u, 15u, 16u, 17u, 31u, 100u, 1000u}) {
        INFO("boxes " << count);
        std::mt19937 random(7 + static_cast<unsigned>(count));
        std::vector<Box2> boxes = corridor(random, count, 2.0f, 30.0f);
        banded::OneBandSweep band;
        band.start(ids_in_order(count), /*sweep_axis=*/1);
        band.refresh(boxes.data(), 8);
        check_band(band, boxes);
        for (int frame = 0; frame < 5; ++frame) {
            drift(boxes, random, 0.05f);
            band.refresh(boxes.data(), 8);
            check_band(band, boxes);
        }
    }
}

TEST_CASE("one band sorts coherent motion by insertion and incoherent motion by radix sort") {
    std::mt19937 random(11);
    std::vector<Box2> boxes = corridor(random, 3000, 2.0f, 12.0f);
    banded::OneBandSweep band;
    band.start(ids_in_order(boxes.size()), 1);
    band.refresh(boxes.data(), 8);  // ids in id order are far from sorted: a radix sort
    CHECK(band.last_swaps == 0);
    check_band(band, boxes);
    drift(boxes, random, 0.05f);
    band.refresh(boxes.data(), 8);
    CHECK(band.last_swaps > 0);  // a few neighbours changed places, moved one by one
    CHECK(band.last_swaps < boxes.size());
    check_band(band, boxes);
    // Every box jumps far: the insertion sort gives up and the radix sort orders everything.
    std::shuffle(boxes.begin(), boxes.end(), random);
    band.refresh(boxes.data(), 8);
    CHECK(band.last_swaps == 0);
    check_band(band, boxes);
}

TEST_CASE("one band sweeps x too, with touching boxes and boxes reaching far along it") {
    // A row along x: the band's axis is 0. Boxes touch edge to edge (closed: a pair) and every
    // fourth spans twenty neighbours, past the block sweep's reach.
    std::vector<Box2> boxes;
    for (int index = 0; index < 200; ++index) {
        const float length = index % 4 == 0 ? 20.0f : 1.0f;
        boxes.push_back(Box2{{static_cast<float>(index), 0.0f},
                             {static_cast<float>(index) + length, 1.0f + 0.01f * (index % 3)}});
    }
    banded::OneBandSweep band;
    band.start(ids_in_order(boxes.size()), /*sweep_axis=*/0);
    band.refresh(boxes.data(), 8);
    check_band(band, boxes);
    CHECK(band.lowest[0] == 0.0f);
    CHECK(band.highest[0] == 216.0f);  // box 196, 20 long
}

}  // namespace aabb

// The banded engine's SIMD sweeps (SSE2, AVX) and band scan against brute force, on one
// band of fixed-seed random boxes laid out as the engine lays them out.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/broadphase/banded/kernels/sweep_kernels.hpp"
#include "core/geometry/overlap.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb::banded {
namespace {

// One band holding `boxes` sorted along x, every entry owning its pairs, with sentinels.
BandArrays one_band(const std::vector<Box2>& boxes, std::vector<BoxId>& ids) {
    ids.resize(boxes.size());
    for (std::size_t index = 0; index < boxes.size(); ++index)
        ids[index] = static_cast<BoxId>(index);
    std::stable_sort(ids.begin(), ids.end(),
                     [&](BoxId a, BoxId b) { return boxes[a].min.x < boxes[b].min.x; });
    BandArrays arrays;
    arrays.resize_with_sentinels(boxes.size());
    for (std::size_t slot = 0; slot < ids.size(); ++slot) {
        const Box2& box = boxes[ids[slot]];
        arrays.min_sweep[slot] = box.min.x;
        arrays.max_sweep[slot] = box.max.x;
        arrays.min_across[slot] = box.min.y;
        arrays.max_across[slot] = box.max.y;
        arrays.tagged_id[slot] = ids[slot] | owner_bit;
    }
    return arrays;
}

std::vector<BoxPair> sorted(const PairBuffer& buffer) {
    std::vector<BoxPair> pairs(buffer.storage.begin(),
                               buffer.storage.begin() + static_cast<std::ptrdiff_t>(buffer.count));
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

TEST_CASE(
    "sweep_range_sse2, sweep_range_avx and sweep_range_avx2 find the closed pairs of a band") {
    std::mt19937 random(41);
    for (const std::size_t count : {0u, 1u, 2u, 9u, 200u, 1500u}) {
        // Integer corners make touching boxes and equal keys common.
        std::vector<Box2> boxes = testing::random_boxes(random, count, 40.0f, 6.0f);
        for (std::size_t index = 0; index < boxes.size(); index += 2) {
            boxes[index].min = glm::floor(boxes[index].min);
            boxes[index].max = glm::ceil(boxes[index].max);
        }
        std::vector<BoxId> ids;
        const BandArrays band = one_band(boxes, ids);
        const std::vector<BoxPair> expected = testing::closed_pairs_by_brute_force(boxes);
        // Two ranges, as two chunks of a job would sweep them.
        PairBuffer sse2;
        sweep_range_sse2(band, 0, count / 2, sse2);
        sweep_range_sse2(band, count / 2, count, sse2);
        INFO("count " << count);
        CHECK(sorted(sse2) == expected);
        CHECK(sse2.candidates >= expected.size());
        if (!__builtin_cpu_supports("avx")) continue;
        PairBuffer avx;
        sweep_range_avx(band, 0, count, avx);
        CHECK(sorted(avx) == expected);
        // Both count the same sweep-axis candidates: the lanes before the first that passes
        // its reach.
        CHECK(avx.candidates == sse2.candidates);
        if (!__builtin_cpu_supports("avx2")) continue;
        // In two ranges, into a buffer that already holds pairs: the branch-free writes
        // land after them.
        PairBuffer avx2;
        avx2.storage.assign(3, BoxPair{7, 9});
        avx2.count = 3;
        sweep_range_avx2(band, 0, count / 3, avx2);
        sweep_range_avx2(band, count / 3, count, avx2);
        REQUIRE(avx2.count >= 3);
        CHECK(avx2.storage[0] == BoxPair{7, 9});
        CHECK(avx2.storage[2] == BoxPair{7, 9});
        std::vector<BoxPair> found(avx2.storage.begin() + 3,
                                   avx2.storage.begin() + static_cast<std::ptrdiff_t>(avx2.count));
        std::sort(found.begin(), found.end());
        CHECK(found == expected);
        CHECK(avx2.candidates == sse2.candidates);
    }
}

TEST_CASE("sweep kernels report a pair only where one of its entries owns it") {
    // Two overlapping boxes, neither owning the band: no pair; one owning it: the pair (the
    // owned entry second, so the pair's ids come out without the owner bit).
    const std::vector<Box2> boxes = {{{0, 0}, {2, 2}}, {{1, 1}, {3, 3}}};
    using Kernel = void (*)(const BandArrays&, std::size_t, std::size_t, PairBuffer&);
    std::vector<Kernel> kernels = {sweep_range_sse2};
    if (__builtin_cpu_supports("avx")) kernels.push_back(sweep_range_avx);
    if (__builtin_cpu_supports("avx2")) kernels.push_back(sweep_range_avx2);
    for (const Kernel kernel : kernels) {
        std::vector<BoxId> ids;
        BandArrays band = one_band(boxes, ids);
        band.tagged_id[0] &= id_mask;
        band.tagged_id[1] &= id_mask;
        PairBuffer none;
        kernel(band, 0, 2, none);
        CHECK(none.count == 0);
        band.tagged_id[1] |= owner_bit;
        PairBuffer owned;
        kernel(band, 0, 2, owned);
        REQUIRE(owned.count == 1);
        CHECK(owned.storage[0] == BoxPair{0, 1});
    }
}

TEST_CASE("scan_overlaps finds the entries overlapping a query from any valid start") {
    std::mt19937 random(42);
    const std::vector<Box2> boxes = testing::random_boxes(random, 800, 50.0f, 5.0f);
    std::vector<BoxId> ids;
    const BandArrays band = one_band(boxes, ids);
    const std::vector<Box2> queries = testing::random_boxes(random, 100, 55.0f, 8.0f);
    for (const Box2& query : queries) {
        std::vector<BoxId> expected;
        for (BoxId id = 0; id < boxes.size(); ++id) {
            if (overlaps_closed(query, boxes[id])) expected.push_back(id);
        }
        // From the first entry: every entry before the answer is also a valid start.
        PairBuffer out;
        std::vector<BoxId> found;
        const std::uint64_t met = scan_overlaps(band, 0, query, 0, out, [&](std::size_t slot) {
            found.push_back(band.tagged_id[slot] & id_mask);
        });
        std::sort(found.begin(), found.end());
        CHECK(found == expected);
        const auto reaching = static_cast<std::uint64_t>(std::count_if(
            boxes.begin(), boxes.end(), [&](const Box2& box) { return box.min.x <= query.max.x; }));
        CHECK(met == reaching);
    }
}

}  // namespace
}  // namespace aabb::banded

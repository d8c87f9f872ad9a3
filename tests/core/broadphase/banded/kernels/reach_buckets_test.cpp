// The banded engine's bucket index over running maxima against simple references: linear
// scans and std::lower_bound, on fixed-seed random ranges.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/broadphase/banded/kernels/reach_buckets.hpp"

namespace aabb::banded {
namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

// A non-decreasing running maximum of `count` random values in [low, low + spread).
std::vector<float> running_maxima(std::mt19937& random, std::size_t count, float low,
                                  float spread) {
    std::uniform_real_distribution<float> value(low, low + spread);
    std::vector<float> reach;
    float running = -infinity;
    for (std::size_t index = 0; index < count; ++index) {
        running = std::max(running, value(random));
        reach.push_back(running);
    }
    return reach;
}

TEST_CASE("first_not_below matches std::lower_bound") {
    std::mt19937 random(21);
    std::uniform_real_distribution<float> key(-10.0f, 110.0f);
    for (const std::size_t count : {0u, 1u, 2u, 7u, 64u, 1000u}) {
        std::vector<float> values = running_maxima(random, count, 0.0f, 100.0f);
        // Ties too: round some values.
        for (std::size_t index = 0; index < values.size(); index += 3)
            values[index] = std::floor(values[index]);
        std::sort(values.begin(), values.end());
        for (int query = 0; query < 200; ++query) {
            const float probe =
                query % 4 == 0 && !values.empty() ? values[random() % values.size()] : key(random);
            const auto expected = static_cast<std::size_t>(
                std::lower_bound(values.begin(), values.end(), probe) - values.begin());
            CHECK(first_not_below(values.data(), values.size(), probe) == expected);
        }
    }
}

TEST_CASE("ReachBuckets::bucket_of agrees with start_of") {
    std::mt19937 random(22);
    for (const float origin : {-1000.0f, 0.0f, 3.5f, 1e6f}) {
        const ReachBuckets buckets = ReachBuckets::spanning(origin, origin + 777.0f, 5000, 4096);
        REQUIRE(buckets.buckets > 1);
        std::uniform_real_distribution<float> value(origin - 50.0f, origin + 850.0f);
        for (int probe = 0; probe < 2000; ++probe) {
            const float v = value(random);
            const std::size_t bucket = buckets.bucket_of(v);
            REQUIRE(bucket < buckets.buckets);
            if (bucket > 0) CHECK(buckets.start_of(bucket) <= v);
            if (bucket + 1 < buckets.buckets) CHECK(v < buckets.start_of(bucket + 1));
        }
        // Every bucket start falls in its own bucket.
        for (std::size_t bucket = 0; bucket < buckets.buckets; bucket += 17)
            CHECK(buckets.bucket_of(buckets.start_of(bucket)) == bucket);
    }
}

TEST_CASE("ReachBuckets::spanning falls back to one bucket without a usable width") {
    CHECK(ReachBuckets::spanning(5.0f, 5.0f, 100, 64).buckets == 1);
    CHECK(ReachBuckets::spanning(-infinity, 5.0f, 100, 64).buckets == 1);
    CHECK(ReachBuckets::spanning(0.0f, infinity, 100, 64).buckets == 1);
    CHECK(ReachBuckets::spanning(infinity, infinity, 0, 64).buckets == 1);
    const ReachBuckets few = ReachBuckets::spanning(0.0f, 1.0f, 1000, 8);
    CHECK(few.buckets == 8);
    const ReachBuckets sized = ReachBuckets::spanning(0.0f, 1.0f, 100, 4096);
    CHECK(sized.buckets == 64);  // bit_ceil(100 / 2 + 1)
    const ReachBuckets one = ReachBuckets::spanning(5.0f, 5.0f, 100, 64);
    CHECK(one.bucket_of(-1e30f) == 0);
    CHECK(one.bucket_of(1e30f) == 0);
}

TEST_CASE("ReachBuckets::fill and find against a linear scan") {
    std::mt19937 random(23);
    for (const std::size_t count : {0u, 1u, 5u, 300u, 4000u}) {
        for (const std::size_t begin : {0u, 13u}) {
            // Entries [begin, end) of a larger array; the ones before begin are not read.
            std::vector<float> reach(begin, -infinity);
            const std::vector<float> maxima = running_maxima(random, count, -20.0f, 200.0f);
            reach.insert(reach.end(), maxima.begin(), maxima.end());
            const std::size_t end = reach.size();
            const float lowest = count > 0 ? reach[begin] - 5.0f : 0.0f;
            const float highest = count > 0 ? reach[end - 1] : 1.0f;
            const ReachBuckets buckets = ReachBuckets::spanning(lowest, highest, count, 4096);
            std::vector<std::uint32_t> first(buckets.buckets);
            buckets.fill(reach.data(), begin, end, first.data());
            for (std::size_t bucket = 0; bucket < buckets.buckets; ++bucket) {
                // The first entry whose bucket is not before this one.
                std::size_t expected = begin;
                while (expected < end && buckets.bucket_of(reach[expected]) < bucket)
                    ++expected;
                INFO("count " << count << " bucket " << bucket);
                REQUIRE(first[bucket] == expected);
            }
            std::uniform_real_distribution<float> key(lowest - 10.0f, highest + 10.0f);
            for (int query = 0; query < 300; ++query) {
                const float probe = key(random);
                const std::size_t start =
                    buckets.find(reach.data(), begin, end, first.data(), probe);
                const auto exact = static_cast<std::size_t>(
                    std::lower_bound(reach.begin() + static_cast<std::ptrdiff_t>(begin),
                                     reach.end(), probe) -
                    reach.begin());
                // A valid start: never past the exact answer, and not far before it in a
                // bucket of few entries.
                CHECK(start >= begin);
                CHECK(start <= exact);
                for (std::size_t slot = begin; slot < start; ++slot)
                    REQUIRE(reach[slot] < probe);
            }
        }
    }
}

}  // namespace
}  // namespace aabb::banded

// The banded engine's band layout, at the edges the fuzzer found (fuzz/broad_phase_fuzzer.cpp).

#include "core/broadphase/banded/band_layout.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"

namespace aabb {

// fuzz_broad_phase: a full sweep of no boxes leaves the large-box flags empty; the next frame,
// taking the partial path, built its bucket index reading the flag of the bands' sentinels
// (id 0) through a null pointer: a segfault in Release, a null load under UBSan.
TEST_CASE("band layout: a partial frame after a full sweep of no boxes") {
    BandedSortAndSweepOptions options;
    options.partial_fraction = 1.0f;
    BandedSortAndSweep engine(TouchingPolicy::closed(), options);
    std::vector<BoxPair> pairs;
    engine.find_pairs(pairs);
    CHECK(pairs.empty());
    engine.add(0, Box2{{0.0f, 0.0f}, {1.0f, 1.0f}});
    engine.add(1, Box2{{0.5f, 0.5f}, {2.0f, 2.0f}});
    engine.find_pairs(pairs);
    CHECK(engine.last_path() == BandedSortAndSweep::LastPath::partial);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0] == BoxPair{0, 1});
}

}  // namespace aabb

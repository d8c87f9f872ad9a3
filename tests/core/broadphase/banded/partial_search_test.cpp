// The banded sort-and-sweep's partial path on bands too large for the caches, where the
// escaped boxes are queried in the order of their place in the bands (sort_queries_by_place):
// the pairs stay exactly the reference's, on one thread and two; also once the index of changed
// boxes is cut into strips.

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;

using testing::check_same_frame;

// 80,000 boxes up to 2 wide (every box is an entry of a band at least, so the bands hold more
// than 2^16 entries), of which `walkers` (every `spacing`th) walk in steady directions (as
// aabb-bench's static scene), every `fast_every`th of them (none for 0) 12 times as fast:
// checked against the uniform grid (exact, tested against brute force, which is too slow here)
// for `frames` frames, on one thread and two. Returns, per thread count, the frames for which
// `counted` held after the search.
template <class Counted>
std::vector<int> walk_frames(BandedSortAndSweepOptions options, unsigned seed, std::size_t walkers,
                             std::size_t spacing, std::size_t fast_every, int frames,
                             Counted counted) {
    std::vector<int> counts;
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(seed);
        options.threads = threads;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        UniformGrid reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::random_boxes(random, 80000, 300.0f, 2.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        std::uniform_real_distribution<float> heading(-1.0f, 1.0f);
        std::vector<glm::vec2> velocity(walkers);
        for (std::size_t index = 0; index < walkers; ++index)
            velocity[index] = glm::vec2{heading(random), heading(random)} *
                              (fast_every != 0 && index % fast_every == 0 ? 12.0f : 1.0f);
        int count = 0;
        for (int frame = 0; frame < frames; ++frame) {
            for (std::size_t index = 0; index < walkers; ++index)
                boxes[index * spacing] = translated(boxes[index * spacing], velocity[index]);
            check_same_frame(tested, reference, boxes, "walk, frame " + std::to_string(frame));
            count += counted(tested) ? 1 : 0;
        }
        counts.push_back(count);
    }
    return counts;
}

}  // namespace

TEST_CASE("banded sort-and-sweep queries escaped boxes by place in large bands, exactly") {
    // A few hundred boxes walk about a box a frame, always the same ones: after the first
    // frames of motion they leave their fat boxes a few at a time, and the partial path
    // queries them.
    const std::vector<int> partial_frames = walk_frames(
        {}, 4242, 800, 97, 0, 24,
        [](const BandedSortAndSweep& tested) { return tested.last_path() == Path::partial; });
    for (const int frames : partial_frames)
        CHECK(frames >= 12);
}

TEST_CASE("banded sort-and-sweep queries escaped boxes against changed boxes in strips") {
    // One box in ten walks, one walker in 50 fast enough to cross several bands: the index of
    // changed boxes holds thousands, cut into strips across the sweep axis (from 4096 changed
    // boxes here; the default needs over 200,000 boxes).
    BandedSortAndSweepOptions options;
    options.strip_min_boxes = 4096;
    const std::vector<int> strip_frames =
        walk_frames(options, 4343, 8000, 10, 50, 16, [](const BandedSortAndSweep& tested) {
            return tested.last_path() == Path::partial && tested.changed_strip_count() > 1;
        });
    for (const int frames : strip_frames)
        CHECK(frames >= 8);
}

}  // namespace aabb

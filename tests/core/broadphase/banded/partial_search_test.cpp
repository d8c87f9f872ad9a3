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

}  // namespace

TEST_CASE("banded sort-and-sweep queries escaped boxes by place in large bands, exactly") {
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(4242);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        // The uniform grid is exact (tested against brute force, which is too slow here).
        UniformGrid reference(TouchingPolicy::closed());
        // 80,000 boxes up to 2 wide: every box is an entry of a band at least, so the bands
        // hold more than 2^16 entries.
        std::vector<Box2> boxes = testing::random_boxes(random, 80000, 300.0f, 2.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        // A few hundred boxes walk about a box a frame, always the same ones, in steady
        // directions (as aabb-bench's static scene): after the first frames of motion they
        // leave their fat boxes a few at a time, and the partial path queries them.
        constexpr std::size_t walkers = 800;
        std::uniform_real_distribution<float> heading(-1.0f, 1.0f);
        std::vector<glm::vec2> velocity(walkers);
        for (glm::vec2& step : velocity)
            step = {heading(random), heading(random)};
        int partial_frames = 0;
        for (int frame = 0; frame < 24; ++frame) {
            for (std::size_t index = 0; index < walkers; ++index)
                boxes[index * 97] = translated(boxes[index * 97], velocity[index]);
            check_same_frame(tested, reference, boxes, "walk, frame " + std::to_string(frame));
            partial_frames += tested.last_path() == Path::partial ? 1 : 0;
        }
        CHECK(partial_frames >= 12);
    }
}

TEST_CASE("banded sort-and-sweep queries escaped boxes against changed boxes in strips") {
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(4343);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        // Strips from 4096 changed boxes (the default needs over 200,000 boxes).
        options.strip_min_boxes = 4096;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        UniformGrid reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::random_boxes(random, 80000, 300.0f, 2.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        // One box in ten walks, some of them fast enough to cross several bands: the index
        // of changed boxes holds thousands, cut into strips across the sweep axis.
        constexpr std::size_t walkers = 8000;
        std::uniform_real_distribution<float> heading(-1.0f, 1.0f);
        std::vector<glm::vec2> velocity(walkers);
        for (std::size_t index = 0; index < walkers; ++index)
            velocity[index] =
                glm::vec2{heading(random), heading(random)} * (index % 50 == 0 ? 12.0f : 1.0f);
        int strip_frames = 0;
        for (int frame = 0; frame < 16; ++frame) {
            for (std::size_t index = 0; index < walkers; ++index)
                boxes[index * 10] = translated(boxes[index * 10], velocity[index]);
            check_same_frame(tested, reference, boxes, "walk, frame " + std::to_string(frame));
            strip_frames +=
                tested.last_path() == Path::partial && tested.changed_strip_count() > 1 ? 1 : 0;
        }
        CHECK(strip_frames >= 8);
    }
}

}  // namespace aabb

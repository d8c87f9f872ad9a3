// The full sweep's band fill on two threads (full_search.cpp): one thread fills the first two
// thirds of the sweep order, the other the rest, each with its own list of boxes long along the
// sweep axis. The long boxes here sit at the far end of both axes, so whichever axis is swept
// they fall in the second part; the frames after the full sweeps query the kept bands, which
// must still know every long box. Also built with ThreadSanitizer (tests/ tsan label).

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;

using testing::check_same_frame;

constexpr std::size_t small_count = 1500;
constexpr std::size_t long_count = 24;

// Small boxes (corners in [-60, 60]², sizes up to 2) anywhere, then long boxes 25 by 25 whose
// corners lie in [45, 58]²: over 16 times the typical size (the layout's rule for a long box)
// and last in the sweep order on either axis.
std::vector<Box2> scene_with_long_boxes_last(std::mt19937& random) {
    std::vector<Box2> boxes = testing::random_boxes(random, small_count, 60.0f, 2.0f);
    std::uniform_real_distribution<float> corner(45.0f, 58.0f);
    for (std::size_t index = 0; index < long_count; ++index) {
        const glm::vec2 low(corner(random), corner(random));
        boxes.push_back({low, low + glm::vec2(25.0f)});
    }
    return boxes;
}

}  // namespace

TEST_CASE("banded sort-and-sweep on two threads keeps the long boxes of the second fill part") {
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(577);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;  // both threads fill, however few boxes
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        BruteForce reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = scene_with_long_boxes_last(random);
        check_same_frame(tested, reference, boxes, "first frame");
        // The small boxes land somewhere new each frame (too far for a margin): full sweeps,
        // each filling the bands again from both parts.
        int full_frames = 0;
        for (int frame = 0; frame < 8; ++frame) {
            const std::vector<Box2> moved = testing::random_boxes(random, small_count, 60.0f, 2.0f);
            std::copy(moved.begin(), moved.end(), boxes.begin());
            check_same_frame(tested, reference, boxes,
                             "all small move, frame " + std::to_string(frame));
            full_frames += tested.last_path() == Path::full ? 1 : 0;
        }
        CHECK(full_frames >= 6);
        // A few small boxes jump into the long boxes' corner: queried against the kept bands,
        // they must meet every long box, including those the second part listed.
        std::uniform_real_distribution<float> near_long(44.0f, 84.0f);
        int partial_frames = 0;
        for (int frame = 0; frame < 6; ++frame) {
            for (std::size_t index = 0; index < 30; ++index) {
                const glm::vec2 low(near_long(random), near_long(random));
                boxes[index * 7 + static_cast<std::size_t>(frame)] = {low, low + glm::vec2(1.5f)};
            }
            check_same_frame(tested, reference, boxes,
                             "a few jump, frame " + std::to_string(frame));
            partial_frames += tested.last_path() == Path::partial ? 1 : 0;
        }
        CHECK(partial_frames >= 4);
    }
}

}  // namespace aabb

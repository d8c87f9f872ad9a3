// The banded sort-and-sweep's answer after a full sweep of exact boxes (every moving box too
// fast for a margin, as in a scene of bullets): the swept pairs are the answer without a second
// exact test. The frames after it (nothing changed, a few boxes moved, some boxes still) must
// still agree with brute force.

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

// Moves boxes [0, count) by 5 to 9 on each axis, either way: more than twice the widest margin
// of a box about 2 wide (4 sizes), so none gets one.
void jump(std::vector<Box2>& boxes, std::size_t count, std::mt19937& random) {
    testing::move_each_way(boxes, count, random, 5.0f, 9.0f, /*in_widths=*/false);
}

}  // namespace

TEST_CASE("banded sort-and-sweep answers a full sweep of exact boxes with its swept pairs") {
    const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::open(),
                                       TouchingPolicy::tolerance(1e-6f)};
    for (const TouchingPolicy& policy : policies) {
        for (const int threads : {1, 2}) {
            INFO("rule " << static_cast<int>(policy.rule) << ", threads " << threads);
            std::mt19937 random(131);
            BandedSortAndSweepOptions options;
            options.threads = threads;
            options.parallel_threshold = 0;  // both threads sweep and test, however few boxes
            BandedSortAndSweep tested(policy, options);
            BruteForce reference(policy);
            std::vector<Box2> boxes = testing::random_boxes(random, 1500, 60.0f, 2.0f);
            check_same_frame(tested, reference, boxes, "first frame");
            int full_frames = 0;
            for (int frame = 0; frame < 12; ++frame) {
                jump(boxes, boxes.size(), random);
                check_same_frame(tested, reference, boxes,
                                 "all jump, frame " + std::to_string(frame));
                full_frames += tested.last_path() == Path::full ? 1 : 0;
                if (policy.rule == TouchingRule::closed) {
                    // The swept pairs were not tested again: one test per sweep candidate.
                    CHECK(tested.stats().candidate_pairs == tested.stats().true_pairs);
                }
            }
            CHECK(full_frames == 12);
            // Nothing moves: the last answer again, from the cache.
            check_same_frame(tested, reference, boxes, "still");
            CHECK(tested.last_path() == Path::cached);
            // A few boxes jump, the rest stay: those few are queried against the kept bands,
            // and the kept pairs of the others are tested again. Under the closed and
            // tolerance rules the jumps were found in a grid (grid_search.cpp), which keeps no
            // bands: the first such frame sweeps everything to make them.
            const bool after_grid = tested.grid_in_use();
            CHECK(after_grid == (policy.rule != TouchingRule::open));
            for (int frame = 0; frame < 6; ++frame) {
                jump(boxes, 40, random);
                check_same_frame(tested, reference, boxes,
                                 "a few jump, frame " + std::to_string(frame));
                CHECK(tested.last_path() ==
                      (after_grid && frame == 0 ? Path::full : Path::partial));
            }
            // Everything jumps again, then half of the boxes stop: their pairs settle.
            jump(boxes, boxes.size(), random);
            check_same_frame(tested, reference, boxes, "all jump again");
            for (int frame = 0; frame < 6; ++frame) {
                jump(boxes, boxes.size() / 2, random);
                check_same_frame(tested, reference, boxes,
                                 "half jump, frame " + std::to_string(frame));
            }
        }
    }
}

TEST_CASE("banded sort-and-sweep reads boxes in id order after incoherent motion, then returns") {
    // Exact boxes (no margins): every frame where most boxes move is a full sweep. Jumps make
    // the insertion sort give up, so the next sweeps gather in id order and radix sort, and
    // while the jumps go on (their motion predicts far more shifts than the budget) the
    // insertion sort is not tried again; once the motion calms down, the retry of every
    // eighth sweep finds last frame's order useful.
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(139);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;
        options.margin_frames = 0.0f;
        options.exact_grid = false;  // the sweep's sort is under test, not the grid
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        BruteForce reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::random_boxes(random, 1200, 60.0f, 2.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        int insertion_tries = 0;
        for (int frame = 0; frame < 30; ++frame) {
            jump(boxes, boxes.size(), random);
            check_same_frame(tested, reference, boxes, "jump, frame " + std::to_string(frame));
            CHECK(tested.last_path() == Path::full);
            // A try shifts items before it gives up (then the radix sort reports none).
            if (frame > 0) insertion_tries += tested.stats().sort_swaps > 0 ? 1 : 0;
        }
        CHECK(insertion_tries == 0);
        // Radix sorts report no insertion swaps.
        CHECK(tested.stats().sort_swaps == 0);
        std::uniform_real_distribution<float> drift(-0.05f, 0.05f);
        int insertion_sorts = 0;
        for (int frame = 0; frame < 20; ++frame) {
            for (Box2& box : boxes)
                box = translated(box, {drift(random), drift(random)});
            check_same_frame(tested, reference, boxes, "drift, frame " + std::to_string(frame));
            CHECK(tested.last_path() == Path::full);
            insertion_sorts += tested.stats().sort_swaps > 0 ? 1 : 0;
        }
        CHECK(insertion_sorts >= 10);
    }
}

TEST_CASE("banded sort-and-sweep radix sorts the first sweep with margins, in id order") {
    // The build sweeps exact boxes; the first frame of motion gives them margins, which move
    // every minimum, so last sweep's order is no help: that sweep gathers in id order and
    // radix sorts (no insertion shifts). When the margins run out together (every box keeps
    // its velocity), the next full sweep, with margins both times, keeps last sweep's order
    // and its insertion sort. Nothing is prepared over frames; every frame must agree with
    // brute force.
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(149);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;
        options.prepared_frames = 0;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        BruteForce reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::random_boxes(random, 1200, 60.0f, 2.0f);
        std::uniform_real_distribution<float> speed(-0.05f, 0.05f);
        std::vector<glm::vec2> velocities(boxes.size());
        for (glm::vec2& velocity : velocities)
            velocity = {speed(random), speed(random)};
        check_same_frame(tested, reference, boxes, "build");
        int later_full_sweeps = 0;
        int later_insertion_sorts = 0;
        for (int frame = 1; frame <= 40; ++frame) {
            for (std::size_t index = 0; index < boxes.size(); ++index)
                boxes[index] = translated(boxes[index], velocities[index]);
            check_same_frame(tested, reference, boxes, "frame " + std::to_string(frame));
            if (frame == 1) {
                CHECK(tested.last_path() == Path::full);
                CHECK(tested.stats().sort_swaps == 0);
            } else if (tested.last_path() == Path::full) {
                ++later_full_sweeps;
                later_insertion_sorts += tested.stats().sort_swaps > 0 ? 1 : 0;
            }
        }
        CHECK(later_full_sweeps >= 1);
        CHECK(later_insertion_sorts == later_full_sweeps);
    }
}

}  // namespace aabb

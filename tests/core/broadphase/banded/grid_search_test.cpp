// The banded engine's grid search (grid_search.cpp): once every box outruns its margin, each
// frame's pairs come from a uniform grid of the exact boxes. Across frames it must agree with
// brute force on one and two threads, under the closed and tolerance rules, through boxes
// added and removed, a box too large for the grid, and the calm frames after it (a full sweep
// first, then the partial path again). The open rule and exact_grid = false never use it.
// Also built with ThreadSanitizer (tests/ tsan label).

#include <doctest/doctest.h>

#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "core/broadphase/grid/uniform_grid.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;

using testing::check_same_frame;

// Moves boxes [0, count) by 3 to 6 of their sizes each way: no margin holds them.
void shoot(std::vector<Box2>& boxes, std::size_t count, std::mt19937& random) {
    testing::move_each_way(boxes, count, random, 3.0f, 6.0f, /*in_widths=*/true);
}

// Shoots every box for `frames` frames, each checked against `reference`.
void shoot_frames(BroadPhase& tested, BroadPhase& reference, std::vector<Box2>& boxes,
                  std::mt19937& random, int frames, const std::string& context) {
    for (int frame = 0; frame < frames; ++frame) {
        shoot(boxes, boxes.size(), random);
        check_same_frame(tested, reference, boxes, context + ", frame " + std::to_string(frame));
    }
}

}  // namespace

TEST_CASE(
    "banded sort-and-sweep finds the pairs of bullets in a grid, exactly, frame after frame") {
    const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::tolerance(1e-3f)};
    for (const TouchingPolicy& policy : policies) {
        for (const int threads : {1, 2}) {
            INFO("rule " << static_cast<int>(policy.rule) << ", threads " << threads);
            std::mt19937 random(2027);
            BandedSortAndSweepOptions options;
            options.threads = threads;
            options.parallel_threshold = 0;  // both threads search, however few boxes
            options.grid_threads_min_boxes = 0;
            BandedSortAndSweep tested(policy, options);
            BruteForce reference(policy);
            std::vector<Box2> boxes = testing::bullet_boxes(random, 2500);
            check_same_frame(tested, reference, boxes, "first frame");
            int grid_frames = 0;
            for (int frame = 0; frame < 10; ++frame) {
                shoot(boxes, boxes.size(), random);
                check_same_frame(tested, reference, boxes, "shot, frame " + std::to_string(frame));
                grid_frames += tested.grid_in_use() ? 1 : 0;
                CHECK(tested.last_path() == Path::full);
                // The grid's finds are the pairs, never tested again.
                CHECK(tested.stats().candidate_pairs == tested.stats().true_pairs);
            }
            // The first frame of motion tries margins; once they fail, every frame is a grid.
            CHECK(grid_frames >= 8);
            CHECK(tested.grid_in_use());
            // While the grid is in use, the structure shown is its cells: every box in one.
            testing::OccupancyCounter cells;
            tested.visit(cells);
            CHECK(cells.occupancy == static_cast<long long>(boxes.size()));
            CHECK(tested.stats().cells_used == cells.cells);
            // Nothing moves: the last answer again.
            check_same_frame(tested, reference, boxes, "still");
            CHECK(tested.last_path() == Path::cached);
            // A few boxes move: the bands are stale after the grid, so a full sweep makes them
            // again, and the partial path takes the next frames.
            for (int frame = 0; frame < 4; ++frame) {
                shoot(boxes, 30, random);
                check_same_frame(tested, reference, boxes,
                                 "a few shot, frame " + std::to_string(frame));
                CHECK_FALSE(tested.grid_in_use());
                CHECK(tested.last_path() == (frame == 0 ? Path::full : Path::partial));
            }
        }
    }
}

TEST_CASE(
    "banded sort-and-sweep sorts a large grid by buckets, on one and two threads, and declines a "
    "crowd") {
    // From ExactGrid::bucketed_from boxes (2^17) on, the grid sorts its boxes by buckets of
    // cells, and two threads share the buckets: 140,000 bullets for a few frames, against the
    // uniform grid (brute force would take minutes), then with a box removed.
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(2031);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        UniformGrid reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::bullet_boxes(random, 140000);
        check_same_frame(tested, reference, boxes, "first frame");
        shoot_frames(tested, reference, boxes, random, 4, "shot");
        CHECK(tested.grid_in_use());
        tested.remove(77);
        reference.remove(77);
        shoot(boxes, boxes.size(), random);
        for (std::size_t id = 0; id < boxes.size(); ++id) {
            if (id == 77) continue;
            tested.update(static_cast<BoxId>(id), boxes[id]);
            reference.update(static_cast<BoxId>(id), boxes[id]);
        }
        CHECK(testing::sorted_pairs_of(tested) == testing::sorted_pairs_of(reference));
        CHECK(tested.grid_in_use());
        // 1,600 tiny boxes among the bullets, in one cell: 1,600² tests there, more than 16
        // per box. On one thread the grid sorts its buckets as it searches them (ExactGrid::
        // find_in_window), so it finds the crowd only then, after the pairs of the buckets
        // before it: those are dropped and the frame is swept. Two threads sort in the build,
        // which declines. Without the crowd the grid returns.
        const std::size_t bullets = boxes.size();
        const glm::vec2 spot = 0.5f * (boxes[0].min + boxes[1].min);
        boxes.insert(boxes.end(), 1600, Box2{spot, spot + glm::vec2(0.001f)});
        for (int frame = 0; frame < 2; ++frame) {
            shoot(boxes, bullets, random);
            check_same_frame(tested, reference, boxes, "crowd, frame " + std::to_string(frame));
            CHECK_FALSE(tested.grid_in_use());
            CHECK(tested.last_path() == Path::full);
        }
        boxes.resize(bullets);
        shoot_frames(tested, reference, boxes, random, 3, "crowd gone");
        CHECK(tested.grid_in_use());
    }
}

TEST_CASE("banded sort-and-sweep grid frames with boxes added and removed, and a wall") {
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(2029);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;
        options.grid_threads_min_boxes = 0;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        BruteForce reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::bullet_boxes(random, 2000);
        check_same_frame(tested, reference, boxes, "first frame");
        shoot_frames(tested, reference, boxes, random, 4, "shot");
        REQUIRE(tested.grid_in_use());
        // Fewer boxes, then more (set_all removes and adds ids), every box still shot.
        boxes.resize(1700);
        shoot(boxes, boxes.size(), random);
        check_same_frame(tested, reference, boxes, "300 removed");
        for (const Box2& box : testing::bullet_boxes(random, 500))
            boxes.push_back(box);
        shoot(boxes, boxes.size(), random);
        check_same_frame(tested, reference, boxes, "500 added");
        for (int frame = 0; frame < 3; ++frame) {
            shoot(boxes, boxes.size(), random);
            check_same_frame(tested, reference, boxes, "shot again " + std::to_string(frame));
        }
        CHECK(tested.grid_in_use());
        // A wall across the world: one cell would hold everything, so the grid declines and
        // the frames are swept (exactly) while the wall stays.
        boxes.push_back({{-1.0f, 10.0f}, {40.0f, 10.5f}});
        for (int frame = 0; frame < 3; ++frame) {
            shoot(boxes, boxes.size() - 1, random);
            check_same_frame(tested, reference, boxes, "wall, frame " + std::to_string(frame));
            CHECK_FALSE(tested.grid_in_use());
            CHECK(tested.last_path() == Path::full);
        }
        // Without the wall the grid returns.
        boxes.pop_back();
        for (int frame = 0; frame < 3; ++frame) {
            shoot(boxes, boxes.size(), random);
            check_same_frame(tested, reference, boxes, "no wall, frame " + std::to_string(frame));
        }
        CHECK(tested.grid_in_use());
    }
}

TEST_CASE("banded sort-and-sweep grid frames with single changes after set_all, and still boxes") {
    // While the grid runs, set_all makes the fat boxes exact along with the motion (and
    // grid_search no longer does): a box updated, added or removed between set_all and
    // find_pairs must still reach them. Boxes standing still among the bullets settle their
    // pairs; without any, the pairs are kept as found.
    std::mt19937 random(2033);
    BandedSortAndSweepOptions options;
    options.threads = 1;
    BandedSortAndSweep tested(TouchingPolicy::closed(), options);
    BruteForce reference(TouchingPolicy::closed());
    std::vector<Box2> boxes = testing::bullet_boxes(random, 2000);
    check_same_frame(tested, reference, boxes, "first frame");
    shoot_frames(tested, reference, boxes, random, 4, "shot");
    REQUIRE(tested.grid_in_use());
    const auto both = [&](const auto& change) {
        change(static_cast<BroadPhase&>(tested));
        change(static_cast<BroadPhase&>(reference));
    };
    for (int frame = 0; frame < 6; ++frame) {
        INFO("frame " << frame);
        // The grid again (after a frame of one box moving, a sweep ran).
        shoot_frames(tested, reference, boxes, random, 3, "shot again");
        REQUIRE(tested.grid_in_use());
        shoot(boxes, boxes.size(), random);
        both([&](BroadPhase& broad_phase) { broad_phase.set_all(boxes); });
        // After set_all, one box jumps onto its neighbour (an update), or the last one goes
        // and comes back elsewhere (a remove, then an add).
        const auto mover = static_cast<BoxId>(7 * frame);
        const Box2 set_by_set_all = boxes[mover];
        if (frame % 2 == 0) {
            boxes[mover] = boxes[mover + 1];
            both([&](BroadPhase& broad_phase) { broad_phase.update(mover, boxes[mover]); });
            const std::vector<BoxPair> expected = testing::sorted_pairs_of(reference);
            CHECK(testing::sorted_pairs_of(tested) == expected);
            // Back where set_all put it, nothing else moving: a fat box made before the update
            // would not see it move, and the last answer would come back.
            boxes[mover] = set_by_set_all;
            both([&](BroadPhase& broad_phase) { broad_phase.set_all(boxes); });
        } else {
            const auto last = static_cast<BoxId>(boxes.size() - 1);
            boxes[last] = boxes[mover];
            both([&](BroadPhase& broad_phase) {
                broad_phase.remove(last);
                broad_phase.add(last, boxes[last]);
            });
        }
        const std::vector<BoxPair> expected = testing::sorted_pairs_of(reference);
        CHECK(testing::sorted_pairs_of(tested) == expected);
    }
    // A third of the boxes stand still: still the grid (most boxes escaped), and the pairs of
    // two still boxes settle, where no box stood still none did.
    for (int frame = 0; frame < 4; ++frame) {
        shoot(boxes, 2 * boxes.size() / 3, random);
        check_same_frame(tested, reference, boxes, "a third still, frame " + std::to_string(frame));
        CHECK(tested.grid_in_use());
    }
    CHECK(tested.stats().candidate_pairs == tested.stats().true_pairs);
}

TEST_CASE("banded sort-and-sweep grid frames: a set_all refused while copying changes nothing") {
    // After a grid frame the copy of set_all also records the motion and makes the fat boxes
    // (copy_scan_and_record_blocks_avx2). A bad box found there must leave the engine as it
    // was: the same frames after it give the same answers and paths as without it, and last
    // frame's boxes again are still the last answer (fat boxes left half-made would differ).
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(2037);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;
        options.grid_threads_min_boxes = 0;
        BandedSortAndSweep refused(TouchingPolicy::closed(), options);
        BandedSortAndSweep untouched(TouchingPolicy::closed(), options);
        BruteForce reference(TouchingPolicy::closed());
        // 3,000 boxes: 46 whole blocks of 64 recorded by the copy, and 56 after them.
        std::vector<Box2> boxes = testing::bullet_boxes(random, 3000);
        // The untouched engine sees the frames the reference saw last.
        const auto follow = [&] {
            untouched.set_all(boxes);
            CHECK(testing::sorted_pairs_of(untouched) == testing::sorted_pairs_of(reference));
        };
        check_same_frame(refused, reference, boxes, "first frame");
        follow();
        for (int frame = 0; frame < 4; ++frame) {
            shoot(boxes, boxes.size(), random);
            check_same_frame(refused, reference, boxes, "shot, frame " + std::to_string(frame));
            follow();
        }
        REQUIRE(refused.grid_in_use());
        for (const std::size_t bad_id : {std::size_t{2900}, std::size_t{2990}, std::size_t{5}}) {
            INFO("bad box " << bad_id);
            std::vector<Box2> bad = boxes;
            shoot(bad, bad.size(), random);
            bad[bad_id].min.y = std::numeric_limits<float>::quiet_NaN();
            CHECK_THROWS_AS(refused.set_all(bad), std::invalid_argument);
            // Nothing moved since the last frame: the last answer, from the cache.
            check_same_frame(refused, reference, boxes, "the last frame again");
            CHECK(refused.last_path() == Path::cached);
            follow();
            for (int frame = 0; frame < 3; ++frame) {
                shoot(boxes, boxes.size(), random);
                check_same_frame(refused, reference, boxes,
                                 "after, frame " + std::to_string(frame));
                follow();
                CHECK(refused.grid_in_use());
                CHECK(refused.last_path() == untouched.last_path());
                CHECK(refused.stats().candidate_pairs == untouched.stats().candidate_pairs);
                CHECK(refused.stats().box_tests == untouched.stats().box_tests);
            }
        }
    }
}

TEST_CASE("banded sort-and-sweep sweeps bullets under the open rule and with exact_grid off") {
    for (const bool open : {true, false}) {
        INFO("open rule " << open);
        std::mt19937 random(2031);
        BandedSortAndSweepOptions options;
        options.threads = 1;
        options.exact_grid = open;  // the open rule never takes the grid, whatever the option
        const TouchingPolicy policy = open ? TouchingPolicy::open() : TouchingPolicy::closed();
        BandedSortAndSweep tested(policy, options);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::bullet_boxes(random, 1500);
        check_same_frame(tested, reference, boxes, "first frame");
        for (int frame = 0; frame < 6; ++frame) {
            shoot(boxes, boxes.size(), random);
            check_same_frame(tested, reference, boxes, "shot, frame " + std::to_string(frame));
            CHECK_FALSE(tested.grid_in_use());
            CHECK(tested.last_path() == Path::full);
        }
    }
}

TEST_CASE(
    "banded sort-and-sweep shares the grid with its second thread only from "
    "grid_threads_min_boxes boxes") {
    // Below the line (3,000 boxes here, 131,072 by default) two threads search the grid as one
    // does; every other step is shared however small.
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(2039);
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;  // every other step goes to the pool
        options.grid_threads_min_boxes = 3000;
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        BruteForce reference(TouchingPolicy::closed());
        std::vector<Box2> boxes = testing::bullet_boxes(random, 2500);
        check_same_frame(tested, reference, boxes, "first frame");
        shoot_frames(tested, reference, boxes, random, 4, "below");
        REQUIRE(tested.grid_in_use());
        CHECK_FALSE(tested.grid_shared());
        // 1,000 more bullets cross the line: the grid is shared from then on (with two
        // threads), and its pairs stay exact either way, across the switch and back.
        const std::vector<Box2> more = testing::bullet_boxes(random, 1000);
        boxes.insert(boxes.end(), more.begin(), more.end());
        check_same_frame(tested, reference, boxes, "added");
        shoot_frames(tested, reference, boxes, random, 4, "above");
        REQUIRE(tested.grid_in_use());
        CHECK(tested.grid_shared() == (threads == 2));
        boxes.resize(2500);
        check_same_frame(tested, reference, boxes, "removed");
        shoot_frames(tested, reference, boxes, random, 4, "below again");
        REQUIRE(tested.grid_in_use());
        CHECK_FALSE(tested.grid_shared());
    }
    BandedSortAndSweepOptions defaults;
    CHECK(defaults.grid_threads_min_boxes == 131072);
    defaults.grid_threads_min_boxes = -1;
    CHECK_THROWS_AS(BandedSortAndSweep(TouchingPolicy::closed(), defaults), std::invalid_argument);
}

}  // namespace aabb

// The banded sort-and-sweep's special paths against brute force: cached and partial frames,
// thread splitting, SSE2 and AVX kernels, band layouts, far coordinates, signed zeros, ties.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"
#include "tests/support/drifting_boxes.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;

using testing::check_same_frame;
using testing::sorted_pairs_of;

const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::open(),
                                   TouchingPolicy::tolerance(1e-6f)};

// "rule R frame F", naming a frame of a loop over the policies.
std::string frame_context(const TouchingPolicy& policy, int frame) {
    return "rule " + std::to_string(static_cast<int>(policy.rule)) + " frame " +
           std::to_string(frame);
}

// Sets `boxes` twice: the second frame changes nothing, so it must come from the cache.
void check_first_frames(BandedSortAndSweep& tested, BroadPhase& reference,
                        const std::vector<Box2>& boxes) {
    check_same_frame(tested, reference, boxes, "first frame");
    check_same_frame(tested, reference, boxes, "still");
    CHECK(tested.last_path() == BandedSortAndSweep::LastPath::cached);
}

// A mostly static world: small boxes, a few long walls across both axes.
std::vector<Box2> static_world(std::mt19937& random, std::size_t count) {
    std::vector<Box2> boxes = testing::random_boxes(random, count, 100.0f, 4.0f);
    boxes[0] = {{-100, -2}, {100, 2}};
    boxes[1] = {{-3, -100}, {3, 100}};
    return boxes;
}

}  // namespace

TEST_CASE("banded sort-and-sweep returns cached pairs when nothing moved") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(11);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        const std::vector<Box2> boxes = testing::random_boxes(random, 500, 60.0f, 6.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        CHECK(tested.last_path() == Path::full);
        check_same_frame(tested, reference, boxes, "same boxes again");
        CHECK(tested.last_path() == Path::cached);
        CHECK(tested.stats().candidate_pairs == 0);
        // Updating a box to its own value is no change either.
        tested.update(3, boxes[3]);
        CHECK(sorted_pairs_of(tested) == sorted_pairs_of(reference));
        CHECK(tested.last_path() == Path::cached);
    }
}

TEST_CASE("banded sort-and-sweep sweeps only the moved boxes of a mostly static world") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(23);
        BandedSortAndSweepOptions options;
        options.threads = 2;
        options.parallel_threshold = 0;
        BandedSortAndSweep tested(policy, options);
        BruteForce reference(policy);
        std::vector<Box2> boxes = static_world(random, 800);
        check_same_frame(tested, reference, boxes, "first frame");
        std::uniform_real_distribution<float> jump(-15.0f, 15.0f);
        int partial_frames = 0;
        for (int frame = 0; frame < 12; ++frame) {
            // 4% move fast; the same ones each frame, plus one wall now and then.
            for (std::size_t i = 5; i < boxes.size(); i += 25)
                boxes[i] = translated(boxes[i], glm::vec2(jump(random), jump(random)));
            if (frame % 4 == 3) boxes[1] = translated(boxes[1], glm::vec2(1.0f, 0.0f));
            check_same_frame(tested, reference, boxes, "frame " + std::to_string(frame));
            if (tested.last_path() == Path::partial) ++partial_frames;
        }
        CHECK(partial_frames >= 10);
        // Nothing moved after a partial frame: the cached answer is the partial one.
        check_same_frame(tested, reference, boxes, "still after partial");
        CHECK(tested.last_path() == Path::cached);
        // Adding and removing boxes through the partial path.
        tested.remove(7);
        reference.remove(7);
        tested.add(900, {{0, 0}, {5, 5}});
        reference.add(900, {{0, 0}, {5, 5}});
        CHECK(sorted_pairs_of(tested) == sorted_pairs_of(reference));
        CHECK(tested.last_path() == Path::partial);
        // Most boxes move: back to a full sweep.
        for (Box2& box : boxes)
            box = translated(box, glm::vec2(0.5f, -0.25f));
        check_same_frame(tested, reference, boxes, "everything moved");
        CHECK(tested.last_path() == Path::full);
    }
}

TEST_CASE("banded sort-and-sweep splits work across threads for any box count") {
    for (const int threads : {1, 2, 3}) {
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;  // the pool even for tiny sets
        for (const std::size_t count : {0u, 1u, 2u, 3u, 7u, 101u, 1001u}) {
            std::mt19937 random(static_cast<unsigned>(count) + 1);
            BandedSortAndSweep tested(TouchingPolicy::closed(), options);
            BruteForce reference;
            CHECK(tested.thread_count() == threads);
            for (int frame = 0; frame < 3; ++frame) {
                check_same_frame(tested, reference,
                                 testing::random_boxes(random, count, 30.0f, 5.0f),
                                 std::to_string(threads) + " threads, " + std::to_string(count) +
                                     " boxes, frame " + std::to_string(frame));
            }
        }
    }
}

namespace {

// The threads of this process (Linux: one entry per thread in /proc/self/task).
std::size_t process_thread_count() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator("/proc/self/task"))
        ++count;
    return count;
}

}  // namespace

TEST_CASE("banded sort-and-sweep at one thread starts no thread; at two, one worker") {
    std::mt19937 random(9);
    const std::vector<Box2> boxes = testing::random_boxes(random, 20000, 400.0f, 3.0f);
    for (const int threads : {1, 2}) {
        CAPTURE(threads);
        const std::size_t before = process_thread_count();
        BandedSortAndSweepOptions options;
        options.threads = threads;
        options.parallel_threshold = 0;  // every step would be shared if a pool existed
        BandedSortAndSweep tested(TouchingPolicy::closed(), options);
        std::vector<BoxPair> pairs;
        tested.set_all(boxes);
        tested.find_pairs(pairs);
        CHECK(process_thread_count() == before + static_cast<std::size_t>(threads - 1));
    }
}

TEST_CASE("banded sort-and-sweep: SSE2 and AVX kernels, one band and many bands agree") {
    std::mt19937 random(5);
    const std::vector<Box2> boxes = testing::random_boxes(random, 700, 50.0f, 8.0f);
    for (const TouchingPolicy& policy : policies) {
        BruteForce reference(policy);
        for (const bool avx : {false, true}) {
            for (const float factor : {0.05f, 1.0f, 4.0f, 1000.0f}) {
                for (const int axis : {-1, 0, 1}) {
                    BandedSortAndSweepOptions options;
                    options.allow_avx = avx;
                    options.band_height_factor = factor;
                    options.axis = axis;
                    BandedSortAndSweep tested(policy, options);
                    check_same_frame(tested, reference, boxes,
                                     "avx " + std::to_string(avx) + " factor " +
                                         std::to_string(factor) + " axis " + std::to_string(axis));
                    if (factor >= 1000.0f) CHECK(tested.band_count() == 1);
                    if (factor <= 0.05f) CHECK(tested.band_count() > 1);
                    if (axis >= 0) CHECK(tested.sweep_axis() == axis);
                }
            }
        }
    }
}

TEST_CASE("banded sort-and-sweep follows a world that drifts out of its planned bands") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(31);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 600, 50.0f, 4.0f);
        for (int frame = 0; frame < 20; ++frame) {
            // Everything drifts a few percent of the world per frame, across and along.
            for (Box2& box : boxes)
                box = translated(box, glm::vec2(1.5f, 2.5f));
            check_same_frame(tested, reference, boxes, "drift frame " + std::to_string(frame));
        }
        // A new scene at once: a tall thin column far away.
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const float y = 5000.0f + float(i) * 0.8f;
            boxes[i] = {{-7000.0f, y}, {-6999.0f, y + 1.0f}};
        }
        check_same_frame(tested, reference, boxes, "new scene");
        CHECK(tested.sweep_axis() == 1);
    }
}

TEST_CASE("banded sort-and-sweep on very dense sets, equal keys and a thin line") {
    std::mt19937 random(99);
    std::uniform_real_distribution<float> jitter(0.0f, 0.5f);
    std::vector<Box2> dense;
    for (int i = 0; i < 400; ++i)
        dense.push_back({{jitter(random), jitter(random)}, {2.0f + jitter(random), 2.0f}});
    std::vector<Box2> equal_keys;
    for (int i = 0; i < 300; ++i) {
        const float y = float(i % 37) * 0.9f;
        equal_keys.push_back({{5.0f, y}, {5.0f + float(i % 3), y + 1.0f}});
    }
    std::vector<Box2> line;
    for (int i = 0; i < 500; ++i) {
        const float x = float(i) * 0.7f;
        line.push_back({{x, 0.0f}, {x + 1.0f, 0.01f}});
    }
    // Each set replaces the last one whole (a jump no margin holds), which the grid would
    // take; the sweep's choice of axis is under test here.
    BandedSortAndSweepOptions sweep_only;
    sweep_only.exact_grid = false;
    for (const TouchingPolicy& policy : policies) {
        BandedSortAndSweep tested(policy, sweep_only);
        BruteForce reference(policy);
        check_same_frame(tested, reference, dense, "dense");
        if (policy.rule == TouchingRule::closed) CHECK(tested.stats().true_pairs == 400 * 399 / 2);
        check_same_frame(tested, reference, equal_keys, "equal keys");
        check_same_frame(tested, reference, line, "thin line");
        CHECK(tested.sweep_axis() == 0);
    }
}

TEST_CASE("banded sort-and-sweep far from the origin and with signed zeros") {
    std::mt19937 random(3);
    std::vector<Box2> far = testing::random_boxes(random, 400, 30.0f, 3.0f);
    for (Box2& box : far)
        box = translated(box, glm::vec2(1.0e6f, -1.0e6f));
    // -0 and +0 are the same key: touching at zero is a pair under the closed rule only.
    const std::vector<Box2> zeros = {{{-1.0f, -1.0f}, {-0.0f, 1.0f}},
                                     {{0.0f, -1.0f}, {1.0f, 1.0f}},
                                     {{-0.0f, -0.0f}, {2.0f, 0.0f}},
                                     {{0.0f, 0.0f}, {0.0f, 3.0f}},
                                     {{-2.0f, -0.0f}, {-0.0f, 0.5f}}};
    for (const TouchingPolicy& policy : policies) {
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        check_same_frame(tested, reference, far, "far from the origin");
        check_same_frame(tested, reference, zeros, "signed zeros");
        if (policy.rule == TouchingRule::closed) {
            const std::vector<BoxPair> pairs = sorted_pairs_of(tested);
            CHECK(std::find(pairs.begin(), pairs.end(), BoxPair{0, 1}) != pairs.end());
        }
        if (policy.rule == TouchingRule::open) {
            const std::vector<BoxPair> pairs = sorted_pairs_of(tested);
            CHECK(std::find(pairs.begin(), pairs.end(), BoxPair{0, 1}) == pairs.end());
        }
    }
}

TEST_CASE("banded sort-and-sweep reports sorted endpoints, bands and memory") {
    struct Recorder final : StructureVisitor {
        std::vector<float> minima;
        int maxima = 0;
        int last_rank = -1;
        bool ranks_in_order = true;
        void endpoint(int, float value, BoxId, bool is_min, int rank) override {
            if (!is_min) {
                ++maxima;
                return;
            }
            ranks_in_order = ranks_in_order && rank == last_rank + 1;
            last_rank = rank;
            minima.push_back(value);
        }
    };
    std::mt19937 random(8);
    BandedSortAndSweep tested;
    tested.set_all(testing::random_boxes(random, 300, 40.0f, 4.0f));
    std::vector<BoxPair> pairs;
    tested.find_pairs(pairs);
    Recorder recorder;
    tested.visit(recorder);
    CHECK(recorder.minima.size() == 300);
    CHECK(recorder.maxima == 300);
    CHECK(recorder.ranks_in_order);
    CHECK(std::is_sorted(recorder.minima.begin(), recorder.minima.end()));
    const BroadPhaseStats stats = tested.stats();
    CHECK(stats.cells_used >= 1);
    CHECK(stats.cells_used <= tested.band_count());
    CHECK(stats.max_boxes_in_cell >= 300 / tested.band_count());
    CHECK(stats.candidate_pairs >= stats.true_pairs);
    CHECK(stats.memory_bytes > 300 * sizeof(Box2));
}

TEST_CASE("banded sort-and-sweep rejects bad options") {
    const auto make = [](BandedSortAndSweepOptions options) {
        BandedSortAndSweep engine(TouchingPolicy::closed(), options);
    };
    BandedSortAndSweepOptions options;
    options.axis = 2;
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("axis"), std::invalid_argument);
    options = {};
    options.threads = -1;
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("threads"), std::invalid_argument);
    options = {};
    options.band_height_factor = std::numeric_limits<float>::quiet_NaN();
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("band_height_factor"),
                         std::invalid_argument);
    options = {};
    options.max_bands = 0;
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("max_bands"), std::invalid_argument);
    options = {};
    options.partial_fraction = 2.0f;
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("partial_fraction"),
                         std::invalid_argument);
    options = {};
    options.margin_frames = -1.0f;
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("margin_frames"), std::invalid_argument);
    options = {};
    options.max_margin_sizes = std::numeric_limits<float>::infinity();
    CHECK_THROWS_WITH_AS(make(options), doctest::Contains("max_margin_sizes"),
                         std::invalid_argument);
}

namespace {}  // namespace

TEST_CASE("banded sort-and-sweep keeps fat-box candidates while boxes drift inside them") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(71);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        testing::DriftingBoxes world(random, 600, 80.0f, 0.08f);
        int kept_frames = 0;
        int partial_frames = 0;
        int full_frames = 0;
        for (int frame = 0; frame < 120; ++frame) {
            check_same_frame(tested, reference, world.boxes, "frame " + std::to_string(frame));
            if (tested.last_path() == Path::kept) ++kept_frames;
            if (tested.last_path() == Path::partial) ++partial_frames;
            if (tested.last_path() == Path::full) ++full_frames;
            const BroadPhaseStats stats = tested.stats();
            CHECK(stats.candidate_pairs >= stats.true_pairs);
            world.step();
        }
        // Coherent motion: a full sweep is rare; most frames test the kept candidates and
        // query only the boxes that bounced or outran their margin.
        CHECK(kept_frames + partial_frames > 90);
        CHECK(partial_frames > 5);
        CHECK(full_frames < 30);
    }
}

TEST_CASE("banded sort-and-sweep only tests candidates while every box stays in its fat box") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(72);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        // No walls to bounce off: every box keeps its velocity.
        testing::DriftingBoxes world(random, 500, 60.0f, 0.05f);
        world.side = std::numeric_limits<float>::infinity();
        // Boxes at least 1 wide: the margin of a box moving 0.05 per axis is then never capped
        // (max_margin_sizes).
        for (Box2& box : world.boxes)
            box = Box2{box.min, glm::max(box.max, box.min + glm::vec2(1.0f))};
        check_same_frame(tested, reference, world.boxes, "first frame");
        world.step();
        // The second frame measures the motion; margins start at the next full sweep.
        check_same_frame(tested, reference, world.boxes, "second frame");
        CHECK(tested.last_path() == Path::full);
        // Each fat box holds margin_frames (8) frames of its box's motion.
        for (int frame = 0; frame < 7; ++frame) {
            world.step();
            check_same_frame(tested, reference, world.boxes, "drift " + std::to_string(frame));
            CHECK(tested.last_path() == Path::kept);
            CHECK(tested.stats().candidate_pairs >= tested.stats().true_pairs);
        }
    }
}

TEST_CASE("banded sort-and-sweep stays exact when boxes turn, grow, appear and vanish") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(73);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        testing::DriftingBoxes world(random, 400, 60.0f, 0.1f);
        std::uniform_int_distribution<std::size_t> pick(0, 399);
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        std::vector<std::uint8_t> present(400, 1);
        for (const Box2& box : world.boxes) {
            const auto id = static_cast<BoxId>(&box - world.boxes.data());
            tested.add(id, box);
            reference.add(id, box);
        }
        for (int frame = 0; frame < 80; ++frame) {
            INFO("frame " << frame);
            world.step();
            // Some boxes turn sharply (leaving their fat boxes), some grow or shrink in place
            // (a rotating shape's box), a few leave and come back under the same id.
            for (int k = 0; k < 6; ++k)
                world.velocities[pick(random)] *= -1.0f;
            for (int k = 0; k < 4; ++k) {
                Box2& box = world.boxes[pick(random)];
                const float grow = unit(random) - 0.5f;
                box = Box2{box.min - glm::vec2(grow * 0.5f), box.max + glm::vec2(grow * 0.5f)};
                if (!box.is_valid()) box = Box2{box.min, box.min};
            }
            for (std::size_t id = 0; id < world.boxes.size(); ++id) {
                const bool toggle = unit(random) < 0.01f;
                if (toggle && present[id]) {
                    tested.remove(static_cast<BoxId>(id));
                    reference.remove(static_cast<BoxId>(id));
                    present[id] = 0;
                } else if (toggle) {
                    tested.add(static_cast<BoxId>(id), world.boxes[id]);
                    reference.add(static_cast<BoxId>(id), world.boxes[id]);
                    present[id] = 1;
                } else if (present[id]) {
                    tested.update(static_cast<BoxId>(id), world.boxes[id]);
                    reference.update(static_cast<BoxId>(id), world.boxes[id]);
                }
            }
            CHECK(sorted_pairs_of(tested) == sorted_pairs_of(reference));
        }
    }
}

TEST_CASE("banded sort-and-sweep without margins and with far, fast boxes") {
    for (const TouchingPolicy& policy : policies) {
        for (const float margin_frames : {0.0f, 8.0f, 50.0f}) {
            INFO("margin_frames " << margin_frames);
            std::mt19937 random(79);
            BandedSortAndSweepOptions options;
            options.margin_frames = margin_frames;
            BandedSortAndSweep tested(policy, options);
            BruteForce reference(policy);
            testing::DriftingBoxes world(random, 300, 50.0f, 0.05f);
            // Far from the origin, where a margin of a few ulps rounds away, and a few boxes
            // that jump several of their sizes per frame (no margin can hold them).
            for (std::size_t i = 0; i < 50; ++i)
                world.boxes[i] = translated(world.boxes[i], glm::vec2(1.0e6f, -1.0e6f));
            for (int frame = 0; frame < 40; ++frame) {
                for (std::size_t i = 50; i < 60; ++i)
                    world.boxes[i] = translated(
                        world.boxes[i], glm::vec2(13.0f, 0.0f) * (frame % 2 ? 1.0f : -1.0f));
                check_same_frame(tested, reference, world.boxes, "frame " + std::to_string(frame));
                world.step();
            }
            if (margin_frames == 0.0f && policy.rule == TouchingRule::closed) {
                // Exact boxes: nothing to narrow down, every candidate is a pair.
                CHECK(tested.stats().candidate_pairs == tested.stats().true_pairs);
            }
        }
    }
}

TEST_CASE("banded sort-and-sweep drops settled pairs when a still box shrinks or moves") {
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(83);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        // Still boxes: every pair is settled (no margins without motion).
        std::vector<Box2> boxes = testing::random_boxes(random, 300, 30.0f, 6.0f);
        check_first_frames(tested, reference, boxes);
        for (int frame = 0; frame < 12; ++frame) {
            // A still box shrinks inside its old box (it never leaves it), another one nudges
            // by a hair: both must lose the settled pairs they no longer have.
            Box2& shrinking = boxes[static_cast<std::size_t>(frame) * 7];
            const glm::vec2 center = shrinking.center();
            shrinking =
                Box2{glm::mix(shrinking.min, center, 0.5f), glm::mix(shrinking.max, center, 0.5f)};
            boxes[static_cast<std::size_t>(frame) * 11 + 1] =
                translated(boxes[static_cast<std::size_t>(frame) * 11 + 1], glm::vec2(0.01f, 0.0f));
            check_same_frame(tested, reference, boxes, "frame " + std::to_string(frame));
        }
    }
}

TEST_CASE("banded sort-and-sweep rejects a bad frame whole, wherever the bad box is") {
    // The change scan of whole 64-box blocks runs inside set_all's copy; a bad box there or in
    // the last partial block must leave the engine exactly as it was.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float infinity = std::numeric_limits<float>::infinity();
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(97);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 300, 40.0f, 3.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        std::uniform_real_distribution<float> step(-0.2f, 0.2f);
        for (int frame = 0; frame < 30; ++frame) {
            for (std::size_t index = 0; index < boxes.size(); index += 3)
                boxes[index] = translated(boxes[index], glm::vec2(step(random), step(random)));
            if (frame % 3 == 1) {
                std::vector<Box2> bad = boxes;
                const std::size_t where = frame % 2 == 0 ? 150 : 290;  // a full block, the tail
                const Box2 bad_boxes[] = {
                    {{nan, 0}, {1, 1}}, {{0, 0}, {1, infinity}}, {{2, 0}, {1, 1}}};
                bad[where] = bad_boxes[static_cast<std::size_t>(frame / 3) % 3];
                const std::string named = "box " + std::to_string(where);
                CHECK_THROWS_WITH_AS(tested.set_all(bad), doctest::Contains(named.c_str()),
                                     std::invalid_argument);
            }
            check_same_frame(tested, reference, boxes, frame_context(policy, frame));
        }
    }
}

TEST_CASE("banded sort-and-sweep: fast boxes without margins among still ones") {
    // Boxes too fast for a margin have none, like still boxes, but only pairs of two still
    // boxes are settled: the fast boxes' pairs are candidates, dropped and found again each
    // frame. Still boxes that start or stop moving must move between the two.
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(101);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 600, 60.0f, 2.0f);
        check_same_frame(tested, reference, boxes, "first frame");
        std::uniform_real_distribution<float> jump(-6.0f, 6.0f);
        int partial_frames = 0;
        for (int frame = 0; frame < 40; ++frame) {
            // Ten boxes jump several sizes every frame; from frame 20 on, ten more start.
            const std::size_t fast = frame < 20 ? 10 : 20;
            for (std::size_t index = 0; index < fast; ++index) {
                // Box 5 × 29 stops after frame 10: a fast box that becomes still.
                if (index == 5 && frame >= 10) continue;
                boxes[index * 29] = translated(boxes[index * 29], {jump(random), jump(random)});
            }
            check_same_frame(tested, reference, boxes, frame_context(policy, frame));
            partial_frames += tested.last_path() == Path::partial ? 1 : 0;
        }
        CHECK(partial_frames > 20);
    }
}

TEST_CASE("banded sort-and-sweep tells a still frame from a frame moving inside fat boxes") {
    // With no box escaping, a frame changed only if a box with a margin moved inside it: the
    // engine counts the boxes with margins to skip comparing whole frames when there are none.
    for (const TouchingPolicy& policy : policies) {
        std::mt19937 random(103);
        BandedSortAndSweep tested(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 400, 50.0f, 2.0f);
        check_first_frames(tested, reference, boxes);
        // A few boxes drift: after a full sweep they have margins.
        for (int frame = 0; frame < 4; ++frame) {
            for (std::size_t index = 0; index < 40; ++index)
                boxes[index * 10] = translated(boxes[index * 10], glm::vec2(0.05f, 0.02f));
            check_same_frame(tested, reference, boxes, "drift " + std::to_string(frame));
        }
        check_same_frame(tested, reference, boxes, "still, margins");
        CHECK(tested.last_path() == Path::cached);
        // One box with a margin moves a hair inside it: not a still frame.
        boxes[10] = translated(boxes[10], glm::vec2(0.001f, 0.0f));
        check_same_frame(tested, reference, boxes, "one box inside its margin");
        CHECK(tested.last_path() != Path::cached);
        // Boxes vanish and return: margins counted again.
        std::vector<Box2> fewer(boxes.begin(), boxes.begin() + 200);
        check_same_frame(tested, reference, fewer, "half gone");
        check_same_frame(tested, reference, boxes, "back");
        check_same_frame(tested, reference, boxes, "back, still");
        CHECK(tested.last_path() == Path::cached);
    }
}

}  // namespace aabb

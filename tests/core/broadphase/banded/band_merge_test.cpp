// The banded sort-and-sweep's merge of changed boxes into its bands (band_merge.hpp), against
// brute force: boxes that leave their fat boxes a few at a time are merged in instead of
// sweeping everything again; adds, removes, walls and teleports across many frames.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;

std::vector<BoxPair> merge_test_pairs(BroadPhase& broad_phase) {
    std::vector<BoxPair> pairs;
    broad_phase.find_pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

const TouchingPolicy merge_policies[] = {TouchingPolicy::closed(), TouchingPolicy::open(),
                                         TouchingPolicy::tolerance(1e-6f)};

// Moves `count` random boxes of `boxes` to random places of a `side` world.
void teleport(std::mt19937& random, std::vector<Box2>& boxes, int count, float side) {
    std::uniform_int_distribution<std::size_t> pick(0, boxes.size() - 1);
    std::uniform_real_distribution<float> place(0.0f, side);
    for (int k = 0; k < count; ++k) {
        Box2& box = boxes[pick(random)];
        const glm::vec2 to{place(random), place(random)};
        box = Box2{to, to + (box.max - box.min)};
    }
}

}  // namespace

TEST_CASE("banded sort-and-sweep merges boxes that escape a few at a time, never sweeping") {
    for (const int threads : {1, 2})
        for (const TouchingPolicy& policy : merge_policies) {
            INFO("rule " << static_cast<int>(policy.rule) << ", threads " << threads);
            std::mt19937 random(2026);
            BandedSortAndSweepOptions options;
            options.threads = threads;
            // Every step on the pool when there are two threads; and there the changed boxes'
            // index always in strips (the merge then asks for its sorted arrays).
            options.parallel_threshold = 0;
            if (threads == 2) options.strip_min_boxes = 0;
            BandedSortAndSweep tested(policy, options);
            BruteForce reference(policy);
            std::vector<Box2> boxes = testing::random_boxes(random, 3000, 150.0f, 3.0f);
            int merges = 0;
            int full_sweeps = 0;
            for (int frame = 0; frame < 90; ++frame) {
                INFO("frame " << frame);
                // 2% of the boxes jump each frame: 15% have escaped after eight frames.
                if (frame > 0) teleport(random, boxes, 60, 150.0f);
                tested.set_all(boxes);
                reference.set_all(boxes);
                const std::vector<BoxPair> expected = merge_test_pairs(reference);
                REQUIRE(merge_test_pairs(tested) == expected);
                if (frame > 0 && tested.last_path() == Path::full) ++full_sweeps;
                if (tested.last_merged()) ++merges;
            }
            CHECK(merges >= 5);
            CHECK(full_sweeps == 0);
        }
}

TEST_CASE("banded sort-and-sweep merges under add and remove churn, walls and drift") {
    // The changed boxes' index in one list, then always in strips.
    for (const int strip_min_boxes : {32768, 0})
        for (const TouchingPolicy& policy : merge_policies) {
            INFO("rule " << static_cast<int>(policy.rule) << ", strips from " << strip_min_boxes);
            std::mt19937 random(99);
            BandedSortAndSweepOptions options;
            options.threads = 1;
            options.strip_min_boxes = strip_min_boxes;
            BandedSortAndSweep tested(policy, options);
            BruteForce reference(policy);
            constexpr std::size_t count = 1500;
            constexpr float side = 100.0f;
            std::vector<Box2> boxes = testing::random_boxes(random, count, side, 3.0f);
            // Two long walls (large boxes, listed apart) and slow drifters that stay in their fat
            // boxes for a while.
            boxes[0] = {{0, 40}, {100, 42}};
            boxes[1] = {{60, 0}, {61, 100}};
            std::vector<glm::vec2> velocity(count, glm::vec2(0.0f));
            std::uniform_real_distribution<float> drift(-0.05f, 0.05f);
            for (std::size_t id = 2; id < count; id += 3)
                velocity[id] = {drift(random), drift(random)};
            std::vector<std::uint8_t> present(count, 1);
            for (std::size_t id = 0; id < count; ++id) {
                tested.add(static_cast<BoxId>(id), boxes[id]);
                reference.add(static_cast<BoxId>(id), boxes[id]);
            }
            std::uniform_real_distribution<float> unit(0.0f, 1.0f);
            int merges = 0;
            for (int frame = 0; frame < 120; ++frame) {
                INFO("frame " << frame);
                for (std::size_t id = 0; id < count; ++id)
                    boxes[id] = translated(boxes[id], velocity[id]);
                teleport(random, boxes, 20, side);
                // The walls leave and come back, or jump.
                if (frame % 17 == 5) boxes[0] = translated(boxes[0], {0.0f, 7.0f});
                if (frame % 23 == 11) boxes[1] = translated(boxes[1], {-9.0f, 0.0f});
                for (std::size_t id = 0; id < count; ++id) {
                    const bool toggle = unit(random) < 0.004f || (id == 0 && frame % 29 == 3);
                    const auto box_id = static_cast<BoxId>(id);
                    if (toggle && present[id]) {
                        tested.remove(box_id);
                        reference.remove(box_id);
                        present[id] = 0;
                    } else if (toggle) {
                        tested.add(box_id, boxes[id]);
                        reference.add(box_id, boxes[id]);
                        present[id] = 1;
                    } else if (present[id]) {
                        tested.update(box_id, boxes[id]);
                        reference.update(box_id, boxes[id]);
                    }
                }
                REQUIRE(merge_test_pairs(tested) == merge_test_pairs(reference));
                if (tested.last_merged()) ++merges;
            }
            CHECK(merges >= 3);
        }
}

TEST_CASE("banded sort-and-sweep after merges: every box escaping at once sweeps again") {
    std::mt19937 random(7);
    BandedSortAndSweepOptions options;
    options.threads = 1;
    BandedSortAndSweep tested(TouchingPolicy::closed(), options);
    BruteForce reference(TouchingPolicy::closed());
    std::vector<Box2> boxes = testing::random_boxes(random, 2000, 120.0f, 3.0f);
    bool merged = false;
    for (int frame = 0; frame < 40; ++frame) {
        INFO("frame " << frame);
        teleport(random, boxes, 50, 120.0f);
        // Twice, after merges, every box moves far at once: a full sweep, then merges again.
        const bool all_at_once = frame == 20 || frame == 30;
        if (all_at_once) {
            for (Box2& box : boxes)
                box = translated(box, {5.0f, -4.0f});
        }
        tested.set_all(boxes);
        reference.set_all(boxes);
        REQUIRE(merge_test_pairs(tested) == merge_test_pairs(reference));
        merged = merged || tested.last_merged();
        if (all_at_once) {
            CHECK(merged);
            CHECK(tested.last_path() == Path::full);
            merged = false;
        }
    }
    CHECK(merged);
}

}  // namespace aabb

// The one-band path of the banded engine (one_band_path.cpp): taken for a corridor of boxes,
// left when the boxes spread or boxes are added or removed, exact in every frame on the way.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/core/broadphase/banded/one_band_boxes.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using Path = BandedSortAndSweep::LastPath;
using testing::check_same_frame;
using testing::corridor;
using testing::drift;

// Moves the boxes a little, then checks `tested` against brute force on them and that `path`
// answered the frame.
void check_drifted_frame(BandedSortAndSweep& tested, BroadPhase& reference,
                         std::vector<Box2>& boxes, std::mt19937& random, const std::string& context,
                         Path path) {
    drift(boxes, random, 0.05f);
    check_same_frame(tested, reference, boxes, context);
    CHECK(tested.last_path() == path);
}

// A corridor of `count` boxes with the one-band path from any size.
BandedSortAndSweepOptions one_band_options(int threads) {
    BandedSortAndSweepOptions options;
    options.threads = threads;
    options.one_band_min_boxes = 0;
    return options;
}

}  // namespace

TEST_CASE("banded sort-and-sweep sweeps a corridor's one band every frame, exactly") {
    const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::tolerance(0.01f)};
    for (const TouchingPolicy& policy : policies) {
        for (const int threads : {1, 2}) {
            INFO("rule " << static_cast<int>(policy.rule) << ", threads " << threads);
            std::mt19937 random(23);
            BandedSortAndSweep tested(policy, one_band_options(threads));
            BruteForce reference(policy);
            std::vector<Box2> boxes = corridor(random, 2500, 2.0f, 6.0f);
            check_same_frame(tested, reference, boxes, "first frame");
            CHECK(tested.last_path() == Path::full);
            CHECK(tested.band_count() == 1);
            CHECK(tested.sweep_axis() == 1);
            CHECK(tested.sweeping_one_band());
            for (int frame = 0; frame < 30; ++frame) {
                drift(boxes, random, 0.05f);
                check_same_frame(tested, reference, boxes, "frame " + std::to_string(frame));
                CHECK(tested.last_path() == Path::one_band);
                CHECK(tested.stats().candidate_pairs == tested.stats().true_pairs);
                CHECK(tested.stats().cells_used == 1);
                CHECK(tested.stats().max_boxes_in_cell == 2500);
            }
            // Nothing moves: the last answer again, from the cache; then the band again.
            check_same_frame(tested, reference, boxes, "still");
            CHECK(tested.last_path() == Path::cached);
            check_drifted_frame(tested, reference, boxes, random, "moving again", Path::one_band);
        }
    }
}

TEST_CASE("banded sort-and-sweep leaves the one band when the boxes spread across it") {
    std::mt19937 random(29);
    BandedSortAndSweep tested({}, one_band_options(1));
    BruteForce reference;
    std::vector<Box2> boxes = corridor(random, 2500, 2.0f, 1.5f);
    check_same_frame(tested, reference, boxes, "corridor");
    // The corridor widens by a box size a frame: within a few frames it is many bands wide.
    bool left = false;
    for (int frame = 0; frame < 40 && !left; ++frame) {
        for (std::size_t index = 0; index < boxes.size(); ++index) {
            const float shift = static_cast<float>(index % 50) * 0.5f;
            boxes[index].min.x += shift;
            boxes[index].max.x += shift;
        }
        check_same_frame(tested, reference, boxes, "widening " + std::to_string(frame));
        left = !tested.sweeping_one_band();
    }
    REQUIRE(left);
    // The next search is a full sweep of the wide layout, and the frames after it stay exact.
    drift(boxes, random, 0.05f);
    check_same_frame(tested, reference, boxes, "after leaving");
    CHECK(tested.last_path() == Path::full);
    CHECK(tested.band_count() > 1);
    for (int frame = 0; frame < 10; ++frame) {
        drift(boxes, random, 0.05f);
        check_same_frame(tested, reference, boxes, "wide " + std::to_string(frame));
        CHECK(tested.last_path() != Path::one_band);
    }
}

TEST_CASE("banded sort-and-sweep leaves the one band when boxes are added or removed") {
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        std::mt19937 random(31);
        BandedSortAndSweep tested({}, one_band_options(threads));
        BruteForce reference;
        std::vector<Box2> boxes = corridor(random, 2500, 2.0f, 4.0f);
        check_same_frame(tested, reference, boxes, "corridor");
        check_drifted_frame(tested, reference, boxes, random, "one band", Path::one_band);
        // set_all with fewer boxes, then with more.
        boxes.resize(2200);
        check_same_frame(tested, reference, boxes, "fewer");
        CHECK(tested.last_path() == Path::full);
        CHECK(tested.sweeping_one_band());
        check_drifted_frame(tested, reference, boxes, random, "one band again", Path::one_band);
        const std::vector<Box2> more = corridor(random, 300, 2.0f, 4.0f);
        boxes.insert(boxes.end(), more.begin(), more.end());
        check_same_frame(tested, reference, boxes, "more");
        CHECK(tested.last_path() == Path::full);
        // One box at a time: update (stays on the path), remove and add (leave it).
        drift(boxes, random, 0.05f);
        check_same_frame(tested, reference, boxes, "before single changes");
        REQUIRE(tested.sweeping_one_band());
        const Box2 moved{boxes[5].min + glm::vec2(0.0f, 3.0f),
                         boxes[5].max + glm::vec2(0.0f, 3.0f)};
        tested.update(5, moved);
        reference.update(5, moved);
        CHECK(testing::sorted_pairs_of(tested) == testing::sorted_pairs_of(reference));
        CHECK(tested.last_path() == Path::one_band);
        tested.remove(7);
        reference.remove(7);
        CHECK(testing::sorted_pairs_of(tested) == testing::sorted_pairs_of(reference));
        CHECK(tested.last_path() == Path::full);
        tested.add(7, boxes[8]);
        reference.add(7, boxes[8]);
        CHECK(testing::sorted_pairs_of(tested) == testing::sorted_pairs_of(reference));
        CHECK(tested.last_path() == Path::full);
    }
}

TEST_CASE("banded sort-and-sweep keeps fat boxes in one band when told to or when it may not") {
    std::mt19937 random(37);
    const std::vector<Box2> boxes = corridor(random, 2500, 2.0f, 1.5f);
    SUBCASE("fewer boxes than one_band_min_boxes") {
        BandedSortAndSweepOptions options;
        options.threads = 1;
        options.one_band_min_boxes = 2501;
        BandedSortAndSweep tested({}, options);
        tested.set_all(boxes);
        std::vector<BoxPair> pairs;
        tested.find_pairs(pairs);
        CHECK(tested.band_count() == 1);
        CHECK_FALSE(tested.sweeping_one_band());
    }
    SUBCASE("one_band_sweep off") {
        BandedSortAndSweepOptions options = one_band_options(1);
        options.one_band_sweep = false;
        BandedSortAndSweep tested({}, options);
        tested.set_all(boxes);
        std::vector<BoxPair> pairs;
        tested.find_pairs(pairs);
        CHECK_FALSE(tested.sweeping_one_band());
    }
    SUBCASE("the open rule: the sweep's closed compares would report touching boxes") {
        BandedSortAndSweep tested(TouchingPolicy::open(), one_band_options(1));
        BruteForce reference(TouchingPolicy::open());
        std::vector<Box2> moving = boxes;
        for (int frame = 0; frame < 5; ++frame) {
            check_same_frame(tested, reference, moving, "frame " + std::to_string(frame));
            CHECK_FALSE(tested.sweeping_one_band());
            drift(moving, random, 0.05f);
        }
    }
    SUBCASE("a negative one_band_min_boxes is refused by name") {
        BandedSortAndSweepOptions options;
        options.one_band_min_boxes = -1;
        CHECK_THROWS_WITH_AS(BandedSortAndSweep({}, options),
                             doctest::Contains("one_band_min_boxes"), std::invalid_argument);
    }
}

TEST_CASE("banded sort-and-sweep refuses a one-band answer past its pair budget, then recovers") {
    std::mt19937 random(43);
    BandedSortAndSweep tested({}, one_band_options(1));
    BruteForce reference;
    std::vector<Box2> boxes = corridor(random, 2500, 2.0f, 3.0f);
    check_same_frame(tested, reference, boxes, "corridor");
    check_drifted_frame(tested, reference, boxes, random, "one band", Path::one_band);
    drift(boxes, random, 0.05f);
    tested.set_all(boxes);
    ResourceBudget small;
    small.max_pairs = 100;
    tested.set_budget(small);
    std::vector<BoxPair> pairs{{0, 1}};
    CHECK_THROWS_AS(tested.find_pairs(pairs), BudgetExceeded);
    CHECK(pairs.empty());
    // Asked again with room: the structure was made again from the boxes after the refusal
    // (BroadPhase::find_pairs), so a full sweep answers, and the band takes over after it.
    tested.set_budget(ResourceBudget{});
    check_same_frame(tested, reference, boxes, "with room again");
    CHECK(tested.last_path() == Path::full);
    check_drifted_frame(tested, reference, boxes, random, "moving on", Path::one_band);
}

TEST_CASE("banded sort-and-sweep shows its one band's sweep order to a visitor") {
    struct Endpoints final : StructureVisitor {
        std::vector<float> minima;
        int maxima = 0;
        int axis = -1;
        void endpoint(int along, float value, BoxId, bool is_min, int) override {
            axis = along;
            if (is_min) {
                minima.push_back(value);
            } else {
                ++maxima;
            }
        }
    };
    std::mt19937 random(41);
    BandedSortAndSweep tested({}, one_band_options(1));
    std::vector<Box2> boxes = corridor(random, 500, 2.0f, 3.0f);
    std::vector<BoxPair> pairs;
    tested.set_all(boxes);
    tested.find_pairs(pairs);
    drift(boxes, random, 0.05f);
    tested.set_all(boxes);
    tested.find_pairs(pairs);
    REQUIRE(tested.last_path() == Path::one_band);
    Endpoints endpoints;
    tested.visit(endpoints);
    CHECK(endpoints.axis == 1);
    CHECK(endpoints.minima.size() == boxes.size());
    CHECK(endpoints.maxima == static_cast<int>(boxes.size()));
    CHECK(std::is_sorted(endpoints.minima.begin(), endpoints.minima.end()));
}

}  // namespace aabb

// SweepOrder's prediction of the insertion sort's shifts from the boxes' motion: near the
// shifts an insertion sort really makes for independent motion, and the retry rule it feeds.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/broadphase/banded/sweep_order.hpp"

namespace aabb {
namespace {

// Keys spread over [0, extent), each then moved by a normal displacement of deviation sigma:
// the order a gather would leave (ids, their motion, the keys' range) and the shifts an
// insertion sort of the moved keys in their old order makes.
struct MovedKeys {
    banded::SweepOrder order;
    std::vector<Box2> motion;
    float lowest = 0.0f;
    float highest = 0.0f;
    std::uint64_t shifts = 0;
};

MovedKeys move_keys(std::size_t count, float extent, float sigma, std::mt19937& random) {
    std::uniform_real_distribution<float> place(0.0f, extent);
    std::normal_distribution<float> displacement(0.0f, sigma);
    std::vector<float> keys(count);
    for (float& key : keys)
        key = place(random);
    std::sort(keys.begin(), keys.end());
    MovedKeys moved;
    std::vector<std::uint64_t> items(count);
    for (std::size_t index = 0; index < count; ++index) {
        const float motion = displacement(random);
        keys[index] += motion;
        items[index] = banded::order_item(keys[index], static_cast<std::uint32_t>(index));
        moved.order.ids.push_back(static_cast<BoxId>(index));
        moved.motion.push_back(Box2{{motion, 0.0f}, {motion, 0.0f}});
    }
    moved.lowest = *std::min_element(keys.begin(), keys.end());
    moved.highest = *std::max_element(keys.begin(), keys.end());
    REQUIRE(banded::insertion_sort(items, ~std::uint64_t{0}, moved.shifts));
    return moved;
}

}  // namespace

TEST_CASE("the sweep order predicts an insertion sort's shifts from the keys' motion") {
    std::mt19937 random(71);
    constexpr std::size_t count = 20000;
    constexpr float extent = 1000.0f;  // 20 keys per unit
    constexpr int max_swaps_per_box = 8;
    for (const float sigma : {0.01f, 0.1f, 0.3f, 1.0f, 5.0f}) {
        INFO("sigma " << sigma);
        MovedKeys moved = move_keys(count, extent, sigma, random);
        // density * sigma / sqrt(pi) shifts per key: 20 * sigma * 0.564.
        const double predicted = 20.0 * sigma * 0.5641895835477563;
        const double measured = static_cast<double>(moved.shifts) / count;
        CHECK(measured == doctest::Approx(predicted).epsilon(0.15));
        moved.order.predict_shifts(moved.motion, 0, moved.lowest, moved.highest, max_swaps_per_box);
        // Tried while predicted within half the budget (4 shifts a key: sigma below ~0.35).
        CHECK(moved.order.predicted_may_pay == (predicted <= 0.5 * max_swaps_per_box));
    }
}

TEST_CASE(
    "a sort chooses with the prediction the gather's order was chosen by, then takes on "
    "the new one") {
    banded::SweepOrder order;
    order.items = {banded::order_item(2.0f, 0), banded::order_item(1.0f, 1)};
    order.insertion_failures = 8;  // a retry is due, if the motion allows
    order.insertion_may_pay = true;
    order.predicted_may_pay = false;
    CHECK_FALSE(order.will_radix_sort());
    order.start_sort(false, 8);
    // The insertion sort was prepared (not the radix sort), and the next choice is made with
    // the new prediction.
    CHECK(order.radix.done());
    CHECK(order.insertion_failures == 9);
    CHECK_FALSE(order.insertion_may_pay);
    order.continue_sort(order.items.size());
    CHECK(order.items[0] < order.items[1]);
}

TEST_CASE(
    "after the insertion sort gave up, the sweep order retries it every eighth sweep "
    "while the motion predicts it may pay, else every sixty-fourth") {
    banded::SweepOrder order;
    CHECK_FALSE(order.will_radix_sort());
    for (const bool may_pay : {true, false}) {
        INFO("may pay " << may_pay);
        order.insertion_may_pay = may_pay;
        int retries = 0;
        for (std::uint32_t failures = 1; failures <= 128; ++failures) {
            order.insertion_failures = failures;
            retries += order.will_radix_sort() ? 0 : 1;
        }
        CHECK(retries == (may_pay ? 16 : 2));
    }
    // Without boxes, or with keys of no extent, nothing is known: the insertion sort may pay.
    const std::vector<Box2> motion(4, Box2{{9.0f, 9.0f}, {9.0f, 9.0f}});
    order.predicted_may_pay = false;
    order.predict_shifts(motion, 0, 0.0f, 1.0f, 8);
    CHECK(order.predicted_may_pay);
    order.ids = {0, 1, 2, 3};
    order.predicted_may_pay = false;
    order.predict_shifts(motion, 0, 5.0f, 5.0f, 8);
    CHECK(order.predicted_may_pay);
    // Moving alike (no deviation): no shifts, whatever the density.
    order.predict_shifts(motion, 0, 0.0f, 1e-3f, 8);
    CHECK(order.predicted_may_pay);
    order.ids.push_back(7);  // an id without a motion is not sampled
    order.predict_shifts(motion, 0, 0.0f, 1e-3f, 8);
    CHECK(order.predicted_may_pay);
}

}  // namespace aabb

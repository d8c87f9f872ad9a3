// Every registered broad phase returns exactly brute force's pairs, query results and ray hits,
// on random and adversarial sets, under every touching policy, through add/update/remove churn.

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

void check_same_pairs(BroadPhase& tested, BroadPhase& reference, const std::string& context) {
    const std::vector<BoxPair> expected = testing::sorted_pairs_of(reference);
    const std::vector<BoxPair> actual = testing::sorted_pairs_of(tested);
    INFO(context);
    CHECK(actual.size() == expected.size());
    CHECK(actual == expected);
    for (const BoxPair& pair : actual)
        CHECK(pair.first < pair.second);
    CHECK(tested.stats().true_pairs == expected.size());
}

void check_same_queries(const BroadPhase& tested, const BroadPhase& reference, std::mt19937& random,
                        const std::string& context) {
    INFO(context);
    std::uniform_real_distribution<float> coordinate(-60.0f, 60.0f);
    std::vector<RayCastHit> expected_hits, actual_hits;
    for (int query = 0; query < 8; ++query) {
        const glm::vec2 corner(coordinate(random), coordinate(random));
        testing::check_same_box_query(tested, reference, {corner, corner + glm::vec2(10.0f, 7.0f)});

        const Ray2 ray{corner, glm::vec2(coordinate(random), coordinate(random)), 5.0f};
        reference.cast_ray(ray, expected_hits);
        tested.cast_ray(ray, actual_hits);
        const auto by_id = [](const RayCastHit& a, const RayCastHit& b) { return a.id < b.id; };
        std::sort(expected_hits.begin(), expected_hits.end(), by_id);
        std::sort(actual_hits.begin(), actual_hits.end(), by_id);
        REQUIRE(actual_hits.size() == expected_hits.size());
        for (std::size_t i = 0; i < actual_hits.size(); ++i) {
            CHECK(actual_hits[i].id == expected_hits[i].id);
            CHECK(actual_hits[i].t == doctest::Approx(expected_hits[i].t));
        }
    }
}

const TouchingPolicy policies[] = {TouchingPolicy::closed(), TouchingPolicy::open(),
                                   TouchingPolicy::tolerance(1e-6f)};

const char* policy_name(const TouchingPolicy& policy) {
    switch (policy.rule) {
        case TouchingRule::closed:
            return "closed";
        case TouchingRule::open:
            return "open";
        case TouchingRule::tolerance:
            return "tolerance";
    }
    return "?";
}

}  // namespace

TEST_CASE("every broad phase matches brute force on random and adversarial sets") {
    for (const std::string& name : broad_phase_names()) {
        for (const TouchingPolicy& policy : policies) {
            for (const testing::BoxSet& set : testing::adversarial_box_sets()) {
                const std::string context = name + " / " + policy_name(policy) + " / " + set.name;
                auto tested = make_broad_phase(name, policy);
                BruteForce reference(policy);
                for (std::size_t i = 0; i < set.boxes.size(); ++i) {
                    tested->add(static_cast<BoxId>(i), set.boxes[i]);
                    reference.add(static_cast<BoxId>(i), set.boxes[i]);
                }
                check_same_pairs(*tested, reference, context + " / after adds");
                std::mt19937 random(7);
                check_same_queries(*tested, reference, random, context);
            }
        }
    }
}

TEST_CASE("every broad phase matches brute force through churn") {
    for (const std::string& name : broad_phase_names()) {
        for (const TouchingPolicy& policy : policies) {
            std::mt19937 random(2024);
            auto tested = make_broad_phase(name, policy);
            BruteForce reference(policy);
            std::vector<Box2> boxes = testing::random_boxes(random, 300, 40.0f, 5.0f);
            std::vector<bool> present(boxes.size(), false);
            // Descending insertion order, then random moves, removals and re-insertions.
            for (std::size_t i = boxes.size(); i-- > 0;) {
                tested->add(static_cast<BoxId>(i), boxes[i]);
                reference.add(static_cast<BoxId>(i), boxes[i]);
                present[i] = true;
            }
            std::uniform_int_distribution<std::size_t> pick(0, boxes.size() - 1);
            std::uniform_real_distribution<float> step(-2.0f, 2.0f);
            std::uniform_real_distribution<float> jump(-40.0f, 40.0f);
            for (int round = 0; round < 12; ++round) {
                for (int change = 0; change < 60; ++change) {
                    const std::size_t i = pick(random);
                    const auto id = static_cast<BoxId>(i);
                    if (!present[i]) {
                        tested->add(id, boxes[i]);
                        reference.add(id, boxes[i]);
                        present[i] = true;
                    } else if (change % 5 == 0) {
                        tested->remove(id);
                        reference.remove(id);
                        present[i] = false;
                    } else {
                        const glm::vec2 move = change % 7 == 0
                                                   ? glm::vec2(jump(random), jump(random))
                                                   : glm::vec2(step(random), step(random));
                        boxes[i] = translated(boxes[i], move);
                        tested->update(id, boxes[i]);
                        reference.update(id, boxes[i]);
                    }
                }
                check_same_pairs(
                    *tested, reference,
                    name + " / " + policy_name(policy) + " / churn round " + std::to_string(round));
            }
            // set_all shrinks, grows and moves everything at once.
            for (int frame = 0; frame < 4; ++frame) {
                boxes =
                    testing::random_boxes(random, 150 + 100 * std::size_t(frame % 2), 40.0f, 5.0f);
                tested->set_all(boxes);
                reference.set_all(boxes);
                CHECK(tested->size() == boxes.size());
                check_same_pairs(
                    *tested, reference,
                    name + " / " + policy_name(policy) + " / set_all " + std::to_string(frame));
            }
            tested->clear();
            CHECK(tested->size() == 0);
            CHECK(testing::sorted_pairs_of(*tested).empty());
        }
    }
}

TEST_CASE("every broad phase rejects bad input and stays intact") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float infinity = std::numeric_limits<float>::infinity();
    for (const std::string& name : broad_phase_names()) {
        INFO(name);
        auto tested = make_broad_phase(name);
        tested->add(0, {{0, 0}, {1, 1}});
        tested->add(1, {{0.5f, 0.5f}, {2, 2}});
        CHECK_THROWS_AS(tested->add(2, {{nan, 0}, {1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->add(2, {{0, 0}, {infinity, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->add(2, {{2, 0}, {1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->add(2, Box2::empty()), std::invalid_argument);
        CHECK_THROWS_AS(tested->add(1, {{0, 0}, {1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->add(max_box_id + 1, {{0, 0}, {1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->update(7, {{0, 0}, {1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->update(0, {{0, nan}, {1, 1}}), std::invalid_argument);
        CHECK_THROWS_AS(tested->remove(7), std::invalid_argument);
        const std::vector<Box2> bad_frame = {{{0, 0}, {1, 1}}, {{0, 0}, {nan, 1}}};
        CHECK_THROWS_WITH_AS(tested->set_all(bad_frame), doctest::Contains("box 1"),
                             std::invalid_argument);
        std::vector<BoxId> ids;
        CHECK_THROWS_AS(tested->query_box({{nan, 0}, {1, 1}}, ids), std::invalid_argument);
        std::vector<RayCastHit> hits;
        CHECK_THROWS_AS(tested->cast_ray({{nan, 0}, {1, 0}}, hits), std::invalid_argument);
        // Nothing was half-applied.
        CHECK(tested->size() == 2);
        CHECK(testing::sorted_pairs_of(*tested) == std::vector<BoxPair>{{0, 1}});
    }
    CHECK_THROWS_WITH_AS((void)make_broad_phase("no_such_thing"), doctest::Contains("brute_force"),
                         std::invalid_argument);
}

}  // namespace aabb

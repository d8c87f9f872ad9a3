// The "bvh" broad phase: registration, lazy rebuild/refit, counters, stats and the visitor.
// (Exactness under every policy is proven by exactness_test.cpp.)

#include "core/broadphase/tree/bvh_broad_phase.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

struct NodeRecorder final : StructureVisitor {
    int nodes = 0;
    int deepest = 0;
    std::vector<BoxId> leaf_ids;
    void tree_node(const Box2&, int depth, bool is_leaf, BoxId id) override {
        ++nodes;
        deepest = std::max(deepest, depth);
        if (is_leaf) leaf_ids.push_back(id);
    }
};

}  // namespace

TEST_CASE("bvh broad phase: registered; adds and removes rebuild, moves refit") {
    const auto made = make_broad_phase("bvh");
    CHECK(made->name() == "bvh");
    CHECK(dynamic_cast<BvhBroadPhase*>(made.get()) != nullptr);

    std::mt19937 random(606);
    BvhBroadPhase broad_phase;
    BruteForce reference;
    std::vector<Box2> boxes = testing::random_boxes(random, 400, 60.0f, 5.0f);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        broad_phase.add(static_cast<BoxId>(i), boxes[i]);
        reference.add(static_cast<BoxId>(i), boxes[i]);
    }
    // 400 adds cost one build, done when the structure is first needed.
    CHECK(testing::sorted_pairs_of(broad_phase) == testing::sorted_pairs_of(reference));
    CHECK(broad_phase.hierarchy().build_count() == 1);
    CHECK(broad_phase.hierarchy().validate(std::span<const Box2>(boxes)).empty());

    std::uniform_real_distribution<float> step(-0.3f, 0.3f);
    for (int frame = 0; frame < 5; ++frame) {
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            boxes[i] = translated(boxes[i], glm::vec2(step(random), step(random)));
            broad_phase.update(static_cast<BoxId>(i), boxes[i]);
            reference.update(static_cast<BoxId>(i), boxes[i]);
        }
        CHECK(testing::sorted_pairs_of(broad_phase) == testing::sorted_pairs_of(reference));
    }
    CHECK(broad_phase.hierarchy().build_count() == 1);  // small moves: refits only

    broad_phase.remove(3);
    reference.remove(3);
    broad_phase.remove(300);
    reference.remove(300);
    CHECK(testing::sorted_pairs_of(broad_phase) == testing::sorted_pairs_of(reference));
    CHECK(broad_phase.hierarchy().build_count() == 2);
    CHECK(broad_phase.hierarchy().leaf_count() == 398);
}

TEST_CASE("bvh broad phase: set_all does the refit, so update_ms includes it") {
    std::mt19937 random(17);
    BvhBroadPhase broad_phase;
    std::vector<Box2> boxes = testing::random_boxes(random, 300, 60.0f, 5.0f);
    broad_phase.set_all(boxes);
    CHECK(broad_phase.hierarchy().build_count() == 1);
    for (Box2& box : boxes)
        box = translated(box, glm::vec2(0.25f, 0.0f));
    broad_phase.set_all(boxes);
    // The hierarchy already holds the moved boxes before any query.
    CHECK(broad_phase.hierarchy().validate(std::span<const Box2>(boxes)).empty());
    CHECK(broad_phase.hierarchy().build_count() == 1);
    // Shrinking set_all rebuilds over the remaining ids only.
    boxes.resize(120);
    broad_phase.set_all(boxes);
    CHECK(broad_phase.hierarchy().leaf_count() == 120);
    CHECK(broad_phase.hierarchy().validate(std::span<const Box2>(boxes)).empty());
}

TEST_CASE("bvh broad phase: counters, stats and visitor describe the hierarchy") {
    std::mt19937 random(90);
    BvhBroadPhase broad_phase(TouchingPolicy::tolerance(1e-6f));
    const std::vector<Box2> boxes = testing::random_boxes(random, 256, 40.0f, 4.0f);
    broad_phase.set_all(boxes);
    std::vector<BoxPair> pairs;
    broad_phase.find_pairs(pairs);
    const BroadPhaseStats stats = broad_phase.stats();
    CHECK(stats.true_pairs == pairs.size());
    CHECK(stats.candidate_pairs >= stats.true_pairs);
    CHECK(stats.box_tests > stats.candidate_pairs);
    CHECK(stats.box_tests < 256u * 255u / 2u);
    CHECK(stats.node_count == 511);
    CHECK(stats.tree_height == broad_phase.hierarchy().height());
    CHECK(stats.memory_bytes >= 511 * 24u);

    NodeRecorder recorder;
    broad_phase.visit(recorder);
    CHECK(recorder.nodes == 511);
    CHECK(recorder.deepest == stats.tree_height);
    std::sort(recorder.leaf_ids.begin(), recorder.leaf_ids.end());
    REQUIRE(recorder.leaf_ids.size() == 256);
    for (std::size_t i = 0; i < recorder.leaf_ids.size(); ++i)
        CHECK(recorder.leaf_ids[i] == i);

    broad_phase.clear();
    CHECK(broad_phase.stats().node_count == 0);
    CHECK(testing::sorted_pairs_of(broad_phase).empty());
}

TEST_CASE("bvh broad phase: bad options are rejected") {
    BvhOptions options;
    options.bin_count = 1000;
    CHECK_THROWS_WITH_AS(BvhBroadPhase(TouchingPolicy{}, options), doctest::Contains("bin_count"),
                         std::invalid_argument);
}

}  // namespace aabb

// The "dynamic_tree" broad phase: registration, both pair searches exact, counters, structure
// stats and the visitor. (Exactness under every policy is proven by exactness_test.cpp.)

#include "core/broadphase/tree/dynamic_tree_broad_phase.hpp"

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
    int leaves = 0;
    int deepest = 0;
    std::vector<BoxId> leaf_ids;
    std::vector<Box2> leaf_boxes;
    void tree_node(const Box2& box, int depth, bool is_leaf, BoxId id) override {
        ++nodes;
        deepest = std::max(deepest, depth);
        if (is_leaf) {
            ++leaves;
            leaf_ids.push_back(id);
            leaf_boxes.push_back(box);
        }
    }
};

}  // namespace

TEST_CASE("dynamic_tree broad phase: registered and exact with either pair search") {
    const auto made = make_broad_phase("dynamic_tree");
    CHECK(made->name() == "dynamic_tree");
    CHECK(dynamic_cast<DynamicTreeBroadPhase*>(made.get()) != nullptr);

    std::mt19937 random(1234);
    DynamicTreeBroadPhaseOptions by_queries;
    by_queries.pair_search = TreePairSearch::query_per_leaf;
    DynamicTreeBroadPhase traversal;
    DynamicTreeBroadPhase queries(TouchingPolicy::closed(), by_queries);
    BruteForce reference;
    std::vector<Box2> boxes = testing::random_boxes(random, 500, 60.0f, 5.0f);
    for (BroadPhase* broad_phase :
         std::initializer_list<BroadPhase*>{&traversal, &queries, &reference})
        broad_phase->set_all(boxes);
    std::uniform_real_distribution<float> step(-0.5f, 0.5f);
    for (int frame = 0; frame < 10; ++frame) {
        for (Box2& box : boxes)
            box = translated(box, glm::vec2(step(random), step(random)));
        for (BroadPhase* broad_phase :
             std::initializer_list<BroadPhase*>{&traversal, &queries, &reference})
            broad_phase->set_all(boxes);
        const std::vector<BoxPair> expected = testing::sorted_pairs_of(reference);
        CHECK(testing::sorted_pairs_of(traversal) == expected);
        CHECK(testing::sorted_pairs_of(queries) == expected);
        // The same candidates (fat-leaf pairs) either way.
        CHECK(traversal.stats().candidate_pairs == queries.stats().candidate_pairs);
        CHECK(traversal.tree().validate().empty());
    }
    // Moves of at most 0.5 per frame mostly stay inside the fat boxes.
    CHECK(traversal.reinsertions() < 10 * boxes.size() / 2);
}

TEST_CASE("dynamic_tree broad phase: counters, stats and visitor describe the tree") {
    std::mt19937 random(55);
    DynamicTreeBroadPhase broad_phase;
    const std::vector<Box2> boxes = testing::random_boxes(random, 300, 40.0f, 4.0f);
    broad_phase.set_all(boxes);
    std::vector<BoxPair> pairs;
    broad_phase.find_pairs(pairs);
    const BroadPhaseStats stats = broad_phase.stats();
    CHECK(stats.true_pairs == pairs.size());
    CHECK(stats.candidate_pairs >= stats.true_pairs);
    CHECK(stats.box_tests > stats.candidate_pairs);  // node tests count too
    CHECK(stats.box_tests < 300u * 299u / 2u);
    CHECK(stats.tree_height == broad_phase.tree().height());
    CHECK(stats.node_count == 2 * 300 - 1);
    CHECK(stats.memory_bytes >= 599 * 36u);

    NodeRecorder recorder;
    broad_phase.visit(recorder);
    CHECK(recorder.nodes == 599);
    CHECK(recorder.leaves == 300);
    CHECK(recorder.deepest == stats.tree_height);
    std::vector<BoxId> ids = recorder.leaf_ids;
    std::sort(ids.begin(), ids.end());
    for (std::size_t i = 0; i < ids.size(); ++i)
        CHECK(ids[i] == i);
    // Leaves are drawn with their fat boxes, which contain the boxes.
    for (std::size_t i = 0; i < recorder.leaf_ids.size(); ++i)
        CHECK(contains(recorder.leaf_boxes[i], boxes[recorder.leaf_ids[i]]));

    broad_phase.remove(7);
    broad_phase.remove(0);
    CHECK(broad_phase.stats().node_count == 2 * 298 - 1);
    CHECK(broad_phase.tree().validate().empty());
    broad_phase.clear();
    CHECK(broad_phase.stats().node_count == 0);
    CHECK(broad_phase.stats().tree_height == 0);
}

TEST_CASE("dynamic_tree broad phase: queries use the tree and match brute force") {
    std::mt19937 random(808);
    DynamicTreeBroadPhase broad_phase(TouchingPolicy::open());
    BruteForce reference(TouchingPolicy::open());
    const std::vector<Box2> boxes = testing::random_boxes(random, 2000, 300.0f, 6.0f);
    broad_phase.set_all(boxes);
    reference.set_all(boxes);
    std::uniform_real_distribution<float> coordinate(-300.0f, 300.0f);
    std::vector<RayCastHit> expected_hits, actual_hits;
    for (int q = 0; q < 30; ++q) {
        const glm::vec2 corner(coordinate(random), coordinate(random));
        testing::check_same_box_query(broad_phase, reference,
                                      {corner, corner + glm::vec2(20.0f, 20.0f)});
        const Ray2 ray{corner, {coordinate(random), coordinate(random)}, 1.0f};
        reference.cast_ray(ray, expected_hits);
        broad_phase.cast_ray(ray, actual_hits);
        CHECK(actual_hits.size() == expected_hits.size());
    }
    // A small query touches a handful of nodes, not all 3999 (what the default scan would).
    const TreeTraversalCounters counters = broad_phase.tree().query(
        {{0, 0}, {5, 5}}, [](std::int32_t, std::uint32_t) { return true; });
    CHECK(counters.node_visits < 200);
}

TEST_CASE("dynamic_tree broad phase: bad options are rejected") {
    DynamicTreeBroadPhaseOptions options;
    options.tree.absolute_margin = -1.0f;
    CHECK_THROWS_WITH_AS(DynamicTreeBroadPhase(TouchingPolicy{}, options),
                         doctest::Contains("absolute_margin"), std::invalid_argument);
    options = {};
    options.pair_search = static_cast<TreePairSearch>(7);
    CHECK_THROWS_WITH_AS(DynamicTreeBroadPhase(TouchingPolicy{}, options),
                         doctest::Contains("pair_search"), std::invalid_argument);
}

}  // namespace aabb

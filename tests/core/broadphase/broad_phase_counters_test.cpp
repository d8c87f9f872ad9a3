// The counters of BroadPhaseStats the lessons read (lessons.md L11, L14, L19): node and leaf
// visits of the last cast_ray, tree updates (dynamic tree re-inserts) and BVH rebuilds. The
// algorithms stay exact: hits still equal brute force's, and the counters only describe the
// work.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/brute_force.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb {
namespace {

std::vector<BoxId> hit_ids(const BroadPhase& broad_phase, const Ray2& ray) {
    std::vector<RayCastHit> hits;
    broad_phase.cast_ray(ray, hits);
    std::vector<BoxId> ids;
    for (const RayCastHit& hit : hits)
        ids.push_back(hit.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

bool is_tree(std::string_view name) {
    return name == "dynamic_tree" || name == "bvh" || name == "quadtree";
}

}  // namespace

TEST_CASE("cast_ray counts node and leaf visits — hits stay those of brute force") {
    std::mt19937 random(1911);
    const std::vector<Box2> boxes = testing::random_boxes(random, 300, 100.0f, 6.0f);
    BruteForce reference;
    reference.set_all(boxes);
    const Ray2 through{{-150.0f, 0.5f}, {1.0f, 0.02f}};
    const std::vector<BoxId> expected = hit_ids(reference, through);
    REQUIRE(!expected.empty());
    // Brute force tests every box and has no nodes.
    CHECK(reference.stats().ray_node_visits == 0);
    CHECK(reference.stats().ray_leaf_visits == boxes.size());
    for (const std::string& name : broad_phase_names()) {
        CAPTURE(name);
        auto tested = make_broad_phase(name);
        tested->set_all(boxes);
        std::vector<BoxPair> pairs;
        tested->find_pairs(pairs);
        CHECK(hit_ids(*tested, through) == expected);
        const BroadPhaseStats stats = tested->stats();
        // Every hit box was tested exactly at least once.
        CHECK(stats.ray_leaf_visits >= expected.size());
        if (is_tree(name)) {
            CHECK(stats.ray_node_visits > 0);
            CHECK(stats.ray_node_visits <= std::uint64_t(stats.node_count));
            CHECK(stats.ray_leaf_visits < boxes.size());  // pruning skipped most boxes
        }
    }
}

TEST_CASE("a ray that misses a tree's root visits one node and no leaf below it") {
    std::mt19937 random(77);
    const std::vector<Box2> boxes = testing::random_boxes(random, 150, 100.0f, 3.0f);
    const Ray2 miss{{-500.0f, 400.0f}, {1.0f, 0.0f}};
    for (const char* name : {"dynamic_tree", "bvh", "quadtree"}) {
        CAPTURE(name);
        auto tested = make_broad_phase(name);
        tested->set_all(boxes);
        CHECK(hit_ids(*tested, miss).empty());
        CHECK(tested->stats().ray_node_visits == 1);
        CHECK(tested->stats().ray_leaf_visits == 0);
    }
}

TEST_CASE("a miss at an inner node visits no leaf below it") {
    // Two clusters far apart: a ray through the left cluster only never reaches a leaf of the
    // right one, so the leaf visits are bounded by the left cluster's size.
    std::vector<Box2> boxes;
    for (int i = 0; i < 20; ++i) {
        const float y = float(i) * 3.0f;
        boxes.push_back({{0.0f, y}, {1.0f, y + 1.0f}});      // left column, x in [0, 1]
        boxes.push_back({{100.0f, y}, {101.0f, y + 1.0f}});  // right column, x in [100, 101]
    }
    const Ray2 vertical{{0.5f, -10.0f}, {0.0f, 1.0f}, 200.0f};
    for (const char* name : {"dynamic_tree", "bvh"}) {
        CAPTURE(name);
        auto tested = make_broad_phase(name);
        tested->set_all(boxes);
        CHECK(hit_ids(*tested, vertical).size() == 20);
        CHECK(tested->stats().ray_leaf_visits == 20);
        CHECK(tested->stats().ray_node_visits < std::uint64_t(tested->stats().node_count));
    }
}

TEST_CASE("grids count the cells they walk and the boxes they test") {
    std::mt19937 random(5);
    const std::vector<Box2> boxes = testing::random_boxes(random, 400, 100.0f, 2.0f);
    const Ray2 ray{{-120.0f, -3.0f}, {1.0f, 0.0f}};
    for (const char* name : {"uniform_grid", "spatial_hash"}) {
        CAPTURE(name);
        auto tested = make_broad_phase(name);
        tested->set_all(boxes);
        (void)hit_ids(*tested, ray);
        CHECK(tested->stats().ray_node_visits > 0);
        CHECK(tested->stats().ray_leaf_visits < boxes.size());
    }
}

TEST_CASE("tree updates: moves inside the fat box cost none, 0.31 beyond the margin one") {
    // lessons.md L14: a 2 × 2 box has a margin of 0.1·2 + 0.1 = 0.3 per side.
    const Box2 start{{0.0f, 0.0f}, {2.0f, 2.0f}};
    const auto updates_after_move = [&](float move) {
        auto tree = make_broad_phase("dynamic_tree");
        const std::vector<Box2> before{start};
        tree->set_all(before);
        std::vector<BoxPair> pairs;
        tree->find_pairs(pairs);
        const std::vector<Box2> after{translated(start, glm::vec2(move, 0.0f))};
        tree->set_all(after);
        tree->find_pairs(pairs);
        return tree->stats().tree_updates;
    };
    CHECK(updates_after_move(0.0f) == 0);
    CHECK(updates_after_move(0.2f) == 0);
    CHECK(updates_after_move(0.3f) == 0);
    CHECK(updates_after_move(0.31f) == 1);
    CHECK(updates_after_move(-0.31f) == 1);
    // Other structures report none.
    auto sweep = make_broad_phase("sort_and_sweep");
    const std::vector<Box2> one{start};
    sweep->set_all(one);
    std::vector<BoxPair> pairs;
    sweep->find_pairs(pairs);
    CHECK(sweep->stats().tree_updates == 0);
}

TEST_CASE("tree updates count the re-inserts of the last step only") {
    std::vector<Box2> boxes;
    for (int i = 0; i < 10; ++i)
        boxes.push_back({{float(i) * 5.0f, 0.0f}, {float(i) * 5.0f + 2.0f, 2.0f}});
    auto tree = make_broad_phase("dynamic_tree");
    tree->set_all(boxes);
    std::vector<BoxPair> pairs;
    tree->find_pairs(pairs);
    for (int i = 0; i < 4; ++i)
        boxes[std::size_t(i)] = translated(boxes[std::size_t(i)], glm::vec2(1.0f, 0.0f));
    tree->set_all(boxes);
    tree->find_pairs(pairs);
    CHECK(tree->stats().tree_updates == 4);
    tree->set_all(boxes);  // nothing moved
    tree->find_pairs(pairs);
    CHECK(tree->stats().tree_updates == 0);
}

TEST_CASE("BVH rebuilds are counted when refits decay the tree") {
    std::mt19937 random(12);
    std::vector<Box2> boxes = testing::random_boxes(random, 400, 50.0f, 2.0f);
    std::vector<glm::vec2> velocity;
    std::uniform_real_distribution<float> speed(-4.0f, 4.0f);
    for (std::size_t i = 0; i < boxes.size(); ++i)
        velocity.emplace_back(speed(random), speed(random));
    auto bvh = make_broad_phase("bvh");
    std::vector<BoxPair> pairs;
    bvh->set_all(boxes);
    bvh->find_pairs(pairs);
    CHECK(bvh->stats().tree_rebuilds == 0);
    for (int frame = 0; frame < 40; ++frame) {
        for (std::size_t i = 0; i < boxes.size(); ++i)
            boxes[i] = translated(boxes[i], velocity[i]);
        bvh->set_all(boxes);
        bvh->find_pairs(pairs);
    }
    CHECK(bvh->stats().tree_rebuilds > 0);
}

}  // namespace aabb

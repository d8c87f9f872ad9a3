// Quadtree: hand examples, boxes straddling or touching split lines, depth limit and node
// capacity, absurd sizes, statistics and the visitor.

#include "core/broadphase/tree/quadtree.hpp"

#include <doctest/doctest.h>

#include <random>
#include <stdexcept>

#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using testing::sorted_pairs_of;

QuadtreeOptions with_capacity(int node_capacity, int max_depth = 10) {
    QuadtreeOptions options;
    options.node_capacity = node_capacity;
    options.max_depth = max_depth;
    return options;
}

/// Records every cell the quadtree reports.
struct CellRecorder final : StructureVisitor {
    struct Cell {
        Box2 bounds;
        int occupancy;
        int depth;
    };
    std::vector<Cell> cells;
    void cell(const Box2& bounds, int occupancy, int depth) override {
        cells.push_back({bounds, occupancy, depth});
    }
};

}  // namespace

TEST_CASE("quadtree: hand example, a straddling box stays in the root") {
    Quadtree tree(TouchingPolicy::closed(), with_capacity(1));
    tree.add(0, {{0.0f, 0.0f}, {1.0f, 1.0f}});    // lower-left quadrant
    tree.add(1, {{9.0f, 9.0f}, {10.0f, 10.0f}});  // upper-right quadrant
    tree.add(2, {{4.0f, 4.0f}, {6.0f, 6.0f}});    // straddles the split at (5, 5)
    tree.add(3, {{0.5f, 0.5f}, {2.0f, 2.0f}});    // overlaps 0
    CHECK(sorted_pairs_of(tree) == std::vector<BoxPair>{{0, 3}});
    CellRecorder recorder;
    tree.visit(recorder);
    REQUIRE(!recorder.cells.empty());
    CHECK(recorder.cells[0].depth == 0);
    CHECK(recorder.cells[0].occupancy == 1);  // box 2
    CHECK(recorder.cells[0].bounds == Box2{{0.0f, 0.0f}, {10.0f, 10.0f}});
    const BroadPhaseStats stats = tree.stats();
    CHECK(stats.node_count == static_cast<int>(recorder.cells.size()));
    CHECK(stats.tree_height >= 1);
    std::vector<BoxId> ids;
    tree.query_box({{1.5f, 1.5f}, {4.0f, 4.0f}}, ids);
    std::sort(ids.begin(), ids.end());
    CHECK(ids == std::vector<BoxId>{2, 3});
    std::vector<RayCastHit> hits;
    tree.cast_ray({{-1.0f, -1.0f}, {1.0f, 1.0f}, 4.5f}, hits);
    std::sort(hits.begin(), hits.end(), [](auto& a, auto& b) { return a.id < b.id; });
    REQUIRE(hits.size() == 2);
    CHECK(hits[0].id == 0);
    CHECK(hits[1].id == 3);
}

TEST_CASE("quadtree: boxes touching a split line stay in the node and still meet") {
    // Root [0, 4]²; split at (2, 2). Boxes 0 and 1 touch along x = 2; 2 and 3 touch the split
    // point at a corner; 4 lies strictly in a quadrant and touches 0 along y = 1.
    const std::vector<Box2> boxes = {{{1.0f, 1.0f}, {2.0f, 1.5f}},  {{2.0f, 1.0f}, {3.0f, 1.5f}},
                                     {{0.0f, 0.0f}, {2.0f, 2.0f}},  {{2.0f, 2.0f}, {4.0f, 4.0f}},
                                     {{1.0f, 0.25f}, {1.5f, 1.0f}}, {{0.1f, 3.0f}, {0.2f, 3.1f}}};
    Quadtree closed(TouchingPolicy::closed(), with_capacity(1));
    closed.set_all(boxes);
    CHECK(sorted_pairs_of(closed) ==
          std::vector<BoxPair>{{0, 1}, {0, 2}, {0, 4}, {1, 2}, {2, 3}, {2, 4}});
    Quadtree open(TouchingPolicy::open(), with_capacity(1));
    open.set_all(boxes);
    CHECK(sorted_pairs_of(open) == std::vector<BoxPair>{{0, 2}, {2, 4}});
    CellRecorder recorder;
    closed.visit(recorder);
    CHECK(recorder.cells[0].occupancy == 4);  // 0, 1, 2, 3 touch a split line
}

TEST_CASE("quadtree: node capacity and depth limit shape the tree") {
    std::mt19937 random(8);
    const std::vector<Box2> boxes = testing::random_boxes(random, 1000, 100.0f, 1.0f);
    for (const int capacity : {1, 4, 16}) {
        for (const int depth : {0, 3, 12}) {
            INFO("capacity " << capacity << " depth " << depth);
            Quadtree tree(TouchingPolicy::closed(), with_capacity(capacity, depth));
            BruteForce reference;
            testing::load(tree, reference, boxes);
            testing::check_matches_brute_force(tree, reference, random, 100.0f, 12.5f);
            const BroadPhaseStats stats = tree.stats();
            CHECK(stats.tree_height <= depth);
            CHECK(stats.node_count <= 1 + 4 * static_cast<int>(boxes.size()));
            CellRecorder recorder;
            tree.visit(recorder);
            long long total = 0;
            int largest = 0;
            int used = 0;
            for (const auto& cell : recorder.cells) {
                total += cell.occupancy;
                largest = std::max(largest, cell.occupancy);
                used += cell.occupancy > 0 ? 1 : 0;
                CHECK(cell.depth <= depth);
            }
            CHECK(total == static_cast<long long>(boxes.size()));  // every box in one node
            CHECK(largest == stats.max_boxes_in_cell);
            CHECK(used == stats.cells_used);
            CHECK(static_cast<int>(recorder.cells.size()) == stats.node_count);
            if (depth == 0) CHECK(stats.node_count == 1);
        }
    }
    // Capacity 4, deep limit: most boxes sit in small leaves, and pairs cost far less than n².
    Quadtree tree(TouchingPolicy::closed(), with_capacity(4, 12));
    tree.set_all(boxes);
    std::vector<BoxPair> pairs;
    tree.find_pairs(pairs);
    CHECK(tree.stats().candidate_pairs * 20 < boxes.size() * (boxes.size() - 1) / 2);
    CHECK(tree.stats().max_boxes_in_cell < 100);
}

TEST_CASE("quadtree: identical and point boxes cannot split forever") {
    Quadtree tree(TouchingPolicy::closed(), with_capacity(1, 30));
    tree.set_all(std::vector<Box2>(50, Box2{{1.0f, 1.0f}, {1.0f, 1.0f}}));
    std::vector<BoxPair> pairs;
    tree.find_pairs(pairs);
    CHECK(pairs.size() == 50 * 49 / 2);
    CHECK(tree.stats().node_count == 1);
}

TEST_CASE("quadtree: absurd sizes give exact pairs with bounded memory") {
    std::mt19937 random(42);
    for (const TouchingPolicy& policy :
         {TouchingPolicy::closed(), TouchingPolicy::open(), TouchingPolicy::tolerance(1e-6f)}) {
        Quadtree tree(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 300, 50.0f, 3.0f);
        boxes.push_back({{-1e30f, -1e30f}, {1e30f, 1e30f}});
        boxes.push_back({{1e30f, 1e30f}, {1e30f, 1e30f}});
        boxes.push_back({{-3e38f, 2e38f}, {3e38f, 3e38f}});
        boxes.push_back({{3e38f, 3e38f}, {3.4e38f, 3.4e38f}});
        testing::load(tree, reference, boxes);
        testing::check_matches_brute_force(tree, reference, random, 60.0f, 5.0f);
        const BroadPhaseStats stats = tree.stats();
        CHECK(stats.tree_height <= tree.options().max_depth);
        CHECK(stats.memory_bytes < 1u << 20);
    }
}

TEST_CASE("quadtree: root shrinks when boxes leave") {
    Quadtree tree;
    tree.add(0, {{0.0f, 0.0f}, {1.0f, 1.0f}});
    tree.add(1, {{100.0f, 100.0f}, {101.0f, 101.0f}});
    CellRecorder recorder;
    tree.visit(recorder);
    CHECK(recorder.cells[0].bounds == Box2{{0.0f, 0.0f}, {101.0f, 101.0f}});
    tree.remove(1);
    recorder.cells.clear();
    tree.visit(recorder);
    CHECK(recorder.cells[0].bounds == Box2{{0.0f, 0.0f}, {1.0f, 1.0f}});
}

TEST_CASE("quadtree: rejects bad options") {
    CHECK_THROWS_WITH_AS(Quadtree({}, with_capacity(0)), doctest::Contains("node_capacity"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(Quadtree({}, with_capacity(4, 31)), doctest::Contains("max_depth"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(Quadtree({}, with_capacity(4, -1)), doctest::Contains("max_depth"),
                         std::invalid_argument);
}

}  // namespace aabb

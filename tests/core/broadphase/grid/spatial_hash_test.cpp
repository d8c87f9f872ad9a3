// Spatial hash: hand examples, cell-line and straddle cases, the automatic cell size, boxes far
// from the origin (1e6, 1e30) and too far for the cell size, statistics and the visitor.

#include "core/broadphase/grid/spatial_hash.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <random>
#include <stdexcept>

#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using testing::sorted_pairs_of;

SpatialHashOptions with_cell_size(float cell_size) {
    SpatialHashOptions options;
    options.cell_size = cell_size;
    return options;
}

}  // namespace

TEST_CASE("spatial hash: hand example across negative and positive cells") {
    SpatialHash hash(TouchingPolicy::closed(), with_cell_size(1.0f));
    hash.add(0, {{-1.5f, -1.5f}, {0.5f, 0.5f}});  // cells -2..0 on both axes
    hash.add(1, {{0.25f, 0.25f}, {2.0f, 2.0f}});
    hash.add(2, {{5.0f, -7.0f}, {6.0f, -6.0f}});
    CHECK(sorted_pairs_of(hash) == std::vector<BoxPair>{{0, 1}});
    const BroadPhaseStats stats = hash.stats();
    CHECK(stats.true_pairs == 1);
    CHECK(stats.candidate_pairs == 1);
    CHECK(stats.cells_used == 9 + 9 - 1 + 4);  // boxes 0 and 1 share cell (0, 0)
    CHECK(stats.max_boxes_in_cell == 2);
    std::vector<BoxId> ids;
    hash.query_box({{-10.0f, -10.0f}, {-1.0f, -1.0f}}, ids);
    CHECK(ids == std::vector<BoxId>{0});
    std::vector<RayCastHit> hits;
    hash.cast_ray({{5.5f, 10.0f}, {0.0f, -1.0f}}, hits);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].id == 2);
    CHECK(hits[0].t == 16.0f);
}

TEST_CASE("spatial hash: boxes touching on a cell line meet under closed, not under open") {
    const std::vector<Box2> boxes = {{{-1.0f, -1.0f}, {0.0f, 0.0f}},
                                     {{0.0f, -1.0f}, {1.0f, 0.0f}},
                                     {{0.0f, 0.0f}, {1.0f, 1.0f}},
                                     {{-1.0f, 0.0f}, {-1.0f, 3.0f}}};
    SpatialHash closed(TouchingPolicy::closed(), with_cell_size(1.0f));
    closed.set_all(boxes);
    CHECK(sorted_pairs_of(closed) == std::vector<BoxPair>{{0, 1}, {0, 2}, {0, 3}, {1, 2}});
    SpatialHash open(TouchingPolicy::open(), with_cell_size(1.0f));
    open.set_all(boxes);
    CHECK(sorted_pairs_of(open).empty());
}

TEST_CASE("spatial hash: a pair sharing many cells is proposed and reported once") {
    SpatialHash hash(TouchingPolicy::closed(), with_cell_size(1.0f));
    hash.add(0, {{-3.5f, -3.5f}, {3.5f, 3.5f}});  // 8 × 8 = 64 cells: the default limit
    hash.add(1, {{-3.5f, -3.5f}, {3.5f, 3.5f}});
    hash.add(2, {{-0.5f, -0.5f}, {0.5f, 0.5f}});
    CHECK(sorted_pairs_of(hash) == std::vector<BoxPair>{{0, 1}, {0, 2}, {1, 2}});
    CHECK(hash.stats().candidate_pairs == 3);
    CHECK(hash.oversize_count() == 0);
    hash.update(1, {{-3.5f, -3.5f}, {4.5f, 3.5f}});  // 9 × 8 cells: oversize
    CHECK(sorted_pairs_of(hash) == std::vector<BoxPair>{{0, 1}, {0, 2}, {1, 2}});
    CHECK(hash.oversize_count() == 1);
}

TEST_CASE("spatial hash: automatic cell size follows the boxes") {
    SpatialHash hash;
    std::vector<Box2> boxes;
    for (int i = 0; i < 40; ++i) {
        const glm::vec2 corner(float(i) * 3.0f, 0.0f);
        boxes.push_back({corner, corner + glm::vec2(0.5f, 1.5f)});
    }
    hash.set_all(boxes);
    CHECK(hash.cell_size() == 3.0);  // 2 × median extent 1.5
    for (Box2& box : boxes)
        box = Box2::from_center_extents(box.center() * 100.0f, glm::vec2(40.0f));
    hash.set_all(boxes);
    CHECK(hash.cell_size() == 160.0);
    CHECK(hash.stats().max_boxes_in_cell <= 4);
}

TEST_CASE("spatial hash: far from the origin, and too far for the cell size") {
    std::mt19937 random(99);
    SUBCASE("boxes around 1e6 with small cells") {
        SpatialHash hash(TouchingPolicy::closed(), with_cell_size(0.5f));
        BruteForce reference;
        std::vector<Box2> boxes = testing::random_boxes(random, 300, 30.0f, 2.0f);
        for (Box2& box : boxes)
            box = translated(box, glm::vec2(1e6f, -1e6f));
        testing::load(hash, reference, boxes);
        CHECK(hash.oversize_count() == 0);
        testing::check_matches_brute_force(hash, reference, random, 40.0f, 0.5f,
                                           glm::vec2(1e6f, -1e6f));
        CHECK(hash.stats().true_pairs > 0);
    }
    SUBCASE("boxes at 1e30 with unit cells go to the oversize list") {
        SpatialHash hash(TouchingPolicy::closed(), with_cell_size(1.0f));
        BruteForce reference;
        std::vector<Box2> boxes = testing::random_boxes(random, 200, 40.0f, 3.0f);
        for (int i = 0; i < 20; ++i) {
            const float x = 1e30f * float(1 + i % 3);
            boxes.push_back({{x, -x}, {x * 1.0000001f, -x}});
            boxes.push_back({{-x, 5.0f}, {-x, 6.0f}});  // far in x, near in y
        }
        boxes.push_back({{-3e38f, -3e38f}, {3e38f, 3e38f}});  // size overflows float
        testing::load(hash, reference, boxes);
        CHECK(hash.oversize_count() == 41);
        testing::check_matches_brute_force(hash, reference, random, 40.0f, 1.0f);
        CHECK(hash.stats().memory_bytes < 16u << 20);
    }
    SUBCASE("only boxes at 1e30, automatic cells") {
        SpatialHash hash;
        BruteForce reference;
        std::vector<Box2> boxes = testing::random_boxes(random, 200, 40.0f, 3.0f);
        for (Box2& box : boxes)
            box = Box2{box.min * 1e28f + glm::vec2(1e30f), box.max * 1e28f + glm::vec2(1e30f)};
        testing::load(hash, reference, boxes);
        CHECK(hash.oversize_count() == 0);
        CHECK(hash.cell_size() > 1e27);
        CHECK(sorted_pairs_of(hash) == sorted_pairs_of(reference));
        CHECK(hash.stats().candidate_pairs < 200 * 199 / 2 / 4);
    }
}

TEST_CASE("spatial hash: statistics and visitor stay consistent over random scenes") {
    std::mt19937 random(1234);
    for (const TouchingPolicy& policy :
         {TouchingPolicy::closed(), TouchingPolicy::open(), TouchingPolicy::tolerance(1e-6f)}) {
        SpatialHash hash(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 500, 60.0f, 4.0f);
        boxes.push_back({{-1e30f, -1e30f}, {1e30f, 1e30f}});
        testing::load(hash, reference, boxes);
        testing::check_matches_brute_force(hash, reference, random, 60.0f, hash.cell_size());
        testing::OccupancyCounter counter;
        hash.visit(counter);
        const BroadPhaseStats stats = hash.stats();
        CHECK(counter.cells == stats.cells_used + 1);  // + the oversize box's pseudo-cell
        CHECK(counter.deepest == 1);                   // which is reported at depth 1
        CHECK(counter.largest == stats.max_boxes_in_cell);
        CHECK(hash.oversize_count() == 1);
        // The oversize box meets all 500; the cells add far fewer than all pairs.
        CHECK(stats.candidate_pairs < 500 + 500 * 499 / 2 / 10);
    }
}

TEST_CASE("spatial hash: rejects bad options") {
    SpatialHashOptions options;
    options.cell_size = std::numeric_limits<float>::infinity();
    CHECK_THROWS_WITH_AS(SpatialHash({}, options), doctest::Contains("cell_size"),
                         std::invalid_argument);
    options = {};
    options.max_cells_per_box = 0;
    CHECK_THROWS_WITH_AS(SpatialHash({}, options), doctest::Contains("max_cells_per_box"),
                         std::invalid_argument);
}

}  // namespace aabb

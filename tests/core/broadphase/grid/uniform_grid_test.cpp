// Uniform grid: hand examples, cell-line and straddle cases, the automatic cell size, the cell
// cap and the oversize list, absurd sizes, statistics and the visitor.

#include "core/broadphase/grid/uniform_grid.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <random>
#include <stdexcept>

#include "tests/support/box_set_generators.hpp"
#include "tests/support/broad_phase_checks.hpp"

namespace aabb {
namespace {

using testing::sorted_pairs_of;

UniformGridOptions with_cell_size(float cell_size) {
    UniformGridOptions options;
    options.cell_size = cell_size;
    return options;
}

}  // namespace

TEST_CASE("uniform grid: hand example") {
    UniformGrid grid(TouchingPolicy::closed(), with_cell_size(1.0f));
    grid.add(0, {{0.0f, 0.0f}, {1.0f, 1.0f}});
    grid.add(1, {{0.5f, 0.5f}, {2.0f, 2.0f}});
    grid.add(2, {{5.0f, 5.0f}, {6.0f, 6.0f}});
    CHECK(sorted_pairs_of(grid) == std::vector<BoxPair>{{0, 1}});
    CHECK(grid.cell_size() == 1.0);
    CHECK(grid.columns() == 7);
    CHECK(grid.rows() == 7);
    const BroadPhaseStats stats = grid.stats();
    CHECK(stats.true_pairs == 1);
    CHECK(stats.candidate_pairs == 1);  // boxes 0 and 1 share 4 cells but are proposed once
    CHECK(stats.max_boxes_in_cell == 2);
    std::vector<BoxId> ids;
    grid.query_box({{1.5f, 1.5f}, {5.0f, 5.0f}}, ids);
    std::sort(ids.begin(), ids.end());
    CHECK(ids == std::vector<BoxId>{1, 2});
    std::vector<RayCastHit> hits;
    grid.cast_ray({{-1.0f, 5.5f}, {1.0f, 0.0f}}, hits);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].id == 2);
    CHECK(hits[0].t == 6.0f);
}

TEST_CASE("uniform grid: boxes touching on a cell line meet under closed, not under open") {
    // Cell lines at every integer: 0 and 1 touch along x = 1, 1 and 2 along y = 1, 0 and 2 at
    // the corner (1, 1); 3 is a point exactly on the corner of four cells.
    const std::vector<Box2> boxes = {{{0.0f, 0.0f}, {1.0f, 1.0f}},
                                     {{1.0f, 0.0f}, {2.0f, 1.0f}},
                                     {{1.0f, 1.0f}, {2.0f, 2.0f}},
                                     {{2.0f, 2.0f}, {2.0f, 2.0f}}};
    UniformGrid closed(TouchingPolicy::closed(), with_cell_size(1.0f));
    closed.set_all(boxes);
    CHECK(sorted_pairs_of(closed) == std::vector<BoxPair>{{0, 1}, {0, 2}, {1, 2}, {2, 3}});
    UniformGrid open(TouchingPolicy::open(), with_cell_size(1.0f));
    open.set_all(boxes);
    CHECK(sorted_pairs_of(open).empty());
}

TEST_CASE("uniform grid: a pair sharing many cells is proposed and reported once") {
    UniformGrid grid(TouchingPolicy::closed(), with_cell_size(1.0f));
    grid.add(0, {{0.5f, 0.5f}, {3.5f, 3.5f}});  // covers 4 × 4 cells
    grid.add(1, {{1.5f, 1.5f}, {2.5f, 2.5f}});  // covers 2 × 2 of them
    grid.add(2, {{0.5f, 0.5f}, {3.5f, 3.5f}});  // identical to 0: 16 shared cells
    CHECK(sorted_pairs_of(grid) == std::vector<BoxPair>{{0, 1}, {0, 2}, {1, 2}});
    CHECK(grid.stats().candidate_pairs == 3);
}

TEST_CASE("uniform grid: automatic cell size follows the boxes, with hysteresis") {
    UniformGrid grid;
    std::vector<Box2> boxes;
    for (int i = 0; i < 50; ++i) {
        const glm::vec2 corner(float(i % 10) * 5.0f, float(i / 10) * 5.0f);
        boxes.push_back({corner, corner + glm::vec2(2.0f, 1.0f)});
    }
    grid.set_all(boxes);
    CHECK(grid.cell_size() == 4.0);  // 2 × the median extent max(2, 1)
    for (Box2& box : boxes)
        box.max.x = box.min.x + 2.5f;  // a small drift keeps the cells steady
    grid.set_all(boxes);
    CHECK(grid.cell_size() == 4.0);
    for (Box2& box : boxes)
        box.max.x = box.min.x + 10.0f;  // a large one re-chooses them
    grid.set_all(boxes);
    CHECK(grid.cell_size() == 20.0);
    // One giant box does not move the median.
    boxes.push_back({{-1e6f, -1e6f}, {1e6f, 1e6f}});
    grid.set_all(boxes);
    CHECK(grid.cell_size() == 20.0);
    CHECK(grid.oversize_count() == 1);

    // Many boxes: the median is estimated from a sample of ids, which must not miss when only
    // every other id is present.
    std::vector<Box2> many;
    for (int i = 0; i < 4000; ++i) {
        const glm::vec2 corner(float(i % 64) * 4.0f, float(i / 64) * 4.0f);
        many.push_back({corner, corner + glm::vec2(1.5f, 0.5f)});
    }
    UniformGrid many_grid;
    many_grid.set_all(many);
    CHECK(many_grid.cell_size() == 3.0);
    for (BoxId id = 0; id < 4000; id += 2)
        many_grid.remove(id);
    CHECK(many_grid.cell_size() == 3.0);
    UniformGrid odd_grid;
    for (BoxId id = 1; id < 2048; id += 2)  // stride 2 samples only even ids
        odd_grid.add(id, {{0.0f, float(id)}, {5.0f, float(id) + 1.0f}});
    CHECK(odd_grid.cell_size() == 10.0);

    // Only points: the median extent is 0, so about one point per cell.
    std::vector<Box2> points;
    for (int i = 0; i < 100; ++i)
        points.push_back({{float(i % 10), float(i / 10)}, {float(i % 10), float(i / 10)}});
    UniformGrid point_grid;
    point_grid.set_all(points);
    CHECK(point_grid.cell_size() == doctest::Approx(0.9));
    CHECK(point_grid.stats().max_boxes_in_cell <= 4);
}

TEST_CASE("uniform grid: cell cap grows the cells; huge boxes go to the oversize list") {
    std::mt19937 random(31);
    UniformGridOptions options;
    options.cell_size = 0.001f;  // would need 10^12 cells over [-500, 500]²
    options.max_cells = 1u << 12;
    options.max_cells_per_box = 16;
    UniformGrid grid(TouchingPolicy::closed(), options);
    BruteForce reference;
    const std::vector<Box2> boxes = testing::random_boxes(random, 300, 500.0f, 0.0005f);
    testing::load(grid, reference, boxes);
    testing::check_matches_brute_force(grid, reference, random, 500.0f, 10.0f);
    CHECK(grid.columns() * grid.rows() <= (1 << 12));
    CHECK(grid.cell_size() > 0.2);
    CHECK(grid.oversize_count() == 0);
}

TEST_CASE("uniform grid: absurd sizes give exact pairs with bounded memory") {
    std::mt19937 random(5);
    for (const TouchingPolicy& policy :
         {TouchingPolicy::closed(), TouchingPolicy::open(), TouchingPolicy::tolerance(1e-6f)}) {
        UniformGrid grid(policy);
        BruteForce reference(policy);
        std::vector<Box2> boxes = testing::random_boxes(random, 300, 50.0f, 3.0f);
        boxes.push_back({{-1e30f, -1e30f}, {1e30f, 1e30f}});  // one 1e30-wide box
        boxes.push_back({{1e30f, 1e30f}, {1e30f, 1e30f}});    // a small box at 1e30: bounds -> cap
        boxes.push_back({{-3e38f, 0.0f}, {3e38f, 1.0f}});     // its width overflows float
        testing::load(grid, reference, boxes);
        testing::check_matches_brute_force(grid, reference, random, 60.0f, grid.cell_size());
        // Under tolerance the point at 1e30 is padded by 1e-6 × 1e30 and becomes oversize too.
        CHECK(grid.oversize_count() == (policy.rule == TouchingRule::tolerance ? 3u : 2u));
        CHECK(grid.columns() * grid.rows() <= (1 << 22));
        CHECK(grid.stats().memory_bytes < 64u << 20);
        // Without the absurd boxes the grid is small again and gives the memory back.
        boxes.resize(300);
        grid.set_all(boxes);
        CHECK(grid.oversize_count() == 0);
        CHECK(grid.stats().memory_bytes < 1u << 20);
    }
}

TEST_CASE("uniform grid: statistics and visitor stay consistent over random scenes") {
    std::mt19937 random(77);
    for (int scene = 0; scene < 4; ++scene) {
        UniformGrid grid;
        BruteForce reference;
        const std::vector<Box2> boxes = testing::random_boxes(
            random, 200 + 150 * std::size_t(scene), 60.0f, 1.0f + 3.0f * float(scene));
        testing::load(grid, reference, boxes);
        testing::check_matches_brute_force(grid, reference, random, 60.0f, grid.cell_size());
        testing::OccupancyCounter counter;
        grid.visit(counter);
        const BroadPhaseStats stats = grid.stats();
        CHECK(counter.cells == stats.cells_used);
        CHECK(counter.largest == stats.max_boxes_in_cell);
        CHECK(counter.deepest == 0);
        // Far fewer candidates than all pairs on a spread-out scene.
        CHECK(stats.candidate_pairs * 10 < boxes.size() * (boxes.size() - 1) / 2);
    }
}

TEST_CASE("uniform grid: rejects bad options") {
    UniformGridOptions options;
    options.cell_size = -1.0f;
    CHECK_THROWS_WITH_AS(UniformGrid({}, options), doctest::Contains("cell_size"),
                         std::invalid_argument);
    options.cell_size = std::numeric_limits<float>::quiet_NaN();
    CHECK_THROWS_AS(UniformGrid({}, options), std::invalid_argument);
    options = {};
    options.max_cells = 2;
    CHECK_THROWS_WITH_AS(UniformGrid({}, options), doctest::Contains("max_cells"),
                         std::invalid_argument);
    options = {};
    options.max_cells_per_box = 0;
    CHECK_THROWS_WITH_AS(UniformGrid({}, options), doctest::Contains("max_cells_per_box"),
                         std::invalid_argument);
}

}  // namespace aabb

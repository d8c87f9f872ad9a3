// The uniform grid of exact boxes (kernels/exact_grid.hpp): every pair of overlapping boxes
// (closed rule) exactly once, on random and adversarial sets, whole or in chunks; the sets it
// must decline (one box far larger than the rest) and the storage reserve() leaves in place.

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/broadphase/banded/kernels/exact_grid.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb::banded {
namespace {

// Every overlapping pair (closed rule) of the boxes of `ids`, sorted.
std::vector<BoxPair> brute_pairs(const std::vector<Box2>& boxes, const std::vector<BoxId>& ids) {
    std::vector<BoxPair> pairs;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        for (std::size_t j = i + 1; j < ids.size(); ++j) {
            const Box2& a = boxes[ids[i]];
            const Box2& b = boxes[ids[j]];
            if (a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y &&
                b.min.y <= a.max.y) {
                pairs.push_back(make_pair_ordered(ids[i], ids[j]));
            }
        }
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

// The pairs in `buffer`, sorted.
std::vector<BoxPair> sorted_pairs(const PairBuffer& buffer) {
    std::vector<BoxPair> pairs(buffer.storage.begin(),
                               buffer.storage.begin() + static_cast<std::ptrdiff_t>(buffer.count));
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

// The grid's pairs over its boxes in chunks of `chunk` positions with one kernel, sorted; the
// tests made go to `tests`.
std::vector<BoxPair> kernel_pairs(const ExactGrid& grid, std::size_t chunk, bool wide,
                                  std::uint64_t& tests) {
    PairBuffer buffer;
    tests = 0;
    for (std::size_t begin = 0; begin < grid.size(); begin += chunk)
        tests += grid.find_pairs(begin, begin + chunk, buffer, wide);
    return sorted_pairs(buffer);
}

// kernel_pairs with the SSE2 kernel, checked against the AVX2 kernel where the CPU has it:
// both find the same pairs with the same tests.
std::vector<BoxPair> grid_pairs(const ExactGrid& grid, std::size_t chunk, std::uint64_t& tests) {
    const std::vector<BoxPair> pairs = kernel_pairs(grid, chunk, false, tests);
    if (__builtin_cpu_supports("avx2")) {
        std::uint64_t wide_tests = 0;
        CHECK(kernel_pairs(grid, chunk, true, wide_tests) == pairs);
        CHECK(wide_tests == tests);
    }
    return pairs;
}

std::vector<BoxId> all_ids(std::size_t count) {
    std::vector<BoxId> ids(count);
    std::iota(ids.begin(), ids.end(), BoxId{0});
    return ids;
}

// `count` boxes of sizes 0.2 to 0.4 with their minimum corners in [0, width] x [0, height].
std::vector<Box2> strip_boxes(std::mt19937& random, std::size_t count, float width, float height) {
    std::uniform_real_distribution<float> size(0.2f, 0.4f);
    std::uniform_real_distribution<float> along_x(0.0f, width);
    std::uniform_real_distribution<float> along_y(0.0f, height);
    std::vector<Box2> boxes;
    for (std::size_t index = 0; index < count; ++index) {
        const glm::vec2 low(along_x(random), along_y(random));
        boxes.push_back({low, low + glm::vec2(size(random), size(random))});
    }
    return boxes;
}

using NamedSets = std::vector<std::pair<std::string, std::vector<Box2>>>;

// The sets the sorts and the window meet: the adversarial ones, bullets, a crowded lattice,
// a crowd in one spot (declined), strips far wider than high and far higher than wide (a
// window's buckets are at least a row long: few long buckets, many short ones), and the first
// set again.
NamedSets sorting_sets(std::mt19937& random) {
    NamedSets sets;
    for (const testing::BoxSet& set : testing::adversarial_box_sets())
        sets.emplace_back(set.name, set.boxes);
    sets.emplace_back("bullets", testing::bullet_boxes(random, 5000, glm::vec2(-200.0f, 70.0f)));
    std::vector<Box2> lattice;
    std::uniform_real_distribution<float> jitter(-0.2f, 0.2f);
    for (int y = 0; y < 30; ++y) {
        for (int x = 0; x < 30; ++x) {
            for (int k = 0; k < 6; ++k) {
                const glm::vec2 low(static_cast<float>(x) + jitter(random),
                                    static_cast<float>(y) + jitter(random));
                lattice.push_back({low, low + glm::vec2(0.9f)});
            }
        }
    }
    sets.emplace_back("lattice", lattice);
    std::vector<Box2> crowd = testing::random_boxes(random, 3000, 50.0f, 0.5f);
    for (int index = 0; index < 600; ++index)
        crowd.push_back({glm::vec2(0.01f), glm::vec2(0.011f)});
    sets.emplace_back("crowd in one spot", crowd);
    sets.emplace_back("wide strip", strip_boxes(random, 6000, 900.0f, 4.0f));
    sets.emplace_back("tall strip", strip_boxes(random, 6000, 4.0f, 900.0f));
    sets.push_back(sets.front());
    return sets;
}

// Whether the sorts decline `name` of sorting_sets(): its cells too crowded.
bool declined(const std::string& name) {
    return name == "crowd in one spot" || name == "one huge box" || name == "long thin" ||
           name == "identical";
}

}  // namespace

TEST_CASE("exact grid finds every overlapping pair once on the adversarial sets") {
    for (const testing::BoxSet& set : testing::adversarial_box_sets()) {
        INFO(set.name);
        ExactGrid grid;
        const std::vector<BoxId> ids = all_ids(set.boxes.size());
        const bool built = grid.build(set.boxes, ids);
        // Only a box far larger than the others (a wall, the long thin bars) makes the cells
        // too crowded; identical boxes all share one cell.
        const bool crowded =
            set.name == "one huge box" || set.name == "long thin" || set.name == "identical";
        CHECK(built == !crowded);
        if (!built) {
            CHECK(grid.size() == 0);
            continue;
        }
        CHECK(grid.size() == set.boxes.size());
        const std::vector<BoxPair> expected = brute_pairs(set.boxes, ids);
        for (const std::size_t chunk : {set.boxes.size(), std::size_t{7}, std::size_t{1}}) {
            INFO("chunk " << chunk);
            std::uint64_t tests = 0;
            CHECK(grid_pairs(grid, chunk, tests) == expected);
            CHECK(tests >= expected.size());
        }
    }
}

TEST_CASE("exact grid declines more cells than it is allowed") {
    std::mt19937 random(13);
    const std::vector<Box2> boxes = testing::bullet_boxes(random, 2000);
    ExactGrid grid;
    REQUIRE(grid.build(boxes, all_ids(boxes.size())));
    const auto [used, most] = grid.occupancy();
    CHECK(most >= 1);
    // About one cell per box, plus a padding row and column.
    CHECK_FALSE(grid.build(boxes, all_ids(boxes.size()), static_cast<std::uint64_t>(used)));
    CHECK(grid.size() == 0);
    CHECK(grid.build(boxes, all_ids(boxes.size()), 4 * boxes.size()));
}

TEST_CASE("exact grid declines a crowd of tiny boxes in one spot") {
    // 3000 boxes spread over a square 100 wide, 600 more of size 0.001 within 0.05 of one
    // point: the cells, sized for the spread, put the crowd in one cell (600² tests, no pairs).
    std::mt19937 random(9);
    std::vector<Box2> boxes = testing::random_boxes(random, 3000, 50.0f, 0.5f);
    ExactGrid grid;
    REQUIRE(grid.build(boxes, all_ids(boxes.size())));
    std::uniform_real_distribution<float> near(0.0f, 0.05f);
    for (int index = 0; index < 600; ++index) {
        const glm::vec2 low(near(random), near(random));
        boxes.push_back({low, low + glm::vec2(0.001f)});
    }
    CHECK_FALSE(grid.build(boxes, all_ids(boxes.size())));
}

TEST_CASE("exact grid declines one box far larger than the rest, and then holds nothing") {
    std::mt19937 random(7);
    std::vector<Box2> boxes = testing::random_boxes(random, 300, 40.0f, 2.0f);
    ExactGrid grid;
    REQUIRE(grid.build(boxes, all_ids(boxes.size())));
    boxes.push_back({{-500.0f, -500.0f}, {500.0f, 500.0f}});
    CHECK_FALSE(grid.build(boxes, all_ids(boxes.size())));
    CHECK(grid.size() == 0);
    PairBuffer buffer;
    CHECK(grid.find_pairs(0, 10, buffer) == 0);
    CHECK(buffer.count == 0);
}

TEST_CASE("exact grid is exact for bullets: random frames, a subset of ids, far from the origin") {
    std::mt19937 random(11);
    const std::size_t count = 3000;
    ExactGrid grid;
    for (const glm::vec2 offset : {glm::vec2(0.0f), glm::vec2(-3e4f, 5e4f)}) {
        for (int frame = 0; frame < 4; ++frame) {
            INFO("frame " << frame << ", offset " << offset.x);
            const std::vector<Box2> boxes = testing::bullet_boxes(random, count, offset);
            // Every other frame, only some ids are present (the engine's list after removals).
            std::vector<BoxId> ids;
            for (std::size_t index = 0; index < count; ++index) {
                if (frame % 2 == 0 || index % 3 != 1) ids.push_back(static_cast<BoxId>(index));
            }
            REQUIRE(grid.build(boxes, ids));
            std::uint64_t tests = 0;
            const std::vector<BoxPair> found = grid_pairs(grid, 64, tests);
            const std::vector<BoxPair> expected = brute_pairs(boxes, ids);
            CHECK(found == expected);
            CHECK(expected.size() > count / 10);
            // About one box per cell: a few tests per box, not a quadratic number.
            CHECK(tests < 12 * ids.size());
            const auto [used, most] = grid.occupancy();
            CHECK(used > static_cast<int>(ids.size() / 3));
            CHECK(most < 12);
        }
    }
}

TEST_CASE("exact grid: runs longer than a block (crowded cells) keep every pair, both kernels") {
    // Six to nine boxes of about one size jittered around each point of a lattice one box
    // apart: a cell holds several, so a box's runs pass the first block of four (the AVX2
    // kernel notes the box and finishes its runs after its stretch of 256 boxes; there are
    // more than a thousand boxes, so several stretches).
    std::mt19937 random(5);
    std::uniform_real_distribution<float> jitter(-0.2f, 0.2f);
    std::uniform_real_distribution<float> size(0.8f, 1.0f);
    std::uniform_int_distribution<int> crowd(6, 9);
    std::vector<Box2> boxes;
    for (int y = 0; y < 12; ++y) {
        for (int x = 0; x < 12; ++x) {
            const int here = crowd(random);
            for (int k = 0; k < here; ++k) {
                const glm::vec2 low(static_cast<float>(x) + jitter(random),
                                    static_cast<float>(y) + jitter(random));
                boxes.push_back({low, low + glm::vec2(size(random), size(random))});
            }
        }
    }
    ExactGrid grid;
    const std::vector<BoxId> ids = all_ids(boxes.size());
    REQUIRE(grid.build(boxes, ids));
    CHECK(grid.occupancy().second >= 6);
    for (const std::size_t chunk : {boxes.size(), std::size_t{3}}) {
        std::uint64_t tests = 0;
        CHECK(grid_pairs(grid, chunk, tests) == brute_pairs(boxes, ids));
    }
}

TEST_CASE("exact grid: touching boxes count, boxes one cell apart do not, both at cell edges") {
    // Unit squares at integer corners: each touches its eight neighbours (closed rule), and the
    // cells are as wide as the boxes, so every touch crosses a cell edge.
    std::vector<Box2> boxes;
    for (int y = 0; y < 6; ++y) {
        for (int x = 0; x < 6; ++x) {
            const glm::vec2 low(static_cast<float>(2 * x), static_cast<float>(2 * y));
            boxes.push_back({low, low + glm::vec2(2.0f)});
        }
    }
    // Two more: one right of the top right square (touching its edge and, at a corner, the
    // square below it), one a hair above the top left square (touching nothing).
    boxes.push_back({{12.0f, 10.0f}, {14.0f, 12.0f}});
    boxes.push_back({{0.0f, 12.0001f}, {2.0f, 14.0001f}});
    ExactGrid grid;
    const std::vector<BoxId> ids = all_ids(boxes.size());
    REQUIRE(grid.build(boxes, ids));
    std::uint64_t tests = 0;
    const std::vector<BoxPair> found = grid_pairs(grid, 5, tests);
    CHECK(found == brute_pairs(boxes, ids));
    // 6 x 6 squares: 2·6·5 edge neighbours and 2·5·5 corner neighbours, plus the two touches.
    CHECK(found.size() == 60 + 50 + 2);
}

TEST_CASE("exact grid sorts alike in one pass, by buckets and in a window, and declines alike") {
    // Large grids sort by buckets of cells (bucketed_from); on one thread the engine leaves
    // each bucket's sort to find_all_pairs (find_in_window), which sorts the buckets one after
    // the other into a window and finds the pairs there. Here the three run on the same sets
    // (sorting_sets), with every id and with a subset, and the window with both kernels. The
    // grids must hold the same boxes in the same cells, find the pairs brute force finds, and
    // make the same tests; the window declines the crowded sets in its search (its build
    // cannot know yet), the grid then empty. The grids are built again and again, so each
    // build also meets what the last one (or a declined one) left in arrays it does not clear.
    std::mt19937 random(21);
    const NamedSets sets = sorting_sets(random);
    ExactGrid direct;
    direct.bucketed_from = std::numeric_limits<std::size_t>::max();
    ExactGrid bucketed;
    bucketed.bucketed_from = 0;
    ExactGrid windowed;
    windowed.bucketed_from = 0;
    windowed.find_in_window = true;
    std::vector<bool> kernels = {false};
    if (__builtin_cpu_supports("avx2")) kernels.push_back(true);
    for (const auto& [name, boxes] : sets) {
        INFO(name);
        for (const bool every_id : {true, false}) {
            INFO("every id " << every_id);
            std::vector<BoxId> ids;
            for (std::size_t index = 0; index < boxes.size(); ++index) {
                if (every_id || index % 4 != 2) ids.push_back(static_cast<BoxId>(index));
            }
            const bool built = direct.build(boxes, ids);
            CHECK(bucketed.build(boxes, ids) == built);
            CHECK(bucketed.size() == direct.size());
            CHECK(bucketed.occupancy() == direct.occupancy());
            CHECK(built == !declined(name));
            std::uint64_t direct_tests = 0;
            std::vector<BoxPair> expected;
            if (built) {
                std::uint64_t bucketed_tests = 0;
                expected = brute_pairs(boxes, ids);
                CHECK(grid_pairs(direct, 97, direct_tests) == expected);
                CHECK(grid_pairs(bucketed, 97, bucketed_tests) == expected);
                CHECK(bucketed_tests == direct_tests);
            }
            for (const bool wide : kernels) {
                INFO("window, wide " << wide);
                REQUIRE(windowed.build(boxes, ids));
                CHECK(windowed.size() == ids.size());
                PairBuffer buffer;
                CHECK_THROWS_AS((void)windowed.find_pairs(0, 4, buffer), std::logic_error);
                const std::optional<std::uint64_t> tests = windowed.find_all_pairs(buffer, wide);
                CHECK(tests.has_value() == built);
                if (!tests) {
                    CHECK(windowed.size() == 0);
                    continue;
                }
                const std::vector<BoxPair> pairs = sorted_pairs(buffer);
                CHECK(pairs == expected);
                CHECK(*tests == direct_tests);
                CHECK(windowed.occupancy() == direct.occupancy());
            }
        }
    }
}

TEST_CASE("exact grid builds alike on two threads, its ranges in any order, and declines alike") {
    // The engine's threads share build()'s passes: here two threads take interleaved runs of
    // each pass's items, the later ones first, and the grid must equal the one a single
    // thread makes in order.
    std::mt19937 random(33);
    std::vector<Box2> crowd = testing::random_boxes(random, 3000, 50.0f, 0.5f);
    for (int index = 0; index < 600; ++index)
        crowd.push_back({glm::vec2(0.01f), glm::vec2(0.011f)});
    const std::vector<std::pair<std::string, std::vector<Box2>>> sets = {
        {"bullets", testing::bullet_boxes(random, 70000, glm::vec2(30.0f, -90.0f))},
        {"crowd in one spot", crowd}};
    std::size_t passes = 0;
    std::size_t most_items = 0;
    const ExactGrid::ParallelFor two_threads = [&](std::size_t items, std::size_t,
                                                   const ExactGrid::RangeBody& body) {
        ++passes;
        most_items = std::max(most_items, items);
        const auto share = [&](std::size_t parity) {
            constexpr std::size_t run = 3;
            for (std::size_t first = items / run * run + run; first >= run; first -= run) {
                if ((first / run) % 2 == parity && first - run < items)
                    body(first - run, std::min(first, items));
            }
        };
        std::thread other(share, 1);
        share(0);
        other.join();
    };
    for (const auto& [name, boxes] : sets) {
        INFO(name);
        const std::vector<BoxId> ids = all_ids(boxes.size());
        ExactGrid in_order;
        in_order.bucketed_from = 0;
        const bool built = in_order.build(boxes, ids);
        CHECK(built == (name == "bullets"));
        ExactGrid shared;
        shared.bucketed_from = 0;
        passes = 0;
        most_items = 0;
        CHECK(shared.build(boxes, ids, std::uint64_t{1} << 32, two_threads) == built);
        // Three passes (counting and writing the chunks, sorting the buckets), the last over
        // many buckets.
        CHECK(passes == 3);
        CHECK(most_items > 100);
        CHECK(shared.size() == in_order.size());
        if (!built) continue;
        CHECK(shared.occupancy() == in_order.occupancy());
        std::uint64_t shared_tests = 0;
        std::uint64_t in_order_tests = 0;
        const std::vector<BoxPair> pairs = grid_pairs(shared, 101, shared_tests);
        CHECK(pairs == grid_pairs(in_order, 101, in_order_tests));
        CHECK(shared_tests == in_order_tests);
        CHECK(pairs.size() > 10000);
    }
}

TEST_CASE("exact grid reserve keeps its storage through builds of that many boxes") {
    std::mt19937 random(5);
    const std::vector<Box2> boxes = testing::random_boxes(random, 2000, 80.0f, 2.0f);
    ExactGrid grid;
    grid.reserve(boxes.size());
    const std::size_t reserved = grid.memory_bytes();
    CHECK(reserved >= boxes.size() * 28);
    REQUIRE(grid.build(boxes, all_ids(boxes.size())));
    CHECK(grid.memory_bytes() == reserved);
    grid.clear();
    CHECK(grid.size() == 0);
    CHECK(grid.memory_bytes() == reserved);
}

TEST_CASE("exact grid reserves no boxes in cell order when it sorts them in a window") {
    // find_in_window: the boxes in cell order only ever fill a window of two buckets, so
    // reserve() leaves those arrays (24 bytes a box) to the first build, which sizes them;
    // its buckets take half again the boxes' 24 bytes, and a little room each.
    std::mt19937 random(6);
    const std::vector<Box2> boxes = testing::bullet_boxes(random, 20000);
    const std::vector<BoxId> ids = all_ids(boxes.size());
    ExactGrid sorted;
    sorted.bucketed_from = 0;
    sorted.reserve(boxes.size());
    ExactGrid windowed;
    windowed.bucketed_from = 0;
    windowed.find_in_window = true;
    windowed.reserve(boxes.size());
    CHECK(windowed.memory_bytes() + 4 * boxes.size() <= sorted.memory_bytes());
    REQUIRE(sorted.build(boxes, ids));
    REQUIRE(windowed.build(boxes, ids));
    CHECK(windowed.memory_bytes() + 4 * boxes.size() <= sorted.memory_bytes());
    PairBuffer buffer;
    const std::optional<std::uint64_t> tests = windowed.find_all_pairs(buffer, false);
    REQUIRE(tests.has_value());
    std::uint64_t sorted_tests = 0;
    const std::vector<BoxPair> expected = kernel_pairs(sorted, 1000, false, sorted_tests);
    const std::vector<BoxPair> pairs = sorted_pairs(buffer);
    CHECK(pairs == expected);
    CHECK(*tests == sorted_tests);
}

TEST_CASE("exact grid in a window gives each bucket room, and counts first when one overflows") {
    // find_in_window (one thread): the boxes go to their buckets in one pass, each bucket with
    // room for half again the mean or an eighth more than the last build's largest bucket.
    // A bucket that outgrows its room makes the build count first (the pass over), and the
    // next build of such boxes gives it room; buckets too uneven for room are always counted.
    // Every build must find the pairs and tests of a grid sorted in one pass.
    std::mt19937 random(44);
    const std::vector<Box2> uniform = strip_boxes(random, 20000, 100.0f, 100.0f);
    // 300 more boxes in one row of cells (1.5 a cell): their bucket outgrows its room once.
    std::vector<Box2> one_full_row = uniform;
    for (const Box2& box : strip_boxes(random, 300, 100.0f, 0.05f))
        one_full_row.push_back(
            {box.min + glm::vec2(0.0f, 50.1f), box.max + glm::vec2(0.0f, 50.1f)});
    // 3000 more there: that bucket would need room for several times the mean.
    std::vector<Box2> crowded_row = uniform;
    for (const Box2& box : strip_boxes(random, 3000, 100.0f, 0.05f))
        crowded_row.push_back({box.min + glm::vec2(0.0f, 50.1f), box.max + glm::vec2(0.0f, 50.1f)});
    ExactGrid windowed;
    windowed.bucketed_from = 0;
    windowed.find_in_window = true;
    ExactGrid direct;
    direct.bucketed_from = std::numeric_limits<std::size_t>::max();
    const auto check_build = [&](const std::vector<Box2>& boxes, bool with_room) {
        const std::vector<BoxId> ids = all_ids(boxes.size());
        REQUIRE(direct.build(boxes, ids));
        REQUIRE(windowed.build(boxes, ids));
        CHECK(windowed.scattered_with_room() == with_room);
        std::uint64_t direct_tests = 0;
        const std::vector<BoxPair> expected = kernel_pairs(direct, 1000, false, direct_tests);
        PairBuffer buffer;
        const std::optional<std::uint64_t> tests = windowed.find_all_pairs(buffer, false);
        REQUIRE(tests.has_value());
        const std::vector<BoxPair> pairs = sorted_pairs(buffer);
        CHECK(pairs == expected);
        CHECK(*tests == direct_tests);
        CHECK(windowed.occupancy() == direct.occupancy());
    };
    SUBCASE("even buckets go with room") {
        check_build(uniform, true);
        check_build(uniform, true);
    }
    SUBCASE("one bucket outgrows its room once") {
        check_build(uniform, true);
        check_build(one_full_row, false);
        check_build(one_full_row, true);
        check_build(uniform, true);
    }
    SUBCASE("buckets too uneven are counted") {
        check_build(crowded_row, false);
        check_build(crowded_row, false);
    }
}

}  // namespace aabb::banded

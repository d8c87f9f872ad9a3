// The BVH on its own: binned-SAH build quality, exact refits, rebuilds when quality decays, and
// queries, ray casts and pairs equal to brute force.

#include "core/broadphase/tree/bounding_volume_hierarchy.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "tests/support/box_set_generators.hpp"

namespace aabb {
namespace {

double log2_of(std::size_t n) {
    return std::log2(static_cast<double>(n));
}

std::vector<std::uint32_t> bvh_query(const BoundingVolumeHierarchy& bvh, const Box2& box) {
    std::vector<std::uint32_t> ids;
    (void)bvh.query(box, [&](std::uint32_t id) {
        ids.push_back(id);
        return true;
    });
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::uint32_t> brute_query(const std::vector<Box2>& boxes, const Box2& box) {
    std::vector<std::uint32_t> ids;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (overlaps_closed(boxes[i], box)) ids.push_back(static_cast<std::uint32_t>(i));
    }
    return ids;
}

void check_same_answers(const BoundingVolumeHierarchy& bvh, const std::vector<Box2>& boxes,
                        std::mt19937& random) {
    std::uniform_real_distribution<float> coordinate(-120.0f, 120.0f);
    for (int q = 0; q < 40; ++q) {
        const glm::vec2 corner(coordinate(random), coordinate(random));
        const Box2 box{corner, corner + glm::vec2(14.0f, 9.0f)};
        CHECK(bvh_query(bvh, box) == brute_query(boxes, box));

        const Ray2 ray{corner,
                       {coordinate(random), q % 8 == 0 ? 0.0f : coordinate(random)},
                       q % 2 ? 2.0f : std::numeric_limits<float>::infinity()};
        const PreparedRay<2> prepared(ray);
        std::vector<std::uint32_t> expected, actual;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (intersect(prepared, boxes[i]).hit)
                expected.push_back(static_cast<std::uint32_t>(i));
        }
        (void)bvh.cast_ray(ray, [&](std::uint32_t id) {
            actual.push_back(id);
            return ray.max_t;
        });
        std::sort(actual.begin(), actual.end());
        CHECK(actual == expected);
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> expected_pairs, actual_pairs;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            if (overlaps_closed(boxes[i], boxes[j])) expected_pairs.emplace_back(i, j);
        }
    }
    const TreeTraversalCounters counters =
        bvh.for_each_overlapping_pair([&](std::uint32_t a, std::uint32_t b) {
            actual_pairs.emplace_back(std::min(a, b), std::max(a, b));
            return true;
        });
    std::sort(actual_pairs.begin(), actual_pairs.end());
    CHECK(actual_pairs == expected_pairs);
    CHECK(counters.leaf_visits == expected_pairs.size());
}

}  // namespace

TEST_CASE("bvh: a binned-SAH build is sound, shallow and answers like brute force") {
    std::mt19937 random(4242);
    for (const std::size_t n :
         {std::size_t{1}, std::size_t{2}, std::size_t{1000}, std::size_t{10000}}) {
        const std::vector<Box2> boxes = testing::random_boxes(random, n, 500.0f, 5.0f);
        BoundingVolumeHierarchy bvh;
        bvh.build(boxes);
        INFO("n = " << n);
        REQUIRE(bvh.validate(boxes).empty());
        CHECK(bvh.leaf_count() == static_cast<int>(n));
        CHECK(bvh.node_count() == static_cast<int>(2 * n - 1));
        const TreeShape shape = bvh.shape();
        CHECK(shape.height == bvh.height());
        CHECK(shape.node_count == bvh.node_count());
        CHECK(shape.sah_cost == doctest::Approx(bvh.sah_cost()));
        CHECK(bvh.sah_cost() == doctest::Approx(bvh.build_sah_cost()));
        if (n >= 1000) {
            CHECK(bvh.height() <= 2.0 * log2_of(n));
            CHECK(shape.average_leaf_depth <= 1.5 * log2_of(n));
        }
    }
    const std::vector<Box2> boxes = testing::random_boxes(random, 700, 100.0f, 8.0f);
    BoundingVolumeHierarchy bvh;
    bvh.build(boxes);
    check_same_answers(bvh, boxes, random);
}

TEST_CASE("bvh: 16 bins build a tree no worse than 2 bins on clustered boxes") {
    // Two dense clusters far apart: the default 16-bin SAH cost is no worse than the 2-bin one,
    // and far below n (what a query testing every box would cost).
    std::mt19937 random(11);
    std::vector<Box2> boxes = testing::random_boxes(random, 400, 10.0f, 1.0f);
    for (Box2& box : testing::random_boxes(random, 400, 10.0f, 1.0f))
        boxes.push_back(translated(box, glm::vec2(300.0f, 0.0f)));
    BvhOptions few_bins;
    few_bins.bin_count = 2;
    BoundingVolumeHierarchy coarse(few_bins);
    BoundingVolumeHierarchy fine;
    coarse.build(boxes);
    fine.build(boxes);
    CHECK(fine.validate(boxes).empty());
    CHECK(coarse.validate(boxes).empty());
    CHECK(fine.sah_cost() <= coarse.sah_cost() * 1.001);
    CHECK(fine.sah_cost() < 0.25 * static_cast<double>(boxes.size()));
}

TEST_CASE("bvh: refits stay exact and the SAH cost stays within the rebuild factor") {
    std::mt19937 random(77);
    std::vector<Box2> boxes = testing::random_boxes(random, 800, 100.0f, 5.0f);
    BoundingVolumeHierarchy bvh;
    bvh.build(boxes);
    std::uniform_real_distribution<float> step(-1.0f, 1.0f);
    const std::uint64_t builds_before = bvh.build_count();
    for (int frame = 0; frame < 150; ++frame) {
        for (Box2& box : boxes)
            box = translated(box, glm::vec2(step(random), step(random)));
        (void)bvh.refit_or_rebuild(boxes);
        REQUIRE(bvh.validate(boxes).empty());
        CHECK(bvh.sah_cost() <=
              bvh.options().rebuild_cost_factor * bvh.build_sah_cost() * 1.0000001);
        if (frame % 50 == 0) check_same_answers(bvh, boxes, random);
    }
    // A random walk of 150 steps decays the tree enough to rebuild at least once.
    CHECK(bvh.build_count() > builds_before);
    CHECK(bvh.quality_rebuild_count() == bvh.build_count() - builds_before);
    check_same_answers(bvh, boxes, random);
}

TEST_CASE("bvh: a rebuild triggers when objects scatter, not when they barely move") {
    std::mt19937 random(3);
    std::vector<Box2> boxes = testing::random_boxes(random, 500, 50.0f, 2.0f);
    BoundingVolumeHierarchy bvh;
    bvh.build(boxes);
    // Tiny coherent moves: refit only.
    for (int frame = 0; frame < 5; ++frame) {
        for (Box2& box : boxes)
            box = translated(box, glm::vec2(0.01f, -0.01f));
        CHECK_FALSE(bvh.refit_or_rebuild(boxes));
    }
    CHECK(bvh.quality_rebuild_count() == 0);
    // Scatter: every box jumps to a fresh random place; the old grouping is now meaningless.
    const double cost_before = bvh.sah_cost();
    boxes = testing::random_boxes(random, 500, 50.0f, 2.0f);
    const double refit_cost = BoundingVolumeHierarchy(bvh).refit(boxes);
    CHECK(refit_cost > bvh.options().rebuild_cost_factor * cost_before);
    CHECK(bvh.refit_or_rebuild(boxes));
    CHECK(bvh.quality_rebuild_count() == 1);
    CHECK(bvh.sah_cost() == doctest::Approx(bvh.build_sah_cost()));
    CHECK(bvh.sah_cost() < refit_cost);
    CHECK(bvh.validate(boxes).empty());
}

TEST_CASE("bvh: degenerate inputs keep validate() happy") {
    const float largest = std::numeric_limits<float>::max();
    std::mt19937 random(21);
    for (const testing::BoxSet& set : testing::adversarial_box_sets()) {
        INFO(set.name);
        BoundingVolumeHierarchy bvh;
        bvh.build(set.boxes);
        CHECK(bvh.validate(set.boxes).empty());
        CHECK(std::isfinite(bvh.sah_cost()));
        check_same_answers(bvh, set.boxes, random);
    }
    SUBCASE("identical boxes split evenly") {
        const std::vector<Box2> boxes(512, Box2{{1, 1}, {3, 2}});
        BoundingVolumeHierarchy bvh;
        bvh.build(boxes);
        CHECK(bvh.validate(boxes).empty());
        CHECK(bvh.height() == 9);
    }
    SUBCASE("zero-size boxes at one point") {
        const std::vector<Box2> boxes(100, Box2{{4, 4}, {4, 4}});
        BoundingVolumeHierarchy bvh;
        bvh.build(boxes);
        CHECK(bvh.validate(boxes).empty());
        CHECK(bvh.sah_cost() == doctest::Approx(199.0));  // every node counts 1
    }
    SUBCASE("boxes spanning the float range") {
        std::vector<Box2> boxes = testing::random_boxes(random, 50, 10.0f, 1.0f);
        boxes.push_back({{-largest, -largest}, {largest, largest}});
        boxes.push_back({{largest * 0.5f, 0.0f}, {largest, 1.0f}});
        BoundingVolumeHierarchy bvh;
        bvh.build(boxes);
        CHECK(bvh.validate(boxes).empty());
        CHECK(std::isfinite(bvh.sah_cost()));
        check_same_answers(bvh, boxes, random);
    }
}

TEST_CASE("bvh: bad input is rejected and changes nothing") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    BvhOptions bad;
    bad.bin_count = 1;
    CHECK_THROWS_WITH_AS(BoundingVolumeHierarchy{bad}, doctest::Contains("bin_count"),
                         std::invalid_argument);
    bad = {};
    bad.rebuild_cost_factor = 0.9f;
    CHECK_THROWS_WITH_AS(BoundingVolumeHierarchy{bad}, doctest::Contains("rebuild_cost_factor"),
                         std::invalid_argument);

    const std::vector<Box2> boxes = {{{0, 0}, {1, 1}}, {{2, 2}, {3, 3}}, {{0.5f, 0.5f}, {2, 2}}};
    BoundingVolumeHierarchy bvh;
    bvh.build(boxes);
    const std::vector<std::uint32_t> unknown_id = {0, 7};
    CHECK_THROWS_WITH_AS(bvh.build(boxes, unknown_id), doctest::Contains("id 7"),
                         std::invalid_argument);
    const std::vector<std::uint32_t> twice = {1, 1};
    CHECK_THROWS_WITH_AS(bvh.build(boxes, twice), doctest::Contains("twice"),
                         std::invalid_argument);
    std::vector<Box2> broken = boxes;
    broken[1].max.x = nan;
    CHECK_THROWS_AS(bvh.build(broken), std::invalid_argument);
    CHECK_THROWS_AS((void)bvh.refit(broken), std::invalid_argument);
    CHECK_THROWS_AS((void)bvh.refit(std::span<const Box2>(boxes).first(2)), std::invalid_argument);
    CHECK_THROWS_AS((void)bvh.query({{nan, 0}, {1, 1}}, [](std::uint32_t) { return true; }),
                    std::invalid_argument);
    CHECK_THROWS_AS((void)bvh.cast_ray({{0, nan}, {1, 0}}, [](std::uint32_t) { return 1.0f; }),
                    std::invalid_argument);
    CHECK(bvh.validate(boxes).empty());
    CHECK(bvh.leaf_count() == 3);
    bvh.clear();
    CHECK(bvh.validate().empty());
    CHECK(bvh.node_count() == 0);
    CHECK(bvh_query(bvh, {{0, 0}, {5, 5}}).empty());
}

}  // namespace aabb

namespace aabb {

/// Reaches into the node array to break one invariant at a time.
struct BoundingVolumeHierarchyInspector {
    static auto& nodes(BoundingVolumeHierarchy& bvh) { return bvh.nodes_; }
};

TEST_CASE("bvh: validate() names the first broken invariant") {
    std::mt19937 random(64);
    const std::vector<Box2> boxes = testing::random_boxes(random, 40, 30.0f, 3.0f);
    const auto make_bvh = [&] {
        BoundingVolumeHierarchy bvh;
        bvh.build(boxes);
        REQUIRE(bvh.validate(boxes).empty());
        return bvh;
    };
    using Inspector = BoundingVolumeHierarchyInspector;
    {
        BoundingVolumeHierarchy bvh = make_bvh();
        auto& nodes = Inspector::nodes(bvh);
        const std::int32_t child = nodes[0].first_child;
        nodes[child].box.max.x += 1000.0f;
        CHECK(bvh.validate().find("is not inside its parent") != std::string::npos);
    }
    {
        BoundingVolumeHierarchy bvh = make_bvh();
        Inspector::nodes(bvh)[0].box.min.y -= 1.0f;
        CHECK(bvh.validate().find("larger than the union") != std::string::npos);
    }
    {
        BoundingVolumeHierarchy bvh = make_bvh();
        Inspector::nodes(bvh)[0].first_child = 0;  // a node as its own child
        CHECK(bvh.validate().find("outside") != std::string::npos);
    }
    {
        BoundingVolumeHierarchy bvh = make_bvh();
        auto& nodes = Inspector::nodes(bvh);
        for (auto& node : nodes) {
            if (node.leaf()) {
                node.id = node.id == 0 ? 1 : 0;  // some id now appears twice
                break;
            }
        }
        CHECK(bvh.validate().find("exactly the built ids") != std::string::npos);
    }
    {
        BoundingVolumeHierarchy bvh = make_bvh();
        std::vector<Box2> moved = boxes;
        moved[5] = translated(moved[5], glm::vec2(0.5f, 0.0f));  // not refit yet
        CHECK(bvh.validate(moved).find("does not hold the box of id 5") != std::string::npos);
        (void)bvh.refit(moved);
        CHECK(bvh.validate(moved).empty());
    }
}

}  // namespace aabb

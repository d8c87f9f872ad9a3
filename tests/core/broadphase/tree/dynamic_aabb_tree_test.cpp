// The dynamic AABB tree on its own: invariants after every operation, balance under sorted
// insertion, fat-box behaviour, and queries, ray casts and pairs equal to brute force over the
// fat boxes.

#include "core/broadphase/tree/dynamic_aabb_tree.hpp"

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

void insert_all(DynamicAabbTree& tree, const std::vector<Box2>& boxes,
                const std::vector<std::size_t>& order, std::vector<std::int32_t>& leaves) {
    leaves.assign(boxes.size(), null_node);
    for (const std::size_t i : order)
        leaves[i] = tree.insert(boxes[i], static_cast<std::uint32_t>(i));
}

std::vector<std::size_t> ascending(std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = i;
    return order;
}

// Brute-force answers over the stored fat boxes.
std::vector<std::uint32_t> brute_query(const DynamicAabbTree& tree,
                                       const std::vector<std::int32_t>& leaves, const Box2& box) {
    std::vector<std::uint32_t> ids;
    for (const std::int32_t leaf : leaves) {
        if (leaf != null_node && overlaps_closed(tree.fat_box(leaf), box))
            ids.push_back(tree.user_id(leaf));
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::uint32_t> tree_query(const DynamicAabbTree& tree, const Box2& box) {
    std::vector<std::uint32_t> ids;
    (void)tree.query(box, [&](std::int32_t, std::uint32_t id) {
        ids.push_back(id);
        return true;
    });
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST_CASE("dynamic tree: validate() holds after every operation of a long churn") {
    std::mt19937 random(31337);
    DynamicAabbTree tree;
    std::vector<Box2> boxes = testing::random_boxes(random, 250, 60.0f, 6.0f);
    std::vector<std::int32_t> leaves(boxes.size(), null_node);
    std::uniform_int_distribution<std::size_t> pick(0, boxes.size() - 1);
    std::uniform_real_distribution<float> small_step(-0.3f, 0.3f);
    std::uniform_real_distribution<float> big_step(-20.0f, 20.0f);
    std::uniform_int_distribution<int> action(0, 9);
    int live = 0;
    for (int operation = 0; operation < 4000; ++operation) {
        const std::size_t i = pick(random);
        const int what = action(random);
        if (leaves[i] == null_node) {
            leaves[i] = tree.insert(boxes[i], static_cast<std::uint32_t>(i));
            ++live;
        } else if (what < 2) {
            tree.remove(leaves[i]);
            leaves[i] = null_node;
            --live;
        } else {
            // Mostly small moves (inside the fat box), some jumps (re-insertions).
            const glm::vec2 step = what < 6 ? glm::vec2(small_step(random), small_step(random))
                                            : glm::vec2(big_step(random), big_step(random));
            boxes[i] = translated(boxes[i], step);
            tree.move(leaves[i], boxes[i]);
            CHECK(contains(tree.fat_box(leaves[i]), boxes[i]));
        }
        const std::string problem = tree.validate();
        INFO("operation " << operation);
        REQUIRE(problem.empty());
        REQUIRE(tree.leaf_count() == live);
        REQUIRE(tree.node_count() == (live == 0 ? 0 : 2 * live - 1));
    }
    // Queries still agree with brute force after all that.
    std::uniform_real_distribution<float> coordinate(-70.0f, 70.0f);
    for (int q = 0; q < 50; ++q) {
        const glm::vec2 corner(coordinate(random), coordinate(random));
        const Box2 box{corner, corner + glm::vec2(12.0f, 9.0f)};
        CHECK(tree_query(tree, box) == brute_query(tree, leaves, box));
    }
    for (std::int32_t& leaf : leaves) {
        if (leaf == null_node) continue;
        tree.remove(leaf);
        leaf = null_node;
        REQUIRE(tree.validate().empty());
    }
    CHECK(tree.leaf_count() == 0);
    CHECK(tree.root() == null_node);
}

TEST_CASE("dynamic tree: height stays within 2·log2(n) for random and sorted insertion") {
    std::mt19937 random(99);
    SUBCASE("random boxes, n = 1000 and 10000") {
        for (const std::size_t n : {std::size_t{1000}, std::size_t{10000}}) {
            const std::vector<Box2> boxes = testing::random_boxes(random, n, 500.0f, 5.0f);
            DynamicAabbTree tree;
            std::vector<std::int32_t> leaves;
            insert_all(tree, boxes, ascending(n), leaves);
            INFO("n = " << n);
            REQUIRE(tree.validate().empty());
            const TreeShape shape = tree.shape();
            CHECK(shape.height == tree.height());
            CHECK(shape.leaf_count == static_cast<int>(n));
            CHECK(shape.node_count == static_cast<int>(2 * n - 1));
            CHECK(tree.height() <= 2.0 * log2_of(n));
            CHECK(shape.average_leaf_depth >= std::floor(log2_of(n)) - 1.0);
            CHECK(shape.average_leaf_depth <= shape.height);
        }
    }
    SUBCASE("boxes in a row, a column and a diagonal, in ascending, descending and random order") {
        const std::size_t n = 320;
        std::vector<std::vector<Box2>> layouts(3);
        for (std::size_t i = 0; i < n; ++i) {
            const float f = static_cast<float>(i);
            layouts[0].push_back({{f * 0.5f, 0.0f}, {f * 0.5f + 0.75f, 1.0f}});
            layouts[1].push_back({{0.0f, f}, {1.0f, f + 1.0f}});
            layouts[2].push_back({{f, f}, {f + 2.0f, f + 2.0f}});
        }
        for (const std::vector<Box2>& boxes : layouts) {
            std::vector<std::size_t> up = ascending(n);
            std::vector<std::size_t> down(up.rbegin(), up.rend());
            std::vector<std::size_t> shuffled = up;
            std::shuffle(shuffled.begin(), shuffled.end(), random);
            for (const auto* order : {&up, &down, &shuffled}) {
                DynamicAabbTree tree;
                std::vector<std::int32_t> leaves;
                insert_all(tree, boxes, *order, leaves);
                REQUIRE(tree.validate().empty());
                CHECK(tree.height() <= 2.0 * log2_of(n));
                CHECK(tree.shape().max_balance <= 2);
            }
        }
    }
}

TEST_CASE("dynamic tree: small moves stay inside the fat box and leave the tree unchanged") {
    DynamicTreeOptions options;
    options.relative_margin = 0.1f;
    options.absolute_margin = 0.5f;
    DynamicAabbTree tree(options);
    const Box2 box{{10, 10}, {14, 12}};
    // Margin = 0.1 × larger side (4) + 0.5 = 0.9 per side.
    CHECK(tree.fatten(box) == Box2{{9.1f, 9.1f}, {14.9f, 12.9f}});
    std::mt19937 random(5);
    std::vector<std::int32_t> leaves;
    std::vector<Box2> boxes = testing::random_boxes(random, 100, 50.0f, 4.0f);
    leaves.reserve(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i)
        leaves.push_back(tree.insert(boxes[i], static_cast<std::uint32_t>(i)));

    const auto snapshot = [&tree] {
        std::vector<std::pair<Box2, int>> nodes;
        tree.for_each_node([&](const Box2& node_box, int depth, bool, std::uint32_t) {
            nodes.emplace_back(node_box, depth);
        });
        return nodes;
    };
    const auto before = snapshot();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const glm::vec2 step(i % 2 ? 0.4f : -0.4f, i % 3 ? 0.3f : -0.3f);  // within 0.5 margin
        CHECK_FALSE(tree.move(leaves[i], translated(boxes[i], step)));
    }
    CHECK(snapshot() == before);
    CHECK(tree.validate().empty());

    // Leaving the fat box re-inserts the leaf under the same index, with a fresh fat box.
    const Box2 far = translated(boxes[0], glm::vec2(30.0f, 0.0f));
    CHECK(tree.move(leaves[0], far));
    CHECK(tree.is_leaf(leaves[0]));
    CHECK(tree.fat_box(leaves[0]) == tree.fatten(far));
    CHECK(tree.validate().empty());

    // A box that shrinks a lot is re-fattened although it still fits.
    const std::int32_t big = tree.insert({{0, 0}, {40, 40}}, 1000);
    CHECK(tree.move(big, {{10, 10}, {11, 11}}));
    CHECK(tree.fat_box(big) == tree.fatten({{10, 10}, {11, 11}}));
    CHECK(tree.validate().empty());
}

TEST_CASE(
    "dynamic tree: fat boxes stretch along the displacement, so steady motion re-inserts less") {
    DynamicTreeOptions options;
    options.relative_margin = 0.0f;
    options.absolute_margin = 0.5f;
    options.displacement_multiplier = 2.0f;
    const DynamicAabbTree stretched(options);
    // Margin 0.5 on every side, plus 2 × (1, −0.5) ahead: +2 on max x, −1 on min y.
    CHECK(stretched.fatten({{0, 0}, {1, 1}}, {1.0f, -0.5f}) == Box2{{-0.5f, -1.5f}, {3.5f, 1.5f}});

    const auto count_reinsertions = [](float multiplier, bool pass_displacement) {
        DynamicTreeOptions moving;
        moving.relative_margin = 0.0f;
        moving.absolute_margin = 0.1f;
        moving.displacement_multiplier = multiplier;
        DynamicAabbTree tree(moving);
        for (std::uint32_t i = 0; i < 20; ++i)  // company, so the tree has some structure
            (void)tree.insert({{float(i) * 3.0f, 5.0f}, {float(i) * 3.0f + 1.0f, 6.0f}}, i);
        Box2 box{{0, 0}, {1, 1}};
        const std::int32_t leaf = tree.insert(box, 99);
        const glm::vec2 step(0.2f, 0.05f);
        int reinsertions = 0;
        for (int frame = 0; frame < 100; ++frame) {
            box = translated(box, step);
            reinsertions += tree.move(leaf, box, pass_displacement ? step : glm::vec2(0.0f));
            REQUIRE(contains(tree.fat_box(leaf), box));
        }
        CHECK(tree.validate().empty());
        return reinsertions;
    };
    const int plain = count_reinsertions(2.0f, false);
    const int predicted = count_reinsertions(2.0f, true);
    CHECK(plain >= 90);  // a 0.1 margin lasts no more than one 0.2 step
    CHECK(predicted <= plain / 2);
    CHECK(count_reinsertions(0.0f, true) == plain);  // multiplier 0 turns stretching off
}

TEST_CASE("dynamic tree: box queries, ray casts and pairs equal brute force over fat boxes") {
    std::mt19937 random(2718);
    DynamicAabbTree tree;
    const std::vector<Box2> boxes = testing::random_boxes(random, 600, 80.0f, 6.0f);
    std::vector<std::int32_t> leaves;
    insert_all(tree, boxes, ascending(boxes.size()), leaves);
    std::uniform_real_distribution<float> coordinate(-90.0f, 90.0f);

    for (int q = 0; q < 100; ++q) {
        const glm::vec2 corner(coordinate(random), coordinate(random));
        const Box2 box{corner, corner + glm::vec2(15.0f, 6.0f)};
        CHECK(tree_query(tree, box) == brute_query(tree, leaves, box));
    }

    for (int r = 0; r < 100; ++r) {
        const Ray2 ray{{coordinate(random), coordinate(random)},
                       {coordinate(random), r % 10 == 0 ? 0.0f : coordinate(random)},
                       r % 2 ? 1.5f : std::numeric_limits<float>::infinity()};
        const PreparedRay<2> prepared(ray);
        std::vector<std::uint32_t> expected, actual;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (intersect(prepared, tree.fat_box(leaves[i])).hit)
                expected.push_back(static_cast<std::uint32_t>(i));
        }
        const TreeTraversalCounters counters =
            tree.cast_ray(ray, [&](std::int32_t, std::uint32_t id) {
                actual.push_back(id);
                return ray.max_t;
            });
        std::sort(actual.begin(), actual.end());
        CHECK(actual == expected);
        CHECK(counters.leaf_visits == expected.size());
        CHECK(counters.node_visits <= static_cast<std::uint64_t>(tree.node_count()));
    }

    std::vector<std::pair<std::uint32_t, std::uint32_t>> expected_pairs, actual_pairs;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            if (overlaps_closed(tree.fat_box(leaves[i]), tree.fat_box(leaves[j])))
                expected_pairs.emplace_back(i, j);
        }
    }
    const TreeTraversalCounters counters =
        tree.for_each_overlapping_pair([&](std::int32_t a, std::int32_t b) {
            const std::uint32_t id_a = tree.user_id(a);
            const std::uint32_t id_b = tree.user_id(b);
            actual_pairs.emplace_back(std::min(id_a, id_b), std::max(id_a, id_b));
            return true;
        });
    std::sort(actual_pairs.begin(), actual_pairs.end());
    CHECK(actual_pairs == expected_pairs);
    CHECK(counters.leaf_visits == expected_pairs.size());
    // Far fewer node tests than all pairs.
    CHECK(counters.node_visits < boxes.size() * (boxes.size() - 1) / 8);
}

TEST_CASE("dynamic tree: callbacks can stop a query, a ray cast and a pair search") {
    DynamicAabbTree tree;
    for (int i = 0; i < 50; ++i)
        (void)tree.insert({{float(i), 0.0f}, {float(i) + 1.0f, 1.0f}},
                          static_cast<std::uint32_t>(i));
    int calls = 0;
    const TreeTraversalCounters query_counters =
        tree.query({{-10, -10}, {100, 10}}, [&](std::int32_t, std::uint32_t) {
            ++calls;
            return calls < 3;
        });
    CHECK(calls == 3);
    CHECK(query_counters.leaf_visits == 3);

    calls = 0;
    (void)tree.for_each_overlapping_pair([&](std::int32_t, std::int32_t) {
        ++calls;
        return false;
    });
    CHECK(calls == 1);

    // The nearest hit along +x from the left: clipping max_t to each hit finds box 0, and the
    // clipped ray rejects whatever lies beyond.
    const Ray2 ray{{-5.0f, 0.5f}, {1.0f, 0.0f}};
    std::uint32_t nearest = 9999;
    float nearest_t = std::numeric_limits<float>::infinity();
    (void)tree.cast_ray(ray, [&](std::int32_t leaf, std::uint32_t id) {
        const RayBoxHit<2> hit = intersect(PreparedRay<2>(ray), tree.fat_box(leaf));
        if (hit.t_enter < nearest_t) {
            nearest_t = hit.t_enter;
            nearest = id;
        }
        return nearest_t;
    });
    CHECK(nearest == 0);
    // The fat box starts 0.1 × 1 + 0.1 = 0.2 before x = 0.
    CHECK(nearest_t == doctest::Approx(5.0f - 0.2f));

    calls = 0;
    (void)tree.cast_ray(ray, [&](std::int32_t, std::uint32_t) {
        ++calls;
        return -1.0f;
    });
    CHECK(calls == 1);
}

TEST_CASE("dynamic tree: degenerate inputs keep validate() happy") {
    const float largest = std::numeric_limits<float>::max();
    SUBCASE("identical boxes") {
        DynamicAabbTree tree;
        for (std::uint32_t i = 0; i < 500; ++i)
            (void)tree.insert({{1, 1}, {3, 2}}, i);
        CHECK(tree.validate().empty());
        CHECK(tree.height() <= 2.0 * log2_of(500));
    }
    SUBCASE("zero-size boxes, also with zero margins") {
        DynamicTreeOptions no_margin;
        no_margin.relative_margin = 0.0f;
        no_margin.absolute_margin = 0.0f;
        for (const DynamicTreeOptions& options : {DynamicTreeOptions{}, no_margin}) {
            DynamicAabbTree tree(options);
            std::vector<std::int32_t> leaves;
            for (std::uint32_t i = 0; i < 200; ++i) {
                const glm::vec2 point(float(i % 7), float(i % 5));
                leaves.push_back(tree.insert({point, point}, i));
            }
            CHECK(tree.validate().empty());
            for (std::size_t i = 0; i < leaves.size(); i += 3) {
                const glm::vec2 point(float(i % 4), 0.5f);
                tree.move(leaves[i], {point, point});
            }
            CHECK(tree.validate().empty());
            CHECK(tree.height() <= 2.0 * log2_of(200));
        }
    }
    SUBCASE("a huge box spanning the float range among small ones") {
        DynamicAabbTree tree;
        std::mt19937 random(8);
        std::vector<std::int32_t> leaves;
        for (const Box2& box : testing::random_boxes(random, 100, 20.0f, 2.0f))
            leaves.push_back(tree.insert(box, static_cast<std::uint32_t>(leaves.size())));
        const Box2 huge{{-largest, -largest}, {largest, largest}};
        const std::int32_t huge_leaf = tree.insert(huge, 1000);
        CHECK(tree.fat_box(huge_leaf) == huge);  // clamped to the float range, still finite
        CHECK(tree.validate().empty());
        CHECK(tree_query(tree, {{0, 0}, {1, 1}}).back() == 1000u);
        CHECK_FALSE(tree.move(huge_leaf, huge));
        tree.move(huge_leaf, {{-largest, 0.0f}, {0.0f, largest}});
        CHECK(tree.validate().empty());
        tree.remove(huge_leaf);
        CHECK(tree.validate().empty());
    }
}

TEST_CASE("dynamic tree: bad input is rejected and leaves the tree intact") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float infinity = std::numeric_limits<float>::infinity();
    DynamicTreeOptions bad;
    bad.relative_margin = -0.1f;
    CHECK_THROWS_WITH_AS(DynamicAabbTree{bad}, doctest::Contains("relative_margin"),
                         std::invalid_argument);
    bad = {};
    bad.absolute_margin = nan;
    CHECK_THROWS_WITH_AS(DynamicAabbTree{bad}, doctest::Contains("absolute_margin"),
                         std::invalid_argument);
    bad = {};
    bad.refatten_factor = 0.5f;
    CHECK_THROWS_WITH_AS(DynamicAabbTree{bad}, doctest::Contains("refatten_factor"),
                         std::invalid_argument);
    bad = {};
    bad.displacement_multiplier = -1.0f;
    CHECK_THROWS_WITH_AS(DynamicAabbTree{bad}, doctest::Contains("displacement_multiplier"),
                         std::invalid_argument);

    DynamicAabbTree tree;
    const std::int32_t leaf = tree.insert({{0, 0}, {1, 1}}, 0);
    const std::int32_t other = tree.insert({{5, 5}, {6, 6}}, 1);
    CHECK_THROWS_AS((void)tree.insert({{nan, 0}, {1, 1}}, 2), std::invalid_argument);
    CHECK_THROWS_AS((void)tree.insert({{0, 0}, {infinity, 1}}, 2), std::invalid_argument);
    CHECK_THROWS_AS((void)tree.insert({{2, 0}, {1, 1}}, 2), std::invalid_argument);
    CHECK_THROWS_AS(tree.move(leaf, {{0, 0}, {nan, 1}}), std::invalid_argument);
    CHECK_THROWS_AS(tree.move(12345, {{0, 0}, {1, 1}}), std::invalid_argument);
    CHECK_THROWS_AS(tree.move(leaf, {{0, 0}, {1, 1}}, {nan, 0.0f}), std::invalid_argument);
    CHECK_THROWS_AS(tree.remove(-1), std::invalid_argument);
    CHECK_THROWS_AS(tree.remove(tree.root()), std::invalid_argument);  // internal node
    CHECK_THROWS_AS(
        (void)tree.query({{nan, 0}, {1, 1}}, [](std::int32_t, std::uint32_t) { return true; }),
        std::invalid_argument);
    CHECK_THROWS_AS((void)tree.cast_ray({{0, 0}, {infinity, 0}},
                                        [](std::int32_t, std::uint32_t) { return 1.0f; }),
                    std::invalid_argument);
    tree.remove(other);
    CHECK_THROWS_AS(tree.remove(other), std::invalid_argument);  // already removed
    CHECK(tree.validate().empty());
    CHECK(tree.leaf_count() == 1);
    tree.clear();
    CHECK(tree.validate().empty());
    CHECK(tree.node_count() == 0);
    // The pool is reused after a clear.
    const std::size_t memory = tree.memory_bytes();
    for (std::uint32_t i = 0; i < 2; ++i)
        (void)tree.insert({{0, 0}, {1, 1}}, i);
    CHECK(tree.memory_bytes() == memory);
    CHECK(tree.validate().empty());
}

}  // namespace aabb

namespace aabb {

/// Reaches into the node pool to break one invariant at a time.
struct DynamicAabbTreeInspector {
    static auto& nodes(DynamicAabbTree& tree) { return tree.nodes_; }
    static std::int32_t& free_list(DynamicAabbTree& tree) { return tree.free_list_; }
    static int& leaf_count(DynamicAabbTree& tree) { return tree.leaf_count_; }
};

TEST_CASE("dynamic tree: validate() names the first broken invariant") {
    using Inspector = DynamicAabbTreeInspector;
    const auto make_tree = [] {
        DynamicAabbTree tree;
        for (std::uint32_t i = 0; i < 8; ++i)
            (void)tree.insert({{float(i) * 2.0f, 0.0f}, {float(i) * 2.0f + 1.0f, 1.0f}}, i);
        const std::int32_t removed = tree.insert({{50, 50}, {51, 51}}, 8);
        tree.remove(removed);  // leaves two nodes on the free list
        REQUIRE(tree.validate().empty());
        return tree;
    };
    const auto internal_below_root = [](DynamicAabbTree& tree) {
        const auto& nodes = Inspector::nodes(tree);
        const std::int32_t root = tree.root();
        return nodes[nodes[root].child1].child1 != null_node ? nodes[root].child1
                                                             : nodes[root].child2;
    };
    {
        DynamicAabbTree tree = make_tree();
        const std::int32_t node = internal_below_root(tree);
        Inspector::nodes(tree)[Inspector::nodes(tree)[node].child1].parent = tree.root();
        CHECK(tree.validate().find("has parent") != std::string::npos);
    }
    {
        DynamicAabbTree tree = make_tree();
        const std::int32_t node = internal_below_root(tree);
        Inspector::nodes(tree)[Inspector::nodes(tree)[node].child2].box.max.x += 1000.0f;
        CHECK(tree.validate().find("is not inside its parent") != std::string::npos);
    }
    {
        DynamicAabbTree tree = make_tree();
        Inspector::nodes(tree)[tree.root()].box.min.y -= 1.0f;
        CHECK(tree.validate().find("larger than the union") != std::string::npos);
    }
    {
        DynamicAabbTree tree = make_tree();
        Inspector::nodes(tree)[tree.root()].height += 1;
        CHECK(tree.validate().find("has height") != std::string::npos);
    }
    {
        DynamicAabbTree tree = make_tree();
        const std::int32_t node = internal_below_root(tree);
        auto& nodes = Inspector::nodes(tree);
        nodes[node].child2 = nodes[node].child1;  // a shared child: one subtree lost
        CHECK_FALSE(tree.validate().empty());
    }
    {
        DynamicAabbTree tree = make_tree();
        std::int32_t& head = Inspector::free_list(tree);
        Inspector::nodes(tree)[head].parent = head;  // the free list loops
        CHECK(tree.validate().find("free list") != std::string::npos);
    }
    {
        DynamicAabbTree tree = make_tree();
        Inspector::free_list(tree) = null_node;  // free nodes leak
        CHECK(tree.validate().find("leaked") != std::string::npos);
    }
    {
        DynamicAabbTree tree = make_tree();
        Inspector::leaf_count(tree) += 1;
        CHECK(tree.validate().find("leaf count") != std::string::npos);
    }
}

}  // namespace aabb

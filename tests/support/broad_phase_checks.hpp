#pragma once
// Checks shared by the per-algorithm broad-phase tests: same answers as brute force for pairs,
// box queries and ray casts (including awkward rays), consistent statistics, and a visitor
// that sums cell occupancies.

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/broadphase/brute_force.hpp"
#include "core/geometry/overlap.hpp"

namespace aabb::testing {

/// Sums what a structure reports through StructureVisitor::cell.
struct OccupancyCounter final : StructureVisitor {
    /// Number of cells reported.
    int cells = 0;
    /// Sum of their occupancies.
    long long occupancy = 0;
    /// Deepest depth reported.
    int deepest = 0;
    /// Largest single occupancy.
    int largest = 0;
    void cell(const Box2&, int count, int depth) override {
        ++cells;
        occupancy += count;
        deepest = std::max(deepest, depth);
        largest = std::max(largest, count);
    }
};

/// Every pair of `boxes` (by index) that overlaps under the closed rule, each once with
/// first < second, in ascending order: the answer a kernel's test checks against.
inline std::vector<BoxPair> closed_pairs_by_brute_force(const std::vector<Box2>& boxes) {
    std::vector<BoxPair> pairs;
    for (BoxId a = 0; a < boxes.size(); ++a) {
        for (BoxId b = a + 1; b < boxes.size(); ++b) {
            if (overlaps_closed(boxes[a], boxes[b])) pairs.push_back({a, b});
        }
    }
    return pairs;
}

/// The pairs of `broad_phase`, sorted.
inline std::vector<BoxPair> sorted_pairs_of(BroadPhase& broad_phase) {
    std::vector<BoxPair> pairs;
    broad_phase.find_pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

/// Sets the frame `boxes` on both broad phases and checks `tested` finds exactly the pairs of
/// `reference` (and counts them in its statistics); `context` names the frame in a failure.
inline void check_same_frame(BroadPhase& tested, BroadPhase& reference, std::span<const Box2> boxes,
                             const std::string& context) {
    INFO(context);
    tested.set_all(boxes);
    reference.set_all(boxes);
    const std::vector<BoxPair> expected = sorted_pairs_of(reference);
    const std::vector<BoxPair> actual = sorted_pairs_of(tested);
    REQUIRE(actual.size() == expected.size());
    CHECK(actual == expected);
    CHECK(tested.stats().true_pairs == expected.size());
}

/// `tested` answers the box query `query` with the same ids as `reference`, in any order.
inline void check_same_box_query(const BroadPhase& tested, const BroadPhase& reference,
                                 const Box2& query) {
    std::vector<BoxId> expected, actual;
    reference.query_box(query, expected);
    tested.query_box(query, actual);
    std::sort(expected.begin(), expected.end());
    std::sort(actual.begin(), actual.end());
    CHECK(actual == expected);
}

/// Loads `boxes` as ids 0..n−1 into both broad phases.
inline void load(BroadPhase& tested, BroadPhase& reference, std::span<const Box2> boxes) {
    tested.set_all(boxes);
    reference.set_all(boxes);
}

/// Rays that stress a cell walk: random, axis-aligned, zero direction, unbounded, long, and
/// along the lines x = k·step / y = k·step; all around `center`.
inline std::vector<Ray2> awkward_rays(std::mt19937& random, float extent, float step,
                                      glm::vec2 center = {}) {
    std::uniform_real_distribution<float> coordinate(-extent, extent);
    std::uniform_real_distribution<float> direction(-1.0f, 1.0f);
    const float unbounded = std::numeric_limits<float>::infinity();
    std::vector<Ray2> rays;
    for (int i = 0; i < 12; ++i) {
        const glm::vec2 origin = center + glm::vec2(coordinate(random), coordinate(random));
        rays.push_back({origin, {direction(random), direction(random)}, extent * 0.1f});
        rays.push_back({origin, {direction(random), direction(random)}, unbounded});
        rays.push_back({origin, {1.0f, 0.0f}, unbounded});
        rays.push_back({origin, {0.0f, -1.0f}, extent});
        rays.push_back({origin, {0.0f, 0.0f}, unbounded});
    }
    // Components so small the slab test treats them as parallel, or so extreme that its float
    // t values overflow: the structure must agree with brute force anyway.
    rays.push_back({center, {1.0f, 1e-40f}, unbounded});
    rays.push_back({center, {1e-30f, 1e-40f}, unbounded});
    rays.push_back({center + glm::vec2(0.5f * step), {-1e-38f, 1e-37f}, unbounded});
    rays.push_back({center, {3e38f, -1.0f}, unbounded});
    rays.push_back({center + glm::vec2(-1e30f, 0.0f), {1.0f, 0.0f}, unbounded});
    rays.push_back({center + glm::vec2(-3e38f, -3e38f), {1.0f, 1.0f}, unbounded});
    rays.push_back({glm::vec2(3e38f, 0.0f), {-1.0f, 1e-9f}, unbounded});
    for (int k = -3; k <= 3; ++k) {
        const float line = float(k) * step;
        rays.push_back({center + glm::vec2(-2.0f * extent, line), {1.0f, 0.0f}, unbounded});
        rays.push_back({center + glm::vec2(line, 2.0f * extent), {0.0f, -1.0f}, unbounded});
        rays.push_back(
            {center + glm::vec2(-2.0f * extent, -2.0f * extent + line), {1.0f, 1.0f}, unbounded});
    }
    return rays;
}

/// Pairs, box queries and ray casts of `tested` equal brute force's on the same boxes;
/// statistics are consistent; visit() reports occupancies summing to at least n. Queries and
/// rays lie within `extent` of `center`; `step` is the spacing of lines worth grazing.
inline void check_matches_brute_force(BroadPhase& tested, BroadPhase& reference,
                                      std::mt19937& random, float extent, float step,
                                      glm::vec2 center = {}) {
    const std::vector<BoxPair> expected = sorted_pairs_of(reference);
    const std::vector<BoxPair> actual = sorted_pairs_of(tested);
    CHECK(actual.size() == expected.size());
    CHECK(actual == expected);

    const BroadPhaseStats stats = tested.stats();
    const std::uint64_t n = tested.size();
    CHECK(stats.true_pairs == expected.size());
    CHECK(stats.true_pairs <= stats.candidate_pairs);
    CHECK(stats.candidate_pairs <= n * (n > 0 ? n - 1 : 0) / 2);
    CHECK(stats.candidate_pairs <= stats.box_tests);
    CHECK(stats.memory_bytes > 0);

    OccupancyCounter counter;
    tested.visit(counter);
    CHECK(counter.occupancy >= static_cast<long long>(n));

    std::uniform_real_distribution<float> coordinate(-extent, extent);
    std::uniform_real_distribution<float> size(0.0f, extent * 0.2f);
    std::vector<Box2> queries = {{center - 2.0f * extent, center + 2.0f * extent},
                                 {center, center},
                                 {center + step, center + 2.0f * step}};
    for (int i = 0; i < 16; ++i) {
        const glm::vec2 corner = center + glm::vec2(coordinate(random), coordinate(random));
        queries.push_back({corner, corner + glm::vec2(size(random), size(random))});
    }
    for (const Box2& query : queries)
        check_same_box_query(tested, reference, query);

    std::vector<RayCastHit> expected_hits, actual_hits;
    const auto by_id = [](const RayCastHit& a, const RayCastHit& b) { return a.id < b.id; };
    for (const Ray2& ray : awkward_rays(random, extent, step, center)) {
        reference.cast_ray(ray, expected_hits);
        tested.cast_ray(ray, actual_hits);
        std::sort(expected_hits.begin(), expected_hits.end(), by_id);
        std::sort(actual_hits.begin(), actual_hits.end(), by_id);
        REQUIRE(actual_hits.size() == expected_hits.size());
        for (std::size_t i = 0; i < actual_hits.size(); ++i) {
            CHECK(actual_hits[i].id == expected_hits[i].id);
            CHECK(actual_hits[i].t == expected_hits[i].t);
        }
    }
}

}  // namespace aabb::testing

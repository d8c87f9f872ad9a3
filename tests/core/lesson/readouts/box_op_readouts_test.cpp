// The box-operation readouts on the curriculum's numbers (lessons.md L07, L13, L14): the
// closest point (5, 4) and d² = 5, touching at r = √5, the corner false positive (d² = 4.5 >
// 2.56 while the boxes overlap 0.1 × 0.1), merge 12 / 14, intersection 1 or empty, the fat box
// margin 0.3, and the parallel bars 2.00 apart whose boxes first touch at 5.71°.

#include <doctest/doctest.h>

#include <cmath>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

namespace {

ReadoutProbe circle(glm::vec2 center, double radius) {
    ReadoutProbe probe;
    probe.box("A", {{2, 2}, {5, 4}}).point("P", center).number("r", radius);
    return probe;
}

ReadoutValue closest(const ReadoutProbe& probe, const char* output) {
    return probe.value("closest_point", output, {{"box", "A"}, {"point", "P"}, {"radius", "r"}});
}

}  // namespace

TEST_CASE("closest point: clamp (7, 5) into [2,5]×[2,4] = (5, 4) — d² = 5 > r² = 4") {
    const ReadoutProbe probe = circle({7, 5}, 2);
    CHECK(closest(probe, "closest_x").number == 5.0);
    CHECK(closest(probe, "closest_y").number == 4.0);
    CHECK(closest(probe, "distance_squared").number == 5.0);
    CHECK(closest(probe, "radius_squared").number == 4.0);
    CHECK_FALSE(closest(probe, "touching").flag);
    CHECK(closest(circle({7, 5}, std::sqrt(5.0)), "touching").flag);
    CHECK(closest(circle({3.5f, 6}, 2), "distance_squared").number == 4.0);
    CHECK(closest(circle({3.5f, 6}, 2), "touching").flag);  // d² = r² counts
    const ReadoutProbe inside = circle({3, 3}, 1);
    CHECK(closest(inside, "distance_squared").number == 0.0);
    CHECK(closest(inside, "closest_x").number == 3.0);
}

TEST_CASE("clearance: |P − q| − r, 0 on the quarter circle of radius r about the corner") {
    // P = (7, 5), r = 2: |P − (5, 4)| = √5, so the circle is √5 − 2 = 0.236 away.
    CHECK(closest(circle({7, 5}, 2), "clearance").number ==
          doctest::Approx(std::sqrt(5.0) - 2.0).epsilon(1e-6));
    // Round the corner (5, 4) at radius 2: 45° and the ends (7, 4), (5, 6) all touch exactly.
    const float diagonal = static_cast<float>(5.0 + std::sqrt(2.0));
    CHECK(closest(circle({diagonal, diagonal - 1.0f}, 2), "clearance").number ==
          doctest::Approx(0.0).epsilon(1e-6).scale(1.0));
    CHECK(closest(circle({7, 4}, 2), "clearance").number == 0.0);
    CHECK(closest(circle({5, 6}, 2), "clearance").number == 0.0);
    // The square corner (7, 6) is 2√2 from (5, 4): not on the path.
    CHECK(closest(circle({7, 6}, 2), "clearance").number ==
          doctest::Approx(2.0 * std::sqrt(2.0) - 2.0).epsilon(1e-6));
    // Inside the box the distance is 0: the clearance is −r.
    CHECK(closest(circle({3, 3}, 1), "clearance").number == -1.0);
}

TEST_CASE("the corner false positive: the boxes overlap 0.1 × 0.1, the circle misses") {
    const ReadoutProbe probe = circle({6.5f, 5.5f}, 1.6);
    CHECK(closest(probe, "circle_box_dx").number == doctest::Approx(0.1).epsilon(1e-5));
    CHECK(closest(probe, "circle_box_dy").number == doctest::Approx(0.1).epsilon(1e-5));
    CHECK(closest(probe, "boxes_overlap").flag);
    CHECK(closest(probe, "distance_squared").number == 4.5);
    CHECK(closest(probe, "radius_squared").number == doctest::Approx(2.56));
    CHECK_FALSE(closest(probe, "touching").flag);
}

TEST_CASE("merge [2,6]×[2,5]: area 12, perimeter 14 against 10 + 8 — intersection [4,5]×[3,4]") {
    ReadoutProbe probe;
    probe.box("A", {{2, 2}, {5, 4}}).box("B", {{4, 3}, {6, 5}});
    const auto of = [&](const char* output) {
        return probe.value("box_ops", output, {{"a", "A"}, {"b", "B"}});
    };
    CHECK(of("merge_area").number == 12.0);
    CHECK(of("merge_perimeter").number == 14.0);
    CHECK(of("perimeter_a").number == 10.0);
    CHECK(of("perimeter_b").number == 8.0);
    CHECK(of("inter_area").number == 1.0);
    CHECK(of("inter_min_x").number == 4.0);
    CHECK(of("inter_max_y").number == 4.0);
    probe.objects[1].box = {{6, 3}, {8, 5}};
    CHECK(of("inter_empty").flag);
    CHECK(of("inter_width").number == -1.0);
    CHECK(of("inter_area").type == ValueType::null);  // no negative area
    probe.objects[1].box = {{5, 3}, {7, 5}};
    CHECK_FALSE(of("inter_empty").flag);
    CHECK(of("inter_width").number == 0.0);
    CHECK(of("inter_area").number == 0.0);
}

TEST_CASE("fat box: a 2 × 2 box gets 0.3 per side — 0.3 stays inside, 0.31 leaves") {
    ReadoutProbe probe;
    probe.box("F", {{0, 0}, {2, 2}}).point("m", {0.3f, 0}, ObjectKind::vector);
    const auto of = [&](const char* output, bool stretched = false) {
        if (stretched)
            return probe.value("fat_box", output,
                               {{"box", "F"}, {"move", "m"}, {"displacement", "m"}});
        return probe.value("fat_box", output, {{"box", "F"}, {"move", "m"}});
    };
    CHECK(of("margin").number == doctest::Approx(0.3));
    CHECK(of("fat_width").number == doctest::Approx(2.6));
    CHECK_FALSE(of("update_needed").flag);
    probe.objects[1].vector = {0.31f, 0};
    CHECK(of("update_needed").flag);
    // Stretched two displacements ahead in the direction of motion.
    CHECK(of("fat_max_x", true).number == doctest::Approx(2.0 + 0.3 + 2 * 0.31));
    CHECK(of("fat_min_x", true).number == doctest::Approx(-0.3));
}

TEST_CASE(
    "parallel bars 3 apart: boxes apart at 0°, touch at 5.71°, 12.73 × 12.73 at 45°, shapes 2 "
    "apart") {
    ReadoutProbe probe;
    probe.number("theta", 0).point("bar", {20, 1}, ObjectKind::vector);
    const auto of = [&](const char* output) {
        return probe.value("sat_gap", output, {{"size", "bar"}, {"angle_deg", "theta"}});
    };
    CHECK(of("box_dy").number == doctest::Approx(-2.0));
    CHECK_FALSE(of("boxes_overlap").flag);
    CHECK(of("gap").number == doctest::Approx(2.0));
    probe.set("theta", std::atan(0.1) * 180.0 / 3.14159265358979);  // 5.7106°
    CHECK(of("box_dy").number == doctest::Approx(0.0).epsilon(1e-4));
    probe.set("theta", 5.6);
    CHECK_FALSE(of("boxes_overlap").flag);
    probe.set("theta", 5.8);
    CHECK(of("boxes_overlap").flag);
    probe.set("theta", 45);
    CHECK(of("box_dx").number == doctest::Approx(12.7279));
    CHECK(of("box_dy").number == doctest::Approx(12.7279));
    CHECK(of("overlap_area").number == doctest::Approx(162.0));
    CHECK(of("gap").number == doctest::Approx(2.0));
    CHECK(of("false_positive").flag);
    probe.set("theta", 90 - std::atan(0.1) * 180.0 / 3.14159265358979);  // 84.29°
    CHECK(of("box_dx").number == doctest::Approx(0.0).epsilon(1e-4));
}

}  // namespace aabb::lesson

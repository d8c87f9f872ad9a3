// The box-building readouts on the curriculum's numbers (lessons.md L04, L05, L06, L10): the
// three ways to bound points, s = −2, the 2 × 0.1 bar's 11.025× at 45°, the growing box's
// 16.8 after one turn of 45° steps and 504.5 after 360 steps of 1°, and the rotating bar's
// union that misses the target at 180°.

#include <doctest/doctest.h>

#include <limits>
#include <utility>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

TEST_CASE("bounding points from empty, from (0,0) and from the first point") {
    ReadoutProbe probe;
    probe.points("P", {{5, 5}, {10, 7}, {7, 10}});
    const auto of = [&](const char* start, const char* output) {
        return probe.value("bounds_of_points", output, {{"points", "P"}, {"start", start}});
    };
    CHECK(of("empty", "area").number == 25.0);
    CHECK(of("empty", "min_x").number == 5.0);
    CHECK(of("origin", "area").number == 100.0);  // 4× too big
    CHECK(of("origin", "min_x").number == 0.0);
    CHECK(of("first", "area").number == 25.0);
    ReadoutProbe none;
    none.points("P", {});
    const ReadoutValue empty_min =
        none.value("bounds_of_points", "min_x", {{"points", "P"}, {"start", "empty"}});
    CHECK(empty_min.type == ValueType::null);
    CHECK(empty_min.number == std::numeric_limits<double>::infinity());
    CHECK(none.flag_of("bounds_of_points", "is_empty", {{"points", "P"}, {"start", "empty"}}));
    CHECK_FALSE(
        none.flag_of("bounds_of_points", "is_valid", {{"points", "P"}, {"start", "empty"}}));
    CHECK(none.value("bounds_of_points", "min_x", {{"points", "P"}, {"start", "first"}}).type ==
          ValueType::null);
    ReadoutProbe negative;
    negative.points("P", {{-5, 5}, {-10, 7}, {-7, 10}});
    CHECK(negative.number_of("bounds_of_points", "max_x", {{"points", "P"}, {"start", "origin"}}) ==
          0.0);
    CHECK(negative.number_of("bounds_of_points", "max_x", {{"points", "P"}, {"start", "empty"}}) ==
          -5.0);
}

TEST_CASE(
    "scale about the origin: [1,3]×[1,2] by −2 is [−6,−2]×[−4,−2] — min/max directly is not a "
    "box") {
    ReadoutProbe probe;
    probe.box("L", {{1, 1}, {3, 2}}).number("s", -2);
    const auto arvo = [&](const char* output) {
        return probe.number_of("box_transform", output, {{"box", "L"}, {"scale", "s"}});
    };
    CHECK(arvo("center_x") == -4.0);
    CHECK(arvo("center_y") == -3.0);
    CHECK(arvo("extent_x") == 2.0);
    CHECK(arvo("extent_y") == 1.0);
    CHECK(arvo("min_x") == -6.0);
    CHECK(arvo("max_y") == -2.0);
    const auto direct = [&](const char* output) {
        return probe.value("box_transform", output,
                           {{"box", "L"}, {"scale", "s"}, {"method", "min_max_direct"}});
    };
    CHECK(direct("min_x").number == -2.0);
    CHECK(direct("min_y").number == -2.0);
    CHECK(direct("max_x").number == -6.0);
    CHECK(direct("max_y").number == -4.0);
    CHECK_FALSE(direct("is_valid").flag);
}

TEST_CASE("the 2 × 0.1 bar's box: 11.025× at 45°, 9.68× at 30°, 0.2 at 90°") {
    ReadoutProbe probe;
    probe.box("bar", {{-1, -0.05f}, {1, 0.05f}}).number("angle", 45);
    const auto of = [&](const char* output, const char* method = "arvo") {
        return probe.number_of("box_transform", output,
                               {{"box", "bar"}, {"angle_deg", "angle"}, {"method", method}});
    };
    CHECK(of("width") == doctest::Approx(1.48492));
    CHECK(of("height") == doctest::Approx(1.48492));
    CHECK(of("area") == doctest::Approx(2.205));
    CHECK(of("area_ratio") == doctest::Approx(11.025));  // seed 002's "1.0, 5×" is wrong
    CHECK(of("extent_x") == doctest::Approx(0.742462));
    CHECK(of("width", "corners") == doctest::Approx(of("width")));
    probe.set("angle", 30);
    CHECK(of("width") == doctest::Approx(1.78205));
    CHECK(of("height") == doctest::Approx(1.08660));
    CHECK(of("area_ratio") == doctest::Approx(9.682).epsilon(1e-4));
    probe.set("angle", 90);
    CHECK(of("area") == doctest::Approx(0.2));
    // The largest box is at 45°.
    for (const double angle : {40.0, 44.0, 46.0, 50.0}) {
        probe.set("angle", angle);
        CHECK(of("area_ratio") < 11.025);
    }
}

TEST_CASE("the unit square at 45°: Arvo 1.414 × 1.414, min/max only a line 0 wide") {
    ReadoutProbe probe;
    probe.box("square", {{0, 0}, {1, 1}}).number("angle", 45);
    const auto of = [&](const char* output, const char* method) {
        return probe.number_of("box_transform", output,
                               {{"box", "square"}, {"angle_deg", "angle"}, {"method", method}});
    };
    CHECK(of("width", "arvo") == doctest::Approx(1.41421));
    CHECK(of("width", "min_max_only") == doctest::Approx(0.0).epsilon(1e-6));
    CHECK(of("height", "min_max_only") == doctest::Approx(1.41421));
}

TEST_CASE("the growing box: identical after one 45° step, 2.1 after two, 16.8 after a full turn") {
    ReadoutProbe probe;
    probe.box("bar", {{-1, -0.05f}, {1, 0.05f}}).number("step", 45).number("k", 1);
    const auto of = [&](const char* output) {
        return probe.number_of("growing_box", output,
                               {{"box", "bar"}, {"step_deg", "step"}, {"steps", "k"}});
    };
    CHECK(of("bug_width") == doctest::Approx(of("correct_width")));
    probe.set("k", 2);
    CHECK(of("correct_width") == doctest::Approx(0.1).epsilon(1e-4));
    CHECK(of("bug_width") == doctest::Approx(2.1));
    CHECK(of("bug_area") == doctest::Approx(4.41));
    probe.set("k", 4);
    CHECK(of("bug_width") == doctest::Approx(4.2));
    CHECK(of("bug_area") == doctest::Approx(17.64));
    probe.set("k", 8);
    CHECK(of("correct_width") == doctest::Approx(2.0));
    CHECK(of("bug_width") == doctest::Approx(16.8));
    CHECK(of("bug_area") == doctest::Approx(282.24));
    CHECK(of("ratio") == doctest::Approx(1411.2).epsilon(1e-4));
    // Smaller steps are worse: 1° for a full turn leaves it 504.5 wide (504.501 in double).
    probe.set("step", 1).set("k", 360);
    CHECK(of("bug_width") == doctest::Approx(504.5).epsilon(1e-4));
    CHECK(of("correct_width") == doctest::Approx(2.0).epsilon(1e-4));
}

TEST_CASE("a rotating bar's union covers the target only for φ in [27.1°, 152.9°]") {
    ReadoutProbe probe;
    probe.box("bar", {{-1, -0.05f}, {1, 0.05f}})
        .box("T", {{-0.1f, 0.5f}, {0.1f, 0.7f}})
        .number("phi", 90);
    const auto of = [&](const char* output) {
        return probe.value("rotation_union", output,
                           {{"box", "bar"}, {"angle_deg", "phi"}, {"target", "T"}});
    };
    CHECK(of("union_overlaps_target").flag);
    CHECK(of("pose_overlaps_target").flag);
    const std::pair<double, bool> cases[] = {
        {27.0, false}, {27.2, true}, {152.8, true}, {153.0, false}};
    for (const auto& [phi, covers] : cases) {
        probe.set("phi", phi);
        CAPTURE(phi);
        CHECK(of("union_overlaps_target").flag == covers);
    }
    probe.set("phi", 180);
    CHECK_FALSE(of("union_overlaps_target").flag);
    CHECK(of("pose_overlaps_target").flag);  // the 90° pose reaches y = 1
    CHECK(of("missed").flag);
    CHECK(of("first_pose_deg").number == doctest::Approx(73.06).epsilon(1e-3));
}

TEST_CASE("the bar at τ of a 180° turn: the pose hits the target from 73.1° to 106.9°") {
    ReadoutProbe probe;
    probe.box("bar", {{-1, -0.05f}, {1, 0.05f}})
        .box("T", {{-0.1f, 0.5f}, {0.1f, 0.7f}})
        .number("phi", 180)
        .number("tau", 0);
    const auto at = [&](double tau, const char* output) {
        probe.set("tau", tau);
        return probe.value("rotation_union", output,
                           {{"box", "bar"}, {"angle_deg", "phi"}, {"target", "T"}, {"tau", "tau"}});
    };
    CHECK(at(0.25, "tau_angle_deg").number == doctest::Approx(45.0));
    CHECK_FALSE(at(0.25, "tau_pose_overlaps").flag);
    CHECK_FALSE(at(72.0 / 180.0, "tau_pose_overlaps").flag);
    CHECK(at(74.0 / 180.0, "tau_pose_overlaps").flag);
    CHECK(at(0.5, "tau_pose_overlaps").flag);  // upright: it reaches y = 1
    CHECK(at(106.0 / 180.0, "tau_pose_overlaps").flag);
    CHECK_FALSE(at(108.0 / 180.0, "tau_pose_overlaps").flag);
    CHECK_FALSE(at(1.0, "tau_pose_overlaps").flag);
    CHECK(at(2.0, "tau_angle_deg").number == 180.0);  // clamped to the step
}

}  // namespace aabb::lesson

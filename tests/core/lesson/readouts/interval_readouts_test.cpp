// The interval readouts on the curriculum's numbers (lessons.md L02, L03): dx −1/0/1 with dy 1,
// the center/extents form, the push-out distance of a small box inside a big one, and what
// float storage does to a 0.01 gap at 10⁶ and 10⁷.

#include <doctest/doctest.h>

#include "core/geometry/overlap.hpp"
#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {

using testing::ReadoutProbe;

TEST_CASE("dx is −1, 0, 1 as B slides along x — dy stays 1 (seed 000)") {
    const float starts[] = {6.0f, 5.0f, 4.0f};
    const double expected_dx[] = {-1.0, 0.0, 1.0};
    const bool expected_overlap[] = {false, true, true};
    for (int i = 0; i < 3; ++i) {
        ReadoutProbe probe;
        probe.box("A", {{2, 2}, {5, 4}}).box("B", {{starts[i], 3}, {starts[i] + 2, 5}});
        CHECK(probe.number_of("overlap_length", "value", {{"a", "A"}, {"b", "B"}, {"axis", "x"}}) ==
              expected_dx[i]);
        CHECK(probe.number_of("overlap_length", "value", {{"a", "A"}, {"b", "B"}, {"axis", "y"}}) ==
              1.0);
        CHECK(probe.flag_of("overlap_verdict", "value",
                            {{"a", "A"}, {"b", "B"}, {"policy", "closed"}}) == expected_overlap[i]);
    }
}

TEST_CASE("touching: closed hit, open miss, tolerance hit") {
    ReadoutProbe probe;
    probe.box("A", {{2, 2}, {5, 4}}).box("B", {{5, 3}, {7, 5}});
    CHECK(probe.flag_of("overlap_verdict", "closed", {{"a", "A"}, {"b", "B"}}));
    CHECK_FALSE(probe.flag_of("overlap_verdict", "open", {{"a", "A"}, {"b", "B"}}));
    CHECK(probe.flag_of("overlap_verdict", "tolerance", {{"a", "A"}, {"b", "B"}}));
    CHECK_FALSE(
        probe.flag_of("overlap_verdict", "value", {{"a", "A"}, {"b", "B"}, {"policy", "open"}}));
}

TEST_CASE("the center form: 3.5 > 2.5 at [6, 8], and the gap 1.0 is −dx") {
    ReadoutProbe probe;
    probe.box("A", {{2, 2}, {5, 4}}).box("B", {{6, 3}, {8, 5}}).box("C", {{4, 3}, {6, 5}});
    const std::initializer_list<std::pair<std::string, std::string>> apart = {
        {"a", "A"}, {"b", "B"}, {"axis", "x"}};
    CHECK(probe.number_of("center_form", "distance", apart) == 3.5);
    CHECK(probe.number_of("center_form", "reach", apart) == 2.5);
    CHECK(probe.number_of("center_form", "gap", apart) == 1.0);
    CHECK_FALSE(probe.flag_of("center_form", "overlap", apart));
    // At [4, 6]: cA = (3.5, 3), eA = (1.5, 1), cB = (5, 4), eB = (1, 1): 1.5 <= 2.5 and 1 <= 2.
    CHECK(probe.number_of("center_form", "distance", {{"a", "A"}, {"b", "C"}, {"axis", "x"}}) ==
          1.5);
    CHECK(probe.number_of("center_form", "distance", {{"a", "A"}, {"b", "C"}, {"axis", "y"}}) ==
          1.0);
    CHECK(probe.number_of("center_form", "reach", {{"a", "A"}, {"b", "C"}, {"axis", "y"}}) == 2.0);
    CHECK(probe.flag_of("center_form", "overlap", {{"a", "A"}, {"b", "C"}}));
    CHECK(probe.number_of("center_extents", "center_x", {{"box", "A"}}) == 3.5);
    CHECK(probe.number_of("center_extents", "extent_x", {{"box", "A"}}) == 1.5);
}

TEST_CASE("a small box inside a big one: dx = dy = 1, but the push-out is 2.5") {
    ReadoutProbe probe;
    probe.box("Big", {{0, 0}, {6, 4}}).box("Small", {{2.5f, 1.5f}, {3.5f, 2.5f}});
    CHECK(probe.number_of("overlap_length", "x", {{"a", "Big"}, {"b", "Small"}}) == 1.0);
    CHECK(probe.number_of("overlap_length", "y", {{"a", "Big"}, {"b", "Small"}}) == 1.0);
    CHECK(probe.number_of("push_out", "value", {{"a", "Big"}, {"b", "Small"}}) == 2.5);
    CHECK(probe.number_of("push_out", "x", {{"a", "Big"}, {"b", "Small"}}) == 3.5);
    CHECK(probe.value("push_out", "axis", {{"a", "Big"}, {"b", "Small"}}).text == "y");
    // Apart boxes have nothing to push out of.
    probe.box("Far", {{10, 10}, {11, 11}});
    CHECK(probe.value("push_out", "value", {{"a", "Big"}, {"b", "Far"}}).type == ValueType::null);
}

TEST_CASE("a 0.01 gap in float: 0.0100002 at the origin, 0 at 10⁶ — 0.5 is stored as 1 at 10⁷") {
    ReadoutProbe probe;
    probe.box("A", {{2, 2}, {5, 4}}).box("B", {{5.01f, 3}, {7.01f, 5}}).number("X", 0);
    const std::initializer_list<std::pair<std::string, std::string>> args = {
        {"a", "A"}, {"b", "B"}, {"offset", "X"}};
    CHECK(probe.number_of("float_gap", "stored_gap", args) ==
          doctest::Approx(0.0100002).epsilon(1e-6));
    CHECK_FALSE(probe.flag_of("float_gap", "closed", args));
    CHECK_FALSE(probe.flag_of("float_gap", "open", args));
    CHECK_FALSE(probe.flag_of("float_gap", "tolerance", args));
    probe.set("X", 1e6);
    CHECK(probe.number_of("float_gap", "ulp", args) == 0.0625);
    CHECK(probe.number_of("float_gap", "stored_gap", args) == 0.0);
    CHECK(probe.flag_of("float_gap", "closed", args));
    CHECK_FALSE(probe.flag_of("float_gap", "open", args));
    CHECK(probe.flag_of("float_gap", "tolerance", args));
    CHECK(probe.number_of("float_gap", "pad", args) == doctest::Approx(1.000005));
    // More than half an ulp survives, as one whole ulp (the design's 0.0625).
    ReadoutProbe wider;
    wider.box("A", {{2, 2}, {5, 4}}).box("B", {{5.04f, 3}, {7.04f, 5}}).number("X", 1e6);
    CHECK(wider.number_of("float_gap", "stored_gap", args) == 0.0625);
    ReadoutProbe far;
    far.box("A", {{2, 2}, {5, 4}}).box("B", {{5.5f, 3}, {7.5f, 5}}).number("X", 1e7);
    CHECK(far.number_of("float_gap", "ulp", args) == 1.0);
    CHECK(far.number_of("float_gap", "stored_gap", args) == 1.0);  // 0.5 is a tie: round to even
}

TEST_CASE("a fixed 1e-6 is below one ulp for every |x| >= 16") {
    ReadoutProbe probe;
    probe.number("x", 16.0);
    CHECK(probe.number_of("float_ulp", "ulp", {{"x", "x"}}) == doctest::Approx(1.9073486e-6));
    probe.set("x", 15.99);
    CHECK(probe.number_of("float_ulp", "ulp", {{"x", "x"}}) < 1e-6);
    probe.set("x", 1e6);
    CHECK(probe.number_of("float_ulp", "ulp", {{"x", "x"}}) == 0.0625);
    probe.set("x", 1e7);
    CHECK(probe.number_of("float_ulp", "ulp", {{"x", "x"}}) == 1.0);
    probe.set("x", 0.1);
    CHECK(probe.number_of("float_ulp", "error", {{"x", "x"}}) ==
          doctest::Approx(1.49e-9).epsilon(0.01));
}

TEST_CASE("the push-out arrow: 2.5 up for the centered small box, out the nearer face otherwise") {
    ReadoutProbe probe;
    probe.box("Big", {{0, 0}, {6, 4}}).box("Small", {{2.5f, 1.5f}, {3.5f, 2.5f}});
    const auto move = [&]() {
        return glm::vec2(probe.number_of("push_out", "move_x", {{"a", "Big"}, {"b", "Small"}}),
                         probe.number_of("push_out", "move_y", {{"a", "Big"}, {"b", "Small"}}));
    };
    CHECK(move() == glm::vec2(0.0f, 2.5f));               // a tie between up and down goes up
    probe.objects[1].box = {{2.5f, 0.5f}, {3.5f, 1.5f}};  // nearer the bottom: down by 1.5
    CHECK(move() == glm::vec2(0.0f, -1.5f));
    probe.objects[1].box = {{4.5f, 1.5f}, {5.5f, 2.5f}};  // nearer the right side: right by 1.5
    CHECK(move() == glm::vec2(1.5f, 0.0f));
    probe.objects[1].box = {{0.0f, 1.5f}, {1.0f, 2.5f}};  // on the left face: left by 1
    CHECK(move() == glm::vec2(-1.0f, 0.0f));
    // Moved by it, the small box only touches the big one.
    probe.objects[1].box = {{4.5f, 1.5f}, {5.5f, 2.5f}};
    const Box2 moved = translated(probe.objects[1].box, move());
    CHECK(overlap_lengths(probe.objects[0].box, moved).x == 0.0f);
}

TEST_CASE("written against stored: dx = −0.01 as written is 0 as stored at 10⁶ (03 step 3)") {
    ReadoutProbe probe;
    probe.box("A", {{2, 2}, {5, 4}}).box("B", {{5.01f, 3}, {7.01f, 5}}).number("X", 0);
    const std::initializer_list<std::pair<std::string, std::string>> args = {
        {"a", "A"}, {"b", "B"}, {"offset", "X"}};
    CHECK(probe.number_of("float_gap", "dx", args) == doctest::Approx(-0.01).epsilon(1e-4));
    CHECK(probe.number_of("float_gap", "stored_dx", args) ==
          doctest::Approx(-0.0100002).epsilon(1e-5));
    probe.set("X", 1e6);
    CHECK(probe.number_of("float_gap", "dx", args) == doctest::Approx(-0.01).epsilon(1e-4));
    CHECK(probe.number_of("float_gap", "stored_dx", args) == 0.0);  // the gap is gone: touching
    probe.objects[1].box = {{5.04f, 3}, {7.04f, 5}};
    CHECK(probe.number_of("float_gap", "stored_dx", args) == -0.0625);  // one whole ulp
    probe.objects[1].box = {{4, 3}, {6, 5}};  // overlapping by 1: stored exactly
    CHECK(probe.number_of("float_gap", "stored_dx", args) == 1.0);
}

}  // namespace aabb::lesson

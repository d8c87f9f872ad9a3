// Handle values: range problems named for each component, the --set text form, snapping
// (fine = snap / 10) and clamping.

#include "core/lesson/handles/handle_values.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace aabb::lesson {
namespace {

Handle slider(double low, double high, double snap = 0.0) {
    Handle handle;
    handle.name = std::string(1, 's');  // not a literal: GCC 12's false -Wrestrict (bug 105329)
    handle.kind = HandleKind::slider;
    handle.range = {Range{low, high}, Range{low, high}};
    handle.snap = snap;
    return handle;
}

}  // namespace

TEST_CASE("value problems name the value and the range") {
    const Handle handle = slider(-2, 10);
    CHECK_FALSE(value_problem(handle, HandleValue{{5, 0}}).has_value());
    CHECK(*value_problem(handle, HandleValue{{50, 0}}) == "50 is outside its range [-2, 10]");
    CHECK(*value_problem(handle, HandleValue{{std::nan(""), 0}}) ==
          "the value is not a finite number");
    Handle point = slider(0, 1);
    point.kind = HandleKind::point;
    point.range[1] = Range{-2, 2};
    CHECK(*value_problem(point, HandleValue{{0.5, 3}}) == "y = 3 is outside its range [-2, 2]");
    CHECK(range_description(point) == "x in [0, 1], y in [-2, 2]");
    Handle whole = slider(0, 9);
    whole.integer = true;
    CHECK(*value_problem(whole, HandleValue{{2.5, 0}}) == "2.5 is not a whole number");
    Handle choice;
    choice.kind = HandleKind::choice;
    choice.choices = {"closed", "open"};
    choice.range = {Range{0, 1}, Range{0, 1}};
    CHECK(*value_problem(choice, HandleValue{{2, 0}}) == "the value must be one of closed, open");
}

TEST_CASE("text values: numbers, x,y pairs, choices and toggles") {
    const Handle handle = slider(0, 10);
    CHECK(parse_value_text(handle, "5")->numbers[0] == 5.0);
    CHECK(parse_value_text(handle, "+5.5")->numbers[0] == 5.5);
    CHECK_FALSE(parse_value_text(handle, "five").has_value());
    CHECK_FALSE(parse_value_text(handle, "").has_value());
    Handle point = handle;
    point.kind = HandleKind::vector;
    CHECK(*parse_value_text(point, "10,-0.5") == HandleValue{{10, -0.5}});
    CHECK_FALSE(parse_value_text(point, "10").has_value());
    CHECK(value_text(point, HandleValue{{10, -0.5}}) == "10,-0.5");
    Handle toggle;
    toggle.kind = HandleKind::toggle;
    CHECK(parse_value_text(toggle, "true")->numbers[0] == 1.0);
    CHECK(parse_value_text(toggle, "0")->numbers[0] == 0.0);
    CHECK(value_text(toggle, HandleValue{{1, 0}}) == "true");
    Handle choice;
    choice.kind = HandleKind::choice;
    choice.choices = {"brute_force", "bvh"};
    CHECK(parse_value_text(choice, "bvh")->numbers[0] == 1.0);
    CHECK_FALSE(parse_value_text(choice, "BVH").has_value());
    CHECK(value_text(choice, HandleValue{{1, 0}}) == "bvh");
}

TEST_CASE("snapping: to the snap, a tenth of it when fine, whole numbers, then the range") {
    const Handle handle = slider(-2, 10, 0.5);
    CHECK(snapped_and_clamped(handle, HandleValue{{5.3, 0}}, false).numbers[0] == 5.5);
    CHECK(snapped_and_clamped(handle, HandleValue{{5.33, 0}}, true).numbers[0] ==
          doctest::Approx(5.35));
    CHECK(snapped_and_clamped(handle, HandleValue{{99, 0}}, false).numbers[0] == 10.0);
    CHECK(snapped_and_clamped(handle, HandleValue{{-0.1, 0}}, false).numbers[0] == 0.0);
    CHECK_FALSE(
        std::signbit(snapped_and_clamped(handle, HandleValue{{-0.1, 0}}, false).numbers[0]));
    Handle whole = slider(0, 9);
    whole.integer = true;
    CHECK(snapped_and_clamped(whole, HandleValue{{2.6, 0}}, true).numbers[0] == 3.0);
    const Handle free = slider(0, 1);
    CHECK(snapped_and_clamped(free, HandleValue{{0.123, 0}}, false).numbers[0] == 0.123);
}

}  // namespace aabb::lesson

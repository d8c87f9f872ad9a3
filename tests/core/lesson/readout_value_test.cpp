// Readout values: formats teachers write ("%.2f", "%,d", "%.1f%%"), nulls for infinite and
// undefined values, matching with a tolerance, and the text messages use.

#include "core/lesson/readout_value.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

namespace aabb::lesson {

TEST_CASE("formats: fixed, thousands, general, whole, percent and literal text") {
    CHECK(format_value(ReadoutValue::of_number(-1), "%.2f") == "-1.00");
    CHECK(format_value(ReadoutValue::of_number(499500), "%,d") == "499,500");
    CHECK(format_value(ReadoutValue::of_number(49995000), "%,d") == "49,995,000");
    CHECK(format_value(ReadoutValue::of_number(-1234567.5), "%,.1f") == "-1,234,567.5");
    CHECK(format_value(ReadoutValue::of_number(100.909), "%.1f×") == "100.9×");
    CHECK(format_value(ReadoutValue::of_number(2.5), "%.1f%%") == "2.5%");
    CHECK(format_value(ReadoutValue::of_number(0.0100002), "") == "0.01");
    CHECK(format_value(ReadoutValue::of_number(-0.0001), "%.2f") == "0.00");  // no "−0.00"
    CHECK(format_value(ReadoutValue::of_bool(true), "%.2f") == "true");
    CHECK(format_value(ReadoutValue::of_text("hit"), "") == "hit");
}

TEST_CASE("infinite and undefined numbers are null, shown as +∞, −∞, NaN or —") {
    const ReadoutValue up = ReadoutValue::of_number(std::numeric_limits<double>::infinity());
    CHECK(up.type == ValueType::null);
    CHECK(format_value(up, "%.2f") == "+∞");
    CHECK(format_value(ReadoutValue::of_number(-std::numeric_limits<double>::infinity()), "") ==
          "−∞");
    CHECK(format_value(ReadoutValue::of_number(std::nan("")), "") == "NaN");
    CHECK(format_value(ReadoutValue::none(), "") == "—");
    CHECK(describe(up) == "null");
}

TEST_CASE("is_number_format accepts one conversion and nothing else") {
    for (const char* good : {"%.2f", "%,d", "%g", "%.3e", "%.1f%%", "x = %.2f units"})
        CHECK(is_number_format(good));
    for (const char* bad : {"", "%s", "%n", "%.2f %.2f", "%10.2f", "%.f", "%", "100%"})
        CHECK_FALSE(is_number_format(bad));
}

TEST_CASE("matches: numbers within the tolerance, other values exactly, any null any null") {
    CHECK(matches(ReadoutValue::of_number(0.40000001), ReadoutValue::of_number(0.4), 1e-4));
    CHECK_FALSE(matches(ReadoutValue::of_number(0.41), ReadoutValue::of_number(0.4), 1e-4));
    CHECK(matches(ReadoutValue::of_bool(false), ReadoutValue::of_bool(false), 0));
    CHECK_FALSE(matches(ReadoutValue::of_bool(true), ReadoutValue::of_number(1), 1));
    CHECK(matches(ReadoutValue::of_number(std::nan("")), ReadoutValue::none(), 0));
    CHECK_FALSE(matches(ReadoutValue::of_number(0), ReadoutValue::none(), 1));
    CHECK(matches(ReadoutValue::of_text("y"), ReadoutValue::of_text("y"), 0));
    CHECK(describe(ReadoutValue::of_text("hit")) == "\"hit\"");
    CHECK(describe(ReadoutValue::of_number(0.4)) == "0.4");
    CHECK(plain_number(12.72792) == "12.7279");
    CHECK(plain_number(5.0) == "5");
    CHECK(plain_number(-0.00001) == "-1e-05");
    CHECK(plain_number(-0.00004999) == "-4.999e-05");
    CHECK(plain_number(1e30) == "1e+30");
    CHECK(plain_number(-0.0) == "0");
}

}  // namespace aabb::lesson

// A goal's or a choice's condition against a readout's value: == and != within the tolerance,
// ordered comparisons only between numbers (a null never satisfies them).

#include "core/lesson/condition.hpp"

#include <doctest/doctest.h>

#include <limits>

namespace aabb::lesson {

TEST_CASE("conditions compare numbers within the tolerance and verdicts exactly") {
    const Condition equal{"pairs", CompareOp::equal, ReadoutValue::of_number(1000405.0), 0.0};
    CHECK(satisfies(ReadoutValue::of_number(1000405.0), equal));
    CHECK_FALSE(satisfies(ReadoutValue::of_number(1001820.0), equal));
    const Condition at_least{"ratio", CompareOp::greater_equal, ReadoutValue::of_number(11.02),
                             1e-4};
    CHECK(satisfies(ReadoutValue::of_number(11.025), at_least));
    CHECK(satisfies(ReadoutValue::of_number(11.01995), at_least));  // within the tolerance
    CHECK_FALSE(satisfies(ReadoutValue::of_number(11.0189), at_least));
    const Condition below{"dy", CompareOp::less, ReadoutValue::of_number(0.0), 1e-4};
    CHECK(satisfies(ReadoutValue::of_number(-0.5), below));
    CHECK_FALSE(satisfies(ReadoutValue::of_number(0.0), below));
    // An infinite or missing value is null: it satisfies no ordered comparison.
    CHECK_FALSE(
        satisfies(ReadoutValue::of_number(-std::numeric_limits<double>::infinity()), below));
    CHECK_FALSE(satisfies(ReadoutValue::none(), below));
    const Condition verdict{"hit", CompareOp::not_equal, ReadoutValue::of_bool(true), 1e-4};
    CHECK(satisfies(ReadoutValue::of_bool(false), verdict));
    CHECK_FALSE(satisfies(ReadoutValue::of_bool(true), verdict));
    CHECK(describe(equal) == "pairs == 1000405");
    const Condition both[] = {at_least, verdict};
    CHECK(describe(both) == "ratio >= 11.02 and hit != true");
}

}  // namespace aabb::lesson

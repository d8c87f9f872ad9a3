#include "core/lesson/condition.hpp"

#include "core/lesson/lesson_names.hpp"

namespace aabb::lesson {

bool satisfies(const ReadoutValue& got, const Condition& condition) {
    const ReadoutValue& want = condition.value;
    const bool numbers = got.type == ValueType::number && want.type == ValueType::number;
    switch (condition.op) {
        case CompareOp::equal:
            return matches(got, want, condition.tolerance);
        case CompareOp::not_equal:
            return !matches(got, want, condition.tolerance);
        case CompareOp::less:
            return numbers && got.number < want.number;
        case CompareOp::less_equal:
            return numbers && got.number <= want.number + condition.tolerance;
        case CompareOp::greater:
            return numbers && got.number > want.number;
        case CompareOp::greater_equal:
            return numbers && got.number >= want.number - condition.tolerance;
    }
    return false;
}

std::string describe(const Condition& condition) {
    return condition.readout + " " + std::string(name_in(compare_op_names, condition.op)) + " " +
           describe(condition.value);
}

std::string describe(std::span<const Condition> conditions) {
    std::string text;
    for (const Condition& condition : conditions)
        text += (text.empty() ? "" : " and ") + describe(condition);
    return text;
}

}  // namespace aabb::lesson

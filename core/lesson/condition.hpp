#pragma once
// Whether a readout's value satisfies a Condition (lesson.hpp): a goal's parts and a question's
// choices use the same comparison.

#include <span>
#include <string>

#include "core/lesson/lesson.hpp"
#include "core/lesson/readout_value.hpp"

namespace aabb::lesson {

/// True when `got`, the value of condition.readout, satisfies `condition`: == and != compare as
/// matches() does (numbers within the tolerance); <, <=, >, >= need numbers (<= and >= allow
/// the tolerance), so a null or a verdict never satisfies them.
[[nodiscard]] bool satisfies(const ReadoutValue& got, const Condition& condition);

/// The condition as messages write it: "pairs >= 1000000".
[[nodiscard]] std::string describe(const Condition& condition);

/// The conditions joined with " and ".
[[nodiscard]] std::string describe(std::span<const Condition> conditions);

}  // namespace aabb::lesson

#pragma once
// What `--check-lessons` checks of a step besides its expected values: that its goal tests the
// question its "try" asks (it must not already hold on entering the step, unless the step is a
// demonstration), and that its question's stored answer is what the readouts say.

#include <string>
#include <vector>

#include "core/lesson/lesson_runtime.hpp"

namespace aabb::lesson {

/// One line per problem of the current step's goal, e.g. "lessons/x.json: steps[4].goal: holds
/// on entering the step (pairs >= 1000000: got 49995000); ...": a goal that holds on entry in a
/// step that is not a demonstration, or a demonstration whose goal does not. World readouts
/// read runtime.own_world(). Empty when the goal is fine.
[[nodiscard]] std::vector<std::string> check_goal(LessonRuntime& runtime);

/// One line per problem of the current step's question: a number answer its readout does not
/// give (within the question's tolerance) at the question's state, a right choice whose
/// conditions do not hold, another choice whose conditions hold too. Enters the question's
/// states (its `at` values over the step's) and then the step again, so the runtime ends as the
/// step was entered. Empty when the step has no question or its answer holds.
[[nodiscard]] std::vector<std::string> check_question(LessonRuntime& runtime);

}  // namespace aabb::lesson

#include "core/lesson/lesson_checks.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/lesson/condition.hpp"
#include "core/lesson/handles/handle_values.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

using HandleValues = std::vector<std::pair<std::string, HandleValue>>;

std::string step_path(const LessonRuntime& runtime) {
    return runtime.lesson().source + ": steps[" + std::to_string(runtime.current_step()) + "]";
}

// "pairs >= 1000000: got 49995000, ..." for every condition.
std::string described_with_values(LessonRuntime& runtime,
                                  const std::vector<Condition>& conditions) {
    const World* world = runtime.own_world();
    std::string text;
    for (const Condition& condition : conditions) {
        text += (text.empty() ? "" : "; ") + describe(condition) + ": got " +
                describe(runtime.readout(condition.readout, world));
    }
    return text;
}

bool all_hold(LessonRuntime& runtime, const std::vector<Condition>& conditions) {
    const World* world = runtime.own_world();
    for (const Condition& condition : conditions) {
        if (!satisfies(runtime.readout(condition.readout, world), condition)) return false;
    }
    return true;
}

// Enters the step again and applies `values` over its own, in order.
void enter_state(LessonRuntime& runtime, const HandleValues& first, const HandleValues& second) {
    runtime.go_to_step(runtime.current_step());
    for (const HandleValues* values : {&first, &second}) {
        for (const auto& [name, value] : *values)
            runtime.set_handle(name, value);
    }
}

// " (at n=20, boxes=20)": the handle values a question's state sets (a choice's own replacing
// the question's); empty for none.
std::string state_text(const LessonRuntime& runtime, const HandleValues& first,
                       const HandleValues& second) {
    HandleValues merged;
    for (const HandleValues* values : {&first, &second}) {
        for (const auto& entry : *values) {
            const auto same = std::find_if(merged.begin(), merged.end(), [&](const auto& set) {
                return set.first == entry.first;
            });
            if (same == merged.end()) {
                merged.push_back(entry);
            } else {
                same->second = entry.second;
            }
        }
    }
    std::string text;
    for (const auto& [name, value] : merged) {
        text += (text.empty() ? " (at " : ", ") + name + "=" +
                input_excerpt(value_text(*find_handle(runtime.lesson(), name), value));
    }
    return text.empty() ? text : text + ")";
}

std::vector<std::string> check_number(LessonRuntime& runtime, const Question& question) {
    std::vector<std::string> lines;
    enter_state(runtime, question.at, {});
    const ReadoutValue got = runtime.readout(question.readout, runtime.own_world());
    if (got.type != ValueType::number ||
        std::abs(got.number - question.answer) > question.tolerance) {
        lines.push_back(step_path(runtime) + ".question.answer: " + plain_number(question.answer) +
                        " is not within " + plain_number(question.tolerance) + " of " +
                        question.readout + " = " + describe(got) +
                        state_text(runtime, question.at, {}));
    }
    return lines;
}

std::vector<std::string> check_choices(LessonRuntime& runtime, const Question& question) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < question.choices.size(); ++i) {
        const QuestionChoice& choice = question.choices[i];
        enter_state(runtime, question.at, choice.at);
        const bool holds = all_hold(runtime, choice.when);
        const std::string where = step_path(runtime) + ".question";
        const std::string values = described_with_values(runtime, choice.when) +
                                   state_text(runtime, question.at, choice.at);
        if (i == question.answer_choice && !holds) {
            lines.push_back(where + ".answer: \"" + input_excerpt(choice.text) +
                            "\" is not right: " + values);
        } else if (i != question.answer_choice && holds) {
            lines.push_back(where + ".choices[" + std::to_string(i) + "].when: \"" +
                            input_excerpt(choice.text) +
                            "\" is right too, so the question has more than one answer: " + values);
        }
    }
    return lines;
}

}  // namespace

std::vector<std::string> check_goal(LessonRuntime& runtime) {
    const Step& step = runtime.step();
    std::vector<std::string> lines;
    if (step.goal.empty()) return lines;
    const bool holds = runtime.goal_reached(runtime.own_world());
    if (holds && !step.demonstration) {
        lines.push_back(step_path(runtime) + ".goal: holds on entering the step (" +
                        described_with_values(runtime, step.goal) +
                        "), so the try box ticks itself; make the goal test what the try asks, "
                        "or mark the step \"demonstration\": true");
    } else if (!holds && step.demonstration) {
        lines.push_back(step_path(runtime) +
                        ".demonstration: the goal does not hold on entering the step (" +
                        described_with_values(runtime, step.goal) + ")");
    }
    return lines;
}

std::vector<std::string> check_question(LessonRuntime& runtime) {
    const std::optional<Question>& question = runtime.step().question;
    if (!question) return {};
    std::vector<std::string> lines = question->is_number() ? check_number(runtime, *question)
                                                           : check_choices(runtime, *question);
    runtime.go_to_step(runtime.current_step());
    return lines;
}

}  // namespace aabb::lesson

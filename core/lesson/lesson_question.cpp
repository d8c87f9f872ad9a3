#include "core/lesson/lesson_question.hpp"

#include <cmath>

#include "core/lesson/readout_value.hpp"

namespace aabb::lesson {

std::optional<bool> response_correct(const Question& question, const QuestionState& state) {
    if (question.is_number()) {
        if (!state.number) return std::nullopt;
        return std::abs(*state.number - question.answer) <= question.tolerance;
    }
    if (!state.choice) return std::nullopt;
    return *state.choice == question.answer_choice;
}

std::string answer_text(const Question& question, const Lesson& lesson) {
    if (!question.is_number()) return question.choices[question.answer_choice].text;
    const Readout* readout = find_readout(lesson, question.readout);
    return format_value(ReadoutValue::of_number(question.answer),
                        readout != nullptr ? readout->format : std::string());
}

}  // namespace aabb::lesson

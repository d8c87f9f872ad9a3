#pragma once
// A step's question as the learner meets it: what they answered, whether the answer is shown,
// and whether their response is right. The runtime keeps one QuestionState for the current
// step (lesson_runtime.hpp); the window draws it, the headless JSON prints it.

#include <cstddef>
#include <optional>
#include <string>

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// The learner's side of the current step's question.
struct QuestionState {
    /// Multiple choice: the index of the choice picked; nullopt = none yet.
    std::optional<std::size_t> choice;
    /// Number question: the number given; nullopt = none yet.
    std::optional<double> number;
    /// The answer is shown (the reveal key, or the card's button). Default false.
    bool revealed = false;
    /// States compare member by member.
    [[nodiscard]] bool operator==(const QuestionState&) const = default;
};

/// Whether the learner's response is right: the picked choice is the answer, or the number is
/// within the question's tolerance of it; nullopt while there is no response.
[[nodiscard]] std::optional<bool> response_correct(const Question& question,
                                                   const QuestionState& state);

/// The answer of a number question in its readout's format ("1,000,405", "1.48"); the right
/// choice's English text for multiple choice.
[[nodiscard]] std::string answer_text(const Question& question, const Lesson& lesson);

}  // namespace aabb::lesson

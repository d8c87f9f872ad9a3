// A step's question as the learner meets it: a response is judged right or wrong (a choice by
// index, a number within the tolerance), the answer is written in its readout's format, and the
// runtime keeps the response and the revealed state for the current step only.

#include "core/lesson/lesson_question.hpp"

#include <doctest/doctest.h>

#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_runtime.hpp"

namespace aabb::lesson {
namespace {

constexpr const char* lesson_text = R"({
  "id": "question", "section": 1, "title": "Question",
  "objects": [{"name": "n", "kind": "number", "value": 5}],
  "handles": [{"name": "n", "kind": "slider", "target": "n", "range": [2, 100000]}],
  "readouts": [{"name": "pairs", "kind": "pairs_formula", "args": {"n": "n"}, "format": "%,d"},
               {"name": "growth", "kind": "pairs_formula", "output": "ratio_tenth",
                "args": {"n": "n"}}],
  "steps": [
    {"text": "s", "question": {"text": "pairs for 2,000 boxes?", "answer": 1999000, "tol": 0,
                               "readout": "pairs", "at": {"n": 2000}}},
    {"text": "t", "question": {"text": "10 times the boxes?", "at": {"n": 1000},
                               "choices": [{"text": "10", "when": {"readout": "growth", "op": "<", "value": 30}},
                                           {"text": "100", "when": {"readout": "growth", "op": ">=", "value": 30}}],
                               "answer": "100"}},
    {"text": "u"}
  ]
})";

Lesson lesson() {
    return parse_lesson(lesson_text, "lessons/question.json", "lessons");
}

}  // namespace

namespace {

QuestionState picked(std::size_t choice) {
    QuestionState state;
    state.choice = choice;
    return state;
}

QuestionState typed(double number) {
    QuestionState state;
    state.number = number;
    return state;
}

}  // namespace

TEST_CASE("a response is right within the tolerance, or when it picks the stored choice") {
    const Lesson parsed = lesson();
    const Question& number = *parsed.steps[0].question;
    CHECK_FALSE(response_correct(number, {}).has_value());
    CHECK(*response_correct(number, typed(1999000.0)));
    CHECK_FALSE(*response_correct(number, typed(1999001.0)));
    Question lenient = number;
    lenient.tolerance = 1.0;
    CHECK(*response_correct(lenient, typed(1999001.0)));
    const Question& choice = *parsed.steps[1].question;
    CHECK_FALSE(response_correct(choice, typed(100.0)).has_value());
    CHECK(*response_correct(choice, picked(1)));
    CHECK_FALSE(*response_correct(choice, picked(0)));
    // The answer in the readout's format; the right choice's text.
    CHECK(answer_text(number, parsed) == "1,999,000");
    CHECK(answer_text(choice, parsed) == "100");
}

TEST_CASE("the runtime keeps the response and the revealed state of the current step") {
    LessonRuntime runtime(lesson());
    CHECK(runtime.question_state() == QuestionState{});
    CHECK_THROWS_AS(runtime.choose_answer(0), LessonError);  // a number question
    runtime.answer_number(1999000.0);
    CHECK(runtime.question_state().number == 1999000.0);
    CHECK_FALSE(runtime.question_state().revealed);
    runtime.reveal_answer(true);
    CHECK(runtime.question_state().revealed);
    runtime.reveal_answer(false);
    CHECK_FALSE(runtime.question_state().revealed);
    runtime.reveal_answer(true);
    // Entering a step, restarting it or reloading forgets the response.
    runtime.restart_step();
    CHECK(runtime.question_state() == QuestionState{});
    runtime.go_to_step(1);
    CHECK_THROWS_AS(runtime.answer_number(3.0), LessonError);  // a choice question
    CHECK_THROWS_AS(runtime.choose_answer(2), LessonError);    // two choices
    runtime.choose_answer(1);
    CHECK(*response_correct(*runtime.step().question, runtime.question_state()));
    runtime.go_to_step(2);
    runtime.reveal_answer(true);  // no question: nothing to reveal
    CHECK_FALSE(runtime.question_state().revealed);
    CHECK_THROWS_AS(runtime.choose_answer(0), LessonError);
}

}  // namespace aabb::lesson

// Reading goals (one condition or an array of them), "demonstration" and questions: a
// multiple-choice question names its right choice by text and every choice says when it is
// right; a number question gives its answer, tolerance and readout; every mistake is one error
// naming the file and the JSON path.

#include <doctest/doctest.h>

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_file.hpp"

namespace aabb::lesson {
namespace {

using Json = nlohmann::json;

constexpr const char* source = "lessons/test.json";

Json base_lesson() {
    return Json::parse(R"({
      "id": "test", "section": 2, "title": "Test",
      "objects": [{"name": "A", "kind": "box", "min": [2, 2], "max": [5, 4]},
                  {"name": "B", "kind": "box", "min": [6, 3], "max": [8, 5]}],
      "handles": [{"name": "b_min_x", "kind": "slider", "target": "B.min.x", "keep_size": true,
                   "range": [0, 10]}],
      "readouts": [{"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B"}},
                   {"name": "hit", "kind": "overlap_verdict", "args": {"a": "A", "b": "B"}}],
      "steps": [{"text": "s", "try": "Make dx 0.",
                 "goal": [{"readout": "dx", "op": ">=", "value": 0},
                          {"readout": "dx", "op": "<=", "value": 0.5, "tol": 0.01}],
                 "question": {"text": "Touching: a hit?", "text_zh": "贴边算碰撞吗？",
                              "choices": [{"text": "yes", "text_zh": "是",
                                           "when": {"readout": "hit", "value": true}},
                                          {"text": "no", "when": {"readout": "hit", "value": false},
                                           "at": {"b_min_x": 6}}],
                              "answer": "yes", "at": {"b_min_x": 5},
                              "explain": "closed", "explain_zh": "闭区间"}},
                {"text": "t", "question": {"text": "dx at 4?", "answer": 1, "tol": 0.5,
                                           "readout": "dx", "at": {"b_min_x": 4}}}]
    })");
}

std::string error_of(const std::function<void(Json&)>& mutate) {
    Json lesson = base_lesson();
    mutate(lesson);
    try {
        (void)parse_lesson(lesson.dump(), source, "lessons");
    } catch (const LessonError& error) {
        return error.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("goals of several conditions, and both kinds of question, read into the model") {
    const Lesson lesson = parse_lesson(base_lesson().dump(), source, "lessons");
    const Step& first = lesson.steps[0];
    REQUIRE(first.goal.size() == 2);
    CHECK(first.goal[1].op == CompareOp::less_equal);
    CHECK(first.goal[1].tolerance == 0.01);
    CHECK_FALSE(first.demonstration);
    REQUIRE(first.question.has_value());
    const Question& choice = *first.question;
    CHECK_FALSE(choice.is_number());
    REQUIRE(choice.choices.size() == 2);
    CHECK(choice.answer_choice == 0);
    CHECK(choice.choices[0].text_zh == "是");
    CHECK(choice.choices[1].when[0].value == ReadoutValue::of_bool(false));
    REQUIRE(choice.choices[1].at.size() == 1);
    CHECK(choice.at[0].first == "b_min_x");
    CHECK(choice.at[0].second.numbers[0] == 5.0);
    CHECK(choice.explain_zh == "闭区间");
    const Question& number = *lesson.steps[1].question;
    CHECK(number.is_number());
    CHECK(number.answer == 1.0);
    CHECK(number.tolerance == 0.5);
    CHECK(number.readout == "dx");
    // The question's texts reach the font atlas with the rest of the lesson.
    CHECK(lesson_display_text(lesson).find("贴边算碰撞吗？") != std::string::npos);
    CHECK(lesson_display_text(lesson).find("闭区间") != std::string::npos);
    // One condition without an array, and "demonstration": true with it.
    Json single = base_lesson();
    single["steps"][0]["goal"] = {{"readout", "dx"}, {"value", -1}};
    single["steps"][0]["demonstration"] = true;
    const Lesson demonstration = parse_lesson(single.dump(), source, "lessons");
    REQUIRE(demonstration.steps[0].goal.size() == 1);
    CHECK(demonstration.steps[0].goal[0].op == CompareOp::equal);
    CHECK(demonstration.steps[0].demonstration);
}

TEST_CASE("malformed goals and questions: one error naming the file and the JSON path") {
    struct Case {
        std::function<void(Json&)> mutate;
        std::string message;
    };
    const Case cases[] = {
        {[](Json& j) { j["steps"][0]["goal"] = Json::array(); },
         "lessons/test.json: steps[0].goal: must hold at least one condition"},
        {[](Json& j) { j["steps"][0]["goal"] = 3; },
         "lessons/test.json: steps[0].goal: must be a condition {\"readout\", \"op\", \"value\", "
         "\"tol\"} or an array of them"},
        {[](Json& j) { j["steps"][0]["goal"][1]["readout"] = "dz"; },
         "lessons/test.json: steps[0].goal[1].readout: unknown readout 'dz' (known: dx, hit)"},
        {[](Json& j) { j["steps"][0]["goal"][0]["value"] = true; },
         "lessons/test.json: steps[0].goal[0].value: readout 'dx' gives a number, not true or "
         "false"},
        {[](Json& j) { j["steps"][0]["demonstration"] = "yes"; },
         "lessons/test.json: steps[0].demonstration: must be true or false"},
        {[](Json& j) {
             j["steps"][0].erase("goal");
             j["steps"][0]["demonstration"] = true;
         },
         "lessons/test.json: steps[0].demonstration: marks a goal met on entering the step, but "
         "the step has no goal"},
        {[](Json& j) { j["steps"][0]["question"].erase("text"); },
         "lessons/test.json: steps[0].question.text: is required"},
        {[](Json& j) { j["steps"][0]["question"]["hint"] = "x"; },
         "lessons/test.json: steps[0].question.hint: unknown field"},
        {[](Json& j) { j["steps"][0]["question"].erase("answer"); },
         "lessons/test.json: steps[0].question.answer: is required"},
        {[](Json& j) { j["steps"][0]["question"]["answer"] = "maybe"; },
         "lessons/test.json: steps[0].question.answer: \"maybe\" is not one of the choices "
         "(\"yes\", \"no\")"},
        {[](Json& j) { j["steps"][0]["question"]["choices"].erase(1); },
         "lessons/test.json: steps[0].question.choices: must hold at least 2 choices"},
        {[](Json& j) { j["steps"][0]["question"]["choices"][1]["text"] = "yes"; },
         "lessons/test.json: steps[0].question.choices[1].text: \"yes\" is already a choice"},
        {[](Json& j) { j["steps"][0]["question"]["choices"][0].erase("when"); },
         "lessons/test.json: steps[0].question.choices[0].when: is required: the conditions "
         "under which this choice is right"},
        {[](Json& j) {
             j["steps"][0]["question"]["choices"][1]["at"] = {{"b_min_x", 50}};
         },
         "lessons/test.json: steps[0].question.choices[1].at.b_min_x: handle 'b_min_x': 50 is "
         "outside its range [0, 10]"},
        {[](Json& j) {
             j["steps"][0]["question"]["at"] = {{"nothing", 1}};
         },
         "lessons/test.json: steps[0].question.at.nothing: unknown handle 'nothing' (known: "
         "b_min_x)"},
        {[](Json& j) { j["steps"][0]["question"]["readout"] = "dx"; },
         "lessons/test.json: steps[0].question.readout: is for a number question"},
        {[](Json& j) {
             j["steps"][0]["question"]["choices"] = Json::array();
             for (int i = 0; i < 9; ++i)
                 j["steps"][0]["question"]["choices"].push_back(
                     {{"text", std::to_string(i)},
                      {"when", {{"readout", "hit"}, {"value", true}}}});
         },
         "lessons/test.json: steps[0].question.choices: holds more than 8 entries"},
        {[](Json& j) { j["steps"][1]["question"]["answer"] = "one"; },
         "lessons/test.json: steps[1].question.answer: must be a number (or the text of the "
         "right choice, with \"choices\")"},
        {[](Json& j) { j["steps"][1]["question"].erase("readout"); },
         "lessons/test.json: steps[1].question.readout: is required: the readout whose value is "
         "the answer"},
        {[](Json& j) { j["steps"][1]["question"]["readout"] = "hit"; },
         "lessons/test.json: steps[1].question.readout: readout 'hit' does not give a number"},
        {[](Json& j) { j["steps"][1]["question"]["tol"] = -1; },
         "lessons/test.json: steps[1].question.tol: must not be negative"},
    };
    for (const Case& test : cases) {
        const std::string message = error_of(test.mutate);
        CAPTURE(message);
        CHECK(message.rfind(test.message, 0) == 0);
    }
}

}  // namespace aabb::lesson

// What --check-lessons checks besides expected values (issue 49 items 6 and 7): a goal that
// already holds on entering its step fails unless the step is a demonstration, a demonstration
// whose goal does not hold fails, and a question's stored answer must be what the readouts say
// at the question's state (a number within its tolerance; exactly one right choice).

#include "core/lesson/lesson_checks.hpp"

#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_file.hpp"

namespace aabb::lesson {
namespace {

using Json = nlohmann::json;

// A = [2,5]×[2,4]; B = [b_min_x, b_min_x + 2]×[3,5]: dx = 5 − b_min_x for b_min_x in [3, 6].
Json base_lesson() {
    return Json::parse(R"({
      "id": "checks", "section": 2, "title": "Checks",
      "objects": [{"name": "A", "kind": "box", "min": [2, 2], "max": [5, 4]},
                  {"name": "B", "kind": "box", "min": [6, 3], "max": [8, 5]}],
      "handles": [{"name": "b_min_x", "kind": "slider", "target": "B.min.x", "keep_size": true,
                   "range": [0, 10]}],
      "readouts": [{"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B"}},
                   {"name": "hit", "kind": "overlap_verdict", "args": {"a": "A", "b": "B"}}],
      "steps": [{"text": "s", "set": {"b_min_x": 6}, "try": "Make dx 0.",
                 "goal": {"readout": "dx", "value": 0}}]
    })");
}

LessonRuntime runtime_of(const Json& lesson) {
    return LessonRuntime(parse_lesson(lesson.dump(), "lessons/checks.json", "lessons"),
                         RuntimeOptions{.own_world = true});
}

}  // namespace

TEST_CASE("a goal must not hold on entering its step, unless the step is a demonstration") {
    LessonRuntime fine = runtime_of(base_lesson());
    CHECK(check_goal(fine).empty());  // dx = −1 on entry, the goal asks for 0

    // The reproducer of issue 49: the step's own values already meet the goal.
    Json ticks = base_lesson();
    ticks["steps"][0]["set"]["b_min_x"] = 5;
    LessonRuntime at_entry = runtime_of(ticks);
    const std::vector<std::string> lines = check_goal(at_entry);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] ==
          "lessons/checks.json: steps[0].goal: holds on entering the step (dx == 0: got 0), so "
          "the try box ticks itself; make the goal test what the try asks, or mark the step "
          "\"demonstration\": true");

    ticks["steps"][0]["demonstration"] = true;
    LessonRuntime demonstration = runtime_of(ticks);
    CHECK(check_goal(demonstration).empty());

    // A demonstration whose goal does not hold says nothing true.
    Json stale = base_lesson();
    stale["steps"][0]["demonstration"] = true;
    LessonRuntime wrong = runtime_of(stale);
    const std::vector<std::string> stale_lines = check_goal(wrong);
    REQUIRE(stale_lines.size() == 1);
    CHECK(stale_lines[0] ==
          "lessons/checks.json: steps[0].demonstration: the goal does not hold on entering the "
          "step (dx == 0: got -1)");

    // Every condition of a goal must hold for it to hold: a second one not met keeps it open.
    Json two = base_lesson();
    two["steps"][0]["set"]["b_min_x"] = 5;
    two["steps"][0]["goal"] =
        Json::array({{{"readout", "dx"}, {"value", 0}}, {{"readout", "hit"}, {"value", false}}});
    LessonRuntime partly = runtime_of(two);
    CHECK_FALSE(partly.goal_reached(nullptr));
    CHECK(check_goal(partly).empty());
}

TEST_CASE("a number question's answer is the readout's value at the question's state") {
    Json lesson = base_lesson();
    lesson["steps"][0]["question"] = {{"text", "dx at B.x = [4, 6]?"},
                                      {"answer", 1},
                                      {"tol", 0.1},
                                      {"readout", "dx"},
                                      {"at", {{"b_min_x", 4}}}};
    LessonRuntime right = runtime_of(lesson);
    CHECK(check_question(right).empty());
    // The runtime ends as the step was entered.
    CHECK(right.handle_value("b_min_x").numbers[0] == 6.0);

    lesson["steps"][0]["question"]["answer"] = 1.5;
    LessonRuntime wrong = runtime_of(lesson);
    const std::vector<std::string> lines = check_question(wrong);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] ==
          "lessons/checks.json: steps[0].question.answer: 1.5 is not within 0.1 of dx = 1 (at "
          "b_min_x=4)");
    CHECK(wrong.handle_value("b_min_x").numbers[0] == 6.0);
}

TEST_CASE("a multiple-choice question has exactly one right choice: the stored answer") {
    Json lesson = base_lesson();
    lesson["steps"][0]["question"] = Json::parse(R"({
      "text": "At B.x = [5, 7], do they overlap?", "at": {"b_min_x": 5},
      "choices": [{"text": "yes", "when": {"readout": "hit", "value": true}},
                  {"text": "no", "when": {"readout": "hit", "value": false}},
                  {"text": "only at B.x = [4, 6]", "at": {"b_min_x": 4},
                   "when": [{"readout": "hit", "value": true}, {"readout": "dx", "value": 2}]}],
      "answer": "yes"})");
    LessonRuntime right = runtime_of(lesson);
    CHECK(check_question(right).empty());

    lesson["steps"][0]["question"]["answer"] = "no";
    LessonRuntime wrong = runtime_of(lesson);
    const std::vector<std::string> lines = check_question(wrong);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] ==
          "lessons/checks.json: steps[0].question.choices[0].when: \"yes\" is right too, so the "
          "question has more than one answer: hit == true: got true (at b_min_x=5)");
    CHECK(lines[1] ==
          "lessons/checks.json: steps[0].question.answer: \"no\" is not right: hit == false: got "
          "true (at b_min_x=5)");

    // A choice's own `at` is applied over the question's: at B.x = [4, 6] dx is 1, not 2.
    lesson["steps"][0]["question"]["answer"] = "yes";
    lesson["steps"][0]["question"]["choices"][2]["when"][1]["value"] = 1;
    LessonRuntime both = runtime_of(lesson);
    const std::vector<std::string> twice = check_question(both);
    REQUIRE(twice.size() == 1);
    CHECK(twice[0] ==
          "lessons/checks.json: steps[0].question.choices[2].when: \"only at B.x = [4, 6]\" is "
          "right too, so the question has more than one answer: hit == true: got true; dx == 1: "
          "got 1 (at b_min_x=4)");
}

}  // namespace aabb::lesson

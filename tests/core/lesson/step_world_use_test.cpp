// Whether a lesson step uses the world (issue 49 item 2: the world is drawn only in steps that
// use it): the step's `world` field as read, and the use derived from what the step names.

#include "core/lesson/step_world_use.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_file.hpp"

namespace aabb::lesson {
namespace {

using Json = nlohmann::json;

// A lesson with a scene, an object handle and a world handle, an object readout and a world
// readout, and one plain step; each case adds to the step.
Json lesson_with_step(const Json& step_fields) {
    Json lesson = Json::parse(R"({
      "version": 1, "id": "use", "section": 4, "title": "Use", "scene_file": "scenes/tunneling.json",
      "objects": [
        {"name": "A", "kind": "box", "min": [0, 0], "max": [2, 2]},
        {"name": "B", "kind": "box", "min": [1, 1], "max": [3, 3]}
      ],
      "handles": [
        {"name": "b_x", "kind": "slider", "target": "B.min.x", "range": [0, 5]},
        {"name": "substeps", "kind": "slider", "target": "world.substeps", "range": [1, 8]}
      ],
      "readouts": [
        {"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B", "axis": "x"}},
        {"name": "tests", "kind": "world_stat", "output": "box_tests"}
      ],
      "steps": [{"text": "s"}]
    })");
    for (const auto& [key, value] : step_fields.items())
        lesson["steps"][0][key] = value;
    return lesson;
}

Lesson parsed(const Json& lesson) {
    return parse_lesson(lesson.dump(), "use.json",
                        std::filesystem::path(AABB_SOURCE_DIR) / "lessons");
}

bool uses_world(const Json& step_fields) {
    const Lesson lesson = parsed(lesson_with_step(step_fields));
    return step_uses_world(lesson, lesson.steps[0]);
}

std::string error_of(const Json& step_fields) {
    try {
        (void)parsed(lesson_with_step(step_fields));
    } catch (const LessonError& error) {
        return error.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("a step uses the world when it steps it, reads it, drives it or shows its overlays") {
    CHECK_FALSE(uses_world(Json::object()));
    CHECK_FALSE(uses_world({{"formulas", {"dx = {dx}, B.min.x = {B.min.x}, b = {b_x}"}}}));
    CHECK_FALSE(uses_world({{"goal", {{"readout", "dx"}, {"op", ">="}, {"value", 0}}}}));
    CHECK_FALSE(uses_world({{"handles", {"b_x"}}, {"readouts", {"dx"}}}));
    // Every handle is shown when a step lists none: that says nothing about the world.
    CHECK_FALSE(uses_world({{"expect", {{"dx", 1}}}}));

    CHECK(uses_world({{"frames", 1}}));
    CHECK(uses_world({{"formulas", {"{tests} box tests"}}}));
    CHECK(uses_world({{"formulas", {"N = {substeps}"}}}));
    CHECK(uses_world({{"readouts", {"dx", "tests"}}}));
    CHECK(uses_world({{"handles", {"b_x", "substeps"}}}));
    CHECK(uses_world({{"goal", {{"readout", "tests"}, {"op", ">"}, {"value", 0}}}}));
    CHECK(uses_world({{"expect", {{"tests", 3}}}}));
    CHECK(uses_world({{"show", {"structure"}}}));
    CHECK(uses_world({{"show", {"pair-lines"}}}));
}

TEST_CASE("a step's world field decides over the derived use") {
    const auto display = [](const Json& step_fields) {
        const Lesson lesson = parsed(lesson_with_step(step_fields));
        return step_world_display(lesson, lesson.steps[0]);
    };
    CHECK(display(Json::object()) == WorldDisplay::dimmed);
    CHECK(display({{"frames", 1}}) == WorldDisplay::shown);
    CHECK(display({{"world", "shown"}}) == WorldDisplay::shown);
    CHECK(display({{"world", "hidden"}, {"frames", 1}}) == WorldDisplay::hidden);
    CHECK(display({{"world", "dimmed"}, {"show", {"structure"}}}) == WorldDisplay::dimmed);
}

TEST_CASE("the world field and the canvas details are read and checked") {
    const Lesson lesson = parsed(lesson_with_step({{"world", "hidden"},
                                                   {"show", {"pair-lines", "hover-info"}},
                                                   {"hide", {"contact-points"}}}));
    CHECK(lesson.steps[0].world == WorldDisplay::hidden);
    CHECK(lesson.steps[0].show == std::vector<std::string>{"pair-lines", "hover-info"});
    CHECK_FALSE(parsed(lesson_with_step(Json::object())).steps[0].world.has_value());
    CHECK(error_of({{"world", "faint"}}) ==
          "use.json: steps[0].world: must be \"shown\", \"dimmed\" or \"hidden\", not 'faint'");
    CHECK(error_of({{"world", 1}}).rfind("use.json: steps[0].world: ", 0) == 0);
    CHECK(error_of({{"show", {"hover"}}}) == "use.json: steps[0].show[0]: unknown overlay 'hover'");
}

}  // namespace aabb::lesson

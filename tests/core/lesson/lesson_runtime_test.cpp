// The lesson runtime: steps accumulate their `set` from the defaults, handles are validated,
// dragged (snap, fine, axis lock, keep_size, clamp) and anchored for the canvas, readouts and
// formulas follow the handles, goals tick, expectations report mismatches, world handles bump
// the scene revision, and a reload either replaces the lesson or throws leaving the old one.

#include "core/lesson/lesson_runtime.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/lesson/lesson_file.hpp"
#include "core/scene/scene_world.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb::lesson {
namespace {

constexpr const char* lesson_text = R"({
  "version": 1, "id": "runtime", "section": 2, "title": "Runtime",
  "objects": [
    {"name": "A", "kind": "box", "min": [2, 2], "max": [5, 4], "color": "a"},
    {"name": "B", "kind": "box", "min": [6, 3], "max": [8, 5], "color": "b"},
    {"name": "P", "kind": "point", "value": [1, 1], "color": "c"},
    {"name": "d", "kind": "vector", "value": [2, 0], "from": "P"},
    {"name": "flag", "kind": "number", "value": 0},
    {"name": "choice", "kind": "number", "value": 0},
    {"name": "k", "kind": "number", "value": 0}
  ],
  "gadgets": [{"name": "bars", "kind": "interval_bars", "a": "A", "b": "B"},
              {"kind": "slab_view", "box": "A", "origin": "P", "direction": "d"}],
  "handles": [
    {"name": "b_min_x", "kind": "slider", "target": "B.min.x", "keep_size": true, "range": [0, 10], "snap": 0.5},
    {"name": "b_min_y", "kind": "slider", "target": "B.min.y", "keep_size": true, "range": [0, 10], "snap": 0.5},
    {"name": "P", "kind": "point", "target": "P", "range": [[-5, 5], [-5, 5]], "axis": "x"},
    {"name": "tip", "kind": "vector", "target": "d", "range": [-4, 4]},
    {"name": "corner", "kind": "corner", "target": "A.max", "range": [[2, 10], [2, 10]]},
    {"name": "flag", "kind": "toggle", "target": "flag"},
    {"name": "mode", "kind": "choice", "target": "choice", "choices": ["off", "on"]},
    {"name": "count", "kind": "slider", "target": "k", "range": [0, 9], "integer": true}
  ],
  "readouts": [
    {"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B", "axis": "x"}, "format": "%.2f", "color": "slab_x"},
    {"name": "hit", "kind": "overlap_verdict", "args": {"a": "A", "b": "B"}}
  ],
  "steps": [
    {"text": "one", "set": {"b_min_x": 6}, "readouts": ["dx"], "gadgets": ["bars"],
     "formulas": ["dx = min({A.max.x}, {B.max.x}) − max({A.min.x}, {b_min_x}) = {dx}"],
     "goal": {"readout": "dx", "op": ">=", "value": 0}, "expect": {"dx": -1, "hit": false}},
    {"text": "two", "set": {"b_min_y": 4}, "handles": ["b_min_x"], "gadgets": [], "expect": {"dx": -1}},
    {"text": "three", "set": {"b_min_x": 5}, "expect": {"dx": 0, "hit": true}}
  ]
})";

LessonRuntime make_runtime() {
    return LessonRuntime(parse_lesson(lesson_text, "lessons/runtime.json", "lessons"));
}

}  // namespace

TEST_CASE("steps accumulate their sets from the defaults") {
    LessonRuntime runtime = make_runtime();
    CHECK(runtime.step_count() == 3);
    CHECK(runtime.handle_value("b_min_x").numbers[0] == 6.0);
    CHECK(runtime.handle_value("b_min_y").numbers[0] == 3.0);
    runtime.go_to_step(1);
    CHECK(runtime.handle_value("b_min_x").numbers[0] == 6.0);  // from step 0
    CHECK(runtime.handle_value("b_min_y").numbers[0] == 4.0);
    CHECK(runtime.object("B")->box == Box2{{6, 4}, {8, 6}});  // keep_size moved max too
    runtime.set_handle("b_min_x", HandleValue{{1, 0}});
    runtime.go_to_step(1);  // restart discards the learner's change
    CHECK(runtime.handle_value("b_min_x").numbers[0] == 6.0);
    runtime.go_to_step(0);
    CHECK(runtime.handle_value("b_min_y").numbers[0] == 3.0);
    CHECK_THROWS_WITH_AS(runtime.go_to_step(3),
                         "lessons/runtime.json: there is no step 4 (the lesson has 3)",
                         LessonError);
}

TEST_CASE(
    "set_handle validates: unknown handle, out of range, fractions, non-finite — nothing changes") {
    LessonRuntime runtime = make_runtime();
    CHECK_THROWS_WITH_AS(
        runtime.set_handle("zz", HandleValue{}),
        "unknown handle 'zz' (known: b_min_x, b_min_y, P, tip, corner, flag, mode, count)",
        LessonError);
    CHECK_THROWS_WITH_AS(runtime.set_handle("b_min_x", HandleValue{{50, 0}}),
                         "handle 'b_min_x': 50 is outside its range [0, 10]", LessonError);
    CHECK_THROWS_WITH_AS(runtime.set_handle("P", HandleValue{{1, 9}}),
                         "handle 'P': y = 9 is outside its range [-5, 5]", LessonError);
    CHECK_THROWS_WITH_AS(runtime.set_handle("count", HandleValue{{2.5, 0}}),
                         "handle 'count': 2.5 is not a whole number (range [0, 9])", LessonError);
    CHECK_THROWS_WITH_AS(runtime.set_handle("b_min_x", HandleValue{{std::nan(""), 0}}),
                         "handle 'b_min_x': the value is not a finite number (range [0, 10])",
                         LessonError);
    CHECK_THROWS_WITH_AS(
        runtime.set_handle_text("mode", "maybe"),
        "handle 'mode': \"maybe\" is not a value (expected a choice: one of off, on)", LessonError);
    CHECK_THROWS_AS(runtime.set_handle_text("b_min_x", "5;rm"), LessonError);
    CHECK(runtime.handle_value("b_min_x").numbers[0] == 6.0);
    runtime.set_handle_text("P", "2,3");
    CHECK(runtime.object("P")->vector == glm::vec2(2, 3));
    runtime.set_handle_text("mode", "on");
    CHECK(runtime.handle_value_text("mode") == "on");
    runtime.set_handle_text("flag", "true");
    CHECK(runtime.handle_value_text("flag") == "true");
    runtime.set_handle_text("b_min_x", "5.25");
    CHECK(runtime.handle_value_text("b_min_x") == "5.25");
}

TEST_CASE("anchors: a coordinate slider sits on its corner, a vector handle on its tip") {
    LessonRuntime runtime = make_runtime();
    CHECK(*runtime.anchor("b_min_x") == glm::vec2(6, 3));
    CHECK(*runtime.anchor("b_min_y") == glm::vec2(6, 3));
    CHECK(*runtime.anchor("P") == glm::vec2(1, 1));
    CHECK(*runtime.anchor("tip") == glm::vec2(3, 1));  // tail P + d
    CHECK(*runtime.anchor("corner") == glm::vec2(5, 4));
    CHECK_FALSE(runtime.anchor("flag").has_value());
    CHECK_FALSE(runtime.anchor("nope").has_value());
    // Handles that share an anchor are grabbed together; others are not.
    CHECK(runtime.handles_at({6.1f, 3.1f}, 0.5f) == std::vector<std::string>{"b_min_x", "b_min_y"});
    CHECK(runtime.handles_at({1.1f, 1.0f}, 0.5f) == std::vector<std::string>{"P"});
    CHECK(runtime.handles_at({20, 20}, 0.5f).empty());
    runtime.go_to_step(1);  // only b_min_x is visible
    CHECK(runtime.handles_at({6.1f, 4.1f}, 0.5f) == std::vector<std::string>{"b_min_x"});
}

TEST_CASE("drag: snap, fine (Shift), clamp, axis lock and keep_size") {
    LessonRuntime runtime = make_runtime();
    CHECK(runtime.drag("b_min_x", {5.3f, 0}, false).numbers[0] == 5.5);
    CHECK(runtime.object("B")->box.max.x == 7.5f);  // keep_size
    CHECK(runtime.drag("b_min_x", {5.33f, 0}, true).numbers[0] == doctest::Approx(5.35));
    CHECK(runtime.drag("b_min_x", {50, 0}, false).numbers[0] == 10.0);  // clamped
    CHECK(runtime.drag("b_min_x", {-3, 0}, false).numbers[0] == 0.0);
    // P is locked to x: y stays, x snaps to the default 0.5.
    const HandleValue p = runtime.drag("P", {2.2f, 4.0f}, false);
    CHECK(p.numbers[0] == 2.0);
    CHECK(p.numbers[1] == 1.0);
    // A vector handle maps the tip back to the vector (tip − tail).
    const HandleValue tip = runtime.drag("tip", {3.0f, 3.0f}, false);
    CHECK(tip.numbers[0] == 1.0);  // tail (2, 1) after P moved
    CHECK(tip.numbers[1] == 2.0);
    CHECK(runtime.drag("corner", {7.2f, 3.1f}, false) == HandleValue{{7.0, 3.0}});
    CHECK(runtime.object("A")->box == Box2{{2, 2}, {7, 3}});
    CHECK_THROWS_WITH_AS(runtime.drag("flag", {0, 0}, false),
                         "handle 'flag' has no place on the canvas to drag", LessonError);
}

TEST_CASE("readouts, formulas, goal and expectations follow the handles") {
    LessonRuntime runtime = make_runtime();
    const std::vector<ReadoutResult> readouts = runtime.readouts(nullptr);
    REQUIRE(readouts.size() == 2);
    CHECK(readouts[0].text == "-1.00");
    CHECK(readouts[0].visible);
    CHECK_FALSE(readouts[1].visible);  // step 0 shows dx only
    const std::vector<ResolvedFormula> formulas = runtime.formulas(nullptr);
    REQUIRE(formulas.size() == 1);
    CHECK(formulas[0].plain_text() == "dx = min(5, 8) − max(2, 6) = -1.00");
    const std::vector<FormulaSegment>& segments = formulas[0].segments;
    REQUIRE(segments.size() == 10);
    CHECK(segments[1].ref == FormulaRef::object_field);
    CHECK(segments[1].name == "A.max.x");
    CHECK(segments[1].color == "a");
    CHECK(segments[1].handle == "corner");  // A.max is driven by the corner handle
    CHECK(segments[7].ref == FormulaRef::handle);
    CHECK(segments[7].handle == "b_min_x");
    CHECK(segments[7].color == "b");
    CHECK(segments[9].ref == FormulaRef::readout);
    CHECK(segments[9].color == "slab_x");
    CHECK_FALSE(runtime.goal_reached(nullptr));
    CHECK(runtime.check_expectations(nullptr).empty());
    runtime.set_handle("b_min_x", HandleValue{{5, 0}});
    CHECK(runtime.goal_reached(nullptr));
    const std::vector<std::string> lines = runtime.check_expectations(nullptr);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "lessons/runtime.json: steps[0].expect.dx: got 0, want -1 (b_min_x=5)");
    CHECK(lines[1] ==
          "lessons/runtime.json: steps[0].expect.hit: got true, want false (b_min_x=5)");
    runtime.go_to_step(2);
    CHECK(runtime.check_expectations(nullptr).empty());
    CHECK_THROWS_AS((void)runtime.readout("nope", nullptr), LessonError);
}

TEST_CASE(
    "a step without a readouts list shows what its goal and expectations name, less its formulas") {
    LessonRuntime runtime = make_runtime();
    runtime.go_to_step(1);  // expects dx only
    std::vector<ReadoutResult> readouts = runtime.readouts(nullptr);
    CHECK(readouts[0].visible);
    CHECK_FALSE(readouts[1].visible);
    runtime.go_to_step(2);  // expects dx and hit
    readouts = runtime.readouts(nullptr);
    CHECK(readouts[0].visible);
    CHECK(readouts[1].visible);

    std::string text = lesson_text;
    const std::string from = R"("text": "three", )";
    text.replace(text.find(from), from.size(), R"("text": "three", "formulas": ["dx = {dx}"], )");
    LessonRuntime with_formula(parse_lesson(text, "lessons/runtime.json", "lessons"));
    with_formula.go_to_step(2);
    readouts = with_formula.readouts(nullptr);
    CHECK_FALSE(readouts[0].visible);  // the formula prints it already
    CHECK(readouts[1].visible);
}

TEST_CASE("gadgets: named ones only in the steps that list them") {
    LessonRuntime runtime = make_runtime();
    CHECK(runtime.gadget_visible(0));
    CHECK(runtime.gadget_visible(1));  // unnamed: always
    runtime.go_to_step(1);
    CHECK_FALSE(runtime.gadget_visible(0));
    CHECK(runtime.gadget_visible(1));
    runtime.go_to_step(2);  // lists nothing: every gadget
    CHECK(runtime.gadget_visible(0));
    CHECK_FALSE(runtime.gadget_visible(7));
}

TEST_CASE("world handles change the scene and its revision — object handles do not") {
    const char* text = R"({
      "id": "world", "section": 5, "title": "World", "scene_file": "scenes/tunneling.json",
      "objects": [{"name": "v", "kind": "number", "value": 10}, {"name": "w", "kind": "number", "value": 0}],
      "handles": [
        {"name": "speed", "kind": "slider", "target": ["v", "world.bodies[1].velocity.x"], "range": [1, 40]},
        {"name": "substeps", "kind": "slider", "target": "world.substeps", "range": [1, 8]},
        {"name": "detection", "kind": "choice", "target": "world.detection"},
        {"name": "other", "kind": "slider", "target": "w", "range": [0, 1]}
      ],
      "readouts": [{"name": "tunneled", "kind": "world_stat", "output": "tunneled"}],
      "steps": [{"text": "s", "frames": 1, "expect": {"tunneled": 1}},
                {"text": "t", "frames": 1, "set": {"substeps": 2}, "expect": {"tunneled": 0}}]
    })";
    LessonRuntime runtime(
        parse_lesson(text, "w.json", std::filesystem::path(AABB_SOURCE_DIR) / "lessons"),
        RuntimeOptions{.own_world = true});
    REQUIRE(runtime.scene() != nullptr);
    CHECK(runtime.scene()->bodies[1].body.velocity.x == 10.0f);
    CHECK(runtime.world_steps() == 1);
    CHECK(runtime.check_expectations(runtime.own_world()).empty());
    const std::uint64_t revision = runtime.scene_revision();
    runtime.set_handle("speed", HandleValue{{20, 0}});
    CHECK(runtime.scene_revision() != revision);
    CHECK(runtime.scene()->bodies[1].body.velocity.x == 20.0f);
    CHECK(runtime.object("v")->number == 20.0);
    const std::uint64_t after_speed = runtime.scene_revision();
    const std::uint64_t state = runtime.state_revision();
    runtime.set_handle("other", HandleValue{{0.5, 0}});  // an object handle
    CHECK(runtime.scene_revision() == after_speed);
    CHECK(runtime.state_revision() != state);
    runtime.set_handle_text("detection", "swept");
    CHECK(runtime.scene()->bodies[1].body.detection == DetectionMode::swept);
    runtime.go_to_step(1);
    CHECK(runtime.world_steps() == 2);  // 1 frame × 2 substeps
    CHECK(runtime.scene()->world.time_step == 0.5f);
    CHECK(runtime.check_expectations(runtime.own_world()).empty());
    // Without own_world there is no world of its own, and world readouts are null.
    LessonRuntime window(
        parse_lesson(text, "w.json", std::filesystem::path(AABB_SOURCE_DIR) / "lessons"));
    CHECK(window.own_world() == nullptr);
    CHECK(window.readout("tunneled", nullptr).type == ValueType::null);
}

TEST_CASE("reload: a new lesson, or an error that leaves the old one running") {
    const std::filesystem::path path =
        testing::unique_temporary_path("aabb_reload_lesson", ".json");
    const auto write = [&](const std::string& text) {
        std::ofstream file(path, std::ios::trunc);
        file << text;
    };
    write(lesson_text);
    LessonRuntime runtime = LessonRuntime::load(path);
    runtime.go_to_step(2);
    std::string edited = lesson_text;
    edited.replace(edited.find("\"title\": \"Runtime\""), 18, "\"title\": \"Edited!\"");
    write(edited);
    runtime.reload();
    CHECK(runtime.lesson().title == "Edited!");
    CHECK(runtime.current_step() == 2);  // the same step again
    write("{\"id\": \"broken\"");
    CHECK_THROWS_AS(runtime.reload(), LessonError);
    CHECK(runtime.lesson().title == "Edited!");  // nothing half-applied
    CHECK(runtime.current_step() == 2);
    CHECK(runtime.handle_value("b_min_x").numbers[0] == 5.0);
    std::filesystem::remove(path);
    LessonRuntime unsaved = make_runtime();
    CHECK_THROWS_AS(unsaved.reload(), LessonError);
}

TEST_CASE("a readout is computed once per state, however many formulas name it (issue 48)") {
    // 64 formulas naming a growing box of 100,000 steps 900 times each: 57,600 computations a
    // frame without the cache (the window never drew its first frame), one with it.
    std::string formula;
    for (int i = 0; i < 900; ++i)
        formula += "{g} ";
    std::string formulas;
    for (int i = 0; i < 64; ++i)
        formulas += (i == 0 ? "\"" : ", \"") + formula + "\"";
    const std::string text = R"({
      "id": "formulas", "section": 2, "title": "Formulas",
      "objects": [{"name": "bar", "kind": "box", "min": [-1, -0.05], "max": [1, 0.05]},
                  {"name": "dtheta", "kind": "number", "value": 45},
                  {"name": "k", "kind": "number", "value": 100000}],
      "handles": [{"name": "k", "kind": "slider", "target": "k", "range": [0, 100000]}],
      "readouts": [{"name": "g", "kind": "growing_box", "output": "bug_width",
                    "args": {"box": "bar", "step_deg": "dtheta", "steps": "k"}},
                   {"name": "angle", "kind": "growing_box", "output": "angle_deg",
                    "args": {"box": "bar", "step_deg": "dtheta", "steps": "k"}}],
      "steps": [{"text": "s", "formulas": [)" +
                             formulas + R"(], "goal": {"readout": "angle", "op": ">", "value": 0}}]
    })";
    LessonRuntime runtime(parse_lesson(text, "f.json", "lessons"));
    const auto start = std::chrono::steady_clock::now();
    for (int frame = 0; frame < 10; ++frame) {
        runtime.new_frame();
        CHECK(runtime.formulas(nullptr).size() == 64);
        CHECK(runtime.readouts(nullptr).size() == 2);
        CHECK(runtime.goal_reached(nullptr));
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(runtime.readout_evaluations() == 2);  // neither reads the world: kept across frames
    CHECK(seconds < 60.0);  // a hang guard only: the evaluation count above bounds the work
    runtime.set_handle("k", HandleValue{{10, 0}});
    CHECK(runtime.readout("angle", nullptr).number == doctest::Approx(450.0));
    CHECK(runtime.formulas(nullptr).front().segments.size() == 1800);
    CHECK(runtime.readout_evaluations() == 4);  // a new state: each once more
}

TEST_CASE("readouts of the world are computed again when the world steps or a frame starts") {
    const char* text = R"({
      "id": "world", "section": 5, "title": "World", "scene_file": "scenes/tunneling.json",
      "objects": [{"name": "A", "kind": "box", "min": [0, 0], "max": [1, 1]},
                  {"name": "B", "kind": "box", "min": [0.5, 0], "max": [2, 1]}],
      "readouts": [{"name": "frame", "kind": "world_stat", "output": "frame"},
                   {"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B", "axis": "x"}}],
      "steps": [{"text": "s", "frames": 1, "formulas": ["{frame} {frame} {dx} {dx}"]}]
    })";
    LessonRuntime runtime(
        parse_lesson(text, "w.json", std::filesystem::path(AABB_SOURCE_DIR) / "lessons"));
    World world = build_world(*runtime.scene());
    CHECK(runtime.readout("frame", &world).number == 0.0);
    CHECK(runtime.formulas(&world).front().plain_text() == "0 0 0.5 0.5");
    CHECK(runtime.readout_evaluations() == 2);
    world.step();
    CHECK(runtime.readout("frame", &world).number == 1.0);
    CHECK(runtime.readout_evaluations() == 3);  // the world's readout only
    runtime.new_frame();
    CHECK(runtime.readout("frame", &world).number == 1.0);
    CHECK(runtime.readout("dx", &world).number == 0.5);
    CHECK(runtime.readout_evaluations() == 4);
    CHECK(runtime.readout("frame", nullptr).type == ValueType::null);  // another world
}

}  // namespace aabb::lesson

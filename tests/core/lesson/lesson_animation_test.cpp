// A step's animation (Step::animate): the clock with fixed time steps (clamping at the end,
// looping after the hold, whole-number shares, running backwards, pausing, playing from the end
// starting over), the runtime moving the handle and everything that reads it, a learner's
// change pausing it, the reader's validation with one error naming the JSON path, and the
// state `--readouts` prints.

#include "core/lesson/lesson_animation.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_headless.hpp"
#include "core/lesson/lesson_runtime.hpp"

namespace aabb::lesson {
namespace {

using Json = nlohmann::json;

Animation pass(double from, double to, double seconds, bool loop = false, double hold = 1.0) {
    Animation animation;
    animation.handle = "tau";
    animation.from = from;
    animation.to = to;
    animation.seconds = seconds;
    animation.loop = loop;
    animation.hold = hold;
    return animation;
}

// A bullet box moving by dA over the step; tau places it, k counts whole turns.
Json animated_lesson() {
    return Json::parse(R"({
      "version": 1, "id": "moving", "section": 5, "title": "Moving",
      "objects": [
        {"name": "A", "kind": "box", "min": [0, 0], "max": [1, 1]},
        {"name": "W", "kind": "box", "min": [5, 0], "max": [5.5, 1]},
        {"name": "dA", "kind": "vector", "value": [10, 0], "from": "A"},
        {"name": "tau", "kind": "number", "value": 0},
        {"name": "k", "kind": "number", "value": 0}
      ],
      "handles": [
        {"name": "tau", "kind": "slider", "target": "tau", "range": [0, 1]},
        {"name": "turns", "kind": "slider", "target": "k", "range": [0, 8], "integer": true},
        {"name": "width", "kind": "slider", "target": "W.max.x", "range": [5, 9]}
      ],
      "readouts": [
        {"name": "at_tau", "kind": "swept", "output": "tau_overlaps",
         "args": {"a": "A", "b": "W", "da": "dA", "tau": "tau"}},
        {"name": "enter", "kind": "swept", "output": "enter", "args": {"a": "A", "b": "W", "da": "dA"}}
      ],
      "steps": [
        {"text": "tau", "set": {"tau": 0.25},
         "animate": {"handle": "tau", "from": 0, "to": 1, "seconds": 4, "loop": true, "hold": 1},
         "expect": {"at_tau": false}},
        {"text": "turns", "set": {"turns": 8},
         "animate": {"handle": "turns", "from": 0, "to": 8, "seconds": 9}},
        {"text": "still", "set": {"tau": 0.47}, "expect": {"at_tau": true}},
        {"text": "paused", "animate": {"handle": "tau", "autoplay": false}}
      ]
    })");
}

LessonRuntime animated_runtime() {
    return LessonRuntime(parse_lesson(animated_lesson().dump(), "lessons/moving.json", "lessons"));
}

std::string error_of(const std::function<void(Json&)>& mutate) {
    Json lesson = animated_lesson();
    mutate(lesson);
    try {
        (void)parse_lesson(lesson.dump(), "lessons/moving.json", "lessons");
    } catch (const LessonError& error) {
        return error.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("the clock: fixed steps move the value, the end clamps, a pause stops it") {
    const Animation animation = pass(0.0, 1.0, 4.0);
    AnimationState state = animation_start(animation, false, 0.0);
    CHECK(state.playing);  // autoplay by default
    CHECK(state.clock == 0.0);
    for (int frame = 0; frame < 60; ++frame)
        advance_animation(state, animation, 1.0 / 60.0);
    CHECK(animation_value(animation, false, state.clock) == doctest::Approx(0.25));
    CHECK(animation_progress(animation, state.clock) == doctest::Approx(0.25));
    set_animation_playing(state, animation, false);
    advance_animation(state, animation, 10.0);
    CHECK(state.clock == doctest::Approx(1.0));  // paused: nothing moves
    set_animation_playing(state, animation, true);
    advance_animation(state, animation, 10.0);  // past the end without a loop
    CHECK(state.clock == 4.0);
    CHECK_FALSE(state.playing);
    CHECK(animation_value(animation, false, state.clock) == 1.0);
    // Negative, zero and NaN time move nothing.
    set_animation_playing(state, animation, true);
    CHECK(state.restart);  // playing from the end starts over …
    advance_animation(state, animation, -1.0);
    advance_animation(state, animation, 0.0);
    advance_animation(state, animation, std::nan(""));
    CHECK(state.clock == 4.0);
    advance_animation(state, animation, 0.5);  // … on the first real time step
    CHECK(state.clock == doctest::Approx(0.5));
    CHECK_FALSE(state.restart);
    // Values outside the pass clamp.
    CHECK(animation_value(animation, false, -3.0) == 0.0);
    CHECK(animation_value(animation, false, 99.0) == 1.0);
    CHECK(animation_clock_at(animation, false, 2.0) == 4.0);
    CHECK(animation_clock_at(animation, false, -2.0) == 0.0);
}

TEST_CASE("the clock: a loop rests at the end for its hold, then starts over") {
    const Animation animation = pass(0.0, 1.0, 2.0, true, 0.5);
    AnimationState state = animation_start(animation, false, 0.0);
    advance_animation(state, animation, 2.25);  // in the hold: the value stays at `to`
    CHECK(state.playing);
    CHECK(animation_value(animation, false, state.clock) == 1.0);
    CHECK(animation_progress(animation, state.clock) == 1.0);
    advance_animation(state, animation, 0.5);  // 2.75 s: 0.25 s into the next pass
    CHECK(state.clock == doctest::Approx(0.25));
    CHECK(animation_value(animation, false, state.clock) == doctest::Approx(0.125));
    advance_animation(state, animation, 2.5 * 100.0);  // many periods at once: same phase
    CHECK(state.clock == doctest::Approx(0.25));
    // A loop without a hold wraps at the end.
    const Animation no_hold = pass(0.0, 1.0, 2.0, true, 0.0);
    AnimationState wrapping = animation_start(no_hold, false, 0.0);
    advance_animation(wrapping, no_hold, 2.5);
    CHECK(wrapping.clock == doctest::Approx(0.5));
}

TEST_CASE("the clock: whole numbers get equal shares, and a pass may run backwards") {
    const Animation turns = pass(0.0, 8.0, 9.0);  // 9 values, 1 s each
    for (int second = 0; second < 9; ++second)
        CHECK(animation_value(turns, true, second + 0.5) == second);
    CHECK(animation_value(turns, true, 8.99) == 8.0);
    CHECK(animation_value(turns, true, 9.0) == 8.0);
    for (int value = 0; value <= 8; ++value)
        CHECK(animation_value(turns, true, animation_clock_at(turns, true, value)) == value);
    CHECK(animation_clock_at(turns, true, 8.0) == 9.0);  // the end, so play starts over
    const Animation down = pass(1.0, 0.0, 2.0);
    CHECK(animation_value(down, false, 0.5) == doctest::Approx(0.75));
    CHECK(animation_clock_at(down, false, 0.25) == doctest::Approx(1.5));
    const Animation countdown = pass(3.0, 0.0, 4.0);
    CHECK(animation_value(countdown, true, 0.1) == 3.0);
    CHECK(animation_value(countdown, true, 3.9) == 0.0);
}

TEST_CASE("the runtime: entering a step keeps its value, time moves the handle") {
    LessonRuntime runtime = animated_runtime();
    REQUIRE(runtime.animation() != nullptr);
    CHECK(runtime.animation()->handle == "tau");
    // The step's own value: headless and --check-lessons see it.
    CHECK(runtime.handle_value("tau").numbers[0] == 0.25);
    CHECK(runtime.animation_state().clock == doctest::Approx(1.0));
    CHECK(runtime.animation_state().playing);
    CHECK(runtime.check_expectations(nullptr).empty());
    const std::uint64_t before = runtime.state_revision();
    CHECK(runtime.advance_animation(1.0));  // 2 s into a 4 s pass
    CHECK(runtime.handle_value("tau").numbers[0] == doctest::Approx(0.5));
    CHECK(runtime.object("tau")->number == doctest::Approx(0.5));
    CHECK(runtime.state_revision() != before);
    CHECK(runtime.readout("at_tau", nullptr).flag);  // A at [5, 6] meets the wall
    CHECK_FALSE(runtime.advance_animation(0.0));
    // A learner's value pauses it there; playing again moves on from it.
    runtime.set_handle("tau", HandleValue{{0.1, 0.0}});
    CHECK_FALSE(runtime.animation_state().playing);
    CHECK(runtime.animation_state().clock == doctest::Approx(0.4));
    CHECK_FALSE(runtime.advance_animation(1.0));
    CHECK(runtime.handle_value("tau").numbers[0] == 0.1);
    runtime.toggle_animation();
    CHECK(runtime.advance_animation(0.4));
    CHECK(runtime.handle_value("tau").numbers[0] == doctest::Approx(0.2));
    // Another handle does not pause it.
    runtime.set_handle("width", HandleValue{{6.0, 0.0}});
    CHECK(runtime.animation_state().playing);
    // --set goes through set_handle: paused at the value.
    runtime.set_handle_text("tau", "0.75");
    CHECK_FALSE(runtime.animation_state().playing);
    CHECK(runtime.animation_state().clock == doctest::Approx(3.0));
    // Restarting the step starts the animation again from the step's value.
    runtime.restart_step();
    CHECK(runtime.handle_value("tau").numbers[0] == 0.25);
    CHECK(runtime.animation_state().playing);
}

TEST_CASE("the runtime: autoplay at the end starts over; steps without animate stand still") {
    LessonRuntime runtime = animated_runtime();
    runtime.go_to_step(1);
    CHECK(runtime.handle_value("turns").numbers[0] == 8.0);  // the step's picture: 8 turns
    CHECK(runtime.animation_state().restart);
    CHECK(runtime.advance_animation(0.5));  // starts over: turn 0
    CHECK(runtime.handle_value("turns").numbers[0] == 0.0);
    for (int second = 0; second < 8; ++second)
        (void)runtime.advance_animation(1.0);
    CHECK(runtime.handle_value("turns").numbers[0] == 8.0);
    (void)runtime.advance_animation(5.0);
    CHECK_FALSE(runtime.animation_state().playing);  // no loop: it stops at 8
    CHECK(runtime.handle_value("turns").numbers[0] == 8.0);
    runtime.go_to_step(2);
    CHECK(runtime.animation() == nullptr);
    CHECK_FALSE(runtime.advance_animation(1.0));
    runtime.toggle_animation();  // nothing to play
    CHECK_FALSE(runtime.animation_state().playing);
    CHECK(runtime.check_expectations(nullptr).empty());
    runtime.go_to_step(3);  // defaults: the whole range, paused
    CHECK(runtime.animation()->from == 0.0);
    CHECK(runtime.animation()->to == 1.0);
    CHECK_FALSE(runtime.animation_state().playing);
    CHECK_FALSE(runtime.advance_animation(1.0));
}

TEST_CASE("animate: the reader checks the handle, the pass and the timing") {
    const auto at = [](auto&& change) {
        return error_of([&](Json& j) { change(j["steps"][0]["animate"]); });
    };
    CHECK(at([](Json& a) { a["handle"] = "nope"; }) ==
          "lessons/moving.json: steps[0].animate.handle: unknown handle 'nope' (known: tau, "
          "turns, width)");
    CHECK(at([](Json& a) { a.erase("handle"); }) ==
          "lessons/moving.json: steps[0].animate.handle: is required");
    CHECK(at([](Json& a) {
              a["speed"] = 2;
          }).rfind("lessons/moving.json: steps[0].animate.speed: unknown field", 0) == 0);
    CHECK(at([](Json& a) { a["from"] = 2; }) ==
          "lessons/moving.json: steps[0].animate.from: handle 'tau': 2 is outside its range "
          "[0, 1]");
    CHECK(at([](Json& a) { a["to"] = 0; }) ==
          "lessons/moving.json: steps[0].animate.to: must differ from `from` (0)");
    CHECK(at([](Json& a) { a["seconds"] = 0; }) ==
          "lessons/moving.json: steps[0].animate.seconds: must be above 0 and at most 600 "
          "(seconds)");
    CHECK(at([](Json& a) { a["seconds"] = 601; }) ==
          "lessons/moving.json: steps[0].animate.seconds: must be above 0 and at most 600 "
          "(seconds)");
    CHECK(at([](Json& a) { a["hold"] = -1; }) ==
          "lessons/moving.json: steps[0].animate.hold: must be in [0, 60] (seconds)");
    CHECK(at([](Json& a) { a["loop"] = "yes"; }) ==
          "lessons/moving.json: steps[0].animate.loop: must be true or false");
    CHECK(at([](Json& a) { a["seconds"] = "4"; }) ==
          "lessons/moving.json: steps[0].animate.seconds: must be a number");
    CHECK(error_of([](Json& j) { j["steps"][1]["animate"]["to"] = 7.5; }) ==
          "lessons/moving.json: steps[1].animate.to: handle 'turns' takes whole numbers, "
          "not 7.5");
    CHECK(error_of([](Json& j) {
              j["steps"][0]["animate"] = 1;
          }).rfind("lessons/moving.json: steps[0].animate: must be an object", 0) == 0);
    // Only sliders of the lesson's own objects.
    CHECK(error_of([](Json& j) {
              j["objects"].push_back(
                  Json::parse(R"({"name": "P", "kind": "point", "value": [0, 0]})"));
              j["handles"].push_back(Json::parse(
                  R"({"name": "spot", "kind": "point", "target": "P", "range": [-1, 1]})"));
              j["steps"][0]["animate"]["handle"] = "spot";
          }) ==
          "lessons/moving.json: steps[0].animate.handle: handle 'spot' is not a slider; "
          "only a slider can be animated");
    CHECK(
        error_of([](Json& j) {
            j["scene"] = Json::object();
            j["handles"].push_back(Json::parse(
                R"({"name": "dt", "kind": "slider", "target": "world.time_step", "range": [0.01, 1]})"));
            j["steps"][0]["animate"] = Json::parse(R"({"handle": "dt"})");
        }) ==
        "lessons/moving.json: steps[0].animate.handle: handle 'dt' drives the world "
        "(world.time_step); only handles of the lesson's objects can be animated, since "
        "the world is rebuilt whenever a world handle changes");
}

TEST_CASE("--readouts states the animation of the step") {
    LessonRuntime runtime = animated_runtime();
    const Json state = Json::parse(state_json(runtime));
    REQUIRE(state.contains("animate"));
    const Json& animate = state["animate"];
    CHECK(animate["handle"] == "tau");
    CHECK(animate["value"] == 0.25);
    CHECK(animate["from"] == 0);
    CHECK(animate["to"] == 1);
    CHECK(animate["seconds"] == 4);
    CHECK(animate["loop"] == true);
    CHECK(animate["clock"] == 1);
    CHECK(animate["progress"] == 0.25);
    CHECK(animate["playing"] == true);
    runtime.set_handle_text("tau", "0.5");
    const Json paused = Json::parse(state_json(runtime));
    CHECK(paused["animate"]["value"] == 0.5);
    CHECK(paused["animate"]["playing"] == false);
    runtime.go_to_step(2);
    CHECK_FALSE(Json::parse(state_json(runtime)).contains("animate"));
}

}  // namespace aabb::lesson

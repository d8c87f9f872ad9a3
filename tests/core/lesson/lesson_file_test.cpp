// Reading lesson files: a valid lesson reads into the data model, and every malformed one
// fails with one LessonError naming the file and the JSON path (lessons.md §2.2), within the
// limits that keep a hostile file from allocating without bound.

#include "core/lesson/lesson_file.hpp"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/temporary_path.hpp"

namespace aabb::lesson {
namespace {

using Json = nlohmann::json;

const char* const source = "lessons/test.json";

Json base_lesson() {
    return Json::parse(R"({
      "version": 1, "id": "test", "section": 2, "title": "Test", "title_zh": "测试",
      "objects": [
        {"name": "A", "kind": "box", "min": [2, 2], "max": [5, 4], "color": "a"},
        {"name": "B", "kind": "box", "min": [6, 3], "max": [8, 5]},
        {"name": "n", "kind": "number", "value": 3},
        {"name": "P", "kind": "point_set", "points": [[1, 2], [3, 4]]}
      ],
      "gadgets": [{"kind": "interval_bars", "a": "A", "b": "B"}],
      "handles": [{"name": "b_min_x", "kind": "slider", "target": "B.min.x", "keep_size": true,
                   "range": [0, 10]}],
      "readouts": [{"name": "dx", "kind": "overlap_length", "args": {"a": "A", "b": "B", "axis": "x"},
                    "format": "%.2f"}],
      "steps": [{"text": "Slide B", "set": {"b_min_x": 5}, "formulas": ["dx = {dx}"],
                 "goal": {"readout": "dx", "op": ">=", "value": 0}, "expect": {"dx": 0}}]
    })");
}

std::string error_of(const std::string& text, const std::filesystem::path& base = "lessons") {
    try {
        (void)parse_lesson(text, source, base);
    } catch (const LessonError& error) {
        return error.what();
    }
    return "(no error)";
}

std::string error_of(const std::function<void(Json&)>& mutate) {
    Json lesson = base_lesson();
    mutate(lesson);
    return error_of(lesson.dump());
}

}  // namespace

TEST_CASE("a valid lesson reads into the data model") {
    const Lesson lesson = parse_lesson(base_lesson().dump(), source, "lessons");
    CHECK(lesson.id == "test");
    CHECK(lesson.section == 2);
    CHECK(lesson.title_zh == "测试");
    REQUIRE(lesson.objects.size() == 4);
    CHECK(lesson.objects[0].box == Box2{{2, 2}, {5, 4}});
    CHECK(lesson.objects[0].color == "a");
    CHECK(lesson.objects[1].color == "neutral");
    CHECK(lesson.objects[3].count == 2);
    REQUIRE(lesson.handles.size() == 1);
    const Handle& handle = lesson.handles[0];
    CHECK(handle.kind == HandleKind::slider);
    CHECK(handle.default_value.numbers[0] == 6.0);  // B.min.x as written
    CHECK(handle.keep_size);
    CHECK(handle.snap == 0.0);
    CHECK(handle.targets[0].field == ObjectField::min);
    CHECK(handle.targets[0].component == 0);
    REQUIRE(lesson.readouts.size() == 1);
    CHECK(lesson.readouts[0].output == "value");  // the kind's first output by default
    REQUIRE(lesson.steps.size() == 1);
    CHECK(lesson.steps[0].set.size() == 1);
    CHECK(lesson.steps[0].expect[0].tolerance == 1e-4);
    REQUIRE(lesson.steps[0].goal.size() == 1);
    CHECK(lesson.steps[0].goal[0].op == CompareOp::greater_equal);
    CHECK_FALSE(lesson.scene.has_value());
}

TEST_CASE("a step's stage is read as a world box; without one it is derived") {
    Json text = base_lesson();
    text["steps"][0]["stage"] = Json::parse(R"({"min": [-1, 0.5], "max": [8, 6]})");
    const Lesson lesson = parse_lesson(text.dump(), source, "lessons");
    REQUIRE(lesson.steps[0].stage.has_value());
    CHECK(*lesson.steps[0].stage == Box2{{-1, 0.5f}, {8, 6}});
    CHECK_FALSE(parse_lesson(base_lesson().dump(), source, "lessons").steps[0].stage.has_value());
}

TEST_CASE("malformed lessons: one error naming the file and the JSON path") {
    struct Case {
        std::function<void(Json&)> mutate;
        std::string message;
    };
    const Case cases[] = {
        {[](Json& j) { j["colour"] = 1; },
         "lessons/test.json: colour: unknown field (known fields: version, id"},
        {[](Json& j) { j["version"] = 2; }, "lessons/test.json: version: must be 1"},
        {[](Json& j) { j.erase("steps"); }, "lessons/test.json: steps: is required"},
        {[](Json& j) { j["steps"] = Json::array(); },
         "lessons/test.json: steps: must hold at least one step"},
        {[](Json& j) { j["section"] = 9; }, "lessons/test.json: section: must be in [1, 8]"},
        {[](Json& j) { j["id"] = "a b"; }, "lessons/test.json: id: must be 1 to 64 letters"},
        {[](Json& j) { j["objects"][0]["kind"] = "blob"; },
         "lessons/test.json: objects[0].kind: must be one of box, point"},
        {[](Json& j) { j["objects"][1]["min"][1] = "x"; },
         "lessons/test.json: objects[1].min[1]: must be a number"},
        {[](Json& j) {
             j["objects"][0]["min"] = {9, 9};
         },
         "lessons/test.json: objects[0]: min must not be above max"},
        {[](Json& j) { j["objects"][0]["radius"] = 1; },
         "lessons/test.json: objects[0].radius: unknown field"},
        {[](Json& j) { j["objects"][0]["color"] = "pink"; },
         "lessons/test.json: objects[0].color: unknown color role 'pink'"},
        {[](Json& j) { j["objects"][1]["name"] = "A"; },
         "lessons/test.json: objects[1].name: 'A' is already the name of an object"},
        {[](Json& j) { j["objects"][0]["name"] = "1A"; },
         "lessons/test.json: objects[0].name: must be a name"},
        {[](Json& j) { j["gadgets"][0]["kind"] = "hologram"; },
         "lessons/test.json: gadgets[0].kind: unknown gadget 'hologram'"},
        {[](Json& j) { j["gadgets"][0]["a"] = "n"; },
         "lessons/test.json: gadgets[0].a: must name a box, but 'n' is a number"},
        {[](Json& j) { j["gadgets"][0].erase("b"); },
         "lessons/test.json: gadgets[0].b: is required by a interval_bars"},
        {[](Json& j) { j["handles"][0]["target"] = "Q.min.x"; },
         "lessons/test.json: handles[0].target: unknown object 'Q' (known: A, B, n, P"},
        {[](Json& j) { j["handles"][0]["target"] = "A.min.z"; },
         "lessons/test.json: handles[0].target: a box corner has components x and y only"},
        {[](Json& j) { j["handles"][0]["target"] = "P[5]"; },
         "lessons/test.json: handles[0].target: index 5 is beyond the 2 points of P"},
        {[](Json& j) { j["handles"][0]["kind"] = "point"; },
         "lessons/test.json: handles[0].target: a point handle needs a 2D target"},
        {[](Json& j) {
             j["handles"][0]["range"] = {5, 1};
         },
         "lessons/test.json: handles[0].range: low must not be above high"},
        {[](Json& j) { j["handles"][0].erase("range"); },
         "lessons/test.json: handles[0].range: is required"},
        {[](Json& j) { j["handles"][0]["default"] = 50; },
         "lessons/test.json: handles[0].default: handle 'b_min_x': 50 is outside its range [0, "
         "10]"},
        {[](Json& j) {
             j["handles"][0]["range"] = {0, 4};
         },
         "lessons/test.json: handles[0].default: the target's value as written does not fit: 6 is "
         "outside its range [0, 4]"},
        {[](Json& j) { j["handles"][0]["target"] = "world.count"; },
         "lessons/test.json: handles[0].target: a world target needs the lesson's scene"},
        {[](Json& j) { j["handles"][0]["target"] = "world.colour"; },
         "lessons/test.json: handles[0].target: unknown world parameter 'colour'"},
        {[](Json& j) {
             j["handles"][0]["kind"] = "toggle";
             j["handles"][0].erase("range");
         },
         "lessons/test.json: handles[0].target: a toggle drives a number object"},
        {[](Json& j) { j["handles"][0]["log"] = true; },
         "lessons/test.json: handles[0].log: a log scale needs a range above 0"},
        {[](Json& j) { j["handles"][0]["axis"] = "x"; },
         "lessons/test.json: handles[0].axis: only point, vector and corner handles lock an axis"},
        {[](Json& j) {
             j["handles"].push_back(j["handles"][0]);
             j["handles"][1]["name"] = "again";
         },
         "lessons/test.json: handles[1].target: handle 'b_min_x' already drives this target"},
        {[](Json& j) { j["readouts"][0]["kind"] = "dz"; },
         "lessons/test.json: readouts[0].kind: unknown readout kind 'dz' (known: overlap_length"},
        {[](Json& j) { j["readouts"][0]["output"] = "z"; },
         "lessons/test.json: readouts[0].output: unknown output 'z' of overlap_length (known: "
         "value, x, y)"},
        {[](Json& j) { j["readouts"][0]["args"]["c"] = "A"; },
         "lessons/test.json: readouts[0].args.c: unknown argument of overlap_length (known: a, b, "
         "axis)"},
        {[](Json& j) { j["readouts"][0]["args"].erase("a"); },
         "lessons/test.json: readouts[0].args.a: is required"},
        {[](Json& j) { j["readouts"][0]["args"]["a"] = "n"; },
         "lessons/test.json: readouts[0].args.a: 'n' is a number, which this argument does not "
         "take"},
        {[](Json& j) { j["readouts"][0]["args"]["axis"] = "z"; },
         "lessons/test.json: readouts[0].args.axis: must be one of x, y"},
        {[](Json& j) { j["readouts"][0]["format"] = "%s"; },
         "lessons/test.json: readouts[0].format: must hold one number conversion"},
        {[](Json& j) { j["readouts"][0]["name"] = "b_min_x"; },
         "lessons/test.json: readouts[0].name: 'b_min_x' is already the name of a handle"},
        {[](Json& j) { j["steps"][0].erase("text"); },
         "lessons/test.json: steps[0].text: is required"},
        {[](Json& j) { j["steps"][0]["set"]["zz"] = 1; },
         "lessons/test.json: steps[0].set.zz: unknown handle 'zz' (known: b_min_x)"},
        {[](Json& j) { j["steps"][0]["set"]["b_min_x"] = 50; },
         "lessons/test.json: steps[0].set.b_min_x: handle 'b_min_x': 50 is outside its range [0, "
         "10]"},
        {[](Json& j) { j["steps"][0]["set"]["b_min_x"] = "five"; },
         "lessons/test.json: steps[0].set.b_min_x: must be a number"},
        {[](Json& j) { j["steps"][0]["formulas"][0] = "dz = {dz}"; },
         "lessons/test.json: steps[0].formulas[0]: unknown name 'dz' (readouts: dx; handles: "
         "b_min_x; or an object field such as A.min.x)"},
        {[](Json& j) { j["steps"][0]["formulas"][0] = "dx = {dx"; },
         "lessons/test.json: steps[0].formulas[0]: a '{' without its '}'"},
        {[](Json& j) { j["steps"][0]["show"] = {"nope"}; },
         "lessons/test.json: steps[0].show[0]: unknown overlay 'nope'"},
        {[](Json& j) { j["steps"][0]["handles"] = {"dx"}; },
         "lessons/test.json: steps[0].handles[0]: unknown handle 'dx'"},
        {[](Json& j) { j["steps"][0]["expect"]["dx"] = true; },
         "lessons/test.json: steps[0].expect.dx: readout 'dx' gives a number, not true or false"},
        {[](Json& j) { j["steps"][0]["expect"]["dz"] = 1; },
         "lessons/test.json: steps[0].expect.dz: unknown readout 'dz' (known: dx)"},
        {[](Json& j) {
             j["steps"][0]["expect"]["dx"] = {1, -1};
         },
         "lessons/test.json: steps[0].expect.dx[1]: must not be negative"},
        {[](Json& j) { j["steps"][0]["goal"]["op"] = "~"; },
         "lessons/test.json: steps[0].goal.op: must be one of ==, !=, <, <=, >, >="},
        {[](Json& j) { j["steps"][0]["stage"] = Json::parse(R"({"min": [0, 0], "max": [4, 0]})"); },
         "lessons/test.json: steps[0].stage: must have min below max on both axes"},
        {[](Json& j) { j["steps"][0]["stage"] = Json::parse(R"({"min": [5, 0], "max": [4, 1]})"); },
         "lessons/test.json: steps[0].stage: min must not be above max"},
        {[](Json& j) { j["steps"][0]["stage"] = Json::parse(R"({"min": [0, 0]})"); },
         "lessons/test.json: steps[0].stage.max: is required"},
        {[](Json& j) {
             j["steps"][0]["stage"] = Json::parse(R"({"min": [0, 0], "max": [1, 1], "pad": 1})");
         },
         "lessons/test.json: steps[0].stage.pad: unknown field (known fields: min, max)"},
        {[](Json& j) { j["steps"][0]["frames"] = 601; },
         "lessons/test.json: steps[0].frames: must be in [0, 600]"},
        {[](Json& j) { j["steps"][0]["text"] = std::string(4001, 'a'); },
         "lessons/test.json: steps[0].text: is longer than 4000 characters"},
        {[](Json& j) {
             for (int i = 0; i < 33; ++i)
                 j["steps"].push_back(j["steps"][0]);
         },
         "lessons/test.json: steps: holds more than 32 entries"},
        {[](Json& j) { j["objects"][2]["value"] = 1e13; },
         "lessons/test.json: objects[2].value: must be a finite number within ±1e12"},
        {[](Json& j) { j["scene_file"] = "no_such_scene.json"; },
         "lessons/test.json: scene_file: lessons/no_such_scene.json: cannot open the file"},
        {[](Json& j) {
             j["scene"] = Json::parse(R"({"bodies": [{"position": [0, 0], "size": [0, 1]}]})");
         },
         "lessons/test.json: scene.bodies[0].size: must be at least 1e-06 on both axes"},
        {[](Json& j) { j["scene"] = Json::parse(R"({"colour": 1})"); },
         "lessons/test.json: scene.colour: unknown field"},
        {[](Json& j) {
             j["scene"] = Json::object();
             j["handles"][0]["target"] = "world.count";
             j["handles"][0]["range"] = {1, 10};
         },
         "lessons/test.json: handles[0].target: world.count needs a scene with a box field"},
        {[](Json& j) {
             j["scene"] = Json::object();
             j["handles"][0]["target"] = "world.option.colour";
         },
         "lessons/test.json: handles[0].target: no broad phase has an option 'colour'"},
        {[](Json& j) {
             j["scene"] = Json::object();
             j["handles"][0]["target"] = "world.bodies[3].position.x";
         },
         "lessons/test.json: handles[0].target: the scene has 0 bodies, so there is no body 3"},
    };
    for (const Case& test : cases) {
        const std::string message = error_of(test.mutate);
        CAPTURE(message);
        CHECK(message.rfind(test.message, 0) == 0);
    }
}

TEST_CASE("not JSON, numbers beyond double, huge files: errors, not crashes") {
    CHECK(error_of("{\"id\": ").rfind("lessons/test.json:1:8: invalid JSON", 0) == 0);
    CHECK(error_of("[1, 2]") == "lessons/test.json: (root): must be an object");
    CHECK(error_of("{\"id\": 1e999}").rfind("lessons/test.json: invalid JSON", 0) == 0);
    CHECK(error_of(std::string(LessonLimits::file_bytes + 1, ' ')) ==
          "lessons/test.json: the file is larger than 1 MiB, the limit for a lesson file");
}

TEST_CASE("load_lesson: the file's path starts every error — a missing file is an error") {
    CHECK_THROWS_WITH_AS((void)load_lesson("no/such/lesson.json"),
                         "no/such/lesson.json: cannot open the file: No such file or directory",
                         LessonError);
    const std::filesystem::path path = testing::unique_temporary_path("aabb_bad_lesson", ".json");
    {
        std::ofstream file(path);
        file
            << R"({"id": "x", "section": 1, "title": "t", "steps": [{"text": "s", "frames": -1}]})";
    }
    try {
        (void)load_lesson(path);
        FAIL("no error");
    } catch (const LessonError& error) {
        CHECK(std::string(error.what()) ==
              path.generic_string() + ": steps[0].frames: must not be negative");
    }
    std::filesystem::remove(path);
}

TEST_CASE("a scene file is found next to the lesson or in the folder above it") {
    Json lesson = base_lesson();
    lesson["scene_file"] = "scenes/tunneling.json";
    const Lesson read =
        parse_lesson(lesson.dump(), source, std::filesystem::path(AABB_SOURCE_DIR) / "lessons");
    REQUIRE(read.scene.has_value());
    CHECK(read.scene->bodies.size() == 2);
    CHECK(read.scene_file.filename() == "tunneling.json");
}

}  // namespace aabb::lesson

namespace aabb::lesson {

TEST_CASE("lesson errors quote names and kinds cut and escaped") {
    // Long, but within the 1 MiB a lesson file may have.
    const std::string huge(100'000, 'g');
    const std::string gadget =
        error_of([&](Json& lesson) { lesson["gadgets"][0]["kind"] = "\x1b" + huge; });
    CHECK_MESSAGE(
        gadget.find("unknown gadget '\\x1B" + std::string(79, 'g') + "…'") != std::string::npos,
        gadget.substr(0, 300));
    CHECK(gadget.size() < 1000);
    const std::string name = error_of([&](Json& lesson) { lesson["objects"][0]["name"] = huge; });
    CHECK_MESSAGE(name.find("got \"" + std::string(80, 'g') + "…\"") != std::string::npos,
                  name.substr(0, 300));
    CHECK(name.size() < 400);
    const std::string key = error_of([&](Json& lesson) { lesson["steps"][0]["set"][huge] = 1; });
    CHECK_MESSAGE(key.find("unknown handle '" + std::string(80, 'g') + "…'") != std::string::npos,
                  key.substr(0, 300));
    CHECK(key.size() < 600);
}

}  // namespace aabb::lesson

namespace aabb::lesson {

// fuzz_lesson: a scene_file name with a control byte (here DEL) reached the terminal raw in
// "…: scene_file: NAME: cannot open the file". The input is tests/data/fuzz/lesson/.
TEST_CASE("a scene_file name is escaped in its error like any quoted input") {
    std::ifstream file("tests/data/fuzz/lesson/scene_file_control_byte.json", std::ios::binary);
    REQUIRE(file);
    const std::string text((std::istreambuf_iterator<char>(file)), {});
    const std::string message = error_of(text);
    CHECK(message.find("scene_file: lessons/scenes/stress_sort\\x7Fand_sweep.json: cannot open") !=
          std::string::npos);
    CHECK(message.find('\x7f') == std::string::npos);
    const std::string long_name =
        error_of([](Json& lesson) { lesson["scene_file"] = std::string(3000, 'n') + "\x1b"; });
    // Longer than NAME_MAX: std::filesystem threw filesystem_error past the loader.
    CHECK(long_name.find("scene_file: lessons/nnnn") != std::string::npos);
    CHECK(long_name.find(": cannot open the file") != std::string::npos);
    CHECK(long_name.find('\x1b') == std::string::npos);
    CHECK(long_name.find("…") != std::string::npos);
}

}  // namespace aabb::lesson

namespace aabb::lesson {

// Issue 48 item 10: 100,000 levels inside a lesson's inline scene crashed with SIGSEGV (its
// dump() recursed), while the same depth elsewhere was refused: now one rule for all, refused
// while parsing.
TEST_CASE("deep nesting is refused the same way inside the inline scene and elsewhere") {
    const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
    const std::string lesson = base_lesson().dump();
    const std::string in_scene = "{\"scene\": {\"title\": " + deep + "}, " + lesson.substr(1);
    const std::string in_objects = "{\"objects\": [" + deep + "], " + lesson.substr(1);
    const std::string rule = ": is nested deeper than 64 levels of arrays and objects";
    CHECK(error_of(in_scene).rfind("lessons/test.json: scene.title[0][0]", 0) == 0);
    CHECK(error_of(in_scene).find(rule) != std::string::npos);
    CHECK(error_of(in_objects).rfind("lessons/test.json: objects[0][0][0]", 0) == 0);
    CHECK(error_of(in_objects).find(rule) != std::string::npos);
}

// Issue 48 item 13: duplicate keys were accepted (the last won), 1e-400 read as 0, and
// ray_cast's max_t: 1e30, its documented default, was refused.
TEST_CASE("duplicate keys and numbers that underflow are refused; a default is accepted") {
    const std::string lesson = base_lesson().dump();
    CHECK(error_of("{\"title\": \"A\", " + lesson.substr(1)) ==
          "lessons/test.json: (root): duplicate key \"title\" (each key may appear once)");
    CHECK(error_of([](Json& j) { j["objects"][2]["value"] = 1.5; }) == "(no error)");
    std::string tiny = lesson;
    tiny.replace(tiny.find("\"value\":3"), 9, "\"value\":1e-400");
    CHECK(
        error_of(tiny) ==
        "lessons/test.json: objects[2].value: the number 1e-400 is too small: it would read as 0");
    const auto ray_cast = [](double max_t) {
        return [max_t](Json& j) {
            j["scene"] = Json::object();
            j["objects"].push_back({{"name", "o"}, {"kind", "point"}, {"value", {0, 0}}});
            j["objects"].push_back({{"name", "d"}, {"kind", "vector"}, {"value", {1, 0}}});
            j["readouts"].push_back(
                {{"name", "r"},
                 {"kind", "ray_cast"},
                 {"args", {{"origin", "o"}, {"direction", "d"}, {"max_t", max_t}}}});
        };
    };
    CHECK(error_of(ray_cast(1e30)) == "(no error)");
    CHECK(error_of(ray_cast(5.0)) == "(no error)");
    CHECK(error_of(ray_cast(1e29)) ==
          "lessons/test.json: readouts[1].args.max_t: must be a finite number within ±1e12");
}

// Issue 48 item 8: a scene_file of /dev/zero read 4.2 GB before a bare std::bad_alloc; a FIFO
// blocked for ever.
TEST_CASE("a lesson or its scene_file that is not a regular file is refused by name") {
    CHECK(error_of([](Json& j) { j["scene_file"] = "/dev/zero"; }) ==
          "lessons/test.json: scene_file: /dev/zero: is a device, not a scene file");
    testing::TemporaryFolder folder("lesson_reads");
    const std::filesystem::path fifo = folder.path / "fifo.json";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS(
        (void)load_lesson(fifo),
        (fifo.generic_string() + ": is a FIFO (named pipe), not a lesson file").c_str(),
        LessonError);
    CHECK(error_of([&](Json& j) { j["scene_file"] = fifo.string(); }) ==
          "lessons/test.json: scene_file: " + fifo.generic_string() +
              ": is a FIFO (named pipe), not a scene file");
    CHECK_THROWS_WITH_AS(
        (void)load_lesson(folder.path),
        (folder.path.generic_string() + ": is a directory, not a lesson file").c_str(),
        LessonError);
}

}  // namespace aabb::lesson

// The rules every JSON input shares (scenes, lessons, a lesson's inline scene): nesting at most
// max_json_depth levels, refused while parsing (100,000 levels in a lesson's inline scene
// overflowed the stack in dump()); each key once per object; no number that underflows to 0.

#include "core/scene/json_text.hpp"

#include <doctest/doctest.h>

#include <string>

#include "core/scene/scene_file.hpp"

namespace aabb {
namespace {

// The message parse_json_text throws for `text`, or "" when it parses.
std::string error_of(const std::string& text) {
    try {
        (void)parse_json_text(text, "x.json");
    } catch (const SceneError& error) {
        return error.what();
    }
    return "";
}

std::string nested_arrays(std::size_t depth) {
    return std::string(depth, '[') + std::string(depth, ']');
}

}  // namespace

TEST_CASE("nesting up to the limit parses; one level more is refused with its path") {
    const Json value = parse_json_text(nested_arrays(max_json_depth), "x.json");
    CHECK(value.dump() == nested_arrays(max_json_depth));
    std::string path;
    for (std::size_t i = 0; i < max_json_depth; ++i)
        path += "[0]";
    CHECK(error_of(nested_arrays(max_json_depth + 1)) ==
          "x.json: " + path + ": is nested deeper than 64 levels of arrays and objects");
    CHECK(error_of(R"({"a": {"b": [{"c": )" + nested_arrays(max_json_depth) + "}]}}")
              .rfind("x.json: a.b[0].c[0][0]", 0) == 0);
}

TEST_CASE("100,000 levels of nesting are refused, not a stack overflow") {
    CHECK(error_of(nested_arrays(100'000)).find(": is nested deeper than 64 levels") !=
          std::string::npos);
    std::string objects;
    for (int i = 0; i < 100'000; ++i)
        objects += "{\"k\": ";
    objects += "1" + std::string(100'000, '}');
    const std::string message = error_of(objects);
    CHECK(message.find(": is nested deeper than 64 levels") != std::string::npos);
    CHECK(message.size() < 400);
    // Unclosed: refused at the limit, before the end of the text is reached.
    CHECK(error_of(std::string(100'000, '[')).find("is nested deeper") != std::string::npos);
}

TEST_CASE("a path at the nesting limit is shown by its end, cut and escaped") {
    std::string text;
    const std::string key(300, 'k');
    for (std::size_t i = 0; i <= max_json_depth; ++i)
        text += "{\"" + key + "\\u001b\": ";
    text += "1" + std::string(max_json_depth + 1, '}');
    const std::string message = error_of(text);
    CHECK(message.rfind("x.json: ….", 0) == 0);
    CHECK(message.find("kkk…") != std::string::npos);
    CHECK(message.size() < 400);
}

TEST_CASE("a key given twice in one object is refused, naming the object and the key") {
    CHECK(error_of(R"({"title": "a", "title": "b"})") ==
          "x.json: (root): duplicate key \"title\" (each key may appear once)");
    CHECK(error_of(R"({"bodies": [{"size": [1, 1]}, {"size": [1, 1], "size": [2, 2]}]})") ==
          "x.json: bodies[1]: duplicate key \"size\" (each key may appear once)");
    CHECK(error_of("{\"\\u001bx\": 1, \"\\u001bx\": 2}") ==
          "x.json: (root): duplicate key \"\\x1Bx\" (each key may appear once)");
    // The same key in two objects is fine.
    CHECK(error_of(R"({"a": {"k": 1}, "b": {"k": 1}})").empty());
}

TEST_CASE("a number that underflows to 0 is refused; zeros and tiny doubles are not") {
    CHECK(error_of(R"({"min": [2, 1e-400]})") ==
          "x.json: min[1]: the number 1e-400 is too small: it would read as 0");
    CHECK(error_of("-2.5e-999") ==
          "x.json: (root): the number -2.5e-999 is too small: it would "
          "read as 0");
    for (const char* zero : {"0", "-0", "0.0", "0e-400", "0.000e5", "-0.0E-999"}) {
        CAPTURE(zero);
        CHECK(error_of(zero).empty());
    }
    // A denormal double is not 0: readers decide whether it fits their type.
    CHECK(parse_json_text("1e-310", "x.json").get<double>() > 0.0);
}

TEST_CASE("text that is not JSON keeps its line and column, numbers beyond double their text") {
    CHECK(error_of("{\n  \"a\": tru }").rfind("x.json:2:11: invalid JSON: syntax error", 0) == 0);
    CHECK(error_of("[1] 2").rfind("x.json:1:5: invalid JSON: syntax error", 0) == 0);
    CHECK(error_of("{\"a\": 1e999}") == "x.json: invalid JSON: number overflow parsing '1e999'");
    CHECK(error_of("").rfind("x.json:1:1: invalid JSON", 0) == 0);
}

TEST_CASE("the value built is the value nlohmann's own parser builds") {
    const std::string text =
        R"({"a": [1, -2, 3.5, "s", true, false, null, {"b": []}, [[]]], "c": {}, "d": 18446744073709551615})";
    CHECK(parse_json_text(text, "x.json") == Json::parse(text));
}

}  // namespace aabb

// Handle targets: every field the lesson format names parses to the right field, component
// and dimension, and bad targets say what is wrong.

#include "core/lesson/handles/handle_target.hpp"

#include <doctest/doctest.h>

#include "tests/core/lesson/readouts/readout_probe.hpp"

#include <string>

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {
namespace {

using testing::named;

std::vector<LessonObject> objects() {
    std::vector<LessonObject> list(6);
    list[0] = named("B", ObjectKind::box);
    list[1] = named("P", ObjectKind::point);
    list[2] = named("n", ObjectKind::number);
    list[3] = named("S", ObjectKind::point_set);
    list[3].points.resize(4);
    list[4] = named("L", ObjectKind::box_list);
    list[4].boxes.resize(2);
    list[5] = named("W", ObjectKind::wedge);
    return list;
}

std::string problem(const char* text) {
    try {
        (void)parse_target(text, objects());
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
    return "(none)";
}

}  // namespace

TEST_CASE("object targets: fields, components and dimensions") {
    const auto parse = [](const char* text) { return parse_target(text, objects()); };
    CHECK(parse("B").field == ObjectField::whole);
    CHECK(parse("B").dimension() == 2);
    CHECK(parse("B.min.x").field == ObjectField::min);
    CHECK(parse("B.min.x").component == 0);
    CHECK(parse("B.min.x").dimension() == 1);
    CHECK(parse("B.max").dimension() == 2);
    CHECK(parse("B.center.y").component == 1);
    CHECK(parse("B.half.x").field == ObjectField::half);
    CHECK(parse("B.size").field == ObjectField::size);
    CHECK(parse("P.y").component == 1);
    CHECK(parse("n").field == ObjectField::number);
    CHECK(parse("S[3]").element == 3);
    CHECK(parse("S[3].x").component == 0);
    CHECK(parse("S.count").field == ObjectField::count);
    CHECK(parse("S.count").whole_numbers());
    CHECK(parse("L[1].max.y").field == ObjectField::element_max);
    CHECK(parse("L[1]").field == ObjectField::element);
    CHECK(parse("W.half_angle_deg").field == ObjectField::wedge_half_angle);
    CHECK(parse("W.apex").dimension() == 2);
    CHECK(parse("P").object == 1);
}

TEST_CASE("world targets") {
    const auto parse = [](const char* text) { return parse_target(text, objects()); };
    CHECK(parse("world.count").world_field == WorldField::count);
    CHECK(parse("world.count").whole_numbers());
    CHECK(parse("world.broad_phase").takes_name());
    CHECK(parse("world.scene").takes_name());
    CHECK(parse("world.substeps").whole_numbers());
    CHECK(parse("world.option.cell_size").option == "cell_size");
    CHECK(parse("world.bodies[1].velocity.x").element == 1);
    CHECK(parse("world.bodies[1].velocity.x").component == 0);
    CHECK(parse("world.bodies[0].position").dimension() == 2);
    CHECK(parse("world.bodies[0].angle_deg").dimension() == 1);
}

TEST_CASE("bad targets say what is wrong") {
    CHECK(problem("Q") == "unknown object 'Q' (known: B, P, n, S, L, W; or world.…)");
    CHECK(problem("B.corner") ==
          "a box's fields are min, max, center, half and size, not 'corner'");
    CHECK(problem("B.min.z") == "a box corner has components x and y only, not 'z'");
    CHECK(problem("n.x") == "a number has no fields");
    CHECK(problem("S[4]") == "index 4 is beyond the 4 points of S");
    CHECK(problem("S[x]") == "'[...]' must hold a whole number");
    CHECK(problem("S[1") == "unclosed '['");
    CHECK(problem("S") == "S needs an index ([0]) or the field count");
    CHECK(problem("W.zoom").rfind("a wedge's fields are", 0) == 0);
    CHECK(problem("B.min.x.y") == "unexpected text after the field");
    CHECK(problem("world.gravity").rfind("unknown world parameter 'gravity'", 0) == 0);
    CHECK(problem("world.bodies.position") == "world.bodies needs an index: world.bodies[0]");
    CHECK(problem("world.bodies[0].mass").rfind("a body's fields are", 0) == 0);
    CHECK(problem("world.option") == "world.option needs a name");
    CHECK(problem("") == "a target starts with an object's name");
    CHECK(problem("B min") == "expected '.' after a name");
}

}  // namespace aabb::lesson

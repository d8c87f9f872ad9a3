// Object fields: reading and writing through targets (keep_size moves the other corner), and
// the anchor a handle is drawn at, with its inverse.

#include "core/lesson/handles/object_fields.hpp"

#include <doctest/doctest.h>

#include "tests/core/lesson/readouts/readout_probe.hpp"

namespace aabb::lesson {
namespace {

using testing::named;

std::vector<LessonObject> objects() {
    std::vector<LessonObject> list(4);
    list[0] = named("B", ObjectKind::box);
    list[0].box = {{6, 3}, {8, 5}};
    list[1] = named("P", ObjectKind::point);
    list[1].vector = {1, 1};
    list[2] = named("d", ObjectKind::vector);
    list[2].vector = {2, 0};
    list[2].from = std::string(1, 'P');
    list[3] = named("S", ObjectKind::point_set);
    list[3].points = {{0, 0}, {1, 1}, {2, 2}};
    list[3].count = 3;
    return list;
}

}  // namespace

TEST_CASE("box fields: min with and without keep_size, center and half keep the other") {
    std::vector<LessonObject> list = objects();
    const HandleTarget min_x = parse_target("B.min.x", list);
    CHECK(read_object_field(min_x, list).numbers[0] == 6.0);
    write_object_field(min_x, HandleValue{{5, 0}}, true, list);
    CHECK(list[0].box == Box2{{5, 3}, {7, 5}});
    write_object_field(min_x, HandleValue{{4, 0}}, false, list);
    CHECK(list[0].box == Box2{{4, 3}, {7, 5}});
    write_object_field(parse_target("B.center", list), HandleValue{{0, 0}}, false, list);
    CHECK(list[0].box == Box2{{-1.5f, -1}, {1.5f, 1}});
    write_object_field(parse_target("B.half.y", list), HandleValue{{2, 0}}, false, list);
    CHECK(list[0].box == Box2{{-1.5f, -2}, {1.5f, 2}});
    write_object_field(parse_target("B", list), HandleValue{{10, 10}}, false, list);
    CHECK(list[0].box == Box2{{10, 10}, {13, 14}});
    write_object_field(parse_target("B.size.x", list), HandleValue{{1, 0}}, false, list);
    CHECK(list[0].box == Box2{{10, 10}, {11, 14}});
}

TEST_CASE("anchors and their inverse") {
    std::vector<LessonObject> list = objects();
    CHECK(*field_anchor(parse_target("B.min.x", list), list) == glm::vec2(6, 3));
    CHECK(*field_anchor(parse_target("B", list), list) == glm::vec2(7, 4));  // the center
    CHECK(*field_anchor(parse_target("d", list), list) == glm::vec2(3, 1));  // tail P + d
    CHECK(*field_anchor(parse_target("S[2]", list), list) == glm::vec2(2, 2));
    CHECK_FALSE(field_anchor(parse_target("S.count", list), list).has_value());
    CHECK(value_at_anchor(parse_target("B", list), list, {10, 10}) == HandleValue{{9, 9}});
    CHECK(value_at_anchor(parse_target("d", list), list, {4, 3}) == HandleValue{{3, 2}});
    CHECK(value_at_anchor(parse_target("B.max.y", list), list, {0, 7}) == HandleValue{{7, 0}});
    CHECK(vector_tail(list[2], list) == glm::vec2(1, 1));
}

TEST_CASE("counts are clamped to the capacity") {
    std::vector<LessonObject> list = objects();
    const HandleTarget count = parse_target("S.count", list);
    write_object_field(count, HandleValue{{99, 0}}, false, list);
    CHECK(list[3].count == 3);
    write_object_field(count, HandleValue{{-4, 0}}, false, list);
    CHECK(list[3].count == 0);
    write_object_field(count, HandleValue{{1.6, 0}}, false, list);
    CHECK(list[3].count == 2);
    CHECK(read_object_field(count, list).numbers[0] == 2.0);
}

}  // namespace aabb::lesson

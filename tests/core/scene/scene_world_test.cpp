// Building worlds from scenes: bodies in order, polygons registered, box fields inside their
// ranges and reproducible.

#include <doctest/doctest.h>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"

namespace aabb {

TEST_CASE("bodies keep their order and ids; polygons and circles get their shapes") {
    const Scene scene = parse_scene(R"({
        "bodies": [
          {"kind": "wall", "position": [0, 0], "size": [2, 1]},
          {"kind": "shape", "shape": "circle", "position": [5, 0], "radius": 1.5},
          {"kind": "shape", "shape": "polygon", "position": [10, 0],
           "vertices": [[-1, -1], [2, -1], [0, 3]]}
        ],
        "spawners": [{"position": [0, 5], "body": {"shape": "polygon",
                      "vertices": [[0, 0], [1, 0], [0, 1]]}}]})",
                                    "inline");
    World world = build_world(scene);
    REQUIRE(world.bodies().size() == 3);
    CHECK(world.body_ids()[2] == 2);
    CHECK(world.bodies()[0].kind == BodyKind::wall);
    CHECK(world.world_boxes()[1] == Box2{{3.5f, -1.5f}, {6.5f, 1.5f}});
    // The polygon's box comes from its vertices, not from a centered half-size.
    CHECK(world.world_boxes()[2] == Box2{{9.0f, -1.0f}, {12.0f, 3.0f}});
    CHECK(world.polygon_count() == 2);
    REQUIRE(world.spawners().size() == 1);
    CHECK(world.spawners()[0].body.kind == BodyKind::bullet);
    CHECK(world.spawners()[0].body.polygon == 1);
    REQUIRE(world.vertex_ranges()[2].count == 3);
    CHECK(world.vertices()[world.vertex_ranges()[2].offset + 2] == glm::vec2(10.0f, 3.0f));
}

TEST_CASE("box fields stay inside their ranges and repeat with the seed") {
    const std::string text = R"({"seed": 12, "box_fields": [
        {"count": 300, "region": {"min": [-10, 0], "max": [10, 5]},
         "size_min": [1, 2], "size_max": [3, 2], "speed_min": 1, "speed_max": 4},
        {"count": 50, "region": {"min": [0, 0], "max": [1, 1]}, "angular_speed_max": 2}]})";
    const Scene scene = parse_scene(text, "inline");
    const World first = build_world(scene);
    const World second = build_world(scene);
    REQUIRE(first.bodies().size() == 350);
    CHECK(first.state_hash() == second.state_hash());
    for (std::size_t i = 0; i < 300; ++i) {
        const Body& body = first.bodies()[i];
        CHECK(body.kind == BodyKind::box);
        CHECK(body.position.x >= -10.0f);
        CHECK(body.position.x <= 10.0f);
        CHECK(body.position.y >= 0.0f);
        CHECK(body.position.y <= 5.0f);
        CHECK(body.half_size.x >= 0.5f);
        CHECK(body.half_size.x <= 1.5f);
        CHECK(body.half_size.y == 1.0f);
        const float speed = glm::length(body.velocity);
        CHECK(speed >= doctest::Approx(1.0f).epsilon(1e-4));
        CHECK(speed <= doctest::Approx(4.0f).epsilon(1e-4));
    }
    for (std::size_t i = 300; i < 350; ++i) {
        CHECK(first.bodies()[i].kind == BodyKind::shape);
        CHECK(std::abs(first.bodies()[i].angular_velocity) <= 2.0f);
    }
    Scene reseeded = scene;
    reseeded.world.seed = 13;
    CHECK(build_world(reseeded).state_hash() != first.state_hash());
}

}  // namespace aabb

namespace aabb {

// What the reader accepts, build_world must accept: each of these was a positive size the reader
// took and the world then refused with "world: body half_size must be positive", naming no file.
TEST_CASE("a size too small for the world is refused by the reader with the file and path") {
    struct Case {
        const char* text;
        const char* expected;
    };
    const Case cases[] = {
        {R"({"bodies": [{"position": [0, 0], "size": [1e-45, 1]}]})",
         "tiny.json: bodies[0].size: must be at least 1e-06 on both axes"},
        {R"({"bodies": [{"position": [0, 0], "size": [1, 9e-7]}]})",
         "tiny.json: bodies[0].size: must be at least 1e-06 on both axes"},
        {R"({"spawners": [{"position": [0, 0], "body": {"size": [1e-40, 1e-40]}}]})",
         "tiny.json: spawners[0].body.size: must be at least 1e-06 on both axes"},
        {R"({"bodies": [{"position": [0, 0], "shape": "circle", "radius": 1e-45}]})",
         "tiny.json: bodies[0].radius: must be in [1e-06, 1e6]"},
        {R"({"box_fields": [{"count": 3, "region": {"min": [0, 0], "max": [1, 1]},
             "size_min": [1e-45, 1e-45]}]})",
         "tiny.json: box_fields[0].size_min: must be at least 1e-06 on both axes"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        std::string message;
        try {
            (void)build_world(parse_scene(c.text, "tiny.json"));
        } catch (const std::exception& error) {
            message = error.what();
        }
        CHECK(message == c.expected);
    }
}

TEST_CASE("the smallest size the reader accepts builds a world") {
    const Scene scene = parse_scene(R"({
        "bodies": [{"position": [0, 0], "size": [1e-6, 1e-6]},
                   {"position": [5, 0], "shape": "circle", "radius": 1e-6}],
        "box_fields": [{"count": 4, "region": {"min": [0, 0], "max": [1, 1]},
                        "size_min": [1e-6, 1e-6], "size_max": [1e-6, 1e-6]}]})",
                                    "edge.json");
    const World world = build_world(scene);
    CHECK(world.bodies().size() == 6);
    for (const Body& body : world.bodies()) {
        CHECK(body.half_size.x > 0.0f);
        CHECK(body.half_size.y > 0.0f);
    }
}

}  // namespace aabb

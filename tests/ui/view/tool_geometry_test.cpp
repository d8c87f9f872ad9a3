// Tool geometry: drags become bullets and walls, shapes and sprays are valid world bodies.

#include <doctest/doctest.h>

#include "ui/view/tool_geometry.hpp"

namespace aabb::ui {

TEST_CASE("a drag gives a bullet along it and a rectangle gives a wall; clicks give nothing") {
    const auto bullet =
        bullet_from_drag({1.0f, 2.0f}, {4.0f, 6.0f}, 10.0f, 0.5f, DetectionMode::swept);
    REQUIRE(bullet.has_value());
    CHECK(bullet->kind == BodyKind::bullet);
    CHECK(bullet->position == glm::vec2(1.0f, 2.0f));
    CHECK(bullet->velocity == glm::vec2(30.0f, 40.0f));
    CHECK(bullet->half_size == glm::vec2(0.25f));
    CHECK(bullet->detection == DetectionMode::swept);
    CHECK_FALSE(bullet_from_drag({1.0f, 1.0f}, {1.0f, 1.0f}, 10.0f, 0.5f, DetectionMode::swept));

    const auto wall = wall_from_drag({4.0f, -1.0f}, {2.0f, 3.0f});
    REQUIRE(wall.has_value());
    CHECK(wall->kind == BodyKind::wall);
    CHECK(wall->position == glm::vec2(3.0f, 1.0f));
    CHECK(wall->half_size == glm::vec2(1.0f, 2.0f));
    CHECK_FALSE(wall_from_drag({0.0f, 0.0f}, {5.0f, 0.0f}));
}

TEST_CASE("shapes and sprays are accepted by the world with the expected boxes") {
    World world;
    world.add_body(shape_body(ToolShape::box, {0.0f, 0.0f}, 4.0f, 1.0f));
    world.add_body(shape_body(ToolShape::circle, {10.0f, 0.0f}, 2.0f, 0.5f));
    Body hexagon = shape_body(ToolShape::hexagon, {20.0f, 0.0f}, 2.0f, -1.0f);
    const auto vertices = hexagon_vertices(2.0f);
    hexagon.polygon = world.add_polygon(vertices);
    world.add_body(hexagon);
    world.refresh_pairs();
    CHECK(world.world_boxes()[0].size().x == doctest::Approx(4.0f));
    CHECK(world.world_boxes()[0].size().y == doctest::Approx(2.0f));
    CHECK(world.world_boxes()[1].size().x == doctest::Approx(2.0f));
    CHECK(world.world_boxes()[2].max.x == doctest::Approx(21.0f));

    const Box2 region{{-5.0f, -5.0f}, {5.0f, 5.0f}};
    const auto spray = spray_bodies(40, region, 0.5f, 1.0f, 8.0f, 3);
    REQUIRE(spray.size() == 40);
    for (const Body& body : spray) {
        CHECK(contains(region, body.position));
        CHECK(glm::length(body.velocity) <= doctest::Approx(8.0f));
        world.add_body(body);
    }
    CHECK(spray_bodies(40, region, 0.5f, 1.0f, 8.0f, 3)[7].position == spray[7].position);
    CHECK(world.bodies().size() == 43);
}

}  // namespace aabb::ui

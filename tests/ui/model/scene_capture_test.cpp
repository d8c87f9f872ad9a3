// Saving what is on screen: a captured scene rebuilds the same bodies, polygons and spawners.

#include <doctest/doctest.h>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"
#include "ui/model/scene_capture.hpp"

namespace aabb::ui {

TEST_CASE("a captured world round-trips through a scene file to the same bodies") {
    const Scene original =
        load_scene(std::filesystem::path(AABB_SOURCE_DIR) / "scenes/shapes_spawner.json");
    World world = build_world(original);
    for (int i = 0; i < 90; ++i)
        world.step();
    REQUIRE(world.bodies().size() > 0);
    const Scene captured = capture_scene(world, original);
    CHECK(captured.title == original.title);
    CHECK(captured.camera == original.camera);
    const Scene reread = parse_scene(scene_to_json_text(captured), "captured");
    const World rebuilt = build_world(reread);
    REQUIRE(rebuilt.bodies().size() == world.bodies().size());
    CHECK(rebuilt.spawners().size() == world.spawners().size());
    for (std::size_t i = 0; i < world.bodies().size(); ++i) {
        INFO(i);
        CHECK(rebuilt.bodies()[i].position == world.bodies()[i].position);
        CHECK(rebuilt.bodies()[i].angle == world.bodies()[i].angle);
        CHECK(rebuilt.bodies()[i].shape == world.bodies()[i].shape);
    }
    CHECK(rebuilt.world_boxes().size() == world.world_boxes().size());
    for (std::size_t i = 0; i < world.world_boxes().size(); ++i) {
        CHECK(rebuilt.world_boxes()[i].min == world.world_boxes()[i].min);
    }
}

}  // namespace aabb::ui

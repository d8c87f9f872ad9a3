#include "ui/model/scene_capture.hpp"

namespace aabb::ui {

Scene capture_scene(const World& world, const Scene& origin) {
    Scene scene;
    scene.title = origin.title;
    scene.title_zh = origin.title_zh;
    scene.description = origin.description;
    scene.description_zh = origin.description_zh;
    scene.camera = origin.camera;
    scene.detection = origin.detection;
    scene.world = world.settings();
    scene.bodies.reserve(world.bodies().size());
    for (const Body& body : world.bodies()) {
        SceneBody entry{body, {}};
        if (body.shape == ShapeType::polygon) {
            const auto vertices = world.polygon_vertices(body.polygon);
            entry.vertices.assign(vertices.begin(), vertices.end());
            entry.body.polygon = 0;
        }
        scene.bodies.push_back(std::move(entry));
    }
    for (const Spawner& spawner : world.spawners()) {
        SceneSpawner entry{spawner, {}};
        if (spawner.body.shape == ShapeType::polygon) {
            const auto vertices = world.polygon_vertices(spawner.body.polygon);
            entry.vertices.assign(vertices.begin(), vertices.end());
            entry.spawner.body.polygon = 0;
        }
        scene.spawners.push_back(std::move(entry));
    }
    return scene;
}

}  // namespace aabb::ui

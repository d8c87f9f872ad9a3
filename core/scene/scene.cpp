#include "core/scene/scene.hpp"

namespace aabb {

void set_bullet_detection(Scene& scene, DetectionMode mode) {
    const bool all = scene.world.ccd == ContinuousBodies::all;
    // Walls never move; boxes and shapes are followed only with ccd all.
    const auto followed = [all](const Body& body) {
        return body.kind == BodyKind::bullet || (all && body.kind != BodyKind::wall);
    };
    scene.detection = mode;
    for (SceneBody& body : scene.bodies) {
        if (followed(body.body)) body.body.detection = mode;
    }
    for (SceneSpawner& spawner : scene.spawners) {
        if (followed(spawner.spawner.body)) spawner.spawner.body.detection = mode;
    }
}

}  // namespace aabb

#include "core/scene/scene.hpp"

namespace aabb {

void set_bullet_detection(Scene& scene, DetectionMode mode) {
    scene.detection = mode;
    for (SceneBody& body : scene.bodies) {
        if (body.body.kind == BodyKind::bullet) body.body.detection = mode;
    }
    for (SceneSpawner& spawner : scene.spawners) {
        if (spawner.spawner.body.kind == BodyKind::bullet) spawner.spawner.body.detection = mode;
    }
}

}  // namespace aabb

#include "core/scene/scene_world.hpp"

#include <cmath>
#include <random>

namespace aabb {

namespace {

// A uniform float in [0, 1) from the engine's top 24 bits: the same on every standard library.
float unit_random(std::mt19937& random) {
    return static_cast<float>(random() >> 8) * (1.0f / 16777216.0f);
}

float between(std::mt19937& random, float low, float high) {
    return low + (high - low) * unit_random(random);
}

void add_box_field(World& world, const BoxField& field, const Scene& scene, std::size_t index) {
    const std::uint32_t seed = scene.world.seed;
    // Each field has its own stream, so adding a field does not change the others.
    std::seed_seq sequence{seed, static_cast<std::uint32_t>(index), 0x9e3779b9u};
    std::mt19937 random(sequence);
    for (std::uint32_t i = 0; i < field.count; ++i) {
        Body body;
        body.position = {between(random, field.region.min.x, field.region.max.x),
                         between(random, field.region.min.y, field.region.max.y)};
        body.half_size = glm::vec2(between(random, field.size_min.x, field.size_max.x),
                                   between(random, field.size_min.y, field.size_max.y)) *
                         0.5f;
        const float direction = unit_random(random) * 6.2831853f;
        const float speed = between(random, field.speed_min, field.speed_max);
        body.velocity = glm::vec2(std::cos(direction), std::sin(direction)) * speed;
        if (field.angular_speed_max > 0.0f) {
            body.kind = BodyKind::shape;
            body.angle = unit_random(random) * 6.2831853f;
            body.angular_velocity =
                between(random, -field.angular_speed_max, field.angular_speed_max);
        }
        // Followed by continuous detection only with ccd all: then in the scene's mode.
        if (scene.world.ccd == ContinuousBodies::all) body.detection = scene.detection;
        world.add_body(body);
    }
}

}  // namespace

World build_world(const Scene& scene) {
    World world(scene.world);
    for (const SceneBody& entry : scene.bodies) {
        Body body = entry.body;
        if (body.shape == ShapeType::polygon) body.polygon = world.add_polygon(entry.vertices);
        world.add_body(body);
    }
    for (std::size_t i = 0; i < scene.box_fields.size(); ++i)
        add_box_field(world, scene.box_fields[i], scene, i);
    for (const SceneSpawner& entry : scene.spawners) {
        Spawner spawner = entry.spawner;
        if (spawner.body.shape == ShapeType::polygon) {
            spawner.body.polygon = world.add_polygon(entry.vertices);
        }
        world.add_spawner(spawner);
    }
    world.refresh_pairs();
    return world;
}

void apply_scene(const Scene& scene, World& world) {
    World fresh = build_world(scene);
    world = std::move(fresh);
}

}  // namespace aabb

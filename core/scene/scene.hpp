#pragma once
// A scene: everything a scene file describes — settings, bodies, spawners, generated box
// fields, camera and the bilingual title and description. A plain value; scene_file.hpp reads
// and writes it as JSON, scene_world.hpp turns it into a World.

#include <cstdint>
#include <string>
#include <vector>

#include "core/world/world.hpp"

namespace aabb {

/// Where the UI's camera starts.
struct Camera {
    /// World point at the center of the view. Default (0, 0).
    glm::vec2 center{0.0f};
    /// Pixels per world unit relative to the UI's default; > 0. Default 1.
    float zoom = 1.0f;
    /// Cameras compare field by field.
    [[nodiscard]] bool operator==(const Camera&) const = default;
};

/// A body of a scene, with the local vertices of its polygon when it is one.
struct SceneBody {
    /// The body (its `polygon` id is assigned when the scene is built).
    Body body;
    /// Local counter-clockwise vertices for ShapeType::polygon; empty otherwise.
    std::vector<glm::vec2> vertices;
    /// Scene bodies compare field by field.
    [[nodiscard]] bool operator==(const SceneBody&) const = default;
};

/// A spawner of a scene, with the vertices of the polygon it emits when it emits one.
struct SceneSpawner {
    /// The spawner and the body it emits.
    Spawner spawner;
    /// Local counter-clockwise vertices when the emitted body is a polygon.
    std::vector<glm::vec2> vertices;
    /// Scene spawners compare field by field.
    [[nodiscard]] bool operator==(const SceneSpawner&) const = default;
};

/// Many random boxes (or rotating box shapes) in a region: how stress scenes are written
/// without listing thousands of bodies. Generated from the scene seed and the field's index.
struct BoxField {
    /// How many boxes, 1..200000.
    std::uint32_t count = 1;
    /// Box centers are uniform in this region.
    Box2 region{{-50.0f, -50.0f}, {50.0f, 50.0f}};
    /// Smallest full width and height, > 0. Default (1, 1).
    glm::vec2 size_min{1.0f};
    /// Largest full width and height, >= size_min. Default (1, 1).
    glm::vec2 size_max{1.0f};
    /// Smallest speed, >= 0; directions are uniform. Default 0.
    float speed_min = 0.0f;
    /// Largest speed, >= speed_min. Default 0.
    float speed_max = 0.0f;
    /// When > 0 the boxes are rotating shapes with a random angle and an angular velocity
    /// uniform in [−max, max] radians per second. Default 0 (plain boxes).
    float angular_speed_max = 0.0f;
    /// Box fields compare field by field.
    [[nodiscard]] bool operator==(const BoxField&) const = default;
};

/// Everything a scene file holds.
struct Scene {
    /// Title in English.
    std::string title;
    /// Title in Chinese.
    std::string title_zh;
    /// Description in English: what the scene shows and what to look at.
    std::string description;
    /// Description in Chinese.
    std::string description_zh;
    /// Bounds, time step, broad phase, touching policy and seed.
    WorldSettings world{};
    /// Detection mode given to bodies that do not name one (bullets; with world.ccd all, moving
    /// boxes and shapes too). Default discrete.
    DetectionMode detection = DetectionMode::discrete;
    /// Initial camera.
    Camera camera{};
    /// Bodies, added first, in order (their ids are their positions in this list).
    std::vector<SceneBody> bodies;
    /// Spawners.
    std::vector<SceneSpawner> spawners;
    /// Generated box fields, added after the bodies, in order.
    std::vector<BoxField> box_fields;
    /// Scenes compare field by field.
    [[nodiscard]] bool operator==(const Scene&) const = default;
};

/// Sets the detection mode of every body continuous detection follows (bullets; with
/// world.ccd all, every box and shape too) and of every spawner that emits one.
void set_bullet_detection(Scene& scene, DetectionMode mode);

}  // namespace aabb

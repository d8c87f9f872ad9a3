// The key lists of scene_file_names.hpp are what the writer writes and what the reader
// accepts: a saved scene holds, at every level, exactly the listed keys in the listed order,
// and every listed key is accepted.

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_file_names.hpp"

namespace aabb {

namespace {

using OrderedJson = nlohmann::ordered_json;

template <typename Keys>
std::vector<std::string> strings_of(const Keys& keys) {
    return {keys.begin(), keys.end()};
}

std::vector<std::string> keys_of(const OrderedJson& object) {
    std::vector<std::string> keys;
    for (const auto& item : object.items())
        keys.push_back(item.key());
    return keys;
}

// The keys a body of `shape` is written with, from the one list of body fields.
std::vector<std::string> body_keys_for(ShapeType shape, bool emitted) {
    std::vector<std::string> keys;
    for (const std::string_view key : body_keys(emitted)) {
        for (const auto& [field, name] : body_fields) {
            if (name == key && shape_has_field(shape, field)) keys.emplace_back(key);
        }
    }
    return keys;
}

SceneBody body_of(ShapeType shape) {
    SceneBody body;
    body.body.shape = shape;
    body.body.kind = BodyKind::shape;
    body.body.radius = 0.5f;
    body.body.half_size = glm::vec2(0.5f);
    if (shape == ShapeType::polygon) body.vertices = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.0f, 0.5f}};
    return body;
}

// A scene holding a body and a spawner of every shape, a box field and broad-phase options.
Scene every_kind_of_field() {
    Scene scene;
    scene.world.broad_phase = "uniform_grid";
    scene.world.broad_phase_options = {{"cell_size", 2.0}};
    for (const auto& [shape, name] : shape_names) {
        scene.bodies.push_back(body_of(shape));
        SceneSpawner spawner;
        spawner.spawner.body = body_of(shape).body;
        spawner.spawner.body.kind = BodyKind::bullet;
        spawner.vertices = body_of(shape).vertices;
        scene.spawners.push_back(spawner);
    }
    scene.box_fields.push_back(BoxField{});
    return scene;
}

}  // namespace

TEST_CASE("a saved scene holds exactly the listed keys, in order, at every level") {
    const Scene scene = every_kind_of_field();
    const OrderedJson root = OrderedJson::parse(scene_to_json_text(scene));
    CHECK(keys_of(root) == strings_of(scene_keys));
    CHECK(keys_of(root["bounds"]) == strings_of(box_keys));
    CHECK(keys_of(root["broadphase"]) == strings_of(broad_phase_keys));
    CHECK(keys_of(root["camera"]) == strings_of(camera_keys));
    REQUIRE(root["bodies"].size() == shape_names.size());
    for (std::size_t i = 0; i < shape_names.size(); ++i) {
        CAPTURE(shape_names[i].name);
        CHECK(keys_of(root["bodies"][i]) == body_keys_for(shape_names[i].value, false));
        CHECK(keys_of(root["spawners"][i]) == strings_of(spawner_keys));
        CHECK(keys_of(root["spawners"][i]["body"]) == body_keys_for(shape_names[i].value, true));
    }
    CHECK(keys_of(root["box_fields"][0]) == strings_of(box_field_keys));
    CHECK(keys_of(root["box_fields"][0]["region"]) == strings_of(box_keys));
    CHECK(parse_scene(scene_to_json_text(scene), "every field") == scene);
}

TEST_CASE("broadphase.options is written only when an option is set") {
    Scene scene;
    const OrderedJson root = OrderedJson::parse(scene_to_json_text(scene));
    CHECK_FALSE(root["broadphase"].contains("options"));
}

TEST_CASE("a spawner's body lists every body key but the spawner's position and velocity") {
    std::vector<std::string> expected = strings_of(body_keys(false));
    std::erase(expected, "position");
    std::erase(expected, "velocity");
    CHECK(strings_of(body_keys(true)) == expected);
    CHECK(body_keys(false).size() == body_fields.size());
}

}  // namespace aabb

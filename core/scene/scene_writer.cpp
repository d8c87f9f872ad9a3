// Writing scene files: every field explicitly, in the order of scene_file_names.hpp's lists,
// floats in their shortest exact form, so load(save(s)) == s and saving again gives the same
// text.

#include <nlohmann/json.hpp>

#include "core/io/atomic_file.hpp"
#include "core/scene/scene_file.hpp"
#include "core/scene/scene_file_names.hpp"
#include "core/scene/shortest_float.hpp"

namespace aabb {

namespace {

using OrderedJson = nlohmann::ordered_json;

// The object with keys[i] = values[i]; a list of values longer or shorter than the keys does
// not compile, so every key of a list is written.
template <std::size_t Count>
OrderedJson object_of(const std::array<std::string_view, Count>& keys,
                      OrderedJson (&&values)[Count]) {
    OrderedJson result = OrderedJson::object();
    for (std::size_t i = 0; i < Count; ++i)
        result[std::string(keys[i])] = std::move(values[i]);
    return result;
}

// `items` as a JSON array, each written by `write`.
template <typename Item, typename Write>
OrderedJson array_of(const std::vector<Item>& items, Write write) {
    OrderedJson result = OrderedJson::array();
    for (const Item& item : items)
        result.push_back(write(item));
    return result;
}

OrderedJson write_vec2(glm::vec2 value) {
    return OrderedJson::array({shortest_float(value.x), shortest_float(value.y)});
}

OrderedJson write_box(const Box2& box) {
    return object_of(box_keys, {write_vec2(box.min), write_vec2(box.max)});
}

OrderedJson write_body_field(BodyField field, const Body& body,
                             const std::vector<glm::vec2>& vertices) {
    switch (field) {
        case BodyField::kind:
            return name_of(kind_names, body.kind);
        case BodyField::shape:
            return name_of(shape_names, body.shape);
        case BodyField::position:
            return write_vec2(body.position);
        case BodyField::velocity:
            return write_vec2(body.velocity);
        case BodyField::size:
            return write_vec2(body.half_size * 2.0f);
        case BodyField::radius:
            return shortest_float(body.radius);
        case BodyField::vertices:
            return array_of(vertices, write_vec2);
        case BodyField::angle:
            return shortest_float(body.angle);
        case BodyField::angular_velocity:
            return shortest_float(body.angular_velocity);
        case BodyField::detection:
            return name_of(detection_names, body.detection);
        case BodyField::response:
            return name_of(response_names, body.response);
    }
    return nullptr;
}

// The fields a body holds (by its shape; a spawner's body without position and velocity).
OrderedJson write_body(const Body& body, const std::vector<glm::vec2>& vertices, bool emitted) {
    OrderedJson result = OrderedJson::object();
    for (const auto& [field, key] : body_fields) {
        if (body_may_hold(field, emitted) && shape_has_field(body.shape, field))
            result[std::string(key)] = write_body_field(field, body, vertices);
    }
    return result;
}

OrderedJson write_broad_phase(const WorldSettings& world) {
    OrderedJson options = OrderedJson::object();
    for (const auto& [name, value] : world.broad_phase_options)
        options[name] = value;
    OrderedJson result = object_of(
        broad_phase_keys, {world.broad_phase, name_of(touching_names, world.touching.rule),
                           shortest_float(world.touching.relative_tolerance), std::move(options)});
    // Options are written only when some are set: the defaults are the algorithm's.
    if (world.broad_phase_options.empty()) result.erase("options");
    return result;
}

OrderedJson write_spawner(const SceneSpawner& entry) {
    const Spawner& spawner = entry.spawner;
    return object_of(spawner_keys,
                     {write_vec2(spawner.position), shortest_float(spawner.direction),
                      shortest_float(spawner.spread), shortest_float(spawner.speed),
                      shortest_float(spawner.rate), spawner.limit, spawner.random_angle,
                      write_body(spawner.body, entry.vertices, true)});
}

OrderedJson write_box_field(const BoxField& field) {
    return object_of(box_field_keys,
                     {field.count, write_box(field.region), write_vec2(field.size_min),
                      write_vec2(field.size_max), shortest_float(field.speed_min),
                      shortest_float(field.speed_max), shortest_float(field.angular_speed_max)});
}

}  // namespace

std::string scene_to_json_text(const Scene& scene) {
    const auto write_scene_body = [](const SceneBody& body) {
        return write_body(body.body, body.vertices, false);
    };
    const OrderedJson root = object_of(
        scene_keys,
        {scene_format_version, scene.title, scene.title_zh, scene.description, scene.description_zh,
         scene.world.seed, shortest_float(scene.world.time_step), write_box(scene.world.bounds),
         write_broad_phase(scene.world), name_of(detection_names, scene.detection),
         name_of(ccd_names, scene.world.ccd),
         object_of(camera_keys,
                   {write_vec2(scene.camera.center), shortest_float(scene.camera.zoom)}),
         array_of(scene.bodies, write_scene_body), array_of(scene.spawners, write_spawner),
         array_of(scene.box_fields, write_box_field)});
    return root.dump(2) + "\n";
}

void save_scene(const Scene& scene, const std::filesystem::path& path) {
    // Whole or not at all: a failed save (a full disk) leaves the old file as it was.
    io::write_file_atomically(path, scene_to_json_text(scene));
}

}  // namespace aabb

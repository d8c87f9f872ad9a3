// Reading scene files: parse_scene and load_scene, one function per section of the file.
// Each reads into a fresh Scene, so a file that fails anywhere leaves nothing half-loaded.

#include <algorithm>
#include <limits>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/io/bounded_read.hpp"
#include "core/scene/json_value_reader.hpp"
#include "core/scene/scene_file.hpp"
#include "core/shapes/convex_polygon.hpp"
#include "core/text/input_excerpt.hpp"
#include "core/world/body_extent.hpp"

namespace aabb {

namespace {

// Limits that keep a scene sane: beyond them floats lose the precision a teaching sandbox
// needs, or a typo would allocate gigabytes.
constexpr float max_coordinate = 1e7f;
constexpr float max_size = 1e6f;
constexpr float max_speed = 1e7f;
constexpr float max_time_step = 10.0f;
constexpr float max_rate = 1e4f;
constexpr std::uint32_t max_spawn_limit = 1000000;
constexpr std::uint32_t max_field_count = 200000;
constexpr std::size_t max_total_bodies = 1000000;

/// One JSON object being read: its fields by key and their paths, for short look-ups.
struct ObjectReader {
    const JsonValueReader& reader;
    const Json& value;
    std::string path;

    /// The field `key`, or nullptr when the object has none.
    [[nodiscard]] const Json* find(std::string_view key) const {
        return JsonValueReader::find(value, key);
    }
    /// The field `key`; fails "is required" when the object has none.
    [[nodiscard]] const Json& required(std::string_view key) const {
        const Json* field = find(key);
        reader.require(field != nullptr, at(key), "is required");
        return *field;
    }
    /// The JSON path of the field `key`.
    [[nodiscard]] std::string at(std::string_view key) const { return field_path(path, key); }
};

// A polygon's local vertices: 3 to 16 points, strictly convex and counter-clockwise.
void read_polygon(const ObjectReader& object, const Json* vertices, SceneBody& result) {
    const JsonValueReader& reader = object.reader;
    reader.require(vertices != nullptr, object.at("vertices"), "is required for a polygon");
    reader.require(vertices->is_array(), object.at("vertices"), "must be an array of [x, y]");
    reader.require(
        vertices->size() >= min_polygon_vertices && vertices->size() <= max_polygon_vertices,
        object.at("vertices"), "must hold 3 to 16 vertices");
    for (std::size_t i = 0; i < vertices->size(); ++i) {
        result.vertices.push_back(
            reader.read_vec2((*vertices)[i], index_path(object.at("vertices"), i), max_size));
    }
    reader.require(is_convex_counter_clockwise(result.vertices), object.at("vertices"),
                   "must be strictly convex and counter-clockwise");
    result.body.half_size = bounding_box_of_points(result.vertices).extents();
}

// The body's extent: the size of a box, the radius of a circle or a polygon's vertices. The
// field of another shape is an error, before a missing one of its own.
void read_extent(const ObjectReader& object, SceneBody& result) {
    const JsonValueReader& reader = object.reader;
    Body& body = result.body;
    const Json* size = object.find("size");
    const Json* radius = object.find("radius");
    const Json* vertices = object.find("vertices");
    reader.require(size == nullptr || shape_has_field(body.shape, BodyField::size),
                   object.at("size"), "only box shapes have a size");
    reader.require(radius == nullptr || shape_has_field(body.shape, BodyField::radius),
                   object.at("radius"), "only circle shapes have a radius");
    reader.require(vertices == nullptr || shape_has_field(body.shape, BodyField::vertices),
                   object.at("vertices"), "only polygon shapes have vertices");
    switch (body.shape) {
        case ShapeType::box: {
            reader.require(size != nullptr, object.at("size"), "is required for a box");
            const glm::vec2 full = reader.read_vec2(*size, object.at("size"), max_size);
            body.half_size = box_half_size(full);
            // The world's own rule on what it keeps, so build_world never rejects this body.
            reader.require(is_valid_half_size(body.half_size), object.at("size"),
                           "must be at least 1e-06 on both axes");
            break;
        }
        case ShapeType::circle:
            reader.require(radius != nullptr, object.at("radius"), "is required for a circle");
            body.radius = reader.read_float(*radius, object.at("radius"));
            reader.require(is_valid_radius(body.radius) && body.radius <= max_size,
                           object.at("radius"), "must be in [1e-06, 1e6]");
            body.half_size = glm::vec2(body.radius);
            break;
        case ShapeType::polygon:
            read_polygon(object, vertices, result);
            break;
    }
}

// Where a placed body starts and how it moves; walls never move.
void read_placement(const ObjectReader& object, Body& body) {
    const JsonValueReader& reader = object.reader;
    body.position =
        reader.read_vec2(object.required("position"), object.at("position"), max_coordinate);
    if (const Json* velocity = object.find("velocity")) {
        body.velocity = reader.read_vec2(*velocity, object.at("velocity"), max_speed);
        reader.require(body.kind != BodyKind::wall || body.velocity == glm::vec2(0.0f),
                       object.at("velocity"), "walls never move: must be [0, 0]");
    }
}

// The body's angle and spin; walls never spin.
void read_rotation(const ObjectReader& object, Body& body) {
    const JsonValueReader& reader = object.reader;
    if (const Json* angle = object.find("angle"))
        body.angle = reader.read_float_in(*angle, object.at("angle"), -1e4f, 1e4f);
    if (const Json* spin = object.find("angular_velocity")) {
        body.angular_velocity =
            reader.read_float_in(*spin, object.at("angular_velocity"), -1e4f, 1e4f);
        reader.require(body.kind != BodyKind::wall || body.angular_velocity == 0.0f,
                       object.at("angular_velocity"), "walls never move: must be 0");
    }
}

// Reads a body; for a spawner's body (`emitted`) position and velocity are the spawner's.
SceneBody read_body(const JsonValueReader& reader, const Json& value, const std::string& path,
                    DetectionMode default_detection, bool emitted) {
    reader.expect_object(value, path, body_keys(emitted));
    const ObjectReader object{reader, value, path};
    SceneBody result;
    Body& body = result.body;
    body.detection = default_detection;
    // Spawners emit bullets unless told otherwise.
    if (emitted) body.kind = BodyKind::bullet;
    if (const Json* kind = object.find("kind"))
        body.kind = reader.read_enum(*kind, object.at("kind"), kind_names);
    if (const Json* shape = object.find("shape"))
        body.shape = reader.read_enum(*shape, object.at("shape"), shape_names);
    if (!emitted) read_placement(object, body);
    read_extent(object, result);
    read_rotation(object, body);
    if (const Json* detection = object.find("detection"))
        body.detection = reader.read_enum(*detection, object.at("detection"), detection_names);
    if (const Json* response = object.find("response"))
        body.response = reader.read_enum(*response, object.at("response"), response_names);
    return result;
}

SceneSpawner read_spawner(const JsonValueReader& reader, const Json& value, const std::string& path,
                          DetectionMode default_detection) {
    reader.expect_object(value, path, spawner_keys);
    const ObjectReader object{reader, value, path};
    SceneSpawner result;
    Spawner& spawner = result.spawner;
    spawner.position =
        reader.read_vec2(object.required("position"), object.at("position"), max_coordinate);
    if (const Json* direction = object.find("direction"))
        spawner.direction = reader.read_float_in(*direction, object.at("direction"), -1e4f, 1e4f);
    if (const Json* spread = object.find("spread"))
        spawner.spread = reader.read_float_in(*spread, object.at("spread"), 0.0f, 6.2831853f);
    if (const Json* speed = object.find("speed"))
        spawner.speed = reader.read_float_in(*speed, object.at("speed"), 0.0f, max_speed);
    if (const Json* rate = object.find("rate")) {
        spawner.rate = reader.read_float(*rate, object.at("rate"));
        reader.require(spawner.rate > 0.0f && spawner.rate <= max_rate, object.at("rate"),
                       "must be positive (at most 1e4 per second)");
    }
    if (const Json* limit = object.find("limit"))
        spawner.limit = reader.read_count(*limit, object.at("limit"), 0, max_spawn_limit);
    if (const Json* random_angle = object.find("random_angle"))
        spawner.random_angle = reader.read_bool(*random_angle, object.at("random_angle"));
    SceneBody emitted =
        read_body(reader, object.required("body"), object.at("body"), default_detection, true);
    reader.require(emitted.body.kind != BodyKind::wall, field_path(object.at("body"), "kind"),
                   "a spawner cannot emit walls");
    spawner.body = emitted.body;
    result.vertices = std::move(emitted.vertices);
    return result;
}

BoxField read_box_field(const JsonValueReader& reader, const Json& value, const std::string& path) {
    reader.expect_object(value, path, box_field_keys);
    const ObjectReader object{reader, value, path};
    BoxField field;
    field.count =
        reader.read_count(object.required("count"), object.at("count"), 1, max_field_count);
    field.region = reader.read_box(object.required("region"), object.at("region"), max_coordinate);
    if (const Json* size = object.find("size_min"))
        field.size_min = reader.read_vec2(*size, object.at("size_min"), max_size);
    if (const Json* size = object.find("size_max"))
        field.size_max = reader.read_vec2(*size, object.at("size_max"), max_size);
    // Every size drawn lies in [size_min, size_max], so the world's rule on size_min covers all.
    reader.require(is_valid_half_size(box_half_size(field.size_min)), object.at("size_min"),
                   "must be at least 1e-06 on both axes");
    reader.require(field.size_max.x >= field.size_min.x && field.size_max.y >= field.size_min.y,
                   object.at("size_max"), "must be at least size_min on both axes");
    if (const Json* speed = object.find("speed_min"))
        field.speed_min = reader.read_float_in(*speed, object.at("speed_min"), 0.0f, max_speed);
    if (const Json* speed = object.find("speed_max"))
        field.speed_max = reader.read_float_in(*speed, object.at("speed_max"), 0.0f, max_speed);
    reader.require(field.speed_max >= field.speed_min, object.at("speed_max"),
                   "must be at least speed_min");
    if (const Json* spin = object.find("angular_speed_max")) {
        field.angular_speed_max =
            reader.read_float_in(*spin, object.at("angular_speed_max"), 0.0f, 1e4f);
    }
    return field;
}

// version, then the titles and descriptions.
void read_header(const ObjectReader& root, Scene& scene) {
    const JsonValueReader& reader = root.reader;
    if (const Json* version = root.find("version")) {
        reader.require(
            version->is_number_integer() && version->get<std::int64_t>() == scene_format_version,
            "version", "must be 1 (the only scene format version)");
    }
    if (const Json* text = root.find("title")) scene.title = reader.read_string(*text, "title");
    if (const Json* text = root.find("title_zh"))
        scene.title_zh = reader.read_string(*text, "title_zh");
    if (const Json* text = root.find("description"))
        scene.description = reader.read_string(*text, "description");
    if (const Json* text = root.find("description_zh"))
        scene.description_zh = reader.read_string(*text, "description_zh");
}

// seed, time_step and bounds.
void read_world_settings(const ObjectReader& root, WorldSettings& world) {
    const JsonValueReader& reader = root.reader;
    if (const Json* seed = root.find("seed"))
        world.seed = reader.read_count(*seed, "seed", 0, std::numeric_limits<std::uint32_t>::max());
    if (const Json* step = root.find("time_step")) {
        world.time_step = reader.read_float(*step, "time_step");
        reader.require(world.time_step > 0.0f && world.time_step <= max_time_step, "time_step",
                       "must be positive (at most 10 seconds)");
    }
    if (const Json* bounds = root.find("bounds"))
        world.bounds = reader.read_box(*bounds, "bounds", max_coordinate);
}

// broadphase.options: numbers by name, each checked by the factory against world.broad_phase.
void read_broad_phase_options(const ObjectReader& broadphase, const Json& options,
                              WorldSettings& world) {
    const JsonValueReader& reader = broadphase.reader;
    reader.require(options.is_object(), "broadphase.options", "must be an object");
    for (const auto& item : options.items()) {
        const std::string path = field_path("broadphase.options", item.key());
        reader.require(item.value().is_number(), path, "must be a number");
        world.broad_phase_options[item.key()] = item.value().get<double>();
    }
    // The factory names the bad option and its range; one option at a time keeps the error's
    // JSON path exact.
    for (const auto& [name, value] : world.broad_phase_options) {
        try {
            (void)make_broad_phase(world.broad_phase, {}, {{name, value}});
        } catch (const std::invalid_argument& error) {
            reader.fail(field_path("broadphase.options", name), error.what());
        }
    }
}

// broadphase: the algorithm's name and options and the touching policy.
void read_broad_phase(const JsonValueReader& reader, const Json& value, WorldSettings& world) {
    reader.expect_object(value, "broadphase", broad_phase_keys);
    const ObjectReader broadphase{reader, value, "broadphase"};
    if (const Json* name = broadphase.find("name")) {
        world.broad_phase = reader.read_string(*name, "broadphase.name");
        try {
            (void)broad_phase_parameters(world.broad_phase);
        } catch (const std::invalid_argument& error) {
            reader.fail("broadphase.name", error.what());
        }
    }
    if (const Json* touching = broadphase.find("touching"))
        world.touching.rule = reader.read_enum(*touching, "broadphase.touching", touching_names);
    if (const Json* tolerance = broadphase.find("tolerance")) {
        world.touching.relative_tolerance = reader.read_float(*tolerance, "broadphase.tolerance");
        reader.require(
            world.touching.relative_tolerance > 0.0f && world.touching.relative_tolerance <= 0.01f,
            "broadphase.tolerance", "must be in (0, 0.01]");
    }
    if (const Json* options = broadphase.find("options"))
        read_broad_phase_options(broadphase, *options, world);
}

Camera read_camera(const JsonValueReader& reader, const Json& value) {
    reader.expect_object(value, "camera", camera_keys);
    Camera camera;
    if (const Json* center = JsonValueReader::find(value, "center"))
        camera.center = reader.read_vec2(*center, "camera.center", max_coordinate);
    if (const Json* zoom = JsonValueReader::find(value, "zoom")) {
        camera.zoom = reader.read_float(*zoom, "camera.zoom");
        reader.require(camera.zoom > 0.0f && camera.zoom <= 1e6f, "camera.zoom",
                       "must be positive (at most 1e6)");
    }
    return camera;
}

// bodies, spawners and box_fields; a scene holds at most max_total_bodies bodies.
void read_contents(const ObjectReader& root, Scene& scene) {
    const JsonValueReader& reader = root.reader;
    std::size_t total_bodies = 0;
    if (const Json* bodies = root.find("bodies")) {
        reader.require(bodies->is_array(), "bodies", "must be an array");
        reader.require(bodies->size() <= max_total_bodies, "bodies", "holds too many bodies");
        for (std::size_t i = 0; i < bodies->size(); ++i) {
            scene.bodies.push_back(
                read_body(reader, (*bodies)[i], index_path("bodies", i), scene.detection, false));
        }
        total_bodies += bodies->size();
    }
    if (const Json* spawners = root.find("spawners")) {
        reader.require(spawners->is_array(), "spawners", "must be an array");
        for (std::size_t i = 0; i < spawners->size(); ++i) {
            scene.spawners.push_back(
                read_spawner(reader, (*spawners)[i], index_path("spawners", i), scene.detection));
        }
    }
    if (const Json* fields = root.find("box_fields")) {
        reader.require(fields->is_array(), "box_fields", "must be an array");
        for (std::size_t i = 0; i < fields->size(); ++i) {
            scene.box_fields.push_back(
                read_box_field(reader, (*fields)[i], index_path("box_fields", i)));
            total_bodies += scene.box_fields.back().count;
            reader.require(total_bodies <= max_total_bodies, index_path("box_fields", i) + ".count",
                           "the scene would hold more than 1000000 bodies");
        }
    }
}

}  // namespace

Scene parse_scene(std::string_view text, std::string_view source_name) {
    const Json value = parse_json_text(text, source_name);
    const JsonValueReader reader(source_name);
    reader.expect_object(value, "", scene_keys);
    const ObjectReader root{reader, value, ""};
    Scene scene;
    read_header(root, scene);
    read_world_settings(root, scene.world);
    if (const Json* broadphase = root.find("broadphase"))
        read_broad_phase(reader, *broadphase, scene.world);
    if (const Json* detection = root.find("detection"))
        scene.detection = reader.read_enum(*detection, "detection", detection_names);
    if (const Json* ccd = root.find("ccd"))
        scene.world.ccd = reader.read_enum(*ccd, "ccd", ccd_names);
    if (const Json* camera = root.find("camera")) scene.camera = read_camera(reader, *camera);
    read_contents(root, scene);
    return scene;
}

Scene load_scene(const std::filesystem::path& path) {
    // The name names the file in every message, and may come from a file itself (a lesson's
    // scene_file: found by fuzz_lesson), so it is escaped like any quoted input.
    const std::string source = input_excerpt(path.generic_string(), quoted_path_limit);
    std::string text;
    try {
        text = io::read_file(path, source, {"scene file", max_scene_file_bytes});
    } catch (const io::ReadError& error) {
        throw SceneError(error.what());
    }
    return parse_scene(text, source);
}

}  // namespace aabb

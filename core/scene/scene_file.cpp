#include "core/scene/scene_file.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/scene/shortest_float.hpp"
#include "core/shapes/convex_polygon.hpp"

namespace aabb {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

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

template <typename Enum>
struct EnumName {
    Enum value;
    std::string_view name;
};

constexpr std::array<EnumName<BodyKind>, 4> kind_names{{{BodyKind::box, "box"},
                                                        {BodyKind::wall, "wall"},
                                                        {BodyKind::bullet, "bullet"},
                                                        {BodyKind::shape, "shape"}}};
constexpr std::array<EnumName<ShapeType>, 3> shape_names{
    {{ShapeType::box, "box"}, {ShapeType::circle, "circle"}, {ShapeType::polygon, "polygon"}}};
constexpr std::array<EnumName<DetectionMode>, 2> detection_names{
    {{DetectionMode::discrete, "discrete"}, {DetectionMode::swept, "swept"}}};
constexpr std::array<EnumName<Response>, 4> response_names{
    {{Response::pass_through, "pass_through"},
     {Response::stop, "stop"},
     {Response::reflect, "reflect"},
     {Response::remove, "remove"}}};
constexpr std::array<EnumName<TouchingRule>, 3> touching_names{
    {{TouchingRule::closed, "closed"},
     {TouchingRule::open, "open"},
     {TouchingRule::tolerance, "tolerance"}}};

template <typename Enum, std::size_t Count>
std::string_view name_of(const std::array<EnumName<Enum>, Count>& names, Enum value) {
    for (const auto& entry : names) {
        if (entry.value == value) return entry.name;
    }
    return "?";
}

std::string field_path(const std::string& parent, std::string_view key) {
    return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}

std::string index_path(const std::string& parent, std::size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

// Reads JSON values into scene fields, failing with "SOURCE: PATH: message".
class SceneReader {
  public:
    explicit SceneReader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(const std::string& path, std::string_view message) const {
        throw SceneError(source_ + ": " + (path.empty() ? std::string("(root)") : path) + ": " +
                         std::string(message));
    }

    void require(bool condition, const std::string& path, std::string_view message) const {
        if (!condition) fail(path, message);
    }

    // Checks that `value` is an object holding only `allowed` keys.
    void expect_object(const Json& value, const std::string& path,
                       std::initializer_list<std::string_view> allowed) const {
        require(value.is_object(), path, "must be an object");
        for (const auto& item : value.items()) {
            if (std::find(allowed.begin(), allowed.end(), item.key()) != allowed.end()) continue;
            std::string known;
            for (const std::string_view name : allowed)
                known += (known.empty() ? "" : ", ") + std::string(name);
            fail(field_path(path, item.key()), "unknown field (known fields: " + known + ")");
        }
    }

    [[nodiscard]] static const Json* find(const Json& object, std::string_view key) {
        const auto found = object.find(std::string(key));
        return found == object.end() ? nullptr : &*found;
    }

    [[nodiscard]] float read_float(const Json& value, const std::string& path) const {
        require(value.is_number(), path, "must be a number");
        const double number = value.get<double>();
        require(std::isfinite(number), path, "must be a finite number");
        require(std::abs(number) <= std::numeric_limits<float>::max(), path,
                "is out of the float range");
        return static_cast<float>(number);
    }

    [[nodiscard]] float read_float_in(const Json& value, const std::string& path, float low,
                                      float high) const {
        const float number = read_float(value, path);
        require(number >= low && number <= high, path,
                "must be in [" + format(low) + ", " + format(high) + "]");
        return number;
    }

    [[nodiscard]] glm::vec2 read_vec2(const Json& value, const std::string& path,
                                      float magnitude_limit) const {
        require(value.is_array() && value.size() == 2, path, "must be an array of 2 numbers");
        const glm::vec2 result{read_float(value[0], index_path(path, 0)),
                               read_float(value[1], index_path(path, 1))};
        require(std::abs(result.x) <= magnitude_limit && std::abs(result.y) <= magnitude_limit,
                path, "components must be within ±" + format(magnitude_limit));
        return result;
    }

    [[nodiscard]] std::uint32_t read_count(const Json& value, const std::string& path,
                                           std::uint64_t low, std::uint64_t high) const {
        require(value.is_number_integer(), path, "must be a whole number");
        require(!value.is_number_integer() || value.is_number_unsigned() ||
                    value.get<std::int64_t>() >= 0,
                path, "must not be negative");
        const std::uint64_t number = value.get<std::uint64_t>();
        require(number >= low && number <= high, path,
                "must be in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
        return static_cast<std::uint32_t>(number);
    }

    [[nodiscard]] std::string read_string(const Json& value, const std::string& path) const {
        require(value.is_string(), path, "must be a string");
        return value.get<std::string>();
    }

    [[nodiscard]] bool read_bool(const Json& value, const std::string& path) const {
        require(value.is_boolean(), path, "must be true or false");
        return value.get<bool>();
    }

    template <typename Enum, std::size_t Count>
    [[nodiscard]] Enum read_enum(const Json& value, const std::string& path,
                                 const std::array<EnumName<Enum>, Count>& names) const {
        std::string choices;
        for (const auto& entry : names)
            choices += (choices.empty() ? "\"" : ", \"") + std::string(entry.name) + "\"";
        require(value.is_string(), path, "must be one of " + choices);
        const std::string text = value.get<std::string>();
        for (const auto& entry : names) {
            if (entry.name == text) return entry.value;
        }
        fail(path, "must be one of " + choices + ", got \"" + text + "\"");
    }

    [[nodiscard]] Box2 read_box(const Json& value, const std::string& path) const {
        expect_object(value, path, {"min", "max"});
        const Json* min = find(value, "min");
        const Json* max = find(value, "max");
        require(min != nullptr, field_path(path, "min"), "is required");
        require(max != nullptr, field_path(path, "max"), "is required");
        const Box2 box{read_vec2(*min, field_path(path, "min"), max_coordinate),
                       read_vec2(*max, field_path(path, "max"), max_coordinate)};
        require(box.min.x < box.max.x && box.min.y < box.max.y, path,
                "min must be below max on both axes");
        return box;
    }

    [[nodiscard]] static std::string format(float value) {
        std::ostringstream out;
        out << value;
        return out.str();
    }

  private:
    std::string source_;
};

// Reads a body; for a spawner's body (`emitted`) position and velocity are the spawner's.
SceneBody read_body(const SceneReader& reader, const Json& value, const std::string& path,
                    DetectionMode default_detection, bool emitted) {
    if (emitted) {
        reader.expect_object(value, path,
                             {"kind", "shape", "size", "radius", "vertices", "angle",
                              "angular_velocity", "detection", "response"});
    } else {
        reader.expect_object(value, path,
                             {"kind", "shape", "position", "velocity", "size", "radius", "vertices",
                              "angle", "angular_velocity", "detection", "response"});
    }
    SceneBody result;
    Body& body = result.body;
    body.detection = default_detection;
    // Spawners emit bullets unless told otherwise.
    if (emitted) body.kind = BodyKind::bullet;
    const auto field = [&](std::string_view key) { return SceneReader::find(value, key); };
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    if (const Json* kind = field("kind"))
        body.kind = reader.read_enum(*kind, at("kind"), kind_names);
    if (const Json* shape = field("shape")) {
        body.shape = reader.read_enum(*shape, at("shape"), shape_names);
    }
    if (!emitted) {
        const Json* position = field("position");
        reader.require(position != nullptr, at("position"), "is required");
        body.position = reader.read_vec2(*position, at("position"), max_coordinate);
        if (const Json* velocity = field("velocity")) {
            body.velocity = reader.read_vec2(*velocity, at("velocity"), max_speed);
            reader.require(body.kind != BodyKind::wall || body.velocity == glm::vec2(0.0f),
                           at("velocity"), "walls never move: must be [0, 0]");
        }
    }
    const Json* size = field("size");
    const Json* radius = field("radius");
    const Json* vertices = field("vertices");
    reader.require(size == nullptr || body.shape == ShapeType::box, at("size"),
                   "only box shapes have a size");
    reader.require(radius == nullptr || body.shape == ShapeType::circle, at("radius"),
                   "only circle shapes have a radius");
    reader.require(vertices == nullptr || body.shape == ShapeType::polygon, at("vertices"),
                   "only polygon shapes have vertices");
    switch (body.shape) {
        case ShapeType::box: {
            reader.require(size != nullptr, at("size"), "is required for a box");
            const glm::vec2 full = reader.read_vec2(*size, at("size"), max_size);
            reader.require(full.x > 0.0f && full.y > 0.0f, at("size"), "must be positive");
            body.half_size = full * 0.5f;
            break;
        }
        case ShapeType::circle:
            reader.require(radius != nullptr, at("radius"), "is required for a circle");
            body.radius = reader.read_float(*radius, at("radius"));
            reader.require(body.radius > 0.0f && body.radius <= max_size, at("radius"),
                           "must be positive (at most 1e6)");
            body.half_size = glm::vec2(body.radius);
            break;
        case ShapeType::polygon: {
            reader.require(vertices != nullptr, at("vertices"), "is required for a polygon");
            reader.require(vertices->is_array(), at("vertices"), "must be an array of [x, y]");
            reader.require(vertices->size() >= min_polygon_vertices &&
                               vertices->size() <= max_polygon_vertices,
                           at("vertices"), "must hold 3 to 16 vertices");
            for (std::size_t i = 0; i < vertices->size(); ++i) {
                result.vertices.push_back(
                    reader.read_vec2((*vertices)[i], index_path(at("vertices"), i), max_size));
            }
            reader.require(is_convex_counter_clockwise(result.vertices), at("vertices"),
                           "must be strictly convex and counter-clockwise");
            body.half_size = bounding_box_of_points(result.vertices).extents();
            break;
        }
    }
    if (const Json* angle = field("angle"))
        body.angle = reader.read_float_in(*angle, at("angle"), -1e4f, 1e4f);
    if (const Json* spin = field("angular_velocity")) {
        body.angular_velocity = reader.read_float_in(*spin, at("angular_velocity"), -1e4f, 1e4f);
        reader.require(body.kind != BodyKind::wall || body.angular_velocity == 0.0f,
                       at("angular_velocity"), "walls never move: must be 0");
    }
    if (const Json* detection = field("detection")) {
        body.detection = reader.read_enum(*detection, at("detection"), detection_names);
    }
    if (const Json* response = field("response")) {
        body.response = reader.read_enum(*response, at("response"), response_names);
    }
    return result;
}

SceneSpawner read_spawner(const SceneReader& reader, const Json& value, const std::string& path,
                          DetectionMode default_detection) {
    reader.expect_object(
        value, path,
        {"position", "direction", "spread", "speed", "rate", "limit", "random_angle", "body"});
    SceneSpawner result;
    Spawner& spawner = result.spawner;
    const auto field = [&](std::string_view key) { return SceneReader::find(value, key); };
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const Json* position = field("position");
    reader.require(position != nullptr, at("position"), "is required");
    spawner.position = reader.read_vec2(*position, at("position"), max_coordinate);
    if (const Json* direction = field("direction")) {
        spawner.direction = reader.read_float_in(*direction, at("direction"), -1e4f, 1e4f);
    }
    if (const Json* spread = field("spread")) {
        spawner.spread = reader.read_float_in(*spread, at("spread"), 0.0f, 6.2831853f);
    }
    if (const Json* speed = field("speed")) {
        spawner.speed = reader.read_float_in(*speed, at("speed"), 0.0f, max_speed);
    }
    if (const Json* rate = field("rate")) {
        spawner.rate = reader.read_float(*rate, at("rate"));
        reader.require(spawner.rate > 0.0f && spawner.rate <= max_rate, at("rate"),
                       "must be positive (at most 1e4 per second)");
    }
    if (const Json* limit = field("limit")) {
        spawner.limit = reader.read_count(*limit, at("limit"), 0, max_spawn_limit);
    }
    if (const Json* random_angle = field("random_angle")) {
        spawner.random_angle = reader.read_bool(*random_angle, at("random_angle"));
    }
    const Json* body = field("body");
    reader.require(body != nullptr, at("body"), "is required");
    SceneBody emitted = read_body(reader, *body, at("body"), default_detection, true);
    reader.require(emitted.body.kind != BodyKind::wall, field_path(at("body"), "kind"),
                   "a spawner cannot emit walls");
    spawner.body = emitted.body;
    result.vertices = std::move(emitted.vertices);
    return result;
}

BoxField read_box_field(const SceneReader& reader, const Json& value, const std::string& path) {
    reader.expect_object(
        value, path,
        {"count", "region", "size_min", "size_max", "speed_min", "speed_max", "angular_speed_max"});
    BoxField field;
    const auto find = [&](std::string_view key) { return SceneReader::find(value, key); };
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const Json* count = find("count");
    reader.require(count != nullptr, at("count"), "is required");
    field.count = reader.read_count(*count, at("count"), 1, max_field_count);
    const Json* region = find("region");
    reader.require(region != nullptr, at("region"), "is required");
    field.region = reader.read_box(*region, at("region"));
    if (const Json* size = find("size_min"))
        field.size_min = reader.read_vec2(*size, at("size_min"), max_size);
    if (const Json* size = find("size_max"))
        field.size_max = reader.read_vec2(*size, at("size_max"), max_size);
    reader.require(field.size_min.x > 0.0f && field.size_min.y > 0.0f, at("size_min"),
                   "must be positive");
    reader.require(field.size_max.x >= field.size_min.x && field.size_max.y >= field.size_min.y,
                   at("size_max"), "must be at least size_min on both axes");
    if (const Json* speed = find("speed_min")) {
        field.speed_min = reader.read_float_in(*speed, at("speed_min"), 0.0f, max_speed);
    }
    if (const Json* speed = find("speed_max")) {
        field.speed_max = reader.read_float_in(*speed, at("speed_max"), 0.0f, max_speed);
    }
    reader.require(field.speed_max >= field.speed_min, at("speed_max"),
                   "must be at least speed_min");
    if (const Json* spin = find("angular_speed_max")) {
        field.angular_speed_max = reader.read_float_in(*spin, at("angular_speed_max"), 0.0f, 1e4f);
    }
    return field;
}

// "FILE:LINE:COLUMN: invalid JSON: detail" from nlohmann's byte offset.
[[noreturn]] void throw_parse_error(std::string_view text, std::string_view source,
                                    const Json::parse_error& error) {
    const std::size_t position =
        std::min<std::size_t>(error.byte > 0 ? error.byte - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < position; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    const std::size_t column = position - line_start + 1;
    std::string detail = error.what();
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line L, column C: ".
    const std::size_t prefix = detail.find("parse error");
    const std::size_t colon = prefix == std::string::npos ? prefix : detail.find(": ", prefix);
    if (colon != std::string::npos) detail = detail.substr(colon + 2);
    throw SceneError(std::string(source) + ":" + std::to_string(line) + ":" +
                     std::to_string(column) + ": invalid JSON: " + detail);
}

OrderedJson write_vec2(glm::vec2 value) {
    return OrderedJson::array({shortest_float(value.x), shortest_float(value.y)});
}

OrderedJson write_box(const Box2& box) {
    OrderedJson result;
    result["min"] = write_vec2(box.min);
    result["max"] = write_vec2(box.max);
    return result;
}

OrderedJson write_body(const Body& body, const std::vector<glm::vec2>& vertices, bool emitted) {
    OrderedJson result;
    result["kind"] = name_of(kind_names, body.kind);
    result["shape"] = name_of(shape_names, body.shape);
    if (!emitted) {
        result["position"] = write_vec2(body.position);
        result["velocity"] = write_vec2(body.velocity);
    }
    switch (body.shape) {
        case ShapeType::box:
            result["size"] = write_vec2(body.half_size * 2.0f);
            break;
        case ShapeType::circle:
            result["radius"] = shortest_float(body.radius);
            break;
        case ShapeType::polygon: {
            OrderedJson list = OrderedJson::array();
            for (const glm::vec2& vertex : vertices)
                list.push_back(write_vec2(vertex));
            result["vertices"] = std::move(list);
            break;
        }
    }
    result["angle"] = shortest_float(body.angle);
    result["angular_velocity"] = shortest_float(body.angular_velocity);
    result["detection"] = name_of(detection_names, body.detection);
    result["response"] = name_of(response_names, body.response);
    return result;
}

}  // namespace

void set_bullet_detection(Scene& scene, DetectionMode mode) {
    scene.detection = mode;
    for (SceneBody& body : scene.bodies) {
        if (body.body.kind == BodyKind::bullet) body.body.detection = mode;
    }
    for (SceneSpawner& spawner : scene.spawners) {
        if (spawner.spawner.body.kind == BodyKind::bullet) spawner.spawner.body.detection = mode;
    }
}

Scene parse_scene(std::string_view text, std::string_view source_name) {
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& error) {
        throw_parse_error(text, source_name, error);
    } catch (const Json::exception& error) {
        // A number beyond double range ("1e999") fails in nlohmann's lexer, which reports no
        // position; name the number instead.
        std::string detail = error.what();
        const std::size_t bracket = detail.find("] ");
        if (bracket != std::string::npos) detail = detail.substr(bracket + 2);
        throw SceneError(std::string(source_name) + ": invalid JSON: " + detail);
    }
    const SceneReader reader(source_name);
    reader.expect_object(
        root, "",
        {"version", "title", "title_zh", "description", "description_zh", "seed", "time_step",
         "bounds", "broadphase", "detection", "camera", "bodies", "spawners", "box_fields"});
    const auto find = [&](std::string_view key) { return SceneReader::find(root, key); };
    Scene scene;
    if (const Json* version = find("version")) {
        reader.require(
            version->is_number_integer() && version->get<std::int64_t>() == scene_format_version,
            "version", "must be 1 (the only scene format version)");
    }
    if (const Json* title = find("title")) scene.title = reader.read_string(*title, "title");
    if (const Json* title = find("title_zh"))
        scene.title_zh = reader.read_string(*title, "title_zh");
    if (const Json* text_field = find("description")) {
        scene.description = reader.read_string(*text_field, "description");
    }
    if (const Json* text_field = find("description_zh")) {
        scene.description_zh = reader.read_string(*text_field, "description_zh");
    }
    if (const Json* seed = find("seed")) {
        scene.world.seed =
            reader.read_count(*seed, "seed", 0, std::numeric_limits<std::uint32_t>::max());
    }
    if (const Json* step = find("time_step")) {
        scene.world.time_step = reader.read_float(*step, "time_step");
        reader.require(scene.world.time_step > 0.0f && scene.world.time_step <= max_time_step,
                       "time_step", "must be positive (at most 10 seconds)");
    }
    if (const Json* bounds = find("bounds"))
        scene.world.bounds = reader.read_box(*bounds, "bounds");
    if (const Json* broadphase = find("broadphase")) {
        reader.expect_object(*broadphase, "broadphase",
                             {"name", "touching", "tolerance", "options"});
        if (const Json* name = SceneReader::find(*broadphase, "name")) {
            scene.world.broad_phase = reader.read_string(*name, "broadphase.name");
            try {
                (void)broad_phase_parameters(scene.world.broad_phase);
            } catch (const std::invalid_argument& error) {
                reader.fail("broadphase.name", error.what());
            }
        }
        if (const Json* touching = SceneReader::find(*broadphase, "touching")) {
            scene.world.touching.rule =
                reader.read_enum(*touching, "broadphase.touching", touching_names);
        }
        if (const Json* tolerance = SceneReader::find(*broadphase, "tolerance")) {
            scene.world.touching.relative_tolerance =
                reader.read_float(*tolerance, "broadphase.tolerance");
            reader.require(scene.world.touching.relative_tolerance > 0.0f &&
                               scene.world.touching.relative_tolerance <= 0.01f,
                           "broadphase.tolerance", "must be in (0, 0.01]");
        }
        if (const Json* options = SceneReader::find(*broadphase, "options")) {
            reader.require(options->is_object(), "broadphase.options", "must be an object");
            for (const auto& item : options->items()) {
                const std::string path = "broadphase.options." + item.key();
                reader.require(item.value().is_number(), path, "must be a number");
                scene.world.broad_phase_options[item.key()] = item.value().get<double>();
            }
            // The factory names the bad option and its range; one option at a time keeps the
            // error's JSON path exact.
            for (const auto& [name, value] : scene.world.broad_phase_options) {
                try {
                    (void)make_broad_phase(scene.world.broad_phase, {}, {{name, value}});
                } catch (const std::invalid_argument& error) {
                    reader.fail("broadphase.options." + name, error.what());
                }
            }
        }
    }
    if (const Json* detection = find("detection")) {
        scene.detection = reader.read_enum(*detection, "detection", detection_names);
    }
    if (const Json* camera = find("camera")) {
        reader.expect_object(*camera, "camera", {"center", "zoom"});
        if (const Json* center = SceneReader::find(*camera, "center")) {
            scene.camera.center = reader.read_vec2(*center, "camera.center", max_coordinate);
        }
        if (const Json* zoom = SceneReader::find(*camera, "zoom")) {
            scene.camera.zoom = reader.read_float(*zoom, "camera.zoom");
            reader.require(scene.camera.zoom > 0.0f && scene.camera.zoom <= 1e6f, "camera.zoom",
                           "must be positive (at most 1e6)");
        }
    }
    std::size_t total_bodies = 0;
    if (const Json* bodies = find("bodies")) {
        reader.require(bodies->is_array(), "bodies", "must be an array");
        reader.require(bodies->size() <= max_total_bodies, "bodies", "holds too many bodies");
        for (std::size_t i = 0; i < bodies->size(); ++i) {
            scene.bodies.push_back(
                read_body(reader, (*bodies)[i], index_path("bodies", i), scene.detection, false));
        }
        total_bodies += bodies->size();
    }
    if (const Json* spawners = find("spawners")) {
        reader.require(spawners->is_array(), "spawners", "must be an array");
        for (std::size_t i = 0; i < spawners->size(); ++i) {
            scene.spawners.push_back(
                read_spawner(reader, (*spawners)[i], index_path("spawners", i), scene.detection));
        }
    }
    if (const Json* fields = find("box_fields")) {
        reader.require(fields->is_array(), "box_fields", "must be an array");
        for (std::size_t i = 0; i < fields->size(); ++i) {
            scene.box_fields.push_back(
                read_box_field(reader, (*fields)[i], index_path("box_fields", i)));
            total_bodies += scene.box_fields.back().count;
            reader.require(total_bodies <= max_total_bodies, index_path("box_fields", i) + ".count",
                           "the scene would hold more than 1000000 bodies");
        }
    }
    return scene;
}

Scene load_scene(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw SceneError(path.generic_string() + ": cannot open the file");
    std::ostringstream contents;
    contents << file.rdbuf();
    if (file.bad()) throw SceneError(path.generic_string() + ": cannot read the file");
    return parse_scene(contents.str(), path.generic_string());
}

std::string scene_to_json_text(const Scene& scene) {
    OrderedJson root;
    root["version"] = scene_format_version;
    root["title"] = scene.title;
    root["title_zh"] = scene.title_zh;
    root["description"] = scene.description;
    root["description_zh"] = scene.description_zh;
    root["seed"] = scene.world.seed;
    root["time_step"] = shortest_float(scene.world.time_step);
    root["bounds"] = write_box(scene.world.bounds);
    OrderedJson broadphase;
    broadphase["name"] = scene.world.broad_phase;
    broadphase["touching"] = name_of(touching_names, scene.world.touching.rule);
    broadphase["tolerance"] = shortest_float(scene.world.touching.relative_tolerance);
    if (!scene.world.broad_phase_options.empty()) {
        OrderedJson options = OrderedJson::object();
        for (const auto& [name, value] : scene.world.broad_phase_options)
            options[name] = value;
        broadphase["options"] = std::move(options);
    }
    root["broadphase"] = std::move(broadphase);
    root["detection"] = name_of(detection_names, scene.detection);
    OrderedJson camera;
    camera["center"] = write_vec2(scene.camera.center);
    camera["zoom"] = shortest_float(scene.camera.zoom);
    root["camera"] = std::move(camera);
    OrderedJson bodies = OrderedJson::array();
    for (const SceneBody& body : scene.bodies)
        bodies.push_back(write_body(body.body, body.vertices, false));
    root["bodies"] = std::move(bodies);
    OrderedJson spawners = OrderedJson::array();
    for (const SceneSpawner& entry : scene.spawners) {
        const Spawner& spawner = entry.spawner;
        OrderedJson item;
        item["position"] = write_vec2(spawner.position);
        item["direction"] = shortest_float(spawner.direction);
        item["spread"] = shortest_float(spawner.spread);
        item["speed"] = shortest_float(spawner.speed);
        item["rate"] = shortest_float(spawner.rate);
        item["limit"] = spawner.limit;
        item["random_angle"] = spawner.random_angle;
        item["body"] = write_body(spawner.body, entry.vertices, true);
        spawners.push_back(std::move(item));
    }
    root["spawners"] = std::move(spawners);
    OrderedJson fields = OrderedJson::array();
    for (const BoxField& field : scene.box_fields) {
        OrderedJson item;
        item["count"] = field.count;
        item["region"] = write_box(field.region);
        item["size_min"] = write_vec2(field.size_min);
        item["size_max"] = write_vec2(field.size_max);
        item["speed_min"] = shortest_float(field.speed_min);
        item["speed_max"] = shortest_float(field.speed_max);
        item["angular_speed_max"] = shortest_float(field.angular_speed_max);
        fields.push_back(std::move(item));
    }
    root["box_fields"] = std::move(fields);
    return root.dump(2) + "\n";
}

void save_scene(const Scene& scene, const std::filesystem::path& path) {
    const std::string text = scene_to_json_text(scene);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) throw std::runtime_error(path.generic_string() + ": cannot open for writing");
    file << text;
    if (!file) throw std::runtime_error(path.generic_string() + ": write failed");
}

}  // namespace aabb

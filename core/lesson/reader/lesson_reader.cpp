// Reading lesson files: parse_lesson and load_lesson, the top level, the objects, the gadgets
// and the scene. Handles are read in lesson_handle_reader.cpp, readouts and steps in
// lesson_step_reader.cpp. Everything reads into a fresh Lesson, so a file that fails anywhere
// leaves nothing half-loaded.

#include <array>
#include <cctype>
#include <system_error>

#include "core/io/bounded_read.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/lesson/reader/lesson_reader_parts.hpp"
#include "core/scene/scene_file.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace detail {

std::string read_text(const JsonValueReader& reader, const Json& value, const std::string& path) {
    std::string text = reader.read_string(value, path);
    reader.require(text.size() <= LessonLimits::string_length, path,
                   "is longer than 4000 characters");
    return text;
}

std::string read_name(const JsonValueReader& reader, const Json& value, const std::string& path) {
    const std::string name = reader.read_string(value, path);
    bool valid =
        !name.empty() && name.size() <= 64 && std::isalpha(static_cast<unsigned char>(name[0]));
    for (const char c : name)
        valid = valid && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    reader.require(valid, path,
                   "must be a name: a letter, then letters, digits or '_' (at most 64), got \"" +
                       input_excerpt(name) + "\"");
    return name;
}

double read_number(const JsonValueReader& reader, const Json& value, const std::string& path) {
    reader.require(value.is_number(), path, "must be a number");
    const double number = value.get<double>();
    reader.require(std::isfinite(number) && std::abs(number) <= LessonLimits::magnitude, path,
                   "must be a finite number within ±1e12");
    return number;
}

void require_array(const JsonValueReader& reader, const Json& value, const std::string& path,
                   std::size_t limit) {
    reader.require(value.is_array(), path, "must be an array");
    reader.require(value.size() <= limit, path,
                   "holds more than " + std::to_string(limit) + " entries");
}

void require_unique_name(const JsonValueReader& reader, const Lesson& lesson,
                         const std::string& name, const std::string& path) {
    reader.require(find_object(lesson, name) == nullptr, path,
                   "'" + name + "' is already the name of an object");
    reader.require(find_handle(lesson, name) == nullptr, path,
                   "'" + name + "' is already the name of a handle");
    reader.require(find_readout(lesson, name) == nullptr, path,
                   "'" + name + "' is already the name of a readout");
}

namespace {

constexpr float max_coordinate = static_cast<float>(LessonLimits::coordinate);

}  // namespace

// The "min" and "max" of an object: min <= max (a zero width is allowed).
Box2 read_min_max(const JsonValueReader& reader, const Json& value, const std::string& path) {
    const Json* min = JsonValueReader::find(value, "min");
    const Json* max = JsonValueReader::find(value, "max");
    reader.require(min != nullptr, field_path(path, "min"), "is required");
    reader.require(max != nullptr, field_path(path, "max"), "is required");
    const Box2 box{reader.read_vec2(*min, field_path(path, "min"), max_coordinate),
                   reader.read_vec2(*max, field_path(path, "max"), max_coordinate)};
    reader.require(box.is_valid(), path, "min must not be above max");
    return box;
}

std::string read_color(const JsonValueReader& reader, const Json& value, const std::string& path) {
    const std::string color = reader.read_string(value, path);
    if (is_listed(color_roles, color)) return color;
    std::string known;
    for (const std::string_view role : color_roles)
        known += (known.empty() ? "" : ", ") + std::string(role);
    reader.fail(path, "unknown color role '" + input_excerpt(color) + "' (known: " + known + ")");
}

// A box: {"min": [x, y], "max": [x, y]} and nothing else.
Box2 read_lesson_box(const JsonValueReader& reader, const Json& value, const std::string& path) {
    reader.expect_object(value, path, box_keys);
    return read_min_max(reader, value, path);
}

std::filesystem::path resolve_scene_file(const std::filesystem::path& base,
                                         const std::string& name) {
    // Next to the lesson first, then in its folder's parent (the project root for lessons/).
    // The error_code forms: a name the file system refuses (longer than NAME_MAX) threw
    // std::filesystem::filesystem_error past the loader; now it is a file that cannot be opened.
    std::error_code ignored;
    const std::filesystem::path here = base / name;
    const std::filesystem::path above =
        std::filesystem::absolute(base, ignored).parent_path() / name;
    if (!std::filesystem::exists(here, ignored) && std::filesystem::exists(above, ignored))
        return above;
    return here;
}

}  // namespace detail

namespace {

using detail::read_name;
using detail::read_number;
using detail::read_text;
using detail::require_array;

using detail::read_color;
using detail::read_lesson_box;
using detail::read_min_max;

constexpr io::ReadLimit lesson_read_limit{"lesson file", LessonLimits::file_bytes};

constexpr std::array<std::string_view, 14> lesson_keys{
    "version",    "id",    "section", "title",   "title_zh", "objective", "objective_zh",
    "scene_file", "scene", "objects", "gadgets", "handles",  "readouts",  "steps"};

constexpr float max_coordinate = static_cast<float>(LessonLimits::coordinate);

// The keys an object of each kind may have, besides name, kind, its labels and color.
std::vector<std::string_view> object_keys(ObjectKind kind) {
    std::vector<std::string_view> keys{"name", "kind", "label", "label_zh", "color"};
    switch (kind) {
        case ObjectKind::box:
            keys.insert(keys.end(), {"min", "max"});
            break;
        case ObjectKind::point:
        case ObjectKind::number:
            keys.push_back("value");
            break;
        case ObjectKind::vector:
            keys.insert(keys.end(), {"value", "from"});
            break;
        case ObjectKind::point_set:
            keys.insert(keys.end(), {"points", "count"});
            break;
        case ObjectKind::box_list:
            keys.insert(keys.end(), {"boxes", "first", "step", "repeat", "count"});
            break;
        case ObjectKind::wedge:
            keys.insert(keys.end(), {"apex", "yaw_deg", "half_angle_deg", "near", "far"});
            break;
    }
    return keys;
}

void read_list(const JsonValueReader& reader, const Json& value, const std::string& path,
               LessonObject& object) {
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    if (object.kind == ObjectKind::point_set) {
        const Json* points = JsonValueReader::find(value, "points");
        reader.require(points != nullptr, at("points"), "is required");
        require_array(reader, *points, at("points"), LessonLimits::elements);
        for (std::size_t i = 0; i < points->size(); ++i)
            object.points.push_back(
                reader.read_vec2((*points)[i], index_path(at("points"), i), max_coordinate));
        object.count = object.points.size();
    } else {
        const Json* boxes = JsonValueReader::find(value, "boxes");
        const Json* first = JsonValueReader::find(value, "first");
        reader.require((boxes != nullptr) != (first != nullptr), path,
                       "needs either boxes or first (with step and repeat)");
        if (boxes != nullptr) {
            require_array(reader, *boxes, at("boxes"), LessonLimits::elements);
            for (std::size_t i = 0; i < boxes->size(); ++i)
                object.boxes.push_back(
                    read_lesson_box(reader, (*boxes)[i], index_path(at("boxes"), i)));
        } else {
            const Box2 box = read_lesson_box(reader, *first, at("first"));
            const Json* step = JsonValueReader::find(value, "step");
            const Json* repeat = JsonValueReader::find(value, "repeat");
            reader.require(step != nullptr, at("step"), "is required with first");
            reader.require(repeat != nullptr, at("repeat"), "is required with first");
            const glm::vec2 offset = reader.read_vec2(*step, at("step"), max_coordinate);
            const std::uint32_t count =
                reader.read_count(*repeat, at("repeat"), 1, LessonLimits::elements);
            for (std::uint32_t i = 0; i < count; ++i)
                object.boxes.push_back(translated(box, offset * float(i)));
        }
        object.count = object.boxes.size();
    }
    if (const Json* count = JsonValueReader::find(value, "count")) {
        const std::size_t capacity =
            object.kind == ObjectKind::point_set ? object.points.size() : object.boxes.size();
        object.count = reader.read_count(*count, at("count"), 0, capacity);
    }
}

void read_wedge(const JsonValueReader& reader, const Json& value, const std::string& path,
                ViewWedge& wedge) {
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    if (const Json* apex = JsonValueReader::find(value, "apex"))
        wedge.apex = reader.read_vec2(*apex, at("apex"), max_coordinate);
    if (const Json* yaw = JsonValueReader::find(value, "yaw_deg"))
        wedge.yaw_deg = reader.read_float_in(*yaw, at("yaw_deg"), -360.0f, 360.0f);
    if (const Json* half = JsonValueReader::find(value, "half_angle_deg"))
        wedge.half_angle_deg = reader.read_float_in(*half, at("half_angle_deg"), 1.0f, 89.0f);
    if (const Json* near = JsonValueReader::find(value, "near"))
        wedge.near_distance = reader.read_float_in(*near, at("near"), 0.0f, 1e6f);
    if (const Json* far = JsonValueReader::find(value, "far"))
        wedge.far_distance = reader.read_float_in(*far, at("far"), 0.0f, 1e6f);
    reader.require(wedge.far_distance > wedge.near_distance, at("far"), "must be beyond near");
}

LessonObject read_object(const JsonValueReader& reader, const Json& value, const std::string& path,
                         const Lesson& lesson) {
    reader.require(value.is_object(), path, "must be an object");
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    LessonObject object;
    const Json* name = JsonValueReader::find(value, "name");
    reader.require(name != nullptr, at("name"), "is required");
    object.name = read_name(reader, *name, at("name"));
    detail::require_unique_name(reader, lesson, object.name, at("name"));
    const Json* kind = JsonValueReader::find(value, "kind");
    reader.require(kind != nullptr, at("kind"), "is required");
    std::string choices;
    bool known = false;
    for (const auto& [entry, entry_name] : object_kind_names) {
        choices += (choices.empty() ? "" : ", ") + std::string(entry_name);
        if (kind->is_string() && kind->get<std::string>() == entry_name) {
            object.kind = entry;
            known = true;
        }
    }
    reader.require(known, at("kind"), "must be one of " + choices);
    const std::vector<std::string_view> keys = object_keys(object.kind);
    reader.expect_object(value, path, keys);
    object.label = object.name;
    if (const Json* label = JsonValueReader::find(value, "label"))
        object.label = read_text(reader, *label, at("label"));
    object.label_zh = object.label;
    if (const Json* label = JsonValueReader::find(value, "label_zh"))
        object.label_zh = read_text(reader, *label, at("label_zh"));
    if (const Json* color = JsonValueReader::find(value, "color"))
        object.color = read_color(reader, *color, at("color"));
    const Json* object_value = JsonValueReader::find(value, "value");
    switch (object.kind) {
        case ObjectKind::box:
            object.box = read_min_max(reader, value, path);
            break;
        case ObjectKind::point:
        case ObjectKind::vector:
            reader.require(object_value != nullptr, at("value"), "is required");
            object.vector = reader.read_vec2(*object_value, at("value"), max_coordinate);
            if (const Json* from = JsonValueReader::find(value, "from")) {
                object.from = read_name(reader, *from, at("from"));
                const LessonObject* tail = find_object(lesson, object.from);
                reader.require(tail != nullptr && (tail->kind == ObjectKind::point ||
                                                   tail->kind == ObjectKind::box),
                               at("from"), "must name a point or a box listed before it");
            }
            break;
        case ObjectKind::number:
            reader.require(object_value != nullptr, at("value"), "is required");
            object.number = read_number(reader, *object_value, at("value"));
            break;
        case ObjectKind::point_set:
        case ObjectKind::box_list:
            read_list(reader, value, path, object);
            break;
        case ObjectKind::wedge:
            read_wedge(reader, value, path, object.wedge);
            break;
    }
    return object;
}

Gadget read_gadget(const JsonValueReader& reader, const Json& value, const std::string& path,
                   const Lesson& lesson) {
    reader.require(value.is_object(), path, "must be an object");
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const Json* kind_value = JsonValueReader::find(value, "kind");
    reader.require(kind_value != nullptr, at("kind"), "is required");
    Gadget gadget;
    gadget.kind = reader.read_string(*kind_value, at("kind"));
    const GadgetKind* kind = find_gadget_kind(gadget.kind);
    if (kind == nullptr) {
        std::string known;
        for (const GadgetKind& entry : gadget_kinds())
            known += (known.empty() ? "" : ", ") + std::string(entry.name);
        reader.fail(at("kind"),
                    "unknown gadget '" + input_excerpt(gadget.kind) + "' (known: " + known + ")");
    }
    std::vector<std::string_view> keys{"name", "kind", "label"};
    for (const GadgetRole& role : kind->roles)
        keys.push_back(role.role);
    reader.expect_object(value, path, keys);
    if (const Json* label = JsonValueReader::find(value, "label"))
        gadget.label = read_text(reader, *label, at("label"));
    if (const Json* name = JsonValueReader::find(value, "name")) {
        gadget.name = read_name(reader, *name, at("name"));
        for (const Gadget& other : lesson.gadgets)
            reader.require(other.name != gadget.name, at("name"), "is the name of another gadget");
    }
    for (const GadgetRole& role : kind->roles) {
        const Json* named = JsonValueReader::find(value, role.role);
        if (named == nullptr) {
            reader.require(!role.required, at(role.role), "is required by a " + gadget.kind);
            continue;
        }
        const std::string name = read_name(reader, *named, at(role.role));
        const LessonObject* object = find_object(lesson, name);
        reader.require(object != nullptr, at(role.role),
                       "unknown object '" + input_excerpt(name) + "'");
        reader.require(object->kind == role.kind, at(role.role),
                       "must name a " + std::string(name_in(object_kind_names, role.kind)) +
                           ", but '" + name + "' is a " +
                           std::string(name_in(object_kind_names, object->kind)));
        gadget.objects.emplace_back(std::string(role.role), name);
    }
    return gadget;
}

// A scene error "SOURCE: PATH: problem" from an inline scene, with its path put under "scene".
[[noreturn]] void rethrow_inline(const SceneError& error, std::string_view marker,
                                 std::string_view source) {
    std::string message = error.what();
    if (message.rfind(marker, 0) == 0) {
        std::string rest = message.substr(marker.size());  // ": PATH: problem"
        if (rest.rfind(": (root)", 0) == 0)
            rest = rest.substr(8);
        else if (rest.rfind(": ", 0) == 0)
            rest = "." + rest.substr(2);
        throw SceneError(std::string(source) + ": scene" + rest);
    }
    throw SceneError(std::string(source) + ": scene: " + message);
}

void read_scene(const JsonValueReader& reader, const Json& root, std::string_view source,
                const std::filesystem::path& base, Lesson& lesson,
                detail::LessonSceneFiles& scene_files) {
    const Json* file = JsonValueReader::find(root, "scene_file");
    const Json* inline_scene = JsonValueReader::find(root, "scene");
    reader.require(file == nullptr || inline_scene == nullptr, "scene",
                   "give either scene_file or scene, not both");
    if (file != nullptr) {
        const std::string name = read_text(reader, *file, "scene_file");
        lesson.scene_file = detail::resolve_scene_file(base, name);
        lesson.scene = *scene_files.read(reader, lesson.scene_file, "scene_file");
    } else if (inline_scene != nullptr) {
        constexpr std::string_view marker = "\x01inline-scene";
        try {
            lesson.scene = parse_scene(inline_scene->dump(), marker);
        } catch (const SceneError& error) {
            rethrow_inline(error, marker, source);
        }
    }
}

void read_header(const JsonValueReader& reader, const Json& root, Lesson& lesson) {
    if (const Json* version = JsonValueReader::find(root, "version")) {
        reader.require(
            version->is_number_integer() && version->get<std::int64_t>() == lesson_format_version,
            "version", "must be 1 (the only lesson format version)");
    }
    const Json* id = JsonValueReader::find(root, "id");
    reader.require(id != nullptr, "id", "is required");
    lesson.id = read_text(reader, *id, "id");
    bool valid = !lesson.id.empty() && lesson.id.size() <= 64;
    for (const char c : lesson.id)
        valid = valid && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-');
    reader.require(valid, "id", "must be 1 to 64 letters, digits, '_' or '-'");
    const Json* section = JsonValueReader::find(root, "section");
    reader.require(section != nullptr, "section", "is required");
    lesson.section = static_cast<int>(reader.read_count(*section, "section", 1, 8));
    const Json* title = JsonValueReader::find(root, "title");
    reader.require(title != nullptr, "title", "is required");
    lesson.title = read_text(reader, *title, "title");
    const std::pair<std::string_view, std::string*> texts[] = {
        {"title_zh", &lesson.title_zh},
        {"objective", &lesson.objective},
        {"objective_zh", &lesson.objective_zh}};
    for (const auto& [key, target] : texts) {
        if (const Json* text = JsonValueReader::find(root, key))
            *target = read_text(reader, *text, std::string(key));
    }
}

Lesson parse_root(const Json& root, std::string_view source, const std::filesystem::path& base) {
    const JsonValueReader reader(source);
    reader.expect_object(root, "", lesson_keys);
    Lesson lesson;
    lesson.source = std::string(source);
    read_header(reader, root, lesson);
    detail::LessonSceneFiles scene_files;
    read_scene(reader, root, source, base, lesson, scene_files);
    if (const Json* objects = JsonValueReader::find(root, "objects")) {
        require_array(reader, *objects, "objects", LessonLimits::objects);
        for (std::size_t i = 0; i < objects->size(); ++i)
            lesson.objects.push_back(
                read_object(reader, (*objects)[i], index_path("objects", i), lesson));
    }
    if (const Json* gadgets = JsonValueReader::find(root, "gadgets")) {
        require_array(reader, *gadgets, "gadgets", LessonLimits::gadgets);
        for (std::size_t i = 0; i < gadgets->size(); ++i)
            lesson.gadgets.push_back(
                read_gadget(reader, (*gadgets)[i], index_path("gadgets", i), lesson));
    }
    if (const Json* handles = JsonValueReader::find(root, "handles"))
        detail::read_handles(reader, *handles, lesson, base, scene_files);
    if (const Json* readouts = JsonValueReader::find(root, "readouts"))
        detail::read_readouts(reader, *readouts, lesson);
    const Json* steps = JsonValueReader::find(root, "steps");
    reader.require(steps != nullptr, "steps", "is required (at least one step)");
    detail::read_steps(reader, *steps, lesson);
    return lesson;
}

}  // namespace

Lesson parse_lesson(std::string_view text, std::string_view source_name,
                    const std::filesystem::path& base_directory) {
    if (text.size() > LessonLimits::file_bytes) {
        throw LessonError(
            io::ReadError(source_name, io::too_large_reason(lesson_read_limit)).what());
    }
    try {
        return parse_root(parse_json_text(text, source_name), source_name, base_directory);
    } catch (const SceneError& error) {
        throw LessonError(error.what());
    }
}

Lesson load_lesson(const std::filesystem::path& path) {
    // The name names the file in every message, escaped like any quoted input.
    const std::string source = input_excerpt(path.generic_string(), quoted_path_limit);
    std::string contents;
    try {
        contents = io::read_file(path, source, lesson_read_limit);
    } catch (const io::ReadError& error) {
        throw LessonError(error.what());
    }
    Lesson lesson = parse_lesson(contents, source, path.parent_path());
    lesson.path = path;
    return lesson;
}

}  // namespace aabb::lesson

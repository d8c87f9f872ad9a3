// Reading a lesson's handles: kind, targets (parsed and checked against the objects and the
// scene), range, snap, choices, default. See lesson_reader.cpp for the rest of the file.

#include <algorithm>
#include <array>

#include "core/lesson/display_names.hpp"
#include "core/lesson/handles/handle_values.hpp"
#include "core/lesson/handles/object_fields.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/lesson/lesson_world.hpp"
#include "core/lesson/reader/lesson_reader_parts.hpp"

namespace aabb::lesson::detail {

namespace {

constexpr std::array<std::string_view, 15> handle_keys{
    "name",    "kind",          "target",           "range", "snap",
    "default", "axis",          "keep_size",        "log",   "integer",
    "choices", "choice_labels", "choice_labels_zh", "label", "label_zh"};

struct HandleReader {
    const JsonValueReader& reader;
    const Json& value;
    std::string path;
    Lesson& lesson;
    const std::filesystem::path& base;
    LessonSceneFiles& scene_files;
    Handle handle;

    [[nodiscard]] std::string at(std::string_view key) const { return field_path(path, key); }
    [[nodiscard]] const Json* find(std::string_view key) const {
        return JsonValueReader::find(value, key);
    }

    void read_kind() {
        const Json* kind = find("kind");
        reader.require(kind != nullptr, at("kind"), "is required");
        std::string names;
        for (const auto& [entry, name] : handle_kind_names) {
            names += (names.empty() ? "" : ", ") + std::string(name);
            if (kind->is_string() && kind->get<std::string>() == name) {
                handle.kind = entry;
                return;
            }
        }
        reader.fail(at("kind"), "must be one of " + names);
    }

    void read_targets() {
        const Json* target = find("target");
        reader.require(target != nullptr, at("target"), "is required");
        std::vector<std::pair<std::string, std::string>> texts;  // text, path
        if (target->is_array()) {
            reader.require(!target->empty() && target->size() <= LessonLimits::handle_targets,
                           at("target"), "must hold 1 to 4 targets");
            for (std::size_t i = 0; i < target->size(); ++i) {
                const std::string where = index_path(at("target"), i);
                texts.emplace_back(read_text(reader, (*target)[i], where), where);
            }
        } else {
            texts.emplace_back(read_text(reader, *target, at("target")), at("target"));
        }
        for (const auto& [text, where] : texts) {
            try {
                handle.targets.push_back(parse_target(text, lesson.objects));
            } catch (const std::invalid_argument& error) {
                reader.fail(where, error.what());
            }
            handle.target_texts.push_back(text);
            check_target_fits_kind(handle.targets.back(), where);
        }
    }

    void check_target_fits_kind(const HandleTarget& target, const std::string& where) const {
        const int wanted = value_components(handle);
        const std::string kind(name_in(handle_kind_names, handle.kind));
        reader.require(
            target.dimension() == wanted, where,
            "a " + kind + " handle needs a " + (wanted == 2 ? "2D" : "1D") + " target (" +
                (wanted == 2 ? "a point, corner or vector" : "a number or one component") + ")");
        const bool is_object = target.scope == TargetScope::object;
        const LessonObject* object = is_object ? &lesson.objects[target.object] : nullptr;
        if (handle.kind == HandleKind::corner) {
            const bool corner = is_object && (target.field == ObjectField::min ||
                                              target.field == ObjectField::max ||
                                              target.field == ObjectField::element_min ||
                                              target.field == ObjectField::element_max);
            reader.require(corner, where, "a corner handle drives a box corner (B.min or B.max)");
        }
        if (handle.kind == HandleKind::vector) {
            reader.require(object != nullptr && object->kind == ObjectKind::vector, where,
                           "a vector handle drives a vector object");
        }
        if (handle.kind == HandleKind::toggle) {
            reader.require(object != nullptr && object->kind == ObjectKind::number, where,
                           "a toggle drives a number object (0 or 1)");
        }
        if (handle.kind == HandleKind::choice) {
            reader.require(
                (object != nullptr && object->kind == ObjectKind::number) || target.takes_name(),
                where,
                "a choice drives a number object (the choice's index) or "
                "world.broad_phase, world.detection or world.touching");
        } else {
            reader.require(!target.takes_name(), where, "this target takes a name: use a choice");
        }
        if (!is_object && target.world_field != WorldField::scene) {
            reader.require(lesson.scene.has_value(), where,
                           "a world target needs the lesson's scene (scene_file or scene)");
        }
    }

    std::array<Range, 2> read_ranges() const {
        const Json* range = find("range");
        if (handle.kind == HandleKind::toggle) {
            reader.require(range == nullptr, at("range"), "a toggle's range is [0, 1]");
            return {Range{0.0, 1.0}, Range{0.0, 1.0}};
        }
        if (handle.kind == HandleKind::choice) {
            reader.require(range == nullptr, at("range"), "a choice's range is its choices");
            const double last = double(handle.choices.size()) - 1.0;
            return {Range{0.0, last}, Range{0.0, last}};
        }
        reader.require(range != nullptr, at("range"), "is required");
        const auto read_one = [&](const Json& pair, const std::string& where) {
            reader.require(pair.is_array() && pair.size() == 2 && pair[0].is_number(), where,
                           "must be [low, high]");
            const Range result{read_number(reader, pair[0], index_path(where, 0)),
                               read_number(reader, pair[1], index_path(where, 1))};
            reader.require(result.low <= result.high, where, "low must not be above high");
            return result;
        };
        if (value_components(handle) == 2 && range->is_array() && range->size() == 2 &&
            (*range)[0].is_array()) {
            return {read_one((*range)[0], index_path(at("range"), 0)),
                    read_one((*range)[1], index_path(at("range"), 1))};
        }
        const Range both = read_one(*range, at("range"));
        return {both, both};
    }

    void read_choices() {
        const Json* choices = find("choices");
        if (handle.kind != HandleKind::choice) {
            reader.require(choices == nullptr, at("choices"), "only choice handles have choices");
            return;
        }
        if (choices == nullptr) {
            reader.require(handle.targets.front().takes_name(), at("choices"),
                           "is required for a choice on a number object");
            for (const std::string& name : world_choice_names(handle.targets.front()))
                handle.choices.push_back(name);
            reader.require(!handle.choices.empty(), at("choices"), "is required (scene files)");
            return;
        }
        require_array(reader, *choices, at("choices"), LessonLimits::choices);
        reader.require(!choices->empty(), at("choices"), "must not be empty");
        for (std::size_t i = 0; i < choices->size(); ++i) {
            const std::string where = index_path(at("choices"), i);
            const std::string name = read_text(reader, (*choices)[i], where);
            reader.require(!name.empty() && name.size() <= 64 && name.find(',') == name.npos, where,
                           "must be 1 to 64 characters without ','");
            reader.require(std::find(handle.choices.begin(), handle.choices.end(), name) ==
                               handle.choices.end(),
                           where, "is listed twice");
            handle.choices.push_back(name);
            if (handle.targets.front().scope == TargetScope::world &&
                handle.targets.front().world_field == WorldField::scene) {
                handle.scenes.push_back(
                    scene_files.read(reader, resolve_scene_file(base, name), where));
            }
        }
        // A lesson whose scene is only chosen by a world.scene handle starts from the first.
        if (!handle.scenes.empty() && !lesson.scene) lesson.scene = *handle.scenes.front();
    }

    // The words written for each choice: the file's labels, else a scene's title, the words
    // for a fixed name (sort_and_sweep: sort-and-sweep, 排序扫描), else the name itself.
    void read_choice_labels() {
        const Json* english = find("choice_labels");
        const Json* chinese = find("choice_labels_zh");
        if (handle.kind != HandleKind::choice) {
            reader.require(english == nullptr, at("choice_labels"),
                           "only choice handles have choice labels");
            reader.require(chinese == nullptr, at("choice_labels_zh"),
                           "only choice handles have choice labels");
            return;
        }
        for (std::size_t i = 0; i < handle.choices.size(); ++i) {
            const std::string& name = handle.choices[i];
            std::string en = name;
            std::string zh;
            if (i < handle.scenes.size()) {
                en = handle.scenes[i]->title.empty() ? en : handle.scenes[i]->title;
                zh = handle.scenes[i]->title_zh;
            } else if (const auto words = fixed_name_words(name)) {
                en = std::string(words->en);
                zh = std::string(words->zh);
            }
            handle.choice_labels.push_back(std::move(en));
            handle.choice_labels_zh.push_back(zh.empty() ? handle.choice_labels.back() : zh);
        }
        const auto read_list = [&](const Json* list, std::string_view key,
                                   std::vector<std::string>& labels) {
            if (list == nullptr) return;
            require_array(reader, *list, at(key), LessonLimits::choices);
            reader.require(
                list->size() == handle.choices.size(), at(key),
                "must hold one label per choice (" + std::to_string(handle.choices.size()) + ")");
            for (std::size_t i = 0; i < list->size(); ++i)
                labels[i] = read_text(reader, (*list)[i], index_path(at(key), i));
        };
        read_list(english, "choice_labels", handle.choice_labels);
        // Chinese labels not written follow the English ones written.
        if (english != nullptr && chinese == nullptr)
            handle.choice_labels_zh = handle.choice_labels;
        read_list(chinese, "choice_labels_zh", handle.choice_labels_zh);
    }

    void check_targets_against_range() const {
        for (std::size_t i = 0; i < handle.targets.size(); ++i) {
            const HandleTarget& target = handle.targets[i];
            const std::string where =
                handle.targets.size() == 1 ? at("target") : index_path(at("target"), i);
            if (target.scope == TargetScope::world) {
                const Range& range = handle.range[target.component == 1 ? 1 : 0];
                try {
                    check_world_target(target, *lesson.scene, range, handle.choices);
                    if (value_components(handle) == 2)
                        check_world_target(target, *lesson.scene, handle.range[1], handle.choices);
                } catch (const std::invalid_argument& error) {
                    reader.fail(where, error.what());
                }
                continue;
            }
            const LessonObject& object = lesson.objects[target.object];
            if (target.field == ObjectField::count) {
                const double capacity =
                    double(object.kind == ObjectKind::point_set ? object.points.size()
                                                                : object.boxes.size());
                reader.require(handle.range[0].low >= 0.0 && handle.range[0].high <= capacity,
                               at("range"),
                               "a count stays within [0, " + plain_number(capacity) + "]");
            }
            if (target.field == ObjectField::wedge_half_angle) {
                reader.require(handle.range[0].low >= 1.0 && handle.range[0].high <= 89.0,
                               at("range"), "a wedge's half-angle stays within [1, 89]");
            }
        }
    }

    void read_options() {
        const bool two_d = value_components(handle) == 2;
        handle.snap = two_d ? 0.5 : 0.0;
        if (const Json* snap = find("snap")) {
            handle.snap = read_number(reader, *snap, at("snap"));
            reader.require(handle.snap >= 0.0, at("snap"), "must not be negative");
        }
        if (const Json* axis = find("axis")) {
            reader.require(two_d, at("axis"), "only point, vector and corner handles lock an axis");
            const std::string text = reader.read_string(*axis, at("axis"));
            reader.require(text == "x" || text == "y", at("axis"), "must be \"x\" or \"y\"");
            handle.axis = text == "x" ? AxisLock::x : AxisLock::y;
        }
        if (const Json* keep = find("keep_size")) {
            handle.keep_size = reader.read_bool(*keep, at("keep_size"));
            for (const HandleTarget& target : handle.targets) {
                const bool corner =
                    target.scope == TargetScope::object &&
                    (target.field == ObjectField::min || target.field == ObjectField::max ||
                     target.field == ObjectField::element_min ||
                     target.field == ObjectField::element_max);
                reader.require(!handle.keep_size || corner, at("keep_size"),
                               "keep_size applies to box corners (B.min, B.max.x, …)");
            }
        }
        if (const Json* log = find("log")) {
            handle.log_scale = reader.read_bool(*log, at("log"));
            reader.require(!handle.log_scale || handle.kind == HandleKind::slider, at("log"),
                           "only sliders have a log scale");
            reader.require(!handle.log_scale || handle.range[0].low > 0.0, at("log"),
                           "a log scale needs a range above 0");
        }
        for (const HandleTarget& target : handle.targets)
            handle.integer = handle.integer || target.whole_numbers();
        if (const Json* integer = find("integer"))
            handle.integer = reader.read_bool(*integer, at("integer")) || handle.integer;
        handle.label = handle.name;
        if (const Json* label = find("label"))
            handle.label = read_text(reader, *label, at("label"));
        handle.label_zh = handle.label;
        if (const Json* label = find("label_zh"))
            handle.label_zh = read_text(reader, *label, at("label_zh"));
    }

    void read_default() {
        if (const Json* given = find("default")) {
            handle.default_value = read_handle_value(reader, handle, *given, at("default"));
            return;
        }
        const HandleTarget& target = handle.targets.front();
        handle.default_value = target.scope == TargetScope::object
                                   ? read_object_field(target, lesson.objects)
                                   : read_world_field(target, *lesson.scene, handle.choices);
        if (const std::optional<std::string> problem = value_problem(handle, handle.default_value))
            reader.fail(at("default"), "the target's value as written does not fit: " + *problem +
                                           " (give a default)");
    }

    // Two handles writing the same field would fight over it.
    void check_conflicts() const {
        for (const Handle& other : lesson.handles) {
            for (const HandleTarget& mine : handle.targets) {
                for (const HandleTarget& theirs : other.targets) {
                    const bool same_place =
                        mine.scope == theirs.scope &&
                        (mine.scope == TargetScope::object
                             ? mine.object == theirs.object && mine.field == theirs.field
                             : mine.world_field == theirs.world_field &&
                                   mine.option == theirs.option) &&
                        mine.element == theirs.element;
                    const bool shared_component = mine.component < 0 || theirs.component < 0 ||
                                                  mine.component == theirs.component;
                    reader.require(!(same_place && shared_component), at("target"),
                                   "handle '" + other.name + "' already drives this target");
                }
            }
        }
    }
};

}  // namespace

HandleValue read_handle_value(const JsonValueReader& reader, const Handle& handle,
                              const Json& value, const std::string& path) {
    HandleValue result;
    switch (handle.kind) {
        case HandleKind::choice: {
            reader.require(value.is_string(), path, "must be one of " + range_description(handle));
            const std::optional<HandleValue> parsed =
                parse_value_text(handle, value.get<std::string>());
            reader.require(parsed.has_value(), path, "must be " + range_description(handle));
            result = *parsed;
            break;
        }
        case HandleKind::toggle:
            result.numbers[0] = reader.read_bool(value, path) ? 1.0 : 0.0;
            break;
        default:
            if (value_components(handle) == 2) {
                reader.require(value.is_array() && value.size() == 2, path, "must be [x, y]");
                result.numbers = {read_number(reader, value[0], index_path(path, 0)),
                                  read_number(reader, value[1], index_path(path, 1))};
            } else {
                result.numbers[0] = read_number(reader, value, path);
            }
            break;
    }
    if (const std::optional<std::string> problem = value_problem(handle, result))
        reader.fail(path, "handle '" + handle.name + "': " + *problem);
    return result;
}

void read_handles(const JsonValueReader& reader, const Json& value, Lesson& lesson,
                  const std::filesystem::path& base, LessonSceneFiles& scene_files) {
    require_array(reader, value, "handles", LessonLimits::handles);
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string path = index_path("handles", i);
        reader.expect_object(value[i], path, handle_keys);
        HandleReader part{reader, value[i], path, lesson, base, scene_files, Handle{}};
        const Json* name = part.find("name");
        reader.require(name != nullptr, part.at("name"), "is required");
        part.handle.name = read_name(reader, *name, part.at("name"));
        part.read_kind();
        part.read_targets();
        // A handle may share the name of the object it drives ("theta" drives theta): a
        // formula's {theta} then shows the same value either way.
        const LessonObject* same = find_object(lesson, part.handle.name);
        const bool drives_it =
            same != nullptr && std::any_of(part.handle.targets.begin(), part.handle.targets.end(),
                                           [&](const HandleTarget& t) {
                                               return t.scope == TargetScope::object &&
                                                      lesson.objects[t.object].name == same->name;
                                           });
        if (!drives_it) require_unique_name(reader, lesson, part.handle.name, part.at("name"));
        reader.require(find_handle(lesson, part.handle.name) == nullptr, part.at("name"),
                       "'" + part.handle.name + "' is already the name of a handle");
        part.read_choices();
        part.read_choice_labels();
        part.handle.range = part.read_ranges();
        part.check_targets_against_range();
        part.read_options();
        part.read_default();
        part.check_conflicts();
        lesson.handles.push_back(std::move(part.handle));
    }
}

}  // namespace aabb::lesson::detail

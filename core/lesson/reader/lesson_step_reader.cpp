// Reading a lesson's readouts (checked against the catalog) and steps (set, frames, overlays,
// visible names, formulas, try, goal, expect). See lesson_reader.cpp for the rest of the file.

#include <algorithm>
#include <array>
#include <cmath>

#include "core/lesson/formula.hpp"
#include "core/lesson/handles/handle_target.hpp"
#include "core/lesson/handles/handle_values.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/lesson/reader/lesson_reader_parts.hpp"
#include "core/lesson/readouts/readout_catalog.hpp"
#include "core/lesson/readouts/readout_names.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson::detail {

namespace {

constexpr std::array<std::string_view, 8> readout_keys{"name",   "kind",  "output", "args",
                                                       "format", "color", "label",  "label_zh"};
constexpr std::array<std::string_view, 20> step_keys{
    "text",          "text_zh",  "set",      "frames",      "show",  "hide",   "handles",
    "readouts",      "gadgets",  "formulas", "formulas_zh", "try",   "try_zh", "goal",
    "demonstration", "question", "expect",   "animate",     "world", "stage"};
constexpr std::array<std::string_view, 7> animate_keys{"handle", "from", "to",      "seconds",
                                                       "loop",   "hold", "autoplay"};

constexpr float max_coordinate = static_cast<float>(LessonLimits::coordinate);

std::string list_names(auto&& items) {
    std::string names;
    for (const auto& item : items)
        names += (names.empty() ? "" : ", ") + std::string(item.name);
    return names.empty() ? "none" : names;
}

ReadoutArgument read_argument(const JsonValueReader& reader, const ArgSpec& spec, const Json& value,
                              const std::string& path, const Lesson& lesson) {
    ReadoutArgument argument;
    if (spec.type == ArgType::option) {
        argument.source = ReadoutArgument::Source::option;
        argument.text = reader.read_string(value, path);
        std::string names;
        for (const std::string_view option : spec.options) {
            names += (names.empty() ? "" : ", ") + std::string(option);
            if (option == argument.text) return argument;
        }
        reader.fail(path, "must be one of " + names);
    }
    if (value.is_string()) {
        argument.source = ReadoutArgument::Source::object;
        argument.text = read_name(reader, value, path);
        const LessonObject* object = find_object(lesson, argument.text);
        reader.require(
            object != nullptr, path,
            "unknown object '" + argument.text + "' (known: " + list_names(lesson.objects) + ")");
        const ObjectKind kind = object->kind;
        bool fits = false;
        switch (spec.type) {
            case ArgType::box:
                fits = kind == ObjectKind::box;
                break;
            case ArgType::point:
                fits = kind == ObjectKind::point || kind == ObjectKind::vector ||
                       kind == ObjectKind::box;
                break;
            case ArgType::vector:
                fits = kind == ObjectKind::vector || kind == ObjectKind::point;
                break;
            case ArgType::number:
                fits = kind == ObjectKind::number;
                break;
            case ArgType::point_set:
                fits = kind == ObjectKind::point_set;
                break;
            case ArgType::box_list:
                fits = kind == ObjectKind::box_list;
                break;
            case ArgType::wedge:
                fits = kind == ObjectKind::wedge;
                break;
            case ArgType::option:
                break;
        }
        reader.require(fits, path,
                       "'" + argument.text + "' is a " +
                           std::string(name_in(object_kind_names, kind)) +
                           ", which this argument does not take");
        return argument;
    }
    switch (spec.type) {
        case ArgType::box:
            argument.source = ReadoutArgument::Source::box;
            argument.box = read_lesson_box(reader, value, path);
            return argument;
        case ArgType::point:
        case ArgType::vector:
            argument.source = ReadoutArgument::Source::vector;
            argument.vector = reader.read_vec2(value, path, max_coordinate);
            return argument;
        case ArgType::number:
            argument.source = ReadoutArgument::Source::number;
            // A number's default may be written too, even beyond ±1e12 (ray_cast's max_t:
            // 1e+30, which means unbounded).
            argument.number = value.is_number() && value.get<double>() == spec.default_number
                                  ? spec.default_number
                                  : read_number(reader, value, path);
            return argument;
        default:
            reader.fail(path, "must name an object");
    }
}

Readout read_readout(const JsonValueReader& reader, const Json& value, const std::string& path,
                     const Lesson& lesson) {
    reader.expect_object(value, path, readout_keys);
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const auto find = [&](std::string_view key) { return JsonValueReader::find(value, key); };
    Readout readout;
    reader.require(find("name") != nullptr, at("name"), "is required");
    readout.name = read_name(reader, *find("name"), at("name"));
    require_unique_name(reader, lesson, readout.name, at("name"));
    reader.require(find("kind") != nullptr, at("kind"), "is required");
    readout.kind = reader.read_string(*find("kind"), at("kind"));
    const ReadoutKind* kind = find_readout_kind(readout.kind);
    reader.require(kind != nullptr, at("kind"),
                   "unknown readout kind '" + input_excerpt(readout.kind) +
                       "' (known: " + list_names(readout_kinds()) + ")");
    readout.output = std::string(kind->outputs.front().name);
    if (const Json* output = find("output")) {
        readout.output = reader.read_string(*output, at("output"));
        reader.require(output_index(*kind, readout.output) >= 0, at("output"),
                       "unknown output '" + input_excerpt(readout.output) + "' of " + readout.kind +
                           " (known: " + list_names(kind->outputs) + ")");
    }
    if (const Json* args = find("args")) {
        reader.require(args->is_object(), at("args"), "must be an object");
        for (const auto& item : args->items()) {
            const std::string where = field_path(at("args"), item.key());
            const ArgSpec* spec = nullptr;
            for (const ArgSpec& candidate : kind->args) {
                if (candidate.role == item.key()) spec = &candidate;
            }
            reader.require(
                spec != nullptr, where, "unknown argument of " + readout.kind + " (known: " + [&] {
                    std::string names;
                    for (const ArgSpec& arg : kind->args)
                        names += (names.empty() ? "" : ", ") + std::string(arg.role);
                    return names.empty() ? std::string("none") : names;
                }() + ")");
            readout.args.emplace_back(item.key(),
                                      read_argument(reader, *spec, item.value(), where, lesson));
        }
    }
    for (const ArgSpec& spec : kind->args) {
        bool given = false;
        for (const auto& [role, argument] : readout.args)
            given = given || role == spec.role;
        reader.require(given || !spec.required, field_path(at("args"), spec.role), "is required");
    }
    if (const Json* format = find("format")) {
        readout.format = read_text(reader, *format, at("format"));
        reader.require(readout.format.size() <= 64 && is_number_format(readout.format),
                       at("format"),
                       "must hold one number conversion: %[,][.P](f|g|e|d), e.g. \"%.2f\"");
    }
    if (const Json* color = find("color")) readout.color = read_color(reader, *color, at("color"));
    // Without a label the catalog names the output, so no output name (center_overlap) is shown
    // (every output has a name: a test checks the table).
    const DisplayName catalog_name = output_display_name(readout.kind, readout.output)
                                         .value_or(DisplayName{readout.name, readout.name});
    const Json* label = find("label");
    readout.label = label ? read_text(reader, *label, at("label")) : std::string(catalog_name.en);
    readout.label_zh = label ? readout.label : std::string(catalog_name.zh);
    if (const Json* chinese = find("label_zh"))
        readout.label_zh = read_text(reader, *chinese, at("label_zh"));
    return readout;
}

}  // namespace

ReadoutValue read_scalar(const JsonValueReader& reader, const Json& value,
                         const std::string& path) {
    if (value.is_null()) return ReadoutValue::none();
    if (value.is_boolean()) return ReadoutValue::of_bool(value.get<bool>());
    if (value.is_string()) return ReadoutValue::of_text(read_text(reader, value, path));
    return ReadoutValue::of_number(read_number(reader, value, path));
}

void require_type(const JsonValueReader& reader, const Lesson& lesson, const std::string& name,
                  const ReadoutValue& value, const std::string& path) {
    if (value.type == ValueType::null) return;
    const Readout* readout = find_readout(lesson, name);
    const ReadoutKind* kind = find_readout_kind(readout->kind);
    const ValueType type =
        kind->outputs[static_cast<std::size_t>(output_index(*kind, readout->output))].type;
    const char* names[] = {"a number", "true or false", "a text", "null"};
    reader.require(type == value.type, path,
                   "readout '" + name + "' gives " + names[static_cast<int>(type)] + ", not " +
                       names[static_cast<int>(value.type)]);
}

std::string require_readout(const JsonValueReader& reader, const Lesson& lesson,
                            const std::string& name, const std::string& path) {
    reader.require(find_readout(lesson, name) != nullptr, path,
                   "unknown readout '" + input_excerpt(name) +
                       "' (known: " + list_names(lesson.readouts) + ")");
    return name;
}

std::vector<std::pair<std::string, HandleValue>> read_handle_values(const JsonValueReader& reader,
                                                                    const Json& value,
                                                                    const std::string& path,
                                                                    const Lesson& lesson) {
    reader.require(value.is_object(), path, "must be an object {handle: value}");
    reader.require(value.size() <= LessonLimits::per_step, path, "holds too many entries");
    std::vector<std::pair<std::string, HandleValue>> values;
    for (const auto& item : value.items()) {
        const std::string where = field_path(path, item.key());
        const Handle* handle = find_handle(lesson, item.key());
        reader.require(handle != nullptr, where,
                       "unknown handle '" + input_excerpt(item.key()) +
                           "' (known: " + list_names(lesson.handles) + ")");
        values.emplace_back(item.key(), read_handle_value(reader, *handle, item.value(), where));
    }
    return values;
}

namespace {

std::vector<std::string> read_names(const JsonValueReader& reader, const Json& value,
                                    const std::string& path, auto&& known, const char* what) {
    require_array(reader, value, path, LessonLimits::per_step);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string where = index_path(path, i);
        std::string name = reader.read_string(value[i], where);
        reader.require(known(name), where,
                       "unknown " + std::string(what) + " '" + input_excerpt(name) + "'");
        names.push_back(std::move(name));
    }
    return names;
}

void check_formula(const JsonValueReader& reader, const Lesson& lesson, const std::string& text,
                   const std::string& path) {
    std::vector<FormulaPart> parts;
    try {
        parts = split_formula(text);
    } catch (const std::invalid_argument& error) {
        reader.fail(path, error.what());
    }
    for (const FormulaPart& part : parts) {
        if (part.ref == FormulaRef::text) continue;
        if (find_readout(lesson, part.text) || find_handle(lesson, part.text)) continue;
        bool field = false;
        try {
            field = parse_target(part.text, lesson.objects).scope == TargetScope::object;
        } catch (const std::invalid_argument&) {
        }
        reader.require(field, path,
                       "unknown name '" + input_excerpt(part.text) +
                           "' (readouts: " + list_names(lesson.readouts) + "; handles: " +
                           list_names(lesson.handles) + "; or an object field such as A.min.x)");
    }
}

// The names a formula template refers to, sorted, each once.
std::vector<std::string> formula_names(const std::string& text) {
    std::vector<std::string> names;
    for (const FormulaPart& part : split_formula(text))
        if (part.ref != FormulaRef::text) names.push_back(part.text);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

// formulas_zh: as many as formulas, each naming the same values as its English template, so
// both languages show the same numbers ("" shows the English one).
void read_chinese_formulas(const JsonValueReader& reader, const Json& value,
                           const std::string& path, const Lesson& lesson, Step& step) {
    require_array(reader, value, path, LessonLimits::per_step);
    reader.require(value.size() == step.formulas.size(), path,
                   "must hold one Chinese formula per formula (" +
                       std::to_string(step.formulas.size()) + "), \"\" for the English one");
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string where = index_path(path, i);
        step.formulas_zh.push_back(read_text(reader, value[i], where));
        const std::string& text = step.formulas_zh.back();
        if (text.empty()) continue;
        check_formula(reader, lesson, text, where);
        reader.require(formula_names(text) == formula_names(step.formulas[i]), where,
                       "must name the same values as formulas[" + std::to_string(i) + "]");
    }
}

void read_expect(const JsonValueReader& reader, const Json& value, const std::string& path,
                 const Lesson& lesson, Step& step) {
    reader.require(value.is_object(), path, "must be an object {readout: value | [value, tol]}");
    reader.require(value.size() <= LessonLimits::per_step, path, "holds too many entries");
    for (const auto& item : value.items()) {
        const std::string where = field_path(path, item.key());
        Expectation expectation;
        expectation.readout = require_readout(reader, lesson, item.key(), where);
        if (item.value().is_array()) {
            reader.require(item.value().size() == 2, where, "must be a value or [value, tol]");
            expectation.value = read_scalar(reader, item.value()[0], index_path(where, 0));
            expectation.tolerance = read_number(reader, item.value()[1], index_path(where, 1));
            reader.require(expectation.tolerance >= 0.0, index_path(where, 1),
                           "must not be negative");
        } else {
            expectation.value = read_scalar(reader, item.value(), where);
        }
        require_type(reader, lesson, expectation.readout, expectation.value, where);
        step.expect.push_back(std::move(expectation));
    }
}

// A number of the animated handle: within its range, whole for a whole-number handle.
double read_animated_value(const JsonValueReader& reader, const Handle& handle, const Json& value,
                           const std::string& path) {
    const double number = read_number(reader, value, path);
    const Range& range = handle.range[0];
    reader.require(number >= range.low && number <= range.high, path,
                   "handle '" + handle.name + "': " + plain_number(number) +
                       " is outside its range " + range_text(range));
    reader.require(!handle.integer || number == std::floor(number), path,
                   "handle '" + handle.name + "' takes whole numbers, not " + plain_number(number));
    return number;
}

Animation read_animation(const JsonValueReader& reader, const Json& value, const std::string& path,
                         const Lesson& lesson) {
    reader.expect_object(value, path, animate_keys);
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const auto find = [&](std::string_view key) { return JsonValueReader::find(value, key); };
    Animation animation;
    reader.require(find("handle") != nullptr, at("handle"), "is required");
    animation.handle = reader.read_string(*find("handle"), at("handle"));
    const Handle* handle = find_handle(lesson, animation.handle);
    reader.require(handle != nullptr, at("handle"),
                   "unknown handle '" + input_excerpt(animation.handle) +
                       "' (known: " + list_names(lesson.handles) + ")");
    reader.require(handle->kind == HandleKind::slider, at("handle"),
                   "handle '" + handle->name + "' is not a slider; only a slider can be animated");
    for (std::size_t i = 0; i < handle->targets.size(); ++i) {
        reader.require(handle->targets[i].scope == TargetScope::object, at("handle"),
                       "handle '" + handle->name + "' drives the world (" +
                           input_excerpt(handle->target_texts[i]) +
                           "); only handles of the lesson's objects can be animated, since the "
                           "world is rebuilt whenever a world handle changes");
    }
    animation.from = handle->range[0].low;
    animation.to = handle->range[0].high;
    if (const Json* from = find("from"))
        animation.from = read_animated_value(reader, *handle, *from, at("from"));
    if (const Json* to = find("to"))
        animation.to = read_animated_value(reader, *handle, *to, at("to"));
    reader.require(animation.from != animation.to, at("to"),
                   "must differ from `from` (" + plain_number(animation.from) + ")");
    if (const Json* seconds = find("seconds")) {
        animation.seconds = read_number(reader, *seconds, at("seconds"));
        reader.require(
            animation.seconds > 0.0 && animation.seconds <= LessonLimits::animation_seconds,
            at("seconds"),
            "must be above 0 and at most " + plain_number(LessonLimits::animation_seconds) +
                " (seconds)");
    }
    if (const Json* hold = find("hold")) {
        animation.hold = read_number(reader, *hold, at("hold"));
        reader.require(
            animation.hold >= 0.0 && animation.hold <= LessonLimits::animation_hold, at("hold"),
            "must be in [0, " + plain_number(LessonLimits::animation_hold) + "] (seconds)");
    }
    if (const Json* loop = find("loop")) animation.loop = reader.read_bool(*loop, at("loop"));
    if (const Json* autoplay = find("autoplay"))
        animation.autoplay = reader.read_bool(*autoplay, at("autoplay"));
    return animation;
}

WorldDisplay read_world_display(const JsonValueReader& reader, const Json& value,
                                const std::string& path) {
    const std::string text = reader.read_string(value, path);
    for (const auto& [display, name] : world_display_names) {
        if (name == text) return display;
    }
    reader.fail(path,
                "must be \"shown\", \"dimmed\" or \"hidden\", not '" + input_excerpt(text) + "'");
}

Step read_step(const JsonValueReader& reader, const Json& value, const std::string& path,
               const Lesson& lesson) {
    reader.expect_object(value, path, step_keys);
    const auto at = [&](std::string_view key) { return field_path(path, key); };
    const auto find = [&](std::string_view key) { return JsonValueReader::find(value, key); };
    Step step;
    reader.require(find("text") != nullptr, at("text"), "is required");
    step.text = read_text(reader, *find("text"), at("text"));
    if (const Json* text = find("text_zh")) step.text_zh = read_text(reader, *text, at("text_zh"));
    if (const Json* set = find("set"))
        step.set = read_handle_values(reader, *set, at("set"), lesson);
    if (const Json* frames = find("frames"))
        step.frames = reader.read_count(*frames, at("frames"), 0, LessonLimits::frames);
    const auto overlay = [](const std::string& name) {
        return is_listed(overlay_names, name) || is_listed(canvas_detail_names, name);
    };
    if (const Json* show = find("show"))
        step.show = read_names(reader, *show, at("show"), overlay, "overlay");
    if (const Json* hide = find("hide"))
        step.hide = read_names(reader, *hide, at("hide"), overlay, "overlay");
    if (const Json* world = find("world"))
        step.world = read_world_display(reader, *world, at("world"));
    if (const Json* handles = find("handles")) {
        step.handles = read_names(
            reader, *handles, at("handles"),
            [&](const std::string& name) { return find_handle(lesson, name) != nullptr; },
            "handle");
    }
    if (const Json* readouts = find("readouts")) {
        step.readouts = read_names(
            reader, *readouts, at("readouts"),
            [&](const std::string& name) { return find_readout(lesson, name) != nullptr; },
            "readout");
    }
    if (const Json* gadgets = find("gadgets")) {
        step.gadgets = read_names(
            reader, *gadgets, at("gadgets"),
            [&](const std::string& name) {
                return !name.empty() &&
                       std::any_of(lesson.gadgets.begin(), lesson.gadgets.end(),
                                   [&](const Gadget& g) { return g.name == name; });
            },
            "gadget");
    }
    if (const Json* formulas = find("formulas")) {
        require_array(reader, *formulas, at("formulas"), LessonLimits::per_step);
        for (std::size_t i = 0; i < formulas->size(); ++i) {
            const std::string where = index_path(at("formulas"), i);
            step.formulas.push_back(read_text(reader, (*formulas)[i], where));
            check_formula(reader, lesson, step.formulas.back(), where);
        }
    }
    if (const Json* formulas = find("formulas_zh"))
        read_chinese_formulas(reader, *formulas, at("formulas_zh"), lesson, step);
    if (const Json* text = find("try")) step.try_text = read_text(reader, *text, at("try"));
    if (const Json* text = find("try_zh")) step.try_zh = read_text(reader, *text, at("try_zh"));
    if (const Json* goal = find("goal"))
        step.goal = read_conditions(reader, *goal, at("goal"), lesson);
    if (const Json* demonstration = find("demonstration")) {
        reader.require(demonstration->is_boolean(), at("demonstration"), "must be true or false");
        step.demonstration = demonstration->get<bool>();
        reader.require(!step.demonstration || !step.goal.empty(), at("demonstration"),
                       "marks a goal met on entering the step, but the step has no goal");
    }
    if (const Json* question = find("question"))
        step.question = read_question(reader, *question, at("question"), lesson);
    if (const Json* expect = find("expect"))
        read_expect(reader, *expect, at("expect"), lesson, step);
    if (const Json* stage = find("stage")) {
        // The region the window frames: a box with an area (a line or a point has no shape to
        // fit the canvas to).
        const Box2 box = read_lesson_box(reader, *stage, at("stage"));
        reader.require(box.min.x < box.max.x && box.min.y < box.max.y, at("stage"),
                       "must have min below max on both axes");
        step.stage = box;
    }
    if (const Json* animate = find("animate"))
        step.animate = read_animation(reader, *animate, at("animate"), lesson);
    return step;
}

}  // namespace

void read_readouts(const JsonValueReader& reader, const Json& value, Lesson& lesson) {
    require_array(reader, value, "readouts", LessonLimits::readouts);
    for (std::size_t i = 0; i < value.size(); ++i)
        lesson.readouts.push_back(
            read_readout(reader, value[i], index_path("readouts", i), lesson));
}

void read_steps(const JsonValueReader& reader, const Json& value, Lesson& lesson) {
    require_array(reader, value, "steps", LessonLimits::steps);
    reader.require(!value.empty(), "steps", "must hold at least one step");
    for (std::size_t i = 0; i < value.size(); ++i)
        lesson.steps.push_back(read_step(reader, value[i], index_path("steps", i), lesson));
}

}  // namespace aabb::lesson::detail

#include "core/lesson/lesson_runtime.hpp"

#include <algorithm>
#include <cmath>
#include <new>

#include "core/lesson/condition.hpp"
#include "core/lesson/handles/handle_values.hpp"
#include "core/lesson/handles/object_fields.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_world.hpp"
#include "core/lesson/readouts/readout_catalog.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

bool listed(const std::optional<std::vector<std::string>>& names, std::string_view name) {
    return !names || std::find(names->begin(), names->end(), name) != names->end();
}

bool in_formulas(const Step& step, std::string_view name) {
    for (const std::string& text : step.formulas)
        for (const FormulaPart& part : split_formula(text))
            if (part.ref != FormulaRef::text && part.text == name) return true;
    return false;
}

// A step without a `readouts` list shows what it is about: the readouts its goal and expected
// values name, less those its formulas already print (a card listing all 27 readouts of a
// lesson buries the two that matter).
bool shown_by_default(const Step& step, std::string_view name) {
    const bool named =
        std::any_of(step.goal.begin(), step.goal.end(),
                    [&](const Condition& condition) { return condition.readout == name; }) ||
        std::any_of(step.expect.begin(), step.expect.end(),
                    [&](const Expectation& expected) { return expected.readout == name; });
    return named && !in_formulas(step, name);
}

// True when writing `writer` changes the field `field` reads (a handle drives that value).
bool drives(const HandleTarget& writer, const HandleTarget& field) {
    return writer.scope == TargetScope::object && writer.object == field.object &&
           writer.field == field.field && writer.element == field.element &&
           (writer.component < 0 || writer.component == field.component);
}

}  // namespace

LessonRuntime::LessonRuntime(Lesson lesson, RuntimeOptions options)
    : lesson_(std::move(lesson)), options_(options) {
    go_to_step(0);
}

LessonRuntime LessonRuntime::load(const std::filesystem::path& path, RuntimeOptions options) {
    return LessonRuntime(load_lesson(path), options);
}

LessonRuntime::LessonRuntime(LessonRuntime&&) noexcept = default;
LessonRuntime& LessonRuntime::operator=(LessonRuntime&&) noexcept = default;
LessonRuntime::~LessonRuntime() = default;

void LessonRuntime::reload() {
    if (lesson_.path.empty()) {
        throw LessonError(lesson_.source +
                          ": the lesson was not read from a file, so it cannot be reloaded");
    }
    Lesson fresh = load_lesson(lesson_.path);  // throws, leaving this lesson as it was
    const std::size_t step = std::min(step_, fresh.steps.size() - 1);
    lesson_ = std::move(fresh);
    world_.reset();
    go_to_step(step);
}

void LessonRuntime::go_to_step(std::size_t index) {
    if (index >= lesson_.steps.size()) {
        throw LessonError(lesson_.source + ": there is no step " + std::to_string(index + 1) +
                          " (the lesson has " + std::to_string(lesson_.steps.size()) + ")");
    }
    step_ = index;
    question_ = {};
    reset_handles();
    for (std::size_t k = 0; k <= index; ++k) {
        for (const auto& [name, value] : lesson_.steps[k].set)
            values_[handle_index(name)] = value;
    }
    objects_ = lesson_.objects;
    for (std::size_t i = 0; i < lesson_.handles.size(); ++i)
        apply_value(i, values_[i]);
    rebuild_scene();
    ++scene_revision_;
    ++state_revision_;
    start_animation();
}

void LessonRuntime::start_animation() {
    animation_state_ = {};
    const Animation* moving = animation();
    if (moving == nullptr) return;
    const std::size_t index = animated_handle();
    animation_state_ =
        animation_start(*moving, lesson_.handles[index].integer, values_[index].numbers[0]);
}

const Animation* LessonRuntime::animation() const {
    return step().animate ? &*step().animate : nullptr;
}

std::size_t LessonRuntime::animated_handle() const {
    return handle_index(step().animate->handle);
}

bool LessonRuntime::advance_animation(double seconds) {
    const Animation* moving = animation();
    if (moving == nullptr || !animation_state_.playing) return false;
    lesson::advance_animation(animation_state_, *moving, seconds);
    const std::size_t index = animated_handle();
    HandleValue value = values_[index];
    value.numbers[0] =
        animation_value(*moving, lesson_.handles[index].integer, animation_state_.clock);
    if (value == values_[index]) return false;
    assign_handle(index, value);
    return true;
}

void LessonRuntime::set_animation_playing(bool playing) {
    if (const Animation* moving = animation())
        lesson::set_animation_playing(animation_state_, *moving, playing);
}

void LessonRuntime::reset_handles() {
    values_.clear();
    for (const Handle& handle : lesson_.handles)
        values_.push_back(handle.default_value);
}

void LessonRuntime::apply_value(std::size_t handle, const HandleValue& value) {
    const Handle& definition = lesson_.handles[handle];
    for (const HandleTarget& target : definition.targets) {
        if (target.scope == TargetScope::object)
            write_object_field(target, value, definition.keep_size, objects_);
    }
}

void LessonRuntime::rebuild_scene() {
    if (!lesson_.scene) {
        scene_.reset();
        return;
    }
    scene_ = *lesson_.scene;
    // world.scene first: it replaces everything the other world targets then adjust.
    for (std::size_t i = 0; i < lesson_.handles.size(); ++i) {
        const Handle& handle = lesson_.handles[i];
        for (const HandleTarget& target : handle.targets) {
            if (target.scope == TargetScope::world && target.world_field == WorldField::scene) {
                const auto index = static_cast<std::size_t>(values_[i].numbers[0]);
                if (index < handle.scenes.size()) scene_ = *handle.scenes[index];
            }
        }
    }
    for (std::size_t i = 0; i < lesson_.handles.size(); ++i) {
        const Handle& handle = lesson_.handles[i];
        for (const HandleTarget& target : handle.targets) {
            if (target.scope == TargetScope::world)
                apply_world_field(target, values_[i], handle.choices, *scene_);
        }
    }
    scene_->world.resource_budget = lesson_resource_budget(scene_->world.resource_budget);
}

std::size_t LessonRuntime::handle_index(std::string_view name) const {
    for (std::size_t i = 0; i < lesson_.handles.size(); ++i) {
        if (lesson_.handles[i].name == name) return i;
    }
    std::string known;
    for (const Handle& handle : lesson_.handles)
        known += (known.empty() ? "" : ", ") + handle.name;
    throw LessonError("unknown handle '" + input_excerpt(name) +
                      "' (known: " + (known.empty() ? "none" : known) + ")");
}

void LessonRuntime::check_value(std::size_t handle, const HandleValue& value) const {
    const Handle& definition = lesson_.handles[handle];
    if (const std::optional<std::string> problem = value_problem(definition, value)) {
        // Range problems name the range already; the others get it added.
        const bool names_range = problem->find("range") != std::string::npos ||
                                 problem->find("must be") != std::string::npos;
        throw LessonError("handle '" + definition.name + "': " + *problem +
                          (names_range ? "" : " (range " + range_description(definition) + ")"));
    }
}

HandleValue LessonRuntime::handle_value(std::string_view name) const {
    return values_[handle_index(name)];
}

std::string LessonRuntime::handle_value_text(std::string_view name) const {
    const std::size_t index = handle_index(name);
    return value_text(lesson_.handles[index], values_[index]);
}

void LessonRuntime::set_handle(std::string_view name, const HandleValue& value) {
    const std::size_t index = handle_index(name);
    check_value(index, value);
    if (const Animation* moving = animation(); moving != nullptr && index == animated_handle()) {
        // The learner took over: the animation waits where they put it.
        animation_state_.playing = false;
        animation_state_.restart = false;
        animation_state_.clock =
            animation_clock_at(*moving, lesson_.handles[index].integer, value.numbers[0]);
    }
    assign_handle(index, value);
}

void LessonRuntime::assign_handle(std::size_t index, const HandleValue& value) {
    if (values_[index] == value) return;
    values_[index] = value;
    objects_ = lesson_.objects;
    for (std::size_t i = 0; i < lesson_.handles.size(); ++i)
        apply_value(i, values_[i]);
    const auto& targets = lesson_.handles[index].targets;
    if (std::any_of(targets.begin(), targets.end(),
                    [](const HandleTarget& t) { return t.scope == TargetScope::world; })) {
        rebuild_scene();
        ++scene_revision_;
    }
    ++state_revision_;
}

void LessonRuntime::set_handle_text(std::string_view name, std::string_view text) {
    const Handle& handle = lesson_.handles[handle_index(name)];
    const std::optional<HandleValue> value = parse_value_text(handle, text);
    if (!value) {
        const char* shape = handle.kind == HandleKind::choice   ? "a choice"
                            : handle.kind == HandleKind::toggle ? "true or false"
                            : value_components(handle) == 2     ? "x,y"
                                                                : "a number";
        throw LessonError("handle '" + handle.name + "': \"" + input_excerpt(text) +
                          "\" is not a value (expected " + shape + ": " +
                          range_description(handle) + ")");
    }
    set_handle(name, *value);
}

bool LessonRuntime::handle_visible(std::string_view name) const {
    return listed(step().handles, name);
}

std::optional<glm::vec2> LessonRuntime::anchor(std::string_view name) const {
    for (const Handle& handle : lesson_.handles) {
        if (handle.name == name) return field_anchor(handle.targets.front(), objects_);
    }
    return std::nullopt;
}

std::vector<std::string> LessonRuntime::handles_at(glm::vec2 point, float radius) const {
    std::optional<glm::vec2> nearest;
    float best = radius;
    for (const Handle& handle : lesson_.handles) {
        if (!handle_visible(handle.name)) continue;
        const std::optional<glm::vec2> at = field_anchor(handle.targets.front(), objects_);
        if (!at) continue;
        const float distance = glm::length(*at - point);
        if (distance <= best) {
            best = distance;
            nearest = at;
        }
    }
    std::vector<std::string> names;
    if (!nearest) return names;
    for (const Handle& handle : lesson_.handles) {
        if (!handle_visible(handle.name)) continue;
        const std::optional<glm::vec2> at = field_anchor(handle.targets.front(), objects_);
        if (at && *at == *nearest) names.push_back(handle.name);
    }
    return names;
}

HandleValue LessonRuntime::drag(std::string_view name, glm::vec2 point, bool fine) {
    const std::size_t index = handle_index(name);
    const Handle& handle = lesson_.handles[index];
    const HandleTarget& target = handle.targets.front();
    if (!field_anchor(target, objects_)) {
        throw LessonError("handle '" + handle.name + "' has no place on the canvas to drag");
    }
    HandleValue value = value_at_anchor(target, objects_, point);
    const HandleValue& current = values_[index];
    if (handle.axis == AxisLock::x) value.numbers[1] = current.numbers[1];
    if (handle.axis == AxisLock::y) value.numbers[0] = current.numbers[0];
    value = snapped_and_clamped(handle, value, fine);
    set_handle(name, value);
    return value;
}

bool LessonRuntime::gadget_visible(std::size_t index) const {
    if (index >= lesson_.gadgets.size()) return false;
    const std::string& name = lesson_.gadgets[index].name;
    return name.empty() || listed(step().gadgets, name);
}

const LessonObject* LessonRuntime::object(std::string_view name) const {
    for (const LessonObject& candidate : objects_) {
        if (candidate.name == name) return &candidate;
    }
    return nullptr;
}

const ReadoutValue& LessonRuntime::cached_readout(const Readout& readout,
                                                  const World* world) const {
    const std::uint64_t world_step = world != nullptr ? world->frame() : 0;
    if (cache_.values.size() != lesson_.readouts.size() || cache_.state != state_revision_) {
        cache_.values.assign(lesson_.readouts.size(), std::nullopt);
        cache_.state = state_revision_;
    } else if (cache_.world != world || cache_.world_step != world_step || cache_.frame != frame_) {
        // Only the readouts of the world can have changed.
        for (std::size_t i = 0; i < lesson_.readouts.size(); ++i) {
            const ReadoutKind* kind = find_readout_kind(lesson_.readouts[i].kind);
            if (kind == nullptr || kind->uses_world) cache_.values[i].reset();
        }
    }
    cache_.world = world;
    cache_.world_step = world_step;
    cache_.frame = frame_;
    std::optional<ReadoutValue>& value =
        cache_.values[static_cast<std::size_t>(&readout - lesson_.readouts.data())];
    if (!value) {
        value = evaluate_readout(readout, objects_, world);
        ++readout_evaluations_;
    }
    return *value;
}

ReadoutValue LessonRuntime::readout(std::string_view name, const World* world) const {
    const Readout* found = find_readout(lesson_, name);
    if (found == nullptr) throw LessonError("unknown readout '" + input_excerpt(name) + "'");
    return cached_readout(*found, world);
}

std::vector<ReadoutResult> LessonRuntime::readouts(const World* world) const {
    std::vector<ReadoutResult> results;
    for (const Readout& definition : lesson_.readouts) {
        ReadoutResult result;
        result.readout = &definition;
        result.value = cached_readout(definition, world);
        result.text = format_value(result.value, definition.format);
        result.visible = step().readouts ? listed(step().readouts, definition.name)
                                         : shown_by_default(step(), definition.name);
        results.push_back(std::move(result));
    }
    return results;
}

std::vector<ResolvedFormula> LessonRuntime::formulas(const World* world,
                                                     DisplayLanguage language) const {
    std::vector<ResolvedFormula> resolved;
    const Step& shown = step();
    for (std::size_t i = 0; i < shown.formulas.size(); ++i) {
        const bool chinese = language == DisplayLanguage::zh && i < shown.formulas_zh.size() &&
                             !shown.formulas_zh[i].empty();
        const std::string& text = chinese ? shown.formulas_zh[i] : shown.formulas[i];
        ResolvedFormula formula;
        for (const FormulaPart& part : split_formula(text)) {
            FormulaSegment segment;
            segment.ref = part.ref;
            if (part.ref == FormulaRef::text) {
                segment.text = part.text;
            } else if (const Readout* readout = find_readout(lesson_, part.text)) {
                const ReadoutValue& value = cached_readout(*readout, world);
                segment.name = part.text;
                segment.text = display_value(value, readout->format, language);
                segment.color = std::string(value_color(*readout, value));
            } else if (const Handle* handle = find_handle(lesson_, part.text)) {
                segment.ref = FormulaRef::handle;
                segment.name = part.text;
                segment.handle = part.text;
                segment.text = handle_display_text(*handle, handle_value(part.text), language);
                const HandleTarget& target = handle->targets.front();
                segment.color = target.scope == TargetScope::object ? objects_[target.object].color
                                                                    : std::string("world");
            } else {
                segment.ref = FormulaRef::object_field;
                segment.name = part.text;
                const HandleTarget field = parse_target(part.text, objects_);
                const HandleValue value = read_object_field(field, objects_);
                segment.text = plain_number(value.numbers[0]);
                if (field.dimension() == 2) {
                    segment.text.insert(0, 1, '(');
                    segment.text += ", " + plain_number(value.numbers[1]) + ")";
                }
                segment.color = objects_[field.object].color;
                for (const Handle& candidate : lesson_.handles) {
                    if (segment.handle.empty() && drives(candidate.targets.front(), field))
                        segment.handle = candidate.name;
                }
            }
            formula.segments.push_back(std::move(segment));
        }
        resolved.push_back(std::move(formula));
    }
    return resolved;
}

bool LessonRuntime::goal_reached(const World* world) const {
    const std::vector<Condition>& goal = step().goal;
    return !goal.empty() && std::all_of(goal.begin(), goal.end(), [&](const Condition& part) {
        return satisfies(readout(part.readout, world), part);
    });
}

void LessonRuntime::choose_answer(std::size_t index) {
    const std::optional<Question>& question = step().question;
    if (!question || question->is_number() || index >= question->choices.size()) {
        throw LessonError(lesson_.source + ": steps[" + std::to_string(step_) + "] has no choice " +
                          std::to_string(index + 1) + " to pick");
    }
    question_.choice = index;
}

void LessonRuntime::answer_number(double number) {
    const std::optional<Question>& question = step().question;
    if (!question || !question->is_number() || !std::isfinite(number)) {
        throw LessonError(lesson_.source + ": steps[" + std::to_string(step_) +
                          "] has no number question to answer with " + plain_number(number));
    }
    question_.number = number;
}

void LessonRuntime::reveal_answer(bool shown) {
    if (step().question) question_.revealed = shown;
}

std::vector<std::string> LessonRuntime::check_expectations(const World* world) const {
    std::vector<std::string> lines;
    std::string context;
    for (const auto& [name, value] : step().set)
        context +=
            (context.empty() ? " (" : ", ") + name + "=" + input_excerpt(handle_value_text(name));
    if (!context.empty()) context += ")";
    const std::string& source = lesson_.source;
    for (const Expectation& expectation : step().expect) {
        const ReadoutValue got = readout(expectation.readout, world);
        if (matches(got, expectation.value, expectation.tolerance)) continue;
        lines.push_back(source + ": steps[" + std::to_string(step_) + "].expect." +
                        expectation.readout + ": got " + describe(got) + ", want " +
                        describe(expectation.value) + context);
    }
    return lines;
}

const Scene* LessonRuntime::scene() const {
    return scene_ ? &*scene_ : nullptr;
}

std::uint64_t LessonRuntime::world_steps() const {
    std::uint64_t substeps = 1;
    for (std::size_t i = 0; i < lesson_.handles.size(); ++i) {
        for (const HandleTarget& target : lesson_.handles[i].targets) {
            if (target.scope == TargetScope::world && target.world_field == WorldField::substeps)
                substeps *= static_cast<std::uint64_t>(std::max(1.0, values_[i].numbers[0]));
        }
    }
    return std::uint64_t{step().frames} * std::min<std::uint64_t>(substeps, 64);
}

const World* LessonRuntime::own_world() {
    if (!options_.own_world || !scene_) return nullptr;
    if (!world_ || world_revision_ != scene_revision_) {
        world_.reset();
        try {
            world_ = std::make_unique<World>(run_lesson_world(*scene_, world_steps()));
        } catch (const StopRequested&) {
            throw;
        } catch (const std::bad_alloc&) {
            throw LessonError(lesson_.source + ": steps[" + std::to_string(step_) +
                              "]: out of memory (std::bad_alloc) running the step's world");
        } catch (const std::exception& error) {
            // The world limits (std::invalid_argument) and the pair budget (BudgetExceeded):
            // the core names the structure and the count, only the lesson knows the file.
            throw LessonError(lesson_.source + ": steps[" + std::to_string(step_) +
                              "]: " + lesson_run_problem(error));
        }
        world_revision_ = scene_revision_;
    }
    return world_.get();
}

}  // namespace aabb::lesson

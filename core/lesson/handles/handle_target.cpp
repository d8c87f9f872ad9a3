#include "core/lesson/handles/handle_target.hpp"

#include <cctype>
#include <charconv>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/lesson/lesson.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::lesson {

namespace {

// A cursor over the target text: NAME, [INDEX], .FIELD pieces.
class TargetText {
  public:
    explicit TargetText(std::string_view text) : text_(text) {}
    [[nodiscard]] bool done() const { return position_ >= text_.size(); }
    // NAME: letters, digits and '_'.
    std::string_view name() {
        const std::size_t begin = position_;
        while (
            position_ < text_.size() &&
            (std::isalnum(static_cast<unsigned char>(text_[position_])) || text_[position_] == '_'))
            ++position_;
        return text_.substr(begin, position_ - begin);
    }
    // "[I]" if next; nullopt when there is no '['.
    std::optional<std::size_t> index() {
        if (done() || text_[position_] != '[') return std::nullopt;
        const std::size_t close = text_.find(']', position_);
        if (close == std::string_view::npos) throw std::invalid_argument("unclosed '['");
        std::size_t value = 0;
        const char* begin = text_.data() + position_ + 1;
        const char* end = text_.data() + close;
        const auto [stop, error] = std::from_chars(begin, end, value);
        if (error != std::errc() || stop != end || begin == end)
            throw std::invalid_argument("'[...]' must hold a whole number");
        position_ = close + 1;
        return value;
    }
    // ".FIELD" if next; empty when the text ends. Anything else is an error.
    std::string_view field() {
        if (done()) return {};
        if (text_[position_] != '.') throw std::invalid_argument("expected '.' after a name");
        ++position_;
        const std::string_view result = name();
        if (result.empty()) throw std::invalid_argument("empty field name");
        return result;
    }

  private:
    std::string_view text_;
    std::size_t position_ = 0;
};

// ".x" / ".y" / nothing → 0 / 1 / −1.
int read_component(TargetText& text, std::string_view owner) {
    const std::string_view component = text.field();
    if (component.empty()) return -1;
    if (component == "x") return 0;
    if (component == "y") return 1;
    throw std::invalid_argument(std::string(owner) + " has components x and y only, not '" +
                                input_excerpt(component) + "'");
}

void finish(TargetText& text, HandleTarget& target) {
    if (!text.done()) throw std::invalid_argument("unexpected text after the field");
    if (target.components == 2 && target.component >= 0) target.components = 1;
}

HandleTarget parse_world_target(std::string_view text) {
    TargetText cursor(text.substr(6));  // after "world."
    HandleTarget target;
    target.scope = TargetScope::world;
    const std::string_view name = cursor.name();
    const std::pair<std::string_view, WorldField> simple[] = {
        {"broad_phase", WorldField::broad_phase},
        {"detection", WorldField::detection},
        {"touching", WorldField::touching},
        {"time_step", WorldField::time_step},
        {"substeps", WorldField::substeps},
        {"count", WorldField::count},
        {"seed", WorldField::seed},
        {"scene", WorldField::scene}};
    for (const auto& [key, field] : simple) {
        if (name != key) continue;
        target.world_field = field;
        finish(cursor, target);
        return target;
    }
    if (name == "option") {
        target.world_field = WorldField::option;
        target.option = std::string(cursor.field());
        if (target.option.empty()) throw std::invalid_argument("world.option needs a name");
        finish(cursor, target);
        return target;
    }
    if (name == "bodies") {
        const std::optional<std::size_t> index = cursor.index();
        if (!index) throw std::invalid_argument("world.bodies needs an index: world.bodies[0]");
        target.element = *index;
        const std::string_view field = cursor.field();
        if (field == "position") {
            target.world_field = WorldField::body_position;
        } else if (field == "velocity") {
            target.world_field = WorldField::body_velocity;
        } else if (field == "size") {
            target.world_field = WorldField::body_size;
        } else if (field == "angle_deg") {
            target.world_field = WorldField::body_angle_deg;
            finish(cursor, target);
            return target;
        } else {
            throw std::invalid_argument(
                "a body's fields are position, velocity, size and angle_deg, not '" +
                input_excerpt(field) + "'");
        }
        target.components = 2;
        target.component = read_component(cursor, "a body's " + std::string(field));
        finish(cursor, target);
        return target;
    }
    throw std::invalid_argument(
        "unknown world parameter '" + input_excerpt(name) +
        "' (known: broad_phase, detection, touching, time_step, substeps, count, seed, scene, "
        "option.NAME, bodies[I].position, .velocity, .size, .angle_deg)");
}

void parse_box_field(TargetText& cursor, HandleTarget& target) {
    const std::string_view field = cursor.field();
    const std::pair<std::string_view, ObjectField> fields[] = {
        {"", ObjectField::whole},        {"min", ObjectField::min},   {"max", ObjectField::max},
        {"center", ObjectField::center}, {"half", ObjectField::half}, {"size", ObjectField::size}};
    for (const auto& [key, value] : fields) {
        if (field != key) continue;
        target.field = value;
        target.components = 2;
        if (value != ObjectField::whole) target.component = read_component(cursor, "a box corner");
        return;
    }
    throw std::invalid_argument("a box's fields are min, max, center, half and size, not '" +
                                input_excerpt(field) + "'");
}

void parse_list_field(TargetText& cursor, HandleTarget& target, const LessonObject& object) {
    const bool is_set = object.kind == ObjectKind::point_set;
    const std::size_t capacity = is_set ? object.points.size() : object.boxes.size();
    if (const std::optional<std::size_t> index = cursor.index()) {
        if (*index >= capacity) {
            throw std::invalid_argument("index " + std::to_string(*index) + " is beyond the " +
                                        std::to_string(capacity) + (is_set ? " points" : " boxes") +
                                        " of " + object.name);
        }
        target.element = *index;
        target.field = ObjectField::element;
        target.components = 2;
        const std::string_view field = cursor.field();
        if (is_set) {
            if (field == "x" || field == "y") {
                target.component = field == "x" ? 0 : 1;
            } else if (!field.empty()) {
                throw std::invalid_argument("a point has components x and y only");
            }
            return;
        }
        if (field == "min" || field == "max") {
            target.field = field == "min" ? ObjectField::element_min : ObjectField::element_max;
            target.component = read_component(cursor, "a box corner");
        } else if (!field.empty()) {
            throw std::invalid_argument("a box of a box_list has fields min and max only");
        }
        return;
    }
    const std::string_view field = cursor.field();
    if (field != "count") {
        throw std::invalid_argument(object.name + " needs an index ([0]) or the field count");
    }
    target.field = ObjectField::count;
}

void parse_wedge_field(TargetText& cursor, HandleTarget& target) {
    const std::string_view field = cursor.field();
    const std::pair<std::string_view, ObjectField> fields[] = {
        {"apex", ObjectField::wedge_apex},
        {"yaw_deg", ObjectField::wedge_yaw},
        {"half_angle_deg", ObjectField::wedge_half_angle},
        {"near", ObjectField::wedge_near},
        {"far", ObjectField::wedge_far}};
    for (const auto& [key, value] : fields) {
        if (field != key) continue;
        target.field = value;
        if (value == ObjectField::wedge_apex) {
            target.components = 2;
            target.component = read_component(cursor, "the apex");
        }
        return;
    }
    throw std::invalid_argument(
        "a wedge's fields are apex, yaw_deg, half_angle_deg, near and far, not '" +
        input_excerpt(field) + "'");
}

}  // namespace

bool HandleTarget::whole_numbers() const {
    if (scope == TargetScope::object) return field == ObjectField::count;
    return world_field == WorldField::substeps || world_field == WorldField::count ||
           world_field == WorldField::seed;
}

bool HandleTarget::takes_name() const {
    return scope == TargetScope::world &&
           (world_field == WorldField::broad_phase || world_field == WorldField::detection ||
            world_field == WorldField::touching || world_field == WorldField::scene);
}

HandleTarget parse_target(std::string_view text, const std::vector<LessonObject>& objects) {
    if (text.rfind("world.", 0) == 0) return parse_world_target(text);
    TargetText cursor(text);
    const std::string_view name = cursor.name();
    if (name.empty()) throw std::invalid_argument("a target starts with an object's name");
    HandleTarget target;
    const LessonObject* object = nullptr;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        if (objects[i].name != name) continue;
        object = &objects[i];
        target.object = i;
    }
    if (object == nullptr) {
        std::string known;
        for (const LessonObject& candidate : objects)
            known += (known.empty() ? "" : ", ") + candidate.name;
        throw std::invalid_argument("unknown object '" + input_excerpt(name) + "' (known: " +
                                    (known.empty() ? "none" : known) + "; or world.…)");
    }
    switch (object->kind) {
        case ObjectKind::box:
            parse_box_field(cursor, target);
            break;
        case ObjectKind::point:
        case ObjectKind::vector:
            target.field = ObjectField::whole;
            target.components = 2;
            target.component =
                read_component(cursor, object->kind == ObjectKind::point ? "a point" : "a vector");
            break;
        case ObjectKind::number:
            target.field = ObjectField::number;
            if (!cursor.done()) throw std::invalid_argument("a number has no fields");
            break;
        case ObjectKind::point_set:
        case ObjectKind::box_list:
            parse_list_field(cursor, target, *object);
            break;
        case ObjectKind::wedge:
            parse_wedge_field(cursor, target);
            break;
    }
    finish(cursor, target);
    return target;
}

}  // namespace aabb::lesson

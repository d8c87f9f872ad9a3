#include "core/lesson/handles/object_fields.hpp"

#include <algorithm>
#include <cmath>

#include "core/lesson/handles/handle_values.hpp"

namespace aabb::lesson {

namespace {

HandleValue from_number(double number) {
    return HandleValue{{number, 0.0}};
}

// The corner a box field refers to.
glm::vec2 corner_of(const Box2& box, ObjectField field) {
    switch (field) {
        case ObjectField::min:
        case ObjectField::element_min:
            return box.min;
        case ObjectField::max:
        case ObjectField::element_max:
            return box.max;
        case ObjectField::center:
            return box.center();
        case ObjectField::half:
            return box.extents();
        case ObjectField::size:
            return box.size();
        default:
            return box.min;
    }
}

// Writes one box field; `keep_size` moves the other corner along with min or max.
void write_box(Box2& box, ObjectField field, const HandleValue& value, int component,
               bool keep_size) {
    const glm::vec2 size = box.size();
    switch (field) {
        case ObjectField::whole:
        case ObjectField::element:
            box.min = point_with_value(box.min, value, component);
            box.max = box.min + size;
            return;
        case ObjectField::min:
        case ObjectField::element_min:
            box.min = point_with_value(box.min, value, component);
            if (keep_size) box.max = box.min + size;
            return;
        case ObjectField::max:
        case ObjectField::element_max:
            box.max = point_with_value(box.max, value, component);
            if (keep_size) box.min = box.max - size;
            return;
        case ObjectField::center: {
            const glm::vec2 center = point_with_value(box.center(), value, component);
            box = Box2::from_center_extents(center, size * 0.5f);
            return;
        }
        case ObjectField::half: {
            const glm::vec2 half = point_with_value(box.extents(), value, component);
            box = Box2::from_center_extents(box.center(), half);
            return;
        }
        case ObjectField::size:
            box.max = box.min + point_with_value(size, value, component);
            return;
        default:
            return;
    }
}

std::size_t clamped_count(double value, std::size_t capacity) {
    if (!(value > 0.0)) return 0;
    return std::min(capacity, static_cast<std::size_t>(std::llround(std::min(value, 1e9))));
}

}  // namespace

glm::vec2 vector_tail(const LessonObject& vector, const std::vector<LessonObject>& objects) {
    for (const LessonObject& object : objects) {
        if (object.name != vector.from) continue;
        if (object.kind == ObjectKind::box) return object.box.center();
        return object.vector;
    }
    return glm::vec2(0.0f);
}

HandleValue read_object_field(const HandleTarget& target,
                              const std::vector<LessonObject>& objects) {
    const LessonObject& object = objects[target.object];
    switch (object.kind) {
        case ObjectKind::box:
            return value_of_point(target.field == ObjectField::whole
                                      ? object.box.min
                                      : corner_of(object.box, target.field),
                                  target.component);
        case ObjectKind::point:
        case ObjectKind::vector:
            return value_of_point(object.vector, target.component);
        case ObjectKind::number:
            return from_number(object.number);
        case ObjectKind::point_set:
            if (target.field == ObjectField::count) return from_number(double(object.count));
            return value_of_point(object.points[target.element], target.component);
        case ObjectKind::box_list: {
            if (target.field == ObjectField::count) return from_number(double(object.count));
            const Box2& box = object.boxes[target.element];
            return value_of_point(target.field == ObjectField::element_max ? box.max : box.min,
                                  target.component);
        }
        case ObjectKind::wedge:
            switch (target.field) {
                case ObjectField::wedge_apex:
                    return value_of_point(object.wedge.apex, target.component);
                case ObjectField::wedge_yaw:
                    return from_number(object.wedge.yaw_deg);
                case ObjectField::wedge_half_angle:
                    return from_number(object.wedge.half_angle_deg);
                case ObjectField::wedge_near:
                    return from_number(object.wedge.near_distance);
                default:
                    return from_number(object.wedge.far_distance);
            }
    }
    return {};
}

void write_object_field(const HandleTarget& target, const HandleValue& value, bool keep_size,
                        std::vector<LessonObject>& objects) {
    LessonObject& object = objects[target.object];
    const auto number = static_cast<float>(value.numbers[0]);
    switch (object.kind) {
        case ObjectKind::box:
            write_box(object.box, target.field, value, target.component, keep_size);
            return;
        case ObjectKind::point:
        case ObjectKind::vector:
            object.vector = point_with_value(object.vector, value, target.component);
            return;
        case ObjectKind::number:
            object.number = value.numbers[0];
            return;
        case ObjectKind::point_set:
            if (target.field == ObjectField::count) {
                object.count = clamped_count(value.numbers[0], object.points.size());
            } else {
                object.points[target.element] =
                    point_with_value(object.points[target.element], value, target.component);
            }
            return;
        case ObjectKind::box_list:
            if (target.field == ObjectField::count) {
                object.count = clamped_count(value.numbers[0], object.boxes.size());
            } else {
                write_box(object.boxes[target.element], target.field, value, target.component,
                          keep_size);
            }
            return;
        case ObjectKind::wedge:
            switch (target.field) {
                case ObjectField::wedge_apex:
                    object.wedge.apex =
                        point_with_value(object.wedge.apex, value, target.component);
                    return;
                case ObjectField::wedge_yaw:
                    object.wedge.yaw_deg = number;
                    return;
                case ObjectField::wedge_half_angle:
                    object.wedge.half_angle_deg = number;
                    return;
                case ObjectField::wedge_near:
                    object.wedge.near_distance = number;
                    return;
                default:
                    object.wedge.far_distance = number;
                    return;
            }
    }
}

std::optional<glm::vec2> field_anchor(const HandleTarget& target,
                                      const std::vector<LessonObject>& objects) {
    if (target.scope != TargetScope::object) return std::nullopt;
    const LessonObject& object = objects[target.object];
    switch (object.kind) {
        case ObjectKind::box:
            switch (target.field) {
                case ObjectField::whole:
                case ObjectField::center:
                    return object.box.center();
                case ObjectField::min:
                    return object.box.min;
                default:  // max, half, size: the upper corner
                    return object.box.max;
            }
        case ObjectKind::point:
            return object.vector;
        case ObjectKind::vector:
            return vector_tail(object, objects) + object.vector;
        case ObjectKind::point_set:
            if (target.field == ObjectField::count) return std::nullopt;
            return object.points[target.element];
        case ObjectKind::box_list: {
            if (target.field == ObjectField::count) return std::nullopt;
            const Box2& box = object.boxes[target.element];
            if (target.field == ObjectField::element_min) return box.min;
            if (target.field == ObjectField::element_max) return box.max;
            return box.center();
        }
        case ObjectKind::wedge:
            if (target.field == ObjectField::wedge_apex) return object.wedge.apex;
            return std::nullopt;
        case ObjectKind::number:
            return std::nullopt;
    }
    return std::nullopt;
}

HandleValue value_at_anchor(const HandleTarget& target, const std::vector<LessonObject>& objects,
                            glm::vec2 point) {
    const LessonObject& object = objects[target.object];
    glm::vec2 value = point;
    if (object.kind == ObjectKind::box) {
        const Box2& box = object.box;
        switch (target.field) {
            case ObjectField::whole:
                value = point - box.size() * 0.5f;  // the anchor is the center; the value is min
                break;
            case ObjectField::half:
                value = point - box.center();
                break;
            case ObjectField::size:
                value = point - box.min;
                break;
            default:  // min, max, center: the anchor is the value
                break;
        }
    } else if (object.kind == ObjectKind::vector) {
        value = point - vector_tail(object, objects);
    } else if (object.kind == ObjectKind::box_list && target.field == ObjectField::element) {
        value = point - object.boxes[target.element].size() * 0.5f;
    }
    return value_of_point(value, target.component);
}

}  // namespace aabb::lesson

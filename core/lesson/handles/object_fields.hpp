#pragma once
// Reading and writing the object fields handle targets name (handle_target.hpp), and the
// canvas anchor of each: where on the canvas the handle that drives a field is drawn and
// grabbed. Formulas read object fields through the same functions ("{A.max.x}").

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "core/lesson/handles/handle_target.hpp"
#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// The current value of an object target (scope object). Precondition: the target was parsed
/// against these objects.
[[nodiscard]] HandleValue read_object_field(const HandleTarget& target,
                                            const std::vector<LessonObject>& objects);

/// Writes `value` to an object target. `keep_size` moves the opposite corner of a box along
/// with min or max (or one of their components). Counts are clamped to the capacity.
void write_object_field(const HandleTarget& target, const HandleValue& value, bool keep_size,
                        std::vector<LessonObject>& objects);

/// The world-space point where a handle on this target is drawn and grabbed, or nullopt for
/// targets without a place on the canvas (numbers, counts, wedge angles, world parameters):
/// a box corner or component → that corner; a whole box, its center or half-size → its center
/// (half: the max corner); a point → itself; a vector → tail + vector (its tip); an element →
/// the point or the box's center.
[[nodiscard]] std::optional<glm::vec2> field_anchor(const HandleTarget& target,
                                                    const std::vector<LessonObject>& objects);

/// The value an object target takes when its anchor is dragged to `point` (before snapping
/// and clamping): the inverse of field_anchor, component `target.component` only for 1D
/// targets. Precondition: field_anchor(target, objects) has a value.
[[nodiscard]] HandleValue value_at_anchor(const HandleTarget& target,
                                          const std::vector<LessonObject>& objects,
                                          glm::vec2 point);

/// The tail of a vector object (its `from` object's point or box center; the origin when it
/// has none).
[[nodiscard]] glm::vec2 vector_tail(const LessonObject& vector,
                                    const std::vector<LessonObject>& objects);

}  // namespace aabb::lesson

#pragma once
// Handle values: checking one against its handle's range and kind, reading and writing the
// text form `--set` uses, snapping and clamping a dragged value. Used by the reader (defaults,
// steps' `set`) and the runtime (set_handle, drag), so both report the same errors.

#include <optional>
#include <string>
#include <string_view>

#include <glm/glm.hpp>

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// A range as messages write it: "[0, 10]".
[[nodiscard]] std::string range_text(const Range& range);

/// The value of a 2D field, or of one component of it (`component` 0 = x, 1 = y; −1 both).
[[nodiscard]] HandleValue value_of_point(glm::vec2 point, int component);

/// `point` with `value` written in: both components, or only `component` (from numbers[0]).
[[nodiscard]] glm::vec2 point_with_value(glm::vec2 point, const HandleValue& value, int component);

/// The number of components a handle's value has: 2 for point, vector and corner handles.
[[nodiscard]] int value_components(const Handle& handle);

/// What is wrong with `value` for `handle`, or nullopt when it is fine: "50 is outside its
/// range [0, 10]", "x = 12 is outside its range [0, 10]", "2.5 is not a whole number",
/// "NaN is not a finite number".
[[nodiscard]] std::optional<std::string> value_problem(const Handle& handle,
                                                       const HandleValue& value);

/// The handle's range as messages write it: "[0, 10]", "x in [0, 10], y in [−2, 2]", or the
/// choices "one of brute_force, sort_and_sweep".
[[nodiscard]] std::string range_description(const Handle& handle);

/// The value of `text` for `handle`: "5", "6,3" (2D), a choice's name, "true"/"false"/"1"/"0"
/// (toggle). nullopt when the text is not a value of that shape (the range is not checked).
[[nodiscard]] std::optional<HandleValue> parse_value_text(const Handle& handle,
                                                          std::string_view text);

/// The value as `--set` writes it: "5", "6,3", "bvh", "true".
[[nodiscard]] std::string value_text(const Handle& handle, const HandleValue& value);

/// `value` snapped to the handle's snap (snap / 10 when `fine`; none when the snap is 0; whole
/// numbers for integer handles) and clamped to its range.
[[nodiscard]] HandleValue snapped_and_clamped(const Handle& handle, HandleValue value, bool fine);

}  // namespace aabb::lesson

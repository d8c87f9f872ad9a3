#pragma once
// What the three parts of the lesson reader share (lesson_reader.cpp, lesson_handle_reader.cpp,
// lesson_step_reader.cpp): typed values with the lesson's limits, and the section readers.
// Errors are SceneError from JsonValueReader ("FILE: PATH: problem"); parse_lesson turns them
// into LessonError.

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/lesson/reader/lesson_scene_files.hpp"
#include "core/scene/json_value_reader.hpp"

namespace aabb::lesson::detail {

/// A string of at most LessonLimits::string_length characters.
[[nodiscard]] std::string read_text(const JsonValueReader& reader, const Json& value,
                                    const std::string& path);

/// A name: a letter, then letters, digits or '_', at most 64 characters.
[[nodiscard]] std::string read_name(const JsonValueReader& reader, const Json& value,
                                    const std::string& path);

/// A finite number within ±LessonLimits::magnitude.
[[nodiscard]] double read_number(const JsonValueReader& reader, const Json& value,
                                 const std::string& path);

/// An array of at most `limit` elements.
void require_array(const JsonValueReader& reader, const Json& value, const std::string& path,
                   std::size_t limit);

/// The "min" and "max" of an object, min <= max (other keys are the caller's business).
[[nodiscard]] Box2 read_min_max(const JsonValueReader& reader, const Json& value,
                                const std::string& path);

/// A box {"min": [x, y], "max": [x, y]} with min <= max, nothing else.
[[nodiscard]] Box2 read_lesson_box(const JsonValueReader& reader, const Json& value,
                                   const std::string& path);

/// A color role of lesson_names.hpp.
[[nodiscard]] std::string read_color(const JsonValueReader& reader, const Json& value,
                                     const std::string& path);

/// Fails unless `name` is unused by every object, handle and readout read so far.
void require_unique_name(const JsonValueReader& reader, const Lesson& lesson,
                         const std::string& name, const std::string& path);

/// A value for `handle` as a lesson file writes it (a number, [x, y], true/false, a choice's
/// name), checked against the handle's range.
[[nodiscard]] HandleValue read_handle_value(const JsonValueReader& reader, const Handle& handle,
                                            const Json& value, const std::string& path);

/// Where a lesson's scene file `name` is: next to the lesson (in `base`) or in base's parent.
[[nodiscard]] std::filesystem::path resolve_scene_file(const std::filesystem::path& base,
                                                       const std::string& name);

/// A number, true/false, a text or null (an expected or compared value).
[[nodiscard]] ReadoutValue read_scalar(const JsonValueReader& reader, const Json& value,
                                       const std::string& path);

/// Fails when `value` cannot be what the readout `name` gives (a number where it gives
/// true/false); null fits every readout.
void require_type(const JsonValueReader& reader, const Lesson& lesson, const std::string& name,
                  const ReadoutValue& value, const std::string& path);

/// `name`, failing unless the lesson has a readout of that name.
[[nodiscard]] std::string require_readout(const JsonValueReader& reader, const Lesson& lesson,
                                          const std::string& name, const std::string& path);

/// An object {handle: value, ...} (a step's `set`, a question's `at`), each value checked
/// against its handle, in the file's order.
[[nodiscard]] std::vector<std::pair<std::string, HandleValue>> read_handle_values(
    const JsonValueReader& reader, const Json& value, const std::string& path,
    const Lesson& lesson);

/// A goal or a choice's `when`: one condition {"readout", "op", "value", "tol"} or an array of
/// 1..per_step of them (all must hold). In lesson_question_reader.cpp.
[[nodiscard]] std::vector<Condition> read_conditions(const JsonValueReader& reader,
                                                     const Json& value, const std::string& path,
                                                     const Lesson& lesson);

/// A step's question: multiple choice or a number (lesson_question_reader.cpp).
[[nodiscard]] Question read_question(const JsonValueReader& reader, const Json& value,
                                     const std::string& path, const Lesson& lesson);

/// handles: every handle, its targets parsed and checked, its default read (needs the objects
/// and the scene read first; world.scene choices are read relative to `base`, through
/// `scene_files`).
void read_handles(const JsonValueReader& reader, const Json& value, Lesson& lesson,
                  const std::filesystem::path& base, LessonSceneFiles& scene_files);

/// readouts: every readout, checked against the catalog (needs the objects).
void read_readouts(const JsonValueReader& reader, const Json& value, Lesson& lesson);

/// steps: every step (needs everything else).
void read_steps(const JsonValueReader& reader, const Json& value, Lesson& lesson);

}  // namespace aabb::lesson::detail

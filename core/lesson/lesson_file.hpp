#pragma once
// Lesson files: JSON in, Lesson out (docs/lesson_format.md describes the format).
//
// Loading is all or nothing, like scene files: the text is parsed into a fresh Lesson and any
// malformed JSON, unknown field, wrong type, NaN, out-of-range value or dangling reference
// throws one LessonError naming the file and the JSON path, e.g.
// `lessons/02_box_intervals.json: steps[1].formulas[0]: unknown name 'dz' (readouts: dx, dy,
// overlap; handles: b_min_x, b_min_y; or an object field such as A.min.x)`. Every count, string
// and the file size are bounded, so a hostile file cannot make the loader allocate without
// limit. Reading is split by section in reader/: lesson_reader.cpp (top level, objects, gadgets,
// scene), lesson_handle_reader.cpp (handles), lesson_step_reader.cpp (readouts and steps).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// A lesson file that could not be read, or a bad handle value: "FILE: PATH: what is wrong".
class LessonError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// The lesson format version this code reads.
inline constexpr int lesson_format_version = 1;

/// Limits of one lesson file (every one is checked by the reader).
struct LessonLimits {
    /// Bytes of one lesson file.
    static constexpr std::size_t file_bytes = 1 << 20;
    /// Characters of any one string (a step text, a formula, a name …).
    static constexpr std::size_t string_length = 4000;
    /// Objects per lesson.
    static constexpr std::size_t objects = 64;
    /// Points of one point_set, boxes of one box_list.
    static constexpr std::size_t elements = 256;
    /// Gadgets per lesson.
    static constexpr std::size_t gadgets = 32;
    /// Handles per lesson.
    static constexpr std::size_t handles = 32;
    /// Targets per handle.
    static constexpr std::size_t handle_targets = 4;
    /// Choices per choice handle.
    static constexpr std::size_t choices = 32;
    /// Readouts per lesson.
    static constexpr std::size_t readouts = 128;
    /// Steps per lesson.
    static constexpr std::size_t steps = 32;
    /// Formulas, set entries, expectations, visible names and overlays per step (each).
    static constexpr std::size_t per_step = 64;
    /// Choices of one question (at least 2).
    static constexpr std::size_t question_choices = 8;
    /// World frames per step.
    static constexpr std::uint32_t frames = 600;
    /// Magnitude of any coordinate ([x, y] values, box corners).
    static constexpr double coordinate = 1e7;
    /// Magnitude of any other number (expected pair counts reach billions).
    static constexpr double magnitude = 1e12;
    /// Seconds of one pass of a step's animation.
    static constexpr double animation_seconds = 600.0;
    /// Seconds a looping animation rests at its end.
    static constexpr double animation_hold = 60.0;
};

/// Parses lesson JSON text. `source_name` (usually the file path) starts every error message;
/// `base_directory` is where a relative `scene_file` is looked up (then its parent folder, so
/// "scenes/x.json" works from lessons/). Throws LessonError.
[[nodiscard]] Lesson parse_lesson(std::string_view text, std::string_view source_name,
                                  const std::filesystem::path& base_directory);

/// Reads and parses a lesson file (at most LessonLimits::file_bytes). Throws LessonError, also
/// when the file cannot be read.
[[nodiscard]] Lesson load_lesson(const std::filesystem::path& path);

}  // namespace aabb::lesson

#pragma once
// Lessons without a window: run_lesson prints one state's readouts as JSON
// (`aabb-sandbox --headless --lesson NAME|FILE [--step K] [--set HANDLE=VALUE]...
// [--readouts FILE|-]`) and check_lessons checks every step's expected values
// (`aabb-sandbox --check-lessons DIR|FILE`). The command line is parsed in app/sandbox/
// command_line.cpp; nothing here reads argv.

#include <filesystem>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/lesson/lesson_runtime.hpp"

namespace aabb::lesson {

/// Exit code of a run that succeeded.
inline constexpr int exit_ok = 0;
/// Exit code of a failed check or a lesson that cannot be loaded.
inline constexpr int exit_failed = 1;
/// Exit code of bad arguments or a bad --set.
inline constexpr int exit_usage = 2;

/// What a `--headless --lesson` run is asked for.
struct LessonRunOptions {
    /// The lesson: a file path or a name (lesson_library.hpp resolve_lesson).
    std::string lesson;
    /// The step, 1-based as the lesson bar counts (--step K), 1..LessonLimits::steps. Default 1.
    std::size_t step = 1;
    /// HANDLE=VALUE pairs, applied in order after entering the step.
    std::vector<std::pair<std::string, std::string>> sets;
    /// Where to write the JSON: a file, or "-" for standard output (--readouts).
    std::string readouts = "-";
};

/// The state's JSON: {"lesson": ID, "step": K, "handles": {...}, "readouts": {...}}, numbers as
/// JSON numbers, verdicts as true/false, infinities and undefined values as null. Reads world
/// readouts from the runtime's own world.
[[nodiscard]] std::string state_json(LessonRuntime& runtime);

/// Runs a parsed lesson run: loads, enters the step, applies the sets, writes the JSON.
/// Returns exit_ok; exit_usage for a bad --step or --set (one line to `errors` naming the
/// handle and its range) or, before loading, a --readouts file that is the lesson file or
/// cannot be written (io::check_output_files); exit_failed for a lesson that cannot be loaded
/// or a failed write (the file is written atomically: an old one is then intact).
int run_lesson(const LessonRunOptions& options, std::ostream& out, std::ostream& errors);

/// Checks every lesson file of `path` (a folder: every *.json but index.json, by file name; or
/// one file): loads it, enters each step with its `set` and `frames`, compares its `expect`.
/// Prints one line per mismatch or load error to `errors` and a summary to `out`. Returns
/// exit_ok when everything holds, exit_failed otherwise.
int check_lessons(const std::filesystem::path& path, std::ostream& out, std::ostream& errors);

}  // namespace aabb::lesson

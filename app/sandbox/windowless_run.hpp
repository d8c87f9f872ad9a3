#pragma once
// aabb-sandbox's modes without a window: a parsed command line (app/sandbox/command_line.hpp)
// handed to the core function that runs it: run_headless for --headless scenes, run_lesson
// for --headless --lesson, check_lessons for --check-lessons. Pure C++, no SDL.

#include <ostream>

#include "app/sandbox/command_line.hpp"

namespace aabb::sandbox {

/// Runs `line` (its mode must not be the window) and returns its exit status: exit_ok,
/// exit_failure for a run, check or write that failed, exit_usage for an output refused
/// before any work or a lesson, step or handle the lesson does not have. Results go to `out`,
/// messages (one line each, "aabb-sandbox: ...") to `errors`.
int run_windowless(const CommandLine& line, std::ostream& out, std::ostream& errors);

}  // namespace aabb::sandbox

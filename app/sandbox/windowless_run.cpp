#include "app/sandbox/windowless_run.hpp"

#include "core/scene/scene_comparison.hpp"

namespace aabb::sandbox {

int run_windowless(const CommandLine& line, std::ostream& out, std::ostream& errors) {
    switch (line.mode) {
        case Mode::headless:
            if (!line.headless.compare_all.empty())
                return run_compare_all(line.headless, out, errors);
            return run_headless(line.headless, errors);
        case Mode::lesson:
            return lesson::run_lesson(line.lesson_run, out, errors);
        case Mode::check:
            return lesson::check_lessons(line.check_lessons, out, errors);
        case Mode::window:
            break;
    }
    errors << "aabb-sandbox: the window is not a windowless mode\n";
    return exit_usage;
}

}  // namespace aabb::sandbox

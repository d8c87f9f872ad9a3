// aabb-sandbox's command-line parsers, one argument per input line: the window's flags, the
// headless flags and the lesson flags, each either parsing or failing with one tidy error.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "app/sandbox/command_line.hpp"
#include "core/lesson/lesson_headless.hpp"
#include "core/scene/headless_run.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::string> owned =
        aabb::fuzz::as_arguments(aabb::fuzz::as_text(data, size));
    const std::vector<std::string_view> arguments(owned.begin(), owned.end());
    try {
        (void)aabb::sandbox::parse_command_line(arguments, "settings.ini");
    } catch (const aabb::sandbox::CommandLineError& error) {
        aabb::fuzz::require_tidy_message(error.what());
    }
    try {
        (void)aabb::parse_headless_arguments(arguments);
    } catch (const std::invalid_argument& error) {
        aabb::fuzz::require_tidy_message(error.what());
    }
    try {
        (void)aabb::lesson::parse_lesson_arguments(arguments);
    } catch (const std::invalid_argument& error) {
        aabb::fuzz::require_tidy_message(error.what());
    }
    return 0;
}

// aabb-sandbox's command line, one argument per input line: the one parser of every mode (the
// window, --headless scene and lesson runs, --check-lessons), either parsing or failing with
// one tidy error.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "app/sandbox/command_line.hpp"
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
    return 0;
}

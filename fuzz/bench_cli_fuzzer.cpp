// aabb-bench's command-line parser, one argument per input line: it either parses or fails
// with one tidy UsageError.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "app/bench/bench_options.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::string> owned =
        aabb::fuzz::as_arguments(aabb::fuzz::as_text(data, size));
    const std::vector<std::string_view> arguments(owned.begin(), owned.end());
    try {
        (void)aabb::bench::parse_bench_options(arguments);
    } catch (const aabb::bench::UsageError& error) {
        aabb::fuzz::require_tidy_message(error.what());
    }
    return 0;
}

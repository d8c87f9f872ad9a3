// aabb-bench's command line: errors quote what they were given cut and escaped.

#include "app/bench/bench_options.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace aabb::bench {

namespace {

// The message of the UsageError `arguments` raise ("" when they parse).
std::string error_of(std::vector<std::string_view> arguments) {
    try {
        (void)parse_bench_options(arguments);
    } catch (const UsageError& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("bench options parse a plain run") {
    CHECK(error_of({"--workload", "uniform", "--n", "2k", "--algo", "brute_force"}).empty());
    const BenchOptions options = parse_bench_options(std::vector<std::string_view>{"--n", "2k"});
    REQUIRE(options.box_counts.size() == 1);
    CHECK(options.box_counts[0] == 2000);
}

TEST_CASE("bench option errors quote the offending argument cut and escaped") {
    const std::string huge = "\x1b]0;" + std::string(1 << 20, 'v');
    const std::string spec = huge + ":5";
    for (const std::vector<std::string_view>& arguments : {std::vector<std::string_view>{huge},
                                                           {"--n", huge},
                                                           {"--frames", huge},
                                                           {"--workload", huge},
                                                           {"--time-budget", huge}}) {
        const std::string message = error_of(arguments);
        CAPTURE(message.substr(0, 200));
        CHECK(message.find("\\x1B]0;" + std::string(76, 'v') + "…") != std::string::npos);
        CHECK(message.size() < 600);
        CHECK(message.find('\x1b') == std::string::npos);
    }
}

}  // namespace aabb::bench

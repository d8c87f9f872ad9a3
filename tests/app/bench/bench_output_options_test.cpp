// aabb-bench's output flags (issue 48, item 4): an empty file name is a usage error, not an
// output silently left unwritten (`--frame-times ""` wrote nothing and exited 0).

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "app/bench/bench_options.hpp"

namespace aabb::bench {

TEST_CASE("every output flag refuses an empty file name") {
    for (const std::string_view flag :
         {"--json", "--csv", "--frame-times", "--markdown", "--dump-pairs", "--plot-scaling",
          "--plot-scaling-p99", "--write-trace"}) {
        CAPTURE(flag);
        const std::vector<std::string_view> separate{flag, ""};
        CHECK_THROWS_WITH_AS((void)parse_bench_options(separate),
                             (std::string(flag) + ": the file name is empty").c_str(), UsageError);
        const std::string joined = std::string(flag) + "=";
        const std::vector<std::string_view> inline_value{joined};
        CHECK_THROWS_WITH_AS((void)parse_bench_options(inline_value),
                             (std::string(flag) + ": the file name is empty").c_str(), UsageError);
    }
}

}  // namespace aabb::bench

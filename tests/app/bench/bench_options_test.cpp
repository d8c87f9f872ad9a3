// aabb-bench's command line: the bounds bench.sh relies on (--skip-above with and without a
// workload, the p99 chart) parse as documented and bad ones are usage errors.

#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "app/bench/bench_options.hpp"

namespace aabb::bench {

namespace {

BenchOptions parsed(std::vector<std::string_view> arguments) {
    return parse_bench_options(arguments);
}

}  // namespace

TEST_CASE("--skip-above NAME:N skips everywhere, NAME:N:WORKLOAD on that workload only") {
    const BenchOptions options = parsed(
        {"--skip-above", "brute_force:20k", "--skip-above", "bullet_sweep_32:30000:clustered"});
    REQUIRE(options.skip_above.size() == 2);
    const SkipRule& everywhere = options.skip_above[0];
    CHECK(everywhere.algorithm == "brute_force");
    CHECK(everywhere.above_n == 20000);
    CHECK(everywhere.workload.empty());
    CHECK(everywhere.skips("brute_force", "dense", 20001));
    CHECK_FALSE(everywhere.skips("brute_force", "dense", 20000));
    const SkipRule& one = options.skip_above[1];
    CHECK(one.workload == "clustered");
    CHECK(one.skips("bullet_sweep_32", "clustered", 100000));
    CHECK_FALSE(one.skips("bullet_sweep_32", "uniform", 100000));
    CHECK_FALSE(one.skips("bullet_dbvt", "clustered", 100000));
}

TEST_CASE("--skip-above rejects a missing count and an unknown workload") {
    CHECK_THROWS_AS(parsed({"--skip-above", "bullet_sweep_32"}), UsageError);
    CHECK_THROWS_AS(parsed({"--skip-above", "bullet_sweep_32:x"}), UsageError);
    CHECK_THROWS_AS(parsed({"--skip-above", "bullet_sweep_32:10:nowhere"}), UsageError);
}

TEST_CASE("--plot-scaling charts the mean, --plot-scaling-p99 the p99 frame") {
    const BenchOptions options =
        parsed({"--plot-scaling", "mean.png", "--plot-scaling-p99", "p99.png"});
    CHECK(options.plot_path == "mean.png");
    CHECK(options.plot_p99_path == "p99.png");
}

}  // namespace aabb::bench

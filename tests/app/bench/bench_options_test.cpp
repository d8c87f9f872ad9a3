// aabb-bench's command line: the bounds bench.sh relies on (--skip-above with and without a
// workload, the p99 chart, the brute-force cap) parse as documented, bad ones are usage errors,
// and errors quote what they were given cut and escaped.

#include "app/bench/bench_options.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/broadphase/resource_budget_flags.hpp"

namespace aabb::bench {

namespace {

BenchOptions parsed(std::vector<std::string_view> arguments) {
    return parse_bench_options(arguments);
}

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
    const BenchOptions options = parsed({"--n", "2k"});
    REQUIRE(options.box_counts.size() == 1);
    CHECK(options.box_counts[0] == 2000);
}

TEST_CASE("brute force is capped at default_max_brute_force_n unless --max-brute-force-n says") {
    CHECK(parsed({}).max_brute_force_n == default_max_brute_force_n);
    CHECK(parsed({"--max-brute-force-n", "0"}).max_brute_force_n == 0);
    CHECK(parsed({"--max-brute-force-n", "1M"}).max_brute_force_n == 1'000'000);
}

TEST_CASE("runs start on a warm heap unless --cold-heap, which takes no value") {
    CHECK_FALSE(parsed({}).cold_heap);
    CHECK(parsed({"--cold-heap"}).cold_heap);
    CHECK(error_of({"--cold-heap=1"}).find("--cold-heap") != std::string::npos);
    CHECK(bench_usage().find("--cold-heap") != std::string::npos);
}

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

TEST_CASE("--frame-times names the per-frame CSV, needs a value and is in --help") {
    CHECK(parsed({"--frame-times", "frames.csv"}).frame_times_path == "frames.csv");
    CHECK(parsed({}).frame_times_path.empty());
    CHECK(error_of({"--frame-times"}).find("--frame-times") != std::string::npos);
    CHECK(bench_usage().find("--frame-times FILE") != std::string::npos);
}

// Issue 48 item 13: the window's parser refused a flag given twice, the bench's took the last.
TEST_CASE("a flag given twice is refused, but for those --help calls repeatable") {
    CHECK(error_of({"--frames", "2", "--frames", "3"}) == "--frames: given more than once");
    CHECK(error_of({"--frames=2", "--frames", "3"}) == "--frames: given more than once");
    CHECK(error_of({"--json", "a.json", "--json=b.json"}) == "--json: given more than once");
    CHECK(error_of({"--check", "--check"}) == "--check: given more than once");
    CHECK(error_of({"--max-pairs", "5", "--max-pairs", "6"}) ==
          "--max-pairs: given more than once");
    const BenchOptions repeated =
        parsed({"--workload", "uniform", "--workload", "clustered", "--n", "100", "--n", "200",
                "--algo", "sort_and_sweep", "--algo", "brute_force", "--skip-above",
                "brute_force:10", "--skip-above", "sort_and_sweep:10"});
    CHECK(repeated.workloads.size() == 2);
    CHECK(repeated.box_counts.size() == 2);
    CHECK(repeated.algorithms.size() == 2);
    CHECK(repeated.skip_above.size() == 2);
    CHECK(bench_usage().find("--workload NAME     scene to run, repeatable") != std::string::npos);
}

TEST_CASE("bench option errors quote the offending argument cut and escaped") {
    const std::string huge = "\x1b]0;" + std::string(1 << 20, 'v');
    const std::string no_count = huge;
    const std::string bad_count = "brute_force:" + huge;
    const std::string bad_workload = "brute_force:10:" + huge;
    for (const std::vector<std::string_view>& arguments : {std::vector<std::string_view>{huge},
                                                           {"--n", huge},
                                                           {"--frames", huge},
                                                           {"--workload", huge},
                                                           {"--time-budget", huge},
                                                           {"--skip-above", no_count},
                                                           {"--skip-above", bad_count},
                                                           {"--skip-above", bad_workload}}) {
        const std::string message = error_of(arguments);
        CAPTURE(message.substr(0, 200));
        CHECK(message.find("\\x1B]0;" + std::string(76, 'v') + "…") != std::string::npos);
        CHECK(message.size() < 600);
        CHECK(message.find('\x1b') == std::string::npos);
    }
}

TEST_CASE("bench options: one number format, the usage from the flag table, -h is --help") {
    CHECK(error_of({"--n", "0"}) ==
          "--n: expected a whole number in [1, 4000000] (suffix k or M allowed), got '0'");
    CHECK(error_of({"--frames", "100001"}) ==
          "--frames: expected a whole number in [1, 100000] (suffix k or M allowed), got "
          "'100001'");
    CHECK(error_of({"--time-budget", "-1"}) ==
          "--time-budget: expected a number in [0, 1000000], got '-1'");
    CHECK(error_of({"--fast"}) == "unknown flag '--fast' (see --help)");
    CHECK(parsed({"-h"}).help);
    const std::string usage = bench_usage();
    for (const BenchFlag& flag : bench_flags()) {
        CAPTURE(flag.name);
        CHECK(usage.find(flag.help) != std::string::npos);
    }
    CHECK(usage.find("(1..100000, default 60)") != std::string::npos);
}

}  // namespace aabb::bench

namespace aabb::bench {

TEST_CASE("--max-pairs, --max-cells and --max-bytes set the run's budget, listed in --help") {
    CHECK(parsed({}).budget == default_resource_budget);
    const BenchOptions options =
        parsed({"--max-pairs", "1000", "--max-cells=99", "--max-bytes", "4096"});
    CHECK(options.budget.max_pairs == 1000);
    CHECK(options.budget.max_cells == 99);
    CHECK(options.budget.max_bytes == 4096);
    CHECK(error_of({"--max-cells", "0"}) ==
          "--max-cells: expected a whole number in [1, 68719476736], got '0'");
    CHECK(error_of({"--max-pairs"}) == "--max-pairs: needs a value N");
    const std::string usage = bench_usage();
    for (const ResourceBudgetFlag& flag : resource_budget_flags) {
        CAPTURE(flag.name);
        CHECK(usage.find(std::string(flag.name) + " N") != std::string::npos);
        CHECK(usage.find(resource_budget_flag_help(flag)) != std::string::npos);
    }
}

TEST_CASE("--engine-option sets the engine's options, checked against its option table") {
    CHECK(parsed({}).engine_options.empty());
    const BenchOptions options = parsed({"--engine-option", "exact_grid=0", "--engine-option",
                                         "partial_fraction=0.25", "--engine-option=exact_grid=1"});
    REQUIRE(options.engine_options.size() == 2);
    CHECK(options.engine_options.at("exact_grid") == 1.0);  // the last one counts
    CHECK(options.engine_options.at("partial_fraction") == 0.25);
    CHECK(error_of({"--engine-option", "exact_grid"}) ==
          "--engine-option: expected NAME=VALUE, got 'exact_grid'");
    CHECK(error_of({"--engine-option", "no_such=1"}).find("unknown engine option 'no_such'") !=
          std::string::npos);
    // threads belongs to the runner (banded_sort_and_sweep, banded_sort_and_sweep_2t).
    CHECK(error_of({"--engine-option", "threads=4"}).find("unknown engine option 'threads'") !=
          std::string::npos);
    CHECK(error_of({"--engine-option", "partial_fraction=2"}) ==
          "--engine-option: expected a number in [0, 1], got '2'");
    CHECK(error_of({"--engine-option", "max_bands=1.5"}) ==
          "--engine-option: max_bands takes a whole number, got '1.5'");
    const std::string usage = bench_usage();
    CHECK(usage.find("--engine-option NAME=VALUE") != std::string::npos);
    CHECK(usage.find("one_band_sweep") != std::string::npos);
    CHECK(usage.find("threads band_height_factor") == std::string::npos);
}

}  // namespace aabb::bench

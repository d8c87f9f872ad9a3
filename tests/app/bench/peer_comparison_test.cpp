// Ours (the engine at one thread) against the best peer, one statistic at a time: the best peer
// may differ per statistic, ours at two threads stands beside, and scenes missing the engine or
// every peer give no comparison.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/bench/peer_comparison.hpp"

namespace aabb::bench {

namespace {

BenchResult result(std::string algo, bool peer, double mean, double p99, double max, double median,
                   double build = 1.0, std::string workload = "uniform", std::size_t n = 1000) {
    BenchResult row;
    row.algo = std::move(algo);
    row.peer = peer;
    row.workload = std::move(workload);
    row.n = n;
    row.requested_frames = 10;
    row.times = FrameStatistics{build, mean, p99, max, median};
    return row;
}

const StatisticComparison& entry(const SceneComparison& comparison, FrameStatistic statistic) {
    for (const StatisticComparison& each : comparison.statistics) {
        if (each.statistic == statistic) return each;
    }
    FAIL("statistic missing");
    return comparison.statistics.front();
}

}  // namespace

TEST_CASE("every statistic is compared with the peer best at that statistic") {
    const std::vector<BenchResult> results = {
        result("bvh", false, 0.5, 0.6, 0.7, 0.5),  // ours, but not the headline
        result(std::string(headline_algorithm), false, 1.0, 4.0, 8.0, 0.5, 2.0),
        result(std::string(headline_two_threads_algorithm), false, 0.8, 3.0, 6.0, 0.4),
        // steady_peer has the best p99 and max; spiky_peer the best mean and median.
        result("steady_peer", true, 6.0, 8.0, 9.0, 6.0, 30.0),
        result("spiky_peer", true, 3.0, 40.0, 90.0, 2.0, 3.0),
    };
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    REQUIRE(comparisons.size() == 1);
    const SceneComparison& comparison = comparisons.front();
    CHECK(comparison.workload == "uniform");
    CHECK(comparison.n == 1000);
    REQUIRE(comparison.statistics.size() == reported_statistics.size());
    // Mean and p99 lead.
    CHECK(comparison.statistics[0].statistic == FrameStatistic::mean);
    CHECK(comparison.statistics[1].statistic == FrameStatistic::p99);

    const StatisticComparison& mean = entry(comparison, FrameStatistic::mean);
    CHECK(mean.best_peer == "spiky_peer");
    CHECK(mean.ours_ms == 1.0);  // the headline, not the faster bvh
    CHECK(mean.best_peer_ms == 3.0);
    CHECK(mean.ratio == doctest::Approx(3.0));
    REQUIRE(mean.ours_two_threads_ms.has_value());
    CHECK(*mean.ours_two_threads_ms == 0.8);

    const StatisticComparison& p99 = entry(comparison, FrameStatistic::p99);
    CHECK(p99.best_peer == "steady_peer");
    CHECK(p99.ratio == doctest::Approx(2.0));
    const StatisticComparison& max = entry(comparison, FrameStatistic::max);
    CHECK(max.best_peer == "steady_peer");
    CHECK(max.ratio == doctest::Approx(9.0 / 8.0));
    const StatisticComparison& median = entry(comparison, FrameStatistic::median);
    CHECK(median.best_peer == "spiky_peer");
    CHECK(median.ratio == doctest::Approx(4.0));

    CHECK(comparison.ours_build_ms == 2.0);
    CHECK(comparison.fastest_build_peer == "spiky_peer");
    CHECK(comparison.fastest_build_peer_ms == 3.0);
}

TEST_CASE("a peer faster than ours gives a ratio below 1, written as slower") {
    const std::vector<BenchResult> results = {
        result(std::string(headline_algorithm), false, 2.0, 2.0, 2.0, 2.0),
        result("quick_peer", true, 1.0, 1.0, 1.0, 1.0),
    };
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    REQUIRE(comparisons.size() == 1);
    const StatisticComparison& mean = comparisons.front().statistics.front();
    CHECK(mean.ratio == doctest::Approx(0.5));
    CHECK_FALSE(mean.ours_two_threads_ms.has_value());
    CHECK(ratio_text(mean.ratio) == "2.0x slower");
    CHECK(ratio_text(12.46) == "12.5x faster");
    CHECK(ratio_text(1.0) == "1.0x faster");
}

TEST_CASE("scenes are compared separately, in order, and only with the engine and a peer") {
    const std::vector<BenchResult> results = {
        result(std::string(headline_algorithm), false, 1.0, 1.0, 1.0, 1.0, 1.0, "line", 500),
        result("peer_a", true, 5.0, 5.0, 5.0, 5.0, 1.0, "line", 500),
        result(std::string(headline_algorithm), false, 1.0, 1.0, 1.0, 1.0, 1.0, "line", 900),
        result("peer_a", true, 7.0, 7.0, 7.0, 7.0, 1.0, "line", 900),
        // No peer on dense, no engine on mixed: neither is compared.
        result(std::string(headline_algorithm), false, 1.0, 1.0, 1.0, 1.0, 1.0, "dense", 500),
        result("peer_a", true, 5.0, 5.0, 5.0, 5.0, 1.0, "mixed", 500),
    };
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    REQUIRE(comparisons.size() == 2);
    CHECK(comparisons[0].n == 500);
    CHECK(comparisons[0].statistics.front().ratio == doctest::Approx(5.0));
    CHECK(comparisons[1].n == 900);
    CHECK(comparisons[1].statistics.front().ratio == doctest::Approx(7.0));
}

TEST_CASE("a time that rounds to zero still gives a finite ratio") {
    const std::vector<BenchResult> results = {
        result(std::string(headline_algorithm), false, 0.0, 0.0, 0.0, 0.0),
        result("peer", true, 1.0, 1.0, 1.0, 1.0),
    };
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    REQUIRE(comparisons.size() == 1);
    CHECK(comparisons.front().statistics.front().ratio == doctest::Approx(1e9));
    CHECK(statistic_name(FrameStatistic::p99) == "p99");
    CHECK(statistic_ms(FrameStatistics{1, 2, 3, 4, 5}, FrameStatistic::median) == 5.0);
}

}  // namespace aabb::bench

namespace aabb::bench {

TEST_CASE("the floor row gives each statistic ours over the floor, and is not a peer") {
    const std::vector<BenchResult> results = {
        result(std::string(headline_algorithm), false, 1.0, 4.0, 8.0, 0.5),
        result(std::string(floor_algorithm), false, 0.25, 0.5, 1.0, 0.25),
        result("peer", true, 3.0, 8.0, 9.0, 2.0),
    };
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    REQUIRE(comparisons.size() == 1);
    const StatisticComparison& mean = entry(comparisons[0], FrameStatistic::mean);
    CHECK(mean.best_peer == "peer");
    REQUIRE(mean.floor_ms.has_value());
    CHECK(*mean.floor_ms == 0.25);
    CHECK(*mean.ours_over_floor == doctest::Approx(4.0));
    CHECK(*entry(comparisons[0], FrameStatistic::p99).ours_over_floor == doctest::Approx(8.0));
    // Without the row there is no floor.
    const std::vector<BenchResult> without = {results[0], results[2]};
    CHECK_FALSE(entry(compare_with_peers(without)[0], FrameStatistic::mean).floor_ms);
}

}  // namespace aabb::bench

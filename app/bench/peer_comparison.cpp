#include "app/bench/peer_comparison.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace aabb::bench {

namespace {

// Ratios of times that round to zero stay finite.
constexpr double smallest_time_ms = 1e-9;

}  // namespace

std::string_view statistic_name(FrameStatistic statistic) {
    switch (statistic) {
        case FrameStatistic::mean:
            return "mean";
        case FrameStatistic::p99:
            return "p99";
        case FrameStatistic::max:
            return "max";
        case FrameStatistic::median:
            return "median";
    }
    return "?";
}

double statistic_ms(const FrameStatistics& times, FrameStatistic statistic) {
    switch (statistic) {
        case FrameStatistic::mean:
            return times.mean_ms;
        case FrameStatistic::p99:
            return times.p99_ms;
        case FrameStatistic::max:
            return times.max_ms;
        case FrameStatistic::median:
            return times.median_ms;
    }
    return 0.0;
}

std::vector<SceneComparison> compare_with_peers(const std::vector<BenchResult>& results) {
    std::vector<std::pair<std::string, std::size_t>> scenes;
    for (const BenchResult& result : results) {
        const std::pair<std::string, std::size_t> scene{result.workload, result.n};
        if (std::find(scenes.begin(), scenes.end(), scene) == scenes.end()) scenes.push_back(scene);
    }
    std::vector<SceneComparison> comparisons;
    for (const auto& [workload, n] : scenes) {
        const BenchResult* ours = nullptr;
        const BenchResult* ours_two_threads = nullptr;
        const BenchResult* floor = nullptr;
        std::vector<const BenchResult*> peers;
        for (const BenchResult& result : results) {
            if (result.workload != workload || result.n != n) continue;
            if (result.peer) {
                peers.push_back(&result);
            } else if (result.algo == headline_algorithm) {
                ours = &result;
            } else if (result.algo == headline_two_threads_algorithm) {
                ours_two_threads = &result;
            } else if (result.algo == floor_algorithm) {
                floor = &result;
            }
        }
        if (ours == nullptr || peers.empty()) continue;
        SceneComparison comparison;
        comparison.workload = workload;
        comparison.n = n;
        comparison.requested_frames = ours->requested_frames;
        comparison.ours_build_ms = ours->times.build_ms;
        const BenchResult* fastest_build = *std::min_element(
            peers.begin(), peers.end(), [](const BenchResult* a, const BenchResult* b) {
                return a->times.build_ms < b->times.build_ms;
            });
        comparison.fastest_build_peer = fastest_build->algo;
        comparison.fastest_build_peer_ms = fastest_build->times.build_ms;
        for (const FrameStatistic statistic : reported_statistics) {
            // The first of equals wins, so the choice follows the run order.
            const BenchResult* best = *std::min_element(
                peers.begin(), peers.end(),
                [statistic](const BenchResult* a, const BenchResult* b) {
                    return statistic_ms(a->times, statistic) < statistic_ms(b->times, statistic);
                });
            StatisticComparison entry;
            entry.statistic = statistic;
            entry.ours_ms = statistic_ms(ours->times, statistic);
            if (ours_two_threads != nullptr) {
                entry.ours_two_threads_ms = statistic_ms(ours_two_threads->times, statistic);
            }
            entry.best_peer = best->algo;
            entry.best_peer_ms = statistic_ms(best->times, statistic);
            entry.ratio = entry.best_peer_ms / std::max(entry.ours_ms, smallest_time_ms);
            if (floor != nullptr) {
                entry.floor_ms = statistic_ms(floor->times, statistic);
                entry.ours_over_floor = entry.ours_ms / std::max(*entry.floor_ms, smallest_time_ms);
            }
            comparison.statistics.push_back(std::move(entry));
        }
        comparisons.push_back(std::move(comparison));
    }
    return comparisons;
}

std::string ratio_text(double ratio) {
    char text[64];
    if (ratio >= 1.0) {
        std::snprintf(text, sizeof text, "%.1fx faster", ratio);
    } else {
        std::snprintf(text, sizeof text, "%.1fx slower", 1.0 / std::max(ratio, smallest_time_ms));
    }
    return text;
}

}  // namespace aabb::bench

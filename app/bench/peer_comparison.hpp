#pragma once
// Ours against the best peer, one frame statistic at a time: for each of mean, p99, max and
// median, the peer with the lowest value of that statistic is the one compared with, so the
// best peer by mean may differ from the best by p99. "Ours" is the engine at one thread,
// against peers that all run on one thread; the engine at two threads is shown beside it.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/bench/bench_result.hpp"

namespace aabb::bench {

/// The engine at one thread: the headline of every comparison.
inline constexpr std::string_view headline_algorithm = "banded_sort_and_sweep";
/// The engine at two threads, shown beside the headline.
inline constexpr std::string_view headline_two_threads_algorithm = "banded_sort_and_sweep_2t";
/// The floor of a frame, measured beside the headline engine's frames (not an algorithm):
/// copying the frame's boxes in and its pairs out, what any broad phase must at least do.
inline constexpr std::string_view floor_algorithm = "copy_floor";

/// A statistic of the frames after the build.
enum class FrameStatistic { mean, p99, max, median };

/// The statistics in the order every report shows them: mean and p99 lead.
inline constexpr std::array<FrameStatistic, 4> reported_statistics = {
    FrameStatistic::mean, FrameStatistic::p99, FrameStatistic::max, FrameStatistic::median};

/// "mean", "p99", "max" or "median".
[[nodiscard]] std::string_view statistic_name(FrameStatistic statistic);
/// The value of `statistic` in `times`, milliseconds.
[[nodiscard]] double statistic_ms(const FrameStatistics& times, FrameStatistic statistic);

/// Ours against the best peer on one statistic.
struct StatisticComparison {
    /// Which statistic.
    FrameStatistic statistic = FrameStatistic::mean;
    /// Ours (one thread), milliseconds.
    double ours_ms = 0.0;
    /// The engine at two threads, milliseconds; none when it did not run.
    std::optional<double> ours_two_threads_ms;
    /// The peer with the lowest value of this statistic.
    std::string best_peer;
    /// That peer's value, milliseconds.
    double best_peer_ms = 0.0;
    /// best_peer_ms / ours_ms: above 1, ours is that many times faster.
    double ratio = 0.0;
    /// The floor's value of this statistic (copy_floor), milliseconds; none when not measured.
    std::optional<double> floor_ms;
    /// ours_ms / floor_ms: how many floors one of our frames costs; none without a floor.
    std::optional<double> ours_over_floor;
};

/// One scene's comparison: one entry per reported statistic, in reported_statistics order.
struct SceneComparison {
    /// Workload name or "trace:FILE".
    std::string workload;
    /// Boxes per frame.
    std::size_t n = 0;
    /// Frames the scene has.
    int requested_frames = 0;
    /// The engine's build time at one thread, milliseconds.
    double ours_build_ms = 0.0;
    /// The peer that built fastest, and its build time.
    std::string fastest_build_peer;
    /// The fastest peer build time, milliseconds.
    double fastest_build_peer_ms = 0.0;
    /// Per statistic, in reported_statistics order.
    std::vector<StatisticComparison> statistics;
};

/// One comparison per scene (workload and n, in order of first appearance) where both the
/// headline engine and at least one peer ran; other scenes are left out.
[[nodiscard]] std::vector<SceneComparison> compare_with_peers(
    const std::vector<BenchResult>& results);

/// "12.5x faster" or "2.0x slower": how ours compares, for a ratio peer / ours.
[[nodiscard]] std::string ratio_text(double ratio);

}  // namespace aabb::bench

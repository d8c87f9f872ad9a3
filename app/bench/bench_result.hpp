#pragma once
// One row of aabb-bench output: an algorithm on a scene.

#include <cstddef>
#include <cstdint>
#include <string>

namespace aabb::bench {

/// Timings and counters of one algorithm on one scene.
struct BenchResult {
    /// Algorithm name.
    std::string algo;
    /// Workload name or "trace:FILE".
    std::string workload;
    /// Boxes per frame.
    std::size_t n = 0;
    /// Frames actually run (fewer than requested when the time budget stopped the run).
    int frames = 0;
    /// Frames the scene has.
    int requested_frames = 0;
    /// Frame 0 (building from nothing), milliseconds.
    double build_ms = 0.0;
    /// Median of frames 1.. (frame 0 alone when only one frame ran), milliseconds.
    double median_ms = 0.0;
    /// 99th percentile (nearest rank) of frames 1.., milliseconds.
    double p99_ms = 0.0;
    /// Mean of frames 1.., milliseconds: what a frame costs on average, including the
    /// occasional expensive frame (a full re-sweep) that the median leaves out.
    double mean_ms = 0.0;
    /// Pairs summed over all frames run.
    std::uint64_t pairs = 0;
    /// Box tests summed over all frames run.
    std::uint64_t tests = 0;
    /// Bytes held after the last frame (peers: estimated).
    std::size_t memory_bytes = 0;
    /// True for a peer library.
    bool peer = false;
};

}  // namespace aabb::bench

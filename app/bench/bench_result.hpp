#pragma once
// One row of aabb-bench output: an algorithm on a scene.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/measure/run_times.hpp"

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
    /// Threads the algorithm ran on (1 for every peer and for our single-threaded ones).
    int threads = 1;
    /// Build time (making the runner plus frame 0) and the statistics of frames 1..
    FrameStatistics times;
    /// Milliseconds of every frame run, frame 0 (the build frame, without making the runner)
    /// first: what times summarizes, for --frame-times.
    std::vector<double> frame_ms;
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

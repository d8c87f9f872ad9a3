#pragma once
// The timing loop: every chosen algorithm on every scene, frame by frame, with optional
// cross-checking of the pair sets and a pair dump. Each peer library runs in a child process
// (app/bench/isolated_run.hpp): one that crashes or runs past its time budget fails alone, with
// one line, and the other runs report as usual.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "app/bench/bench_result.hpp"
#include "app/bench/bench_scene.hpp"
#include "app/bench/skip_rule.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"
#include "core/broadphase/resource_budget.hpp"

namespace aabb::bench {

/// How to run the scenes.
struct BenchmarkSettings {
    /// Algorithm names to run, in order (all valid runner names).
    std::vector<std::string> algorithms;
    /// Compare every algorithm's pairs with the first one's, every frame. Default off.
    bool check = false;
    /// Heap touched (and freed) before each run, per box; 0 = none. Default 0; aabb-bench
    /// passes warm_heap_bytes_per_box unless --cold-heap.
    std::size_t warm_heap_bytes_per_box = 0;
    /// Write every pair of every frame here (sorted); nullptr = no dump.
    std::ostream* pair_dump = nullptr;
    /// Skip brute_force above this many boxes; 0 = never.
    std::size_t max_brute_force_n = 0;
    /// Algorithms skipped above a box count (on every workload or on one).
    std::vector<SkipRule> skip_above;
    /// Stop a run once its frames after the build have taken this long: between frames after
    /// at least 2 frames, or inside a frame for runners that can stop (brute force); 0 = never.
    /// A peer (in its child process) whose build or frames go on past it by
    /// isolated_run_grace_seconds is killed and reported as failed.
    double time_budget_seconds = 0.0;
    /// What each run may allocate: our broad phases check it, peer runners check their pair
    /// lists against it. Default default_resource_budget.
    ResourceBudget budget = default_resource_budget;
    /// Options for the banded engine's runners (--engine-option); empty = its defaults.
    BroadPhaseParameterValues engine_options;
};

/// What a benchmark produced.
struct BenchmarkOutcome {
    /// One row per algorithm and scene that ran.
    std::vector<BenchResult> results;
    /// Skipped, shortened or failed runs, one sentence each (for the report).
    std::vector<std::string> notes;
    /// Check failures and run errors (a peer that crashed or ran past its time budget
    /// included), one sentence each; empty when all went well.
    std::vector<std::string> failures;
};

/// Why `algorithm` is not run on a scene of `workload` with `box_count` boxes ("above 20000
/// boxes (O(n²))", a --skip-above rule), or nothing when it is run.
[[nodiscard]] std::optional<std::string> skip_reason(const std::string& algorithm,
                                                     const std::string& workload,
                                                     std::size_t box_count,
                                                     const BenchmarkSettings& settings);

/// Runs every algorithm on every scene; progress goes to `progress` (stderr in the app).
[[nodiscard]] BenchmarkOutcome run_benchmark(std::vector<BenchScene>& scenes,
                                             const BenchmarkSettings& settings,
                                             std::ostream& progress);

}  // namespace aabb::bench

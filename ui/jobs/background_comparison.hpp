#pragma once
// "Compare all" on a background thread: every algorithm measured on a copy of the world's
// boxes taken when the button was pressed (the worker never touches the World the UI steps),
// results published under a mutex as each algorithm finishes, so a 100k-box world (brute
// force alone takes seconds there) never stalls a frame. Pure C++ (no SDL, GL or ImGui), unit
// tested in tests/ui/background_comparison_test.cpp.

#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "core/measure/broad_phase_comparison.hpp"
#include "ui/jobs/background_task.hpp"

namespace aabb::ui {

/// What a comparison has done so far: a copy owned by whoever asked.
struct ComparisonProgress {
    /// One measurement per finished algorithm, in broad_phase_names() order.
    std::vector<BroadPhaseMeasurement> results;
    /// Every algorithm to measure, in order.
    std::vector<std::string> algorithms;
    /// Boxes measured.
    std::size_t box_count = 0;
    /// The world's step when the boxes were copied.
    std::uint64_t world_step = 0;
    /// True while the worker is measuring.
    bool running = false;
    /// True when every algorithm was measured.
    bool finished = false;
    /// True when cancel() stopped it before the end.
    bool cancelled = false;
    /// The error that stopped it; empty when none.
    std::string error;
};

/// Runs one "Compare all" at a time on a worker thread; destroying it cancels a running
/// comparison and joins the worker (at most one frame of one algorithm's wait: brute force
/// stops within 64 rows).
class BackgroundComparison {
  public:
    /// Measures every algorithm of broad_phase_names() on `boxes` (copied by the caller,
    /// moved here), cancelling and joining any earlier run first. Throws
    /// std::invalid_argument for bad `options` before any thread starts.
    void start(std::vector<Box2> boxes, const ComparisonOptions& options, std::uint64_t world_step);
    /// Asks the worker to stop; returns at once. The measurement in progress ends at its next
    /// frame (brute force within 64 rows) and is dropped; the finished ones stay.
    void cancel() { task_.cancel(); }
    /// Blocks until the worker has stopped.
    void wait() { task_.wait(); }

    /// Grows every time the worker publishes, so a poller copies only on change.
    [[nodiscard]] std::uint64_t version() const { return task_.version(); }
    /// A copy of the progress so far.
    [[nodiscard]] ComparisonProgress snapshot() const { return task_.snapshot(); }

  private:
    void run(std::stop_token stop, const std::vector<Box2>& boxes, ComparisonOptions options);

    BackgroundTask<ComparisonProgress> task_;
};

}  // namespace aabb::ui

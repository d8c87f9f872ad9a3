#pragma once
// The scaling sweep on a background thread: the worker measures its own generated box sets
// (never the World the UI steps) and publishes a copy of its progress under a mutex; the UI
// polls it once per frame, so a 100k-box measurement never stalls a frame. Pure C++ (no
// SDL, GL or ImGui), unit tested in tests/ui/scaling_sweep_runner_test.cpp.

#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "core/measure/broad_phase_comparison.hpp"
#include "ui/jobs/background_task.hpp"

namespace aabb::ui {

/// What a sweep has done so far: a copy owned by whoever asked.
struct ScalingSweepProgress {
    /// The measurements so far, in the order taken.
    std::vector<BroadPhaseMeasurement> results;
    /// The algorithms, in column order.
    std::vector<std::string> algorithms;
    /// The box counts, ascending.
    std::vector<std::size_t> sizes;
    /// Fraction of (size, algorithm) points measured or skipped, 0..1.
    double fraction = 0.0;
    /// Points skipped because the algorithm was over budget at a smaller size.
    std::size_t skipped = 0;
    /// True while the worker is measuring.
    bool running = false;
    /// True when every point was measured or skipped.
    bool finished = false;
    /// True when cancel() stopped the sweep before it finished.
    bool cancelled = false;
    /// The error that stopped the sweep; empty when none.
    std::string error;
};

/// Runs one ScalingSweep at a time on a worker thread; destroying it cancels a running sweep
/// and joins the worker (waits for at most one frame of one measurement: brute force stops
/// within 64 rows).
class ScalingSweepRunner {
  public:
    /// Starts a sweep with `options`, cancelling and joining any earlier one first. Throws
    /// std::invalid_argument for bad options (see ScalingSweep) before any thread starts, and
    /// then leaves the earlier results in place.
    void start(ScalingSweepOptions options);
    /// Asks the worker to stop; returns at once. The measurement in progress ends at its next
    /// frame (brute force within 64 rows) and is dropped.
    void cancel() { task_.cancel(); }
    /// Blocks until the worker has stopped (finished, cancelled or failed).
    void wait() { task_.wait(); }

    /// True once start() succeeded.
    [[nodiscard]] bool started() const { return task_.version() > 0; }
    /// True while the worker is measuring.
    [[nodiscard]] bool running() const {
        return task_.read([](const ScalingSweepProgress& progress) { return progress.running; });
    }
    /// Grows every time the worker publishes progress, so a poller copies only on change.
    [[nodiscard]] std::uint64_t version() const { return task_.version(); }
    /// A copy of the progress so far.
    [[nodiscard]] ScalingSweepProgress snapshot() const { return task_.snapshot(); }

  private:
    void run(std::stop_token stop, ScalingSweep& sweep);
    void publish(const ScalingSweep& sweep, bool running, bool cancelled, std::string error);

    BackgroundTask<ScalingSweepProgress> task_;
};

}  // namespace aabb::ui

#pragma once
// "Compare all" on a background thread: the world's state taken when the button was pressed
// (a WorldSnapshot, about 56 bytes a body, so the UI thread copies little) is made a world
// again and stepped on the worker for the scene's own next frames (core/measure/scene_frames.hpp;
// the worker never touches the World the UI steps), then every algorithm is measured on those
// frames, repeat by repeat (FrameComparison), results published under a mutex after each run,
// so a 100k-box world never stalls a frame. Pure C++ (no SDL, GL or ImGui), unit tested in
// tests/ui/jobs/background_comparison_test.cpp.

#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "core/measure/broad_phase_comparison.hpp"
#include "core/world/world.hpp"
#include "core/world/world_snapshot.hpp"
#include "ui/jobs/background_task.hpp"

namespace aabb::ui {

/// What a comparison has done so far: a copy owned by whoever asked.
struct ComparisonProgress {
    /// One measurement per algorithm run so far, in broad_phase_names() order, over the
    /// repeats made so far.
    std::vector<BroadPhaseMeasurement> results;
    /// Every algorithm to measure, in order.
    std::vector<std::string> algorithms;
    /// Boxes of the largest frame (0 until the frames are recorded).
    std::size_t box_count = 0;
    /// Frames recorded from the scene (0 until they are).
    int frames = 0;
    /// Runs made and runs in all (algorithms × repeats).
    std::size_t runs_done = 0;
    /// See runs_done.
    std::size_t total_runs = 0;
    /// Repeats of each algorithm.
    int repetitions = 0;
    /// The world's step when it was copied.
    std::uint64_t world_step = 0;
    /// True while the worker is recording or measuring.
    bool running = false;
    /// True when every run was made.
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
    /// Records `frame_count` frames of `world`'s next steps (on a world the worker makes from
    /// its snapshot; frame 0 is its world boxes: World::restore keeps no swept regions), then
    /// measures every algorithm of broad_phase_names() on them, cancelling and joining any
    /// earlier run first. Throws std::invalid_argument for bad `options` or a frame_count below
    /// 1 before any thread starts.
    void start(const World& world, int frame_count, const ComparisonOptions& options);
    /// Asks the worker to stop; returns at once. The run in progress ends at its next frame
    /// (brute force within 64 rows) and is dropped; the finished ones stay.
    void cancel() { task_.cancel(); }
    /// Blocks until the worker has stopped.
    void wait() { task_.wait(); }

    /// Grows every time the worker publishes, so a poller copies only on change.
    [[nodiscard]] std::uint64_t version() const { return task_.version(); }
    /// A copy of the progress so far.
    [[nodiscard]] ComparisonProgress snapshot() const { return task_.snapshot(); }

  private:
    void run(std::stop_token stop, const WorldSnapshot& state, int frame_count,
             ComparisonOptions options);

    BackgroundTask<ComparisonProgress> task_;
};

}  // namespace aabb::ui

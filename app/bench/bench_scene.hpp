#pragma once
// One scene aabb-bench runs: a generated workload at some n, or a recorded trace. Frames are
// produced in order into reused storage, outside the timed region.

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "app/bench/runners/frame_runner.hpp"
#include "core/measure/trace.hpp"
#include "core/measure/workload.hpp"

namespace aabb::bench {

/// A generated workload or a shared trace, walked frame by frame.
class BenchScene {
  public:
    /// A generated scene.
    explicit BenchScene(const WorkloadOptions& options);
    /// A recorded scene named `name` (the trace is shared, not copied).
    BenchScene(std::shared_ptr<const Trace> trace, std::string name);

    /// The workload name ("uniform", ...) or "trace:FILE".
    [[nodiscard]] const std::string& name() const { return name_; }
    /// Boxes per frame.
    [[nodiscard]] std::size_t box_count() const;
    /// Frames in the scene.
    [[nodiscard]] int frame_count() const;
    /// What runners may know before the first frame (count and world bounds).
    [[nodiscard]] const SceneFacts& facts() const { return facts_; }
    /// Back to frame 0.
    void restart();
    /// The boxes of frame `frame`. Frames must be asked in order 0, 1, 2, ... after restart().
    [[nodiscard]] std::span<const Box2> frame(int frame);

  private:
    std::string name_;
    std::optional<Workload> workload_;
    std::shared_ptr<const Trace> trace_;
    SceneFacts facts_;
};

}  // namespace aabb::bench

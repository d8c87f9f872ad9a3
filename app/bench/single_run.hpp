#pragma once
// One run: one algorithm on one scene, frame by frame, timed, under the benchmark's settings
// (the warm heap, the time budget, the resource budget, --check's pair test). What the run has
// to tell on the way (progress, notes, the end of its build, each frame's pairs for --check and
// --dump-pairs) goes to a listener: the benchmark itself when the run is in its process, a pipe
// to it when the run is in a child process (app/bench/isolated_run.hpp).

#include <string>
#include <vector>

#include "app/bench/bench_scene.hpp"
#include "app/bench/benchmark.hpp"
#include "app/bench/pair_fingerprint.hpp"
#include "app/bench/run_message.hpp"

namespace aabb::bench {

/// What a run tells while it runs, in order.
class RunListener {
  public:
    virtual ~RunListener() = default;
    /// A progress line, without its newline.
    virtual void progress(const std::string& line) = 0;
    /// A sentence for the report's notes (a run the time budget shortened).
    virtual void note(const std::string& text) = 0;
    /// Frame 0, the build, is done: from now on the time budget counts the frames after it.
    virtual void built() = 0;
    /// The fingerprint of frame `frame`'s pairs (only under --check).
    virtual void frame_fingerprint(int frame, const PairFingerprint& print) = 0;
    /// Frame `frame`'s pairs, sorted (only with --dump-pairs).
    virtual void frame_pairs(int frame, const std::vector<BoxPair>& sorted_pairs) = 0;
};

/// Storage kept from run to run, so that a run starts with the room the runs before it left.
struct RunBuffers {
    /// Every frame's pairs.
    std::vector<BoxPair> pairs;
    /// Every frame's milliseconds, and the copy floor's.
    std::vector<double> frame_ms, floor_ms;
    /// The copy floor's copies of a frame's boxes and pairs.
    std::vector<Box2> floor_boxes;
    /// See floor_boxes.
    std::vector<BoxPair> floor_pairs;
};

/// Runs `algorithm` on `scene` (restarted first). Throws on a run error: the runner's (a
/// budget exceeded, an allocation failed), or a pair that is not (i < j < n) under --check.
/// record.result.frames is 0 when nothing was measured (the budget stopped frame 0).
[[nodiscard]] RunRecord run_single(BenchScene& scene, const std::string& algorithm,
                                   const BenchmarkSettings& settings, RunBuffers& buffers,
                                   RunListener& listener);

}  // namespace aabb::bench

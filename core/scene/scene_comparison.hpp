#pragma once
// "Compare all" of a scene file without a window (aabb-sandbox --headless --scene FILE
// --compare-all OUT.csv) and the scene's frames aabb-bench --scene runs: the scene, with the
// headless overrides, built into a world and stepped for its own first frames
// (record_world_frames), then every algorithm measured on them by the shared harness
// (core/measure/broad_phase_comparison.hpp), with the scene's options. The window's Compare all
// measures the same way from the world it shows.

#include <ostream>
#include <string>

#include "core/measure/broad_phase_comparison.hpp"
#include "core/scene/headless_run.hpp"

namespace aabb {

/// A scene's frames and how to compare on them.
struct SceneFrames {
    /// "scene:NAME", NAME the file's name as messages quote it (the CSV's workload).
    std::string name;
    /// The scene's first frames: frame 0 as built, then one per step.
    FrameSequence frames;
    /// The scene's touching policy and its algorithm's options (world_comparison_options).
    ComparisonOptions options;
};

/// The scene of options.scene (headless_scene: the overrides applied), built, and its first
/// `frame_count` frames. Throws std::invalid_argument for no scene, --replay given or a
/// frame_count below 1, SceneError for a bad scene, std::runtime_error naming the scene and
/// the frame when a step goes over the resource budget.
[[nodiscard]] SceneFrames record_scene_frames(const HeadlessOptions& options, int frame_count);

/// Runs "Compare all" on options.scene over options.frames frames (frame 0 the build; no time
/// budget, as aabb-bench) and writes the table to options.compare_all as CSV
/// (write_measurements_csv). Prints one line per algorithm and the ranking verdict to `out`.
/// Returns 0; 2, before any work, when the CSV would overwrite the scene or cannot be written
/// there (io::check_output_files); 1 after a failed run or write. Every failure prints one
/// line to `errors`.
int run_compare_all(const HeadlessOptions& options, std::ostream& out, std::ostream& errors);

}  // namespace aabb

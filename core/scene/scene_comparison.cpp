#include "core/scene/scene_comparison.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/io/output_files.hpp"
#include "core/scene/scene_file_names.hpp"
#include "core/scene/scene_world.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb {

namespace {

/// One line of the table as the terminal shows it.
std::string summary_line(const BroadPhaseMeasurement& m) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "%-24s build %9.3f ms  median %8.3f ms (repeats %.3f..%.3f)  mean %8.3f ms  "
                  "p99 %8.3f ms\n",
                  m.algorithm.c_str(), m.times.build_ms, m.times.median_ms,
                  *std::min_element(m.repeat_medians.begin(), m.repeat_medians.end()),
                  *std::max_element(m.repeat_medians.begin(), m.repeat_medians.end()),
                  m.times.mean_ms, m.times.p99_ms);
    return line;
}

/// Whether the fastest by median is ahead of the next by more than the noise.
std::string verdict_line(std::vector<BroadPhaseMeasurement> results) {
    if (results.size() < 2) return {};
    std::sort(results.begin(), results.end(),
              [](const auto& a, const auto& b) { return a.times.median_ms < b.times.median_ms; });
    if (ranking_holds(results[0], results[1])) {
        return "fastest by median: " + results[0].algorithm + ", ahead of " + results[1].algorithm +
               " by more than the spread between repeats\n";
    }
    return results[0].algorithm + " and " + results[1].algorithm +
           ": too close to rank on this machine (their medians differ by less than the spread "
           "between repeats)\n";
}

}  // namespace

SceneFrames record_scene_frames(const HeadlessOptions& options, int frame_count) {
    if (options.scene.empty()) throw std::invalid_argument("--scene: a scene file is required");
    if (!options.replay.empty()) {
        throw std::invalid_argument(
            "--replay: not with a comparison (it measures the scene's "
            "own motion)");
    }
    if (frame_count < 1) {
        throw std::invalid_argument("--frames: a comparison needs at least 1 frame, got " +
                                    std::to_string(frame_count));
    }
    SceneFrames scene_frames;
    const std::string path = options.scene.generic_string();
    const std::string source = input_excerpt(path, quoted_path_limit);
    scene_frames.name =
        "scene:" + input_excerpt(options.scene.filename().generic_string(), quoted_path_limit);
    World world = build_world(headless_scene(options, options.scene));
    scene_frames.options = world_comparison_options(world);
    try {
        scene_frames.frames = record_world_frames(world, frame_count);
    } catch (const BudgetExceeded& error) {
        // The core names the structure, the count and the limit; only the run knows the scene
        // and the frame.
        throw std::runtime_error(source + ", frame " + std::to_string(world.frame() + 1) + ": " +
                                 error.what());
    }
    return scene_frames;
}

int run_compare_all(const HeadlessOptions& options, std::ostream& out, std::ostream& errors) {
    try {
        const std::vector<io::NamedFile> outputs{{"--compare-all", options.compare_all}};
        const std::vector<io::NamedFile> inputs{{"--scene", options.scene}};
        io::check_output_files(outputs, inputs);
    } catch (const io::OutputFileError& error) {
        errors << "aabb-sandbox: " << error.what() << '\n';
        return 2;
    }
    try {
        const int frames = static_cast<int>(
            std::min<std::uint64_t>(options.frames, std::numeric_limits<int>::max()));
        SceneFrames scene = record_scene_frames(options, frames);
        // No time budget: every frame is measured, as aabb-bench does by default.
        scene.options.time_budget_seconds = 0.0;
        const std::vector<BroadPhaseMeasurement> results =
            compare_broad_phases(scene.frames, scene.options);
        write_measurements_csv(options.compare_all, results, scene.name);
        out << scene.name << ": " << scene.frames.largest_count() << " boxes, "
            << scene.frames.frame_count() << " frames (frame 0 the build), "
            << scene.options.repetitions << " repeats of each algorithm\n";
        for (const BroadPhaseMeasurement& m : results)
            out << summary_line(m);
        out << verdict_line(results) << "wrote " << options.compare_all.generic_string() << '\n';
        return 0;
    } catch (const std::exception& error) {
        errors << "aabb-sandbox: " << error.what() << '\n';
        return 1;
    }
}

}  // namespace aabb

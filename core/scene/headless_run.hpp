#pragma once
// Headless runs: load a scene, apply overrides, step N frames without a window and report
// what detection found, as JSON. aabb-sandbox's command line (app/sandbox/command_line.hpp)
// parses its --headless flags into HeadlessOptions; nothing here reads argv.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/scene/scene.hpp"
#include "core/world/world.hpp"

namespace aabb {

/// The most frames a headless run steps (--frames).
inline constexpr std::uint64_t max_headless_frames = 10'000'000;

/// What to run; the flags of `aabb-sandbox --headless`.
struct HeadlessOptions {
    /// The scene file (--scene FILE). Required unless --replay names a recording whose
    /// "# scene:" comment names it; given with --replay, it wins over the comment.
    std::filesystem::path scene;
    /// A motion recording to replay instead of stepping the scene's own motion (--replay FILE;
    /// core/world/motion_replay.hpp): --frames then caps the recorded steps replayed. Default
    /// empty: none.
    std::filesystem::path replay;
    /// Where to write the run as a motion recording (--record FILE), atomically. Default
    /// empty: none.
    std::filesystem::path record;
    /// Frames to step (--frames N), 0..max_headless_frames. Default 600.
    std::uint64_t frames = 600;
    /// Broad phase replacing the scene's (--broadphase NAME); empty keeps the scene's.
    std::string broad_phase;
    /// Detection mode for every body continuous detection follows (--ccd discrete|swept; see
    /// set_bullet_detection); empty keeps the scene's.
    std::optional<DetectionMode> ccd;
    /// Seed replacing the scene's (--seed S).
    std::optional<std::uint32_t> seed;
    /// Where to write the report JSON (--report FILE); empty writes it to standard output.
    std::filesystem::path report;
    /// Where to write the events as CSV (--events-csv FILE, core/scene/motion_event_csv.hpp);
    /// empty writes none.
    std::filesystem::path events_csv;
    /// What the broad phase may allocate (--max-pairs, --max-cells, --max-bytes). Default
    /// default_resource_budget.
    ResourceBudget budget = default_resource_budget;
    /// Where to write "Compare all" of the scene as CSV (--compare-all FILE;
    /// core/scene/scene_comparison.hpp) instead of the report: every algorithm on the scene's
    /// own first `frames` frames. Default empty: none.
    std::filesystem::path compare_all;
};

/// The scene of `scene_path` with the overrides of `options` applied (--broadphase, which
/// drops the scene's options of another algorithm, --ccd, --seed, the budgets); an empty path
/// gives an empty scene with the overrides. Throws SceneError for a bad scene and
/// std::invalid_argument naming --broadphase for an unknown algorithm.
[[nodiscard]] Scene headless_scene(const HeadlessOptions& options,
                                   const std::filesystem::path& scene_path);

/// What a headless run found.
struct HeadlessReport {
    /// The scene file.
    std::string scene;
    /// Frames stepped.
    std::uint64_t frames = 0;
    /// Bodies at the end.
    std::size_t bodies = 0;
    /// The broad phase used.
    std::string broad_phase;
    /// Which bodies continuous detection followed.
    ContinuousBodies ccd = ContinuousBodies::bullets;
    /// The time step in seconds (an event's time is (step − 1 + tau) × time_step).
    float time_step = 0.0f;
    /// Counts summed over every frame.
    DetectionCounts totals{};
    /// Every event (hit, tunneled, escaped) of every step, in order (World::events()).
    std::vector<MotionEvent> events;
    /// World::state_hash() at the end.
    std::uint64_t state_hash = 0;
};

/// Runs the options. Throws SceneError for a bad scene and std::invalid_argument for a bad
/// option (no scene, unknown broad phase, too many frames, --record with --replay).
[[nodiscard]] HeadlessReport run_scene_headless(const HeadlessOptions& options);

/// The report as JSON text: scene, frames, bodies, broadphase, ccd, time_step, candidate_pairs,
/// contacts, false_positives, hit_events, tunneling_events, tunneled_bodies, escaped_events,
/// unresolved_impacts, events [{kind, step, tau, exit, time, body {id, kind, position, angle},
/// other {...}, normal}], state_hash (16 hex digits, a string). docs/scene_format.md describes
/// each field.
[[nodiscard]] std::string report_to_json_text(const HeadlessReport& report);

/// Runs the options and writes the report to options.report (or standard output), atomically
/// (core/io/atomic_file.hpp), and the events to options.events_csv when given. Returns 0; 2,
/// before any work, when options.report or options.events_csv is the scene file, the other
/// output, or cannot be written (io::check_output_files); or 1 after a failed run or write (the
/// old report then intact). Every failure prints one line naming the file to `errors`.
int run_headless(const HeadlessOptions& options, std::ostream& errors);

}  // namespace aabb

#pragma once
// Headless runs: load a scene, apply command-line overrides, step N frames without a window
// and report what detection found, as JSON. The sandbox's --headless flags map onto
// HeadlessOptions one to one.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/world/world.hpp"

namespace aabb {

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
    /// Frames to step (--frames N), 0..10^7. Default 600.
    std::uint64_t frames = 600;
    /// Broad phase replacing the scene's (--broadphase NAME); empty keeps the scene's.
    std::string broad_phase;
    /// Detection mode for every body continuous detection follows (--ccd discrete|swept; see
    /// set_bullet_detection); empty keeps the scene's.
    std::string ccd;
    /// Seed replacing the scene's (--seed S).
    std::optional<std::uint32_t> seed;
    /// Where to write the report JSON (--report FILE); empty writes it to standard output.
    std::filesystem::path report;
    /// What the broad phase may allocate (--max-pairs, --max-cells, --max-bytes). Default
    /// default_resource_budget.
    ResourceBudget budget = default_resource_budget;
};

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

/// Parses `--scene FILE --frames N [--broadphase NAME] [--ccd discrete|swept] [--seed S]
/// [--report FILE] [--record FILE | --replay FILE] [--max-pairs N] [--max-cells N]
/// [--max-bytes N]` (a `--headless` among
/// them is skipped), so the sandbox can hand over its
/// arguments. Throws std::invalid_argument naming the flag: unknown flag, missing value, bad
/// number, missing --scene (without --replay), --record with --replay.
[[nodiscard]] HeadlessOptions parse_headless_arguments(std::span<const std::string_view> arguments);

/// Runs the options. Throws SceneError for a bad scene and std::invalid_argument for a bad
/// option (unknown broad phase or ccd mode, too many frames).
[[nodiscard]] HeadlessReport run_scene_headless(const HeadlessOptions& options);

/// The report as JSON text: scene, frames, bodies, broadphase, ccd, time_step, candidate_pairs,
/// contacts, false_positives, hit_events, tunneling_events, tunneled_bodies, escaped_events,
/// unresolved_impacts, events [{kind, step, tau, exit, time, body {id, kind, position, angle},
/// other {...}, normal}], state_hash (16 hex digits, a string). docs/scene_format.md describes
/// each field.
[[nodiscard]] std::string report_to_json_text(const HeadlessReport& report);

/// Runs the options and writes the report to options.report (or standard output), atomically
/// (core/io/atomic_file.hpp). Returns 0; 2, before any work, when options.report is the scene
/// file or cannot be written (io::check_output_files); or 1 after a failed run or write (the
/// old report then intact). Every failure prints one line naming the file to `errors`.
int run_headless(const HeadlessOptions& options, std::ostream& errors);

}  // namespace aabb

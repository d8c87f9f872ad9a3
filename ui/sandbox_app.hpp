#pragma once
// The sandbox program's frame loop: a SimulationController stepping the World, a WorldCanvas
// showing it, a SidePanel controlling it, timed per stage, optionally for a fixed number of
// frames ending in a screenshot (the headless mode tests and docs use).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ui/model/simulation_controller.hpp"
#include "ui/platform/application.hpp"
#include "ui/view/frame_timer.hpp"

namespace aabb::ui {

/// How to run the sandbox.
struct SandboxOptions {
    /// The window.
    WindowOptions window;
    /// The scene to start with.
    SceneRequest scene;
    /// Frames to render before returning; 0 runs until the window is closed. Default 0.
    int frame_count = 0;
    /// True when scene.broad_phase replaces the broad phase a scene file names. Default false.
    bool scene_broad_phase_override = false;
    /// Editing-tool actions applied before the first frame (see parse_tool_script). Default
    /// empty.
    std::string tool_script;
    /// Pause once the world reaches this step; 0 never. Default 0.
    std::uint64_t pause_at_step = 0;
    /// Body id selected at start; negative for none. Default -1.
    long long select_id = -1;
    /// Body id paired with the selection in the pair inspector; negative for none. Default -1.
    long long inspect_id = -1;
    /// Comma-separated overlay names to switch on ("all" for every one). Default empty.
    std::string show_overlays;
    /// Comma-separated overlay names to switch off. Default empty.
    std::string hide_overlays;
    /// PNG file for the final frame; empty for none. Default empty.
    std::string screenshot_path;
    /// Draw the world's boxes with the batched GL renderer (falls back to ImDrawList when the
    /// context cannot). Default true.
    bool batched_world = true;
    /// UI scale for this run, overriding the saved setting; 0 keeps the saved one. Default 0.
    float ui_scale = 0.0f;
    /// Force the high-contrast colors for this run. Default false (the saved setting).
    bool high_contrast = false;
    /// Open the comparison window, run "Compare all" and start the scaling sweep. Default false.
    bool open_comparison = false;
    /// Open the comparison window and run the scaling sweep over these box counts; empty runs
    /// none (or the default sweep with open_comparison). Default empty.
    std::vector<std::size_t> sweep_sizes;
    /// When the sweep has finished, export it as CSV to this path through the window's Export
    /// CSV action; a fixed frame count is extended until then. Default empty (no export).
    std::string export_csv_path;
    /// The same for the chart as PNG (Export PNG). Default empty.
    std::string export_png_path;
    /// The side panel's tab at start: broad-phase, time, objects, tools, scenes or view.
    /// Default broad-phase.
    std::string panel_tab = "broad-phase";
    /// Open the F1 help overlay from the start. Default false.
    bool open_help = false;
    /// Settings file read at start and written when the user changes a setting; empty keeps
    /// nothing (headless runs, so screenshots do not depend on a user's preferences).
    std::string settings_file;
};

/// What a run measured.
struct SandboxResult {
    /// Median and worst CPU milliseconds per frame.
    FrameTimeSummary frame_times;
    /// The same, by stage.
    FrameStageSummary stage_times;
    /// "batched GL" or "ImDrawList (reason)": how the world's boxes were drawn.
    std::string world_renderer;
    /// The GL version and renderer used.
    std::string gl_description;
    /// Bodies in the world after the last frame.
    std::size_t body_count = 0;
    /// Candidate pairs of the last step.
    std::size_t candidate_pairs = 0;
    /// Tunneling events the bullet tracker recorded over the run.
    std::uint64_t tunneling_events = 0;
    /// Measurements of the scaling sweep when it was exported.
    std::size_t sweep_measurements = 0;
    /// The files the sweep was exported to ("a.csv and b.png"); empty when none.
    std::string sweep_exports;
    /// True when a screenshot was written.
    bool screenshot_written = false;
};

/// Opens the window and runs the sandbox. Throws std::invalid_argument for a bad scene,
/// ApplicationError when the window or GL context cannot be created, std::runtime_error
/// when the screenshot cannot be written (checked before the first frame, too).
SandboxResult run_sandbox(const SandboxOptions& options);

}  // namespace aabb::ui

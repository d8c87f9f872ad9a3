#pragma once
// Everything a run of the sandbox window can be asked for, with its defaults: aabb-sandbox's
// command line is parsed straight into these (app/sandbox/command_line.cpp), the window runs
// with them (ui/sandbox_app.hpp). Plain values, no SDL, GL or ImGui.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ui/model/simulation_controller.hpp"
#include "ui/text/language.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::ui {

/// How to open the window.
struct WindowOptions {
    /// Window title. Default "AABB Sandbox".
    std::string title = "AABB Sandbox";
    /// Width in pixels. Default 1280.
    int width = 1280;
    /// Height in pixels. Default 720.
    int height = 720;
    /// Wait for the display's refresh on swap. Default true; headless runs turn it off.
    bool vsync = true;
    /// Pixel height of the interface font. Default 16.
    float font_pixels = 16.0f;
};

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
    /// A lesson to open at start (a name of lessons/ or a file); empty opens none, or the one
    /// the settings remember in an interactive run. Default empty.
    std::string lesson;
    /// The lesson's step at start, 0-based; empty: the first, or the remembered one.
    std::optional<std::size_t> lesson_step;
    /// Handle values set after the step's own (HANDLE, VALUE as --set writes it), in order.
    std::vector<std::pair<std::string, std::string>> lesson_values;
    /// Detection mode for every bullet of the scene (discrete or swept); empty keeps the
    /// scene's own. Default empty.
    std::optional<DetectionMode> detection;
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
    /// The interface language for this run, overriding the saved setting; empty keeps the
    /// saved one (English without one). Default empty.
    std::optional<Language> language;
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
    /// The side panel's tab at start; empty shows the first tab (panel_tabs()) and lets a
    /// --select at start bring Objects to the front. Default empty.
    std::optional<PanelTab> panel_tab;
    /// Open the F1 help overlay from the start. Default false.
    bool open_help = false;
    /// JSON file for the layout of the last frame (ui/view/layout_record.hpp): written after
    /// the last frame of a fixed run, or when an interactive run ends. Empty for none. Default
    /// empty.
    std::string layout_report_path;
    /// With a lesson: render every step of it in turn, frame_count frames each, from the first
    /// (the layout report then holds one report per step). Default false.
    bool all_steps = false;
    /// A fixed clock (--frame-seconds): every frame lasts this many seconds for the lesson's
    /// camera moves and animations, which then play in a fixed run too, frame for frame the same
    /// on every machine. 0 (the default) uses the real frame time, and a fixed run (frame_count
    /// > 0) stands still so that its screenshots show each step's own state.
    float frame_seconds = 0.0f;
    /// Start with the side panel hidden, as Tab hides it (--no-panel, a handout's pictures).
    /// Default false.
    bool panel_hidden = false;
    /// Settings file read at start and written when the user changes a setting; empty keeps
    /// nothing (headless runs, so screenshots do not depend on a user's preferences).
    std::string settings_file;
};

}  // namespace aabb::ui

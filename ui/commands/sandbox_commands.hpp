#pragma once
// The frequent actions of the sandbox, each reachable from the keyboard (one table drives both
// the key handling and the F1 help) and from the canvas toolbar.

#include <span>
#include <string>
#include <vector>

#include "ui/canvas/world_canvas.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/camera.hpp"
#include "ui/windows/comparison_window.hpp"

namespace aabb::ui {

/// What the commands act on; everything outlives one frame's handling.
struct CommandTargets {
    /// Pause, step, respawn, broad-phase choice.
    SimulationController& simulation;
    /// View and layers.
    WorldCanvas& canvas;
    /// The comparison window.
    ComparisonWindow& comparison;
    /// The appearance settings; set `settings_changed` after editing them.
    UiSettings& settings;
    /// Set to true when `settings` changed (the loop re-applies and saves them).
    bool& settings_changed;
    /// The F1 help overlay's visibility.
    bool& help_open;
};

/// One line of the help: the keys and what they do.
struct ShortcutHelp {
    /// Keys as printed ("Space", "Ctrl +").
    const char* keys;
    /// The action.
    const char* action;
};

/// Every keyboard shortcut, in help order (mouse actions included for completeness).
[[nodiscard]] std::span<const ShortcutHelp> shortcut_help();

/// Applies the shortcuts pressed this frame, unless an ImGui text field has the keyboard.
/// Call between ImGui::NewFrame() and Render().
void handle_keyboard_shortcuts(CommandTargets& targets);

/// Changes the UI scale by `steps` tenths (clamped) and flags the settings as changed.
void change_ui_scale(CommandTargets& targets, int steps);
/// Switches the high-contrast scheme and flags the settings as changed.
void toggle_high_contrast(CommandTargets& targets);

/// A row of buttons at the top-left of the canvas: help, comparison, scale, contrast.
void draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets);

/// The F1 overlay listing every shortcut, centered on the canvas.
void draw_help_overlay(const ScreenRect& canvas_area, bool& open);

}  // namespace aabb::ui

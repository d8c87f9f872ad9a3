#pragma once
// What the sandbox's commands (shortcuts, toolbar buttons, the lesson bar) act on, and the
// commands shared by more than one of them. The folder sits below everything that offers a
// command (lesson mode, the panel, the windows: docs/architecture.md), so what lives above it is
// reached through an interface (ComparisonControl).

#include <optional>

#include "core/lesson/lesson_runtime.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/commands/comparison_control.hpp"
#include "ui/model/lesson_session.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::ui {

/// What the commands act on; everything outlives one frame's handling.
struct CommandTargets {
    /// Pause, step, step back, reset, broad-phase choice.
    SimulationController& simulation;
    /// View and layers.
    WorldCanvas& canvas;
    /// The comparison window (ui/windows/comparison_window.hpp).
    ComparisonControl& comparison;
    /// The appearance settings; set `settings_changed` after editing them.
    UiSettings& settings;
    /// Set to true when `settings` changed (the loop re-applies and saves them).
    bool& settings_changed;
    /// The F1 help window's visibility.
    bool& help_open;
    /// Lesson mode: the lessons and the one running.
    LessonSession& lessons;
    /// True while the side panel is hidden (Tab: a full-width canvas for a projector).
    bool& panel_hidden;
    /// A tab the panel should bring to the front on its next draw.
    std::optional<PanelTab>& requested_tab;
};

/// Changes the UI scale by `steps` tenths (0 resets it to 1), clamped, and flags the settings
/// as changed.
void change_ui_scale(CommandTargets& targets, int steps);
/// Switches the high-contrast scheme and flags the settings as changed.
void toggle_high_contrast(CommandTargets& targets);
/// Switches the interface language to `language` (flags the settings as changed when it is a
/// change); it takes effect from the next frame.
void set_interface_language(CommandTargets& targets, Language language);
/// Switches the interface language to the other one (English / Chinese).
void toggle_language(CommandTargets& targets);
/// Selects the next (`direction` 1) or previous (−1) broad phase of broad_phase_names().
void cycle_broad_phase(SimulationController& simulation, int direction);
/// Shows the current step's answer, or hides it again (the Q key and the card's reveal button,
/// ui/lesson/lesson_question.hpp); nothing without a question.
void toggle_question_answer(lesson::LessonRuntime& runtime);

}  // namespace aabb::ui

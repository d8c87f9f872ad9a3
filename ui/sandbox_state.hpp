#pragma once
// Everything one run of the sandbox window holds, built in order from its SandboxOptions
// (set-up), stepped and drawn one frame at a time, and summed up at the end. run_sandbox()
// (sandbox_app.cpp) is the loop around it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ui/canvas/editing_tools.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/lesson/gadgets/gadget_drawing.hpp"
#include "ui/lesson/lesson_card.hpp"
#include "ui/lesson/lesson_handles.hpp"
#include "ui/lesson/lesson_layout.hpp"
#include "ui/model/lesson_canvas_view.hpp"
#include "ui/model/lesson_session.hpp"
#include "ui/model/sandbox_options.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/structure_overlay.hpp"
#include "ui/panels/side_panel.hpp"
#include "ui/platform/application.hpp"
#include "ui/render/batched_world_renderer.hpp"
#include "ui/sandbox_app.hpp"
#include "ui/sweep_exports.hpp"
#include "ui/view/frame_timer.hpp"
#include "ui/view/layout_record.hpp"
#include "ui/windows/comparison_window.hpp"

namespace aabb::ui {

/// The window, the simulation and every part of the UI for one run.
class SandboxState {
  public:
    /// Opens the window and builds the UI as `options` ask. Throws what run_sandbox()
    /// documents.
    explicit SandboxState(const SandboxOptions& options);
    SandboxState(const SandboxState&) = delete;
    SandboxState& operator=(const SandboxState&) = delete;

    /// Steps, builds and renders frame `index` (0, 1, ...); false once the window closed.
    [[nodiscard]] bool run_frame(int index);
    /// True while the run must go on: no fixed frame count, fewer frames than asked, or an
    /// export still waiting for the sweep.
    [[nodiscard]] bool wants_frame(int index) const;
    /// Frames a fixed run draws: frame_count, times the lesson's steps with --all-steps.
    [[nodiscard]] int total_frames() const;
    /// What the run measured, after its last frame (an interactive run writes its
    /// --layout-report now).
    [[nodiscard]] SandboxResult result();

  private:
    void apply_settings_between_frames();
    void open_lesson(const SandboxOptions& options);
    void follow_lesson();
    /// --all-steps: the step frame `index` shows (a new one every frame_count frames).
    void walk_steps(int index);
    /// Keeps this frame's layout for --layout-report (one report per step with --all-steps).
    void keep_layout_report();
    /// Writes --layout-report (atomically, core/io/atomic_file.hpp).
    void write_layout_report() const;
    /// Moves the step's animation on by the frame's duration (a fixed run: not at all).
    void advance_lesson_animation();
    /// Whether this run's clock moves (camera transitions, lesson animations): an open-ended
    /// run, or a fixed one with --frame-seconds.
    bool clock_runs() const;
    /// This frame's duration for them: --frame-seconds, else the real one (0 when the clock
    /// stands still).
    float frame_seconds() const;
    /// The saved settings at the UI scale this window size allows (usable_ui_scale).
    [[nodiscard]] UiSettings used_settings() const;
    void save_settings_file();
    void build_frame();
    void finish_frame(int index);

    const SandboxOptions& options_;
    SimulationController simulation_;
    Application application_;
    UiSettings settings_;
    /// The settings the appearance (scale, contrast, font atlas) was last applied with.
    /// The settings applied to ImGui: the saved ones at the UI scale this window size allows
    /// (usable_ui_scale).
    UiSettings applied_appearance_;
    bool settings_changed_ = false;
    bool help_open_ = false;
    std::uint64_t text_generation_ = 0;
    ComparisonWindow comparison_;
    SweepExports exports_;
    ObjectSelection selection_;
    EditingTools tools_;
    WorldCanvas canvas_;
    StructureOverlay* structure_ = nullptr;
    LessonSession lessons_;
    LessonHandles lesson_handles_;
    /// What the lesson's gadgets drew in the last frame.
    DrawnExtent lesson_drawn_;
    /// The step card, lesson bar and lesson camera.
    LessonLayout lesson_layout_;
    /// The layout of the frame being drawn (every text and region, as drawn).
    LayoutRecord layout_;
    /// --layout-report: the reports kept so far (the last frame's; one per step with
    /// --all-steps).
    std::vector<std::string> layout_reports_;
    /// The lesson step whose overlay switches were last applied (lesson id, step).
    std::optional<std::pair<std::string, std::size_t>> applied_step_;
    /// The canvas's switches across lesson steps, and from before the lesson.
    LessonCanvasView lesson_view_;
    /// The side panel is hidden this frame (Tab, --no-panel, or panel_collapses_for_lesson).
    bool panel_hidden_ = false;
    /// The user chose the panel's state (Tab, the lesson bar's button, --no-panel): lesson
    /// mode no longer hides it for a narrow canvas.
    bool panel_chosen_ = false;
    /// A lesson brought Chinese characters the font atlas lacks: rebake between frames.
    bool lesson_text_rebake_ = false;
    std::optional<PanelTab> requested_tab_;
    BatchedWorldRenderer batched_renderer_;
    SidePanel panel_;
    /// The selection the panel last brought the Objects tab to the front for.
    std::optional<BodyId> shown_selection_;
    FrameTimer timer_;
    SandboxResult result_;
};

}  // namespace aabb::ui

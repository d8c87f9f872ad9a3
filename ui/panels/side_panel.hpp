#pragma once
// The fixed panel at the right edge. Always visible at the top: the broad-phase choice, Pause
// / Single step and a summary of the live counts and timings. Below, one tab at a time (so
// nothing falls below the fold at 1280x720): Broad phase (options, counts, stage timings
// with a rolling plot), Time (speed, step back, auto-pause), Objects (selection and pair
// inspector), Tools, Scenes (box count, seed, scene files) and View (layers and legend).
// It reads the simulation and sends it commands; it holds only what the user is typing.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ui/canvas/world_canvas.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/frame_timer.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::ui {

/// The side panel.
class SidePanel {
  public:
    /// Width of the panel in pixels (less on narrow windows).
    static constexpr float preferred_width = 380.0f;

    /// A panel whose scene fields start at the controller's current scene.
    explicit SidePanel(const SimulationController& simulation);

    /// The panel's rectangle for a display of `display_size` pixels.
    [[nodiscard]] static ScreenRect area_for(glm::vec2 display_size);

    /// Adds a section to `tab`, drawn after that tab's built-in widgets, in order added.
    void add_section(PanelTab tab, std::function<void()> draw_section) {
        sections_.push_back({tab, std::move(draw_section)});
    }
    /// Brings `tab` to the front on the next draw (e.g. Objects when an object is selected).
    void show_tab(PanelTab tab) { requested_tab_ = tab; }

    /// Builds the panel's widgets for this frame inside `area` and applies what the user did.
    void draw(const ScreenRect& area, SimulationController& simulation, WorldCanvas& canvas,
              const FrameTimer& timer);

  private:
    struct Section {
        PanelTab tab;
        std::function<void()> draw;
    };

    void draw_broad_phase(SimulationController& simulation);
    void draw_tabs(SimulationController& simulation, WorldCanvas& canvas, const FrameTimer& timer);
    void draw_sections(PanelTab tab) const;
    static void draw_play_controls(SimulationController& simulation);
    static void draw_summary(const SimulationController& simulation, const FrameTimer& timer);
    /// The active algorithm's options, each a drag field with its range; a change rebuilds it.
    void draw_broad_phase_options(SimulationController& simulation);
    static void draw_speed(SimulationController& simulation);
    void draw_scene(SimulationController& simulation);
    static void draw_counts(const SimulationController& simulation, const WorldCanvas& canvas);
    static void draw_timings(const SimulationController& simulation, const FrameTimer& timer);
    static void draw_view(WorldCanvas& canvas);

    std::vector<std::string> broad_phase_names_;
    int requested_count_ = 0;
    std::uint32_t requested_seed_ = 0;
    std::string last_error_;
    std::vector<Section> sections_;
    std::optional<PanelTab> requested_tab_;
    PanelTab current_tab_ = PanelTab::broad_phase;
};

}  // namespace aabb::ui

#pragma once
// The fixed panel at the right edge: broad-phase choice, play controls, scene size, live
// counts, frame timings with a rolling plot, and the canvas layers with their legend. It
// reads the simulation and sends it commands; it holds only what the user is typing.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ui/camera.hpp"
#include "ui/frame_timer.hpp"
#include "ui/simulation_controller.hpp"
#include "ui/world_canvas.hpp"

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

    /// Adds a section drawn after the built-in ones (scenes, tools, inspectors), in order.
    void add_section(std::function<void()> draw_section) {
        sections_.push_back(std::move(draw_section));
    }

    /// Builds the panel's widgets for this frame inside `area` and applies what the user did.
    void draw(const ScreenRect& area, SimulationController& simulation, WorldCanvas& canvas,
              const FrameTimer& timer);

  private:
    void draw_broad_phase(SimulationController& simulation);
    /// The active algorithm's options, each a drag field with its range; a change rebuilds it.
    void draw_broad_phase_options(SimulationController& simulation);
    void draw_simulation(SimulationController& simulation);
    void draw_scene(SimulationController& simulation);
    static void draw_counts(const SimulationController& simulation, const WorldCanvas& canvas);
    static void draw_timings(const SimulationController& simulation, const FrameTimer& timer);
    static void draw_view(WorldCanvas& canvas);

    std::vector<std::string> broad_phase_names_;
    int requested_count_ = 0;
    std::uint32_t requested_seed_ = 0;
    std::string last_error_;
    std::vector<std::function<void()>> sections_;
};

}  // namespace aabb::ui

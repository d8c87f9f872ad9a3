#pragma once
// The side panel's "Time" section: step back through the recent history (also the Left arrow
// key), slow-motion / normal / fast-forward presets (the time step never changes, only how
// many steps run per frame), and auto-pause on the first tunneling event or on the first
// contact of the selected object.

#include "ui/canvas/object_selection.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

/// The time section.
class TimePanel {
  public:
    /// Handles the Left-arrow step-back shortcut (unless a widget has the keyboard).
    static void handle_shortcuts(SimulationController& simulation);
    /// Builds the section's widgets and applies what the user did.
    static void draw(SimulationController& simulation, const ObjectSelection& selection);
};

}  // namespace aabb::ui

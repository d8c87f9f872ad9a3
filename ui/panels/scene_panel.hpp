#pragma once
// The side panel's "Scenes" section: the built-in scenes as a list, a path field to open and
// save scene files (ImGui 1.86 has no file dialog), reset, the scene's title and description
// (English and Chinese),
// and loading errors shown in place (a bad file never replaces the running scene).

#include <string>
#include <vector>

#include "ui/canvas/world_canvas.hpp"
#include "ui/model/scene_library.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

/// The scenes section.
class ScenePanel {
  public:
    /// Scans the built-in scenes folder (see default_scene_directories()).
    ScenePanel();

    /// Builds the section's widgets and applies what the user did.
    void draw(SimulationController& simulation, WorldCanvas& canvas);

    /// Points the canvas at the loaded scene's camera (after any load or reset).
    static void aim_camera(const SimulationController& simulation, WorldCanvas& canvas);

  private:
    void open(SimulationController& simulation, WorldCanvas& canvas, const std::string& path);

    std::vector<SceneEntry> entries_;
    std::string directory_;
    std::string path_text_;
    std::string error_;
    std::string message_;
};

}  // namespace aabb::ui

#pragma once
// The Scenes tab: the random boxes' count and seed with Respawn; the scene in use with its
// title and description in English and Chinese; the built-in scenes as a list; a path field
// to open and save scene files (ImGui 1.86 has no file dialog); Reset; loading errors shown in
// place (a bad file never replaces the running scene).

#include <cstdint>
#include <string>
#include <vector>

#include "ui/model/scene_library.hpp"
#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

/// The Scenes page.
class ScenesPage final : public PanelPage {
  public:
    /// A page whose count and seed fields start at `simulation`'s scene.
    explicit ScenesPage(const SimulationController& simulation);
    void draw(PanelContext& context) override;

  private:
    void draw_respawn(SimulationController& simulation);
    void draw_scene_files(SimulationController& simulation, WorldCanvas& canvas);
    void open(SimulationController& simulation, WorldCanvas& canvas, const std::string& path);

    int requested_count_ = 0;
    std::uint32_t requested_seed_ = 0;
    std::vector<SceneEntry> entries_;
    std::string directory_;
    std::string path_text_;
    std::string error_;
    std::string message_;
};

}  // namespace aabb::ui

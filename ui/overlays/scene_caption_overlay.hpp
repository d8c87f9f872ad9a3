#pragma once
// The scene caption overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// The scene's title and live detection counts in the canvas's top-left corner.
class SceneCaptionOverlay final : public CanvasOverlay {
  public:
    /// Reads the scene title from `simulation`.
    explicit SceneCaptionOverlay(const SimulationController& simulation)
        : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Caption"; }
    [[nodiscard]] const char* label() const override {
        return "Scene title and this step's candidate pairs, true contacts, false positives";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.caption_title; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

}  // namespace aabb::ui

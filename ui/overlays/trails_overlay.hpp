#pragma once
// The trails overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// The recent path of each bullet.
class TrailsOverlay final : public CanvasOverlay {
  public:
    /// Reads trails from `simulation`'s bullet tracker.
    explicit TrailsOverlay(const SimulationController& simulation) : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Trails"; }
    [[nodiscard]] const char* label() const override { return "Bullet trails: recent positions"; }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.trail; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

}  // namespace aabb::ui

#pragma once
// The swept boxes overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Each bullet's swept box over the last step: the box the broad phase sees for a swept
/// bullet, start ∪ end for a discrete one.
class SweptBoxesOverlay final : public CanvasOverlay {
  public:
    /// Reads start poses from `simulation`'s bullet tracker.
    explicit SweptBoxesOverlay(const SimulationController& simulation) : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Swept boxes"; }
    [[nodiscard]] const char* label() const override {
        return "Swept box of each bullet: the union of its boxes at the start and end of the step";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.swept_box; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

}  // namespace aabb::ui

#pragma once
// The impact ghosts overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Time-of-impact ghosts of recent hits and tunnelings: start (gray), impact (red), exit and
/// end (blue) poses joined by the path.
class ImpactGhostsOverlay final : public CanvasOverlay {
  public:
    /// Most recent events drawn.
    static constexpr int max_drawn = 24;
    /// Reads events from `simulation`'s bullet tracker.
    explicit ImpactGhostsOverlay(const SimulationController& simulation)
        : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "TOI ghosts"; }
    [[nodiscard]] const char* label() const override {
        return "Time-of-impact ghosts: bullet at the start of the step (gray), at the time of "
               "impact (red), at the end of the step (blue)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.ghost_hit; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

}  // namespace aabb::ui

#pragma once
// The tunneling markers overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// A marker at every tunneling event since the scene started; stays visible.
class TunnelingMarkersOverlay final : public CanvasOverlay {
  public:
    /// Reads events from `simulation`'s bullet tracker.
    explicit TunnelingMarkersOverlay(const SimulationController& simulation)
        : simulation_(simulation) {}
    [[nodiscard]] const char* short_label() const override { return "Tunneling"; }
    [[nodiscard]] const char* label() const override {
        return "Tunneling markers: where a discrete bullet passed through a body unreported";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.tunneling; }
    void draw(const OverlayContext& context) override;

  private:
    const SimulationController& simulation_;
};

}  // namespace aabb::ui

#pragma once
// The shapes overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Exact shapes of walls, bullets and rotating shapes (plain boxes are the AABB fill).
class ShapesOverlay final : public CanvasOverlay {
  public:
    [[nodiscard]] const char* short_label() const override { return "Shapes"; }
    [[nodiscard]] const char* label() const override {
        return "Exact shapes: rotating boxes, polygons, circles (teal), walls (gray), bullets "
               "(white)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.shape_outline; }
    void draw(const OverlayContext& context) override;
};

}  // namespace aabb::ui

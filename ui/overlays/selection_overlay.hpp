#pragma once
// The selection overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Outlines the selected object (white) and the inspector's second object (cyan), with a line
/// to each candidate partner of the selected one.
class SelectionOverlay final : public CanvasOverlay {
  public:
    /// Draws `selection`.
    explicit SelectionOverlay(const ObjectSelection& selection) : selection_(selection) {}
    [[nodiscard]] const char* short_label() const override { return "Selection"; }
    [[nodiscard]] const char* label() const override {
        return "Selected object (click) and pair-inspector partner (Shift+click)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.selection; }
    void draw(const OverlayContext& context) override;

  private:
    const ObjectSelection& selection_;
};

}  // namespace aabb::ui

#pragma once
// The tool preview overlay (a CanvasOverlay, listed in ui/overlays/overlay_list.cpp).

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/editing_tools.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// Draws the drag in progress: the bullet's direction and speed, the wall's rectangle.
class ToolPreviewOverlay final : public CanvasOverlay {
  public:
    /// Draws `tools`' drag.
    explicit ToolPreviewOverlay(const EditingTools& tools) : tools_(tools) {}
    [[nodiscard]] const char* short_label() const override { return "Tool preview"; }
    [[nodiscard]] const char* label() const override {
        return "The drag of the current tool (bullet direction and speed, wall rectangle)";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return overlay_colors.tool_preview; }
    void draw(const OverlayContext& context) override;

  private:
    const EditingTools& tools_;
};

}  // namespace aabb::ui

#pragma once
// Something drawn over the world on the canvas (broad-phase structure, rays, tool previews).
// The canvas paints its overlays after the world shapes, inside its clip rectangle, so new
// visualizations plug in without touching the canvas.

#include <imgui.h>

#include "core/world/world.hpp"
#include "ui/style/palette.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// What an overlay may read while drawing.
struct OverlayContext {
    /// The world being shown.
    const World& world;
    /// World-to-screen transform and the visible region.
    const Camera& camera;
    /// Where to draw; already clipped to the canvas.
    ImDrawList& draw_list;
};

/// A layer drawn over the world.
class CanvasOverlay {
  public:
    virtual ~CanvasOverlay() = default;
    /// A one-word name for its on/off checkbox.
    [[nodiscard]] virtual const char* short_label() const = 0;
    /// The full name, shown as the checkbox's tooltip.
    [[nodiscard]] virtual const char* label() const = 0;
    /// The color of its legend swatch.
    [[nodiscard]] virtual Rgba8 legend_color() const = 0;
    /// Draws the overlay for this frame.
    virtual void draw(const OverlayContext& context) = 0;
};

}  // namespace aabb::ui

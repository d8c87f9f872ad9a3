#pragma once
// Something drawn over the world on the canvas (shapes, bullets' paths, the broad phase's
// structure, the selection, tool previews). The canvas paints its overlays after the world
// shapes, inside its clip rectangle, so new visualizations plug in without touching the canvas.
// An overlay is described once (its names and legend color); the View tab's switch, its
// tooltip and the `--show` / `--hide` name all come from that description.

#include <imgui.h>

#include <optional>

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
    /// The body under the cursor (its index), if any.
    std::optional<BoxId> hovered;
};

/// An overlay's names and legend.
struct OverlayDescription {
    /// A one- or two-word name for its on/off checkbox; lower-cased with dashes it is the
    /// overlay's `--show` / `--hide` name.
    const char* short_label;
    /// The full name, shown as the checkbox's tooltip.
    const char* label;
    /// Its legend swatch color: a role of the color scheme in use, read when drawn, so the
    /// swatch follows a switch to high contrast.
    const Rgba8* legend_color;
};

/// A layer drawn over the world.
class CanvasOverlay {
  public:
    /// An overlay described by `description`.
    explicit CanvasOverlay(const OverlayDescription& description) : description_(description) {}
    virtual ~CanvasOverlay() = default;
    /// See OverlayDescription::short_label.
    [[nodiscard]] const char* short_label() const { return description_.short_label; }
    /// See OverlayDescription::label.
    [[nodiscard]] const char* label() const { return description_.label; }
    /// See OverlayDescription::legend_color.
    [[nodiscard]] Rgba8 legend_color() const { return *description_.legend_color; }
    /// Draws the overlay for this frame.
    virtual void draw(const OverlayContext& context) = 0;

  private:
    OverlayDescription description_;
};

}  // namespace aabb::ui

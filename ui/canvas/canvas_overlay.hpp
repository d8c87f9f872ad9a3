#pragma once
// Something drawn over the world on the canvas (shapes, bullets' paths, the broad phase's
// structure, the selection, tool previews). The canvas paints its overlays after the world
// shapes, inside its clip rectangle, so new visualizations plug in without touching the canvas.
// An overlay is described once (its names and legend color); the View tab's switch, its
// tooltip and the `--show` / `--hide` name all come from that description. The names are keys
// of the text catalog (ui/text/catalog/overlay_texts.inc).

#include <imgui.h>

#include <cstdint>
#include <optional>
#include <span>

#include "core/world/world.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

class DenseShapes;

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
    /// How much more of the canvas's top-left corner the toolbar covers than its one row (its
    /// wrapped rows at a large UI scale), in pixels: corner labels move down by it.
    float toolbar_extra_height = 0.0f;
    /// The visible bodies that are not plain unrotated boxes, by index, from this frame's draw
    /// data (WorldShapeCollector::shaped_bodies): at a million boxes, reading every body again
    /// to find them cost the Shapes overlay 4 ms a frame.
    std::span<const std::uint32_t> shaped_bodies;
    /// Where an overlay paints shapes it draws by the thousand (contact points, tree nodes):
    /// the batched GL renderer when the canvas has one. Never null when the canvas draws.
    DenseShapes* dense = nullptr;
};

/// An overlay's names and legend.
struct OverlayDescription {
    /// Its name on the command line (`--show`, `--hide`) and in lesson steps, the same in every
    /// language: one of lesson::overlay_names, given as lesson::overlay_name("...").
    std::string_view name;
    /// A one- or two-word name for its on/off checkbox.
    TextKey short_label;
    /// The full name, shown as the checkbox's tooltip.
    TextKey label;
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
    /// See OverlayDescription::short_label; in the current language.
    [[nodiscard]] const char* short_label() const { return tr(description_.short_label); }
    /// See OverlayDescription::name.
    [[nodiscard]] std::string_view name() const { return description_.name; }
    /// See OverlayDescription::label; in the current language.
    [[nodiscard]] const char* label() const { return tr(description_.label); }
    /// See OverlayDescription::legend_color.
    [[nodiscard]] Rgba8 legend_color() const { return *description_.legend_color; }
    /// Draws the overlay for this frame.
    virtual void draw(const OverlayContext& context) = 0;

  private:
    OverlayDescription description_;
};

}  // namespace aabb::ui

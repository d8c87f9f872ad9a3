#include "ui/overlays/overlay_list.hpp"

namespace aabb::ui {

namespace {

/// An overlay drawn by a free function over the sources it was made with.
class DrawnOverlay final : public CanvasOverlay {
  public:
    DrawnOverlay(const OverlayDescription& description, const OverlaySources& sources,
                 OverlayDrawFunction draw)
        : CanvasOverlay(description), sources_(sources), draw_(draw) {}
    void draw(const OverlayContext& context) override { draw_(context, sources_); }

  private:
    OverlaySources sources_;
    OverlayDrawFunction draw_;
};

/// One overlay of the list: how it is made and whether it starts on.
struct OverlayEntry {
    std::unique_ptr<CanvasOverlay> (*make)(const OverlaySources& sources);
    bool starts_on;
};

std::unique_ptr<CanvasOverlay> make_structure_overlay(const OverlaySources&) {
    return std::make_unique<StructureOverlay>();
}

/// Every overlay in drawing order (later ones on top).
constexpr OverlayEntry overlay_table[] = {
    {make_shapes_overlay, true},        {make_contact_points_overlay, true},
    {make_swept_boxes_overlay, true},   {make_trails_overlay, true},
    {make_impact_ghosts_overlay, true}, {make_tunneling_markers_overlay, true},
    {make_structure_overlay, false},    {make_scene_caption_overlay, true},
    {make_selection_overlay, true},     {make_tool_preview_overlay, true},
};

}  // namespace

std::unique_ptr<CanvasOverlay> make_drawn_overlay(const OverlayDescription& description,
                                                  const OverlaySources& sources,
                                                  OverlayDrawFunction draw) {
    return std::make_unique<DrawnOverlay>(description, sources, draw);
}

StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources) {
    StructureOverlay* structure = nullptr;
    for (const OverlayEntry& entry : overlay_table) {
        std::unique_ptr<CanvasOverlay> overlay = entry.make(sources);
        if (auto* found = dynamic_cast<StructureOverlay*>(overlay.get())) structure = found;
        canvas.add_overlay(std::move(overlay), entry.starts_on);
    }
    return *structure;
}

}  // namespace aabb::ui

#include "ui/overlays/overlay_list.hpp"

#include <memory>

namespace aabb::ui {

namespace {

/// An overlay drawn by its definition's function over the sources it was made with.
class DrawnOverlay final : public CanvasOverlay {
  public:
    DrawnOverlay(const OverlayDefinition& definition, const OverlaySources& sources)
        : CanvasOverlay(definition.description), sources_(sources), draw_(definition.draw) {}
    void draw(const OverlayContext& context) override { draw_(context, sources_); }

  private:
    OverlaySources sources_;
    OverlayDrawFunction draw_;
};

/// One overlay of the list (nullptr: the structure overlay) and whether it starts on.
struct OverlayEntry {
    const OverlayDefinition* definition;
    bool starts_on;
};

/// Every overlay in drawing order (later ones on top).
const OverlayEntry overlay_table[] = {
    {&shapes_overlay, true},
    {&contact_points_overlay, true},
    {&swept_boxes_overlay, true},
    {&trails_overlay, true},
    {&impact_ghosts_overlay, true},
    {&tunneling_markers_overlay, true},
    {nullptr, false},
    {&scene_caption_overlay, true},
    {&selection_overlay, true},
    {&tool_preview_overlay, true},
    {&ray_probe_overlay, true},
    {&lesson_overlay, true},
};

}  // namespace

StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources) {
    StructureOverlay* structure = nullptr;
    for (const OverlayEntry& entry : overlay_table) {
        if (entry.definition != nullptr) {
            canvas.add_overlay(std::make_unique<DrawnOverlay>(*entry.definition, sources),
                               entry.starts_on);
            continue;
        }
        auto overlay = std::make_unique<StructureOverlay>();
        structure = overlay.get();
        canvas.add_overlay(std::move(overlay), entry.starts_on);
    }
    return *structure;
}

}  // namespace aabb::ui

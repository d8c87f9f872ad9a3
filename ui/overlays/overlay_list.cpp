#include "ui/overlays/overlay_list.hpp"

#include <memory>

#include "ui/overlays/contact_points_overlay.hpp"
#include "ui/overlays/impact_ghosts_overlay.hpp"
#include "ui/overlays/scene_caption_overlay.hpp"
#include "ui/overlays/selection_overlay.hpp"
#include "ui/overlays/shapes_overlay.hpp"
#include "ui/overlays/swept_boxes_overlay.hpp"
#include "ui/overlays/tool_preview_overlay.hpp"
#include "ui/overlays/trails_overlay.hpp"
#include "ui/overlays/tunneling_markers_overlay.hpp"

namespace aabb::ui {

StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources) {
    const SimulationController& simulation = sources.simulation;
    canvas.add_overlay(std::make_unique<ShapesOverlay>(), true);
    canvas.add_overlay(std::make_unique<ContactPointsOverlay>(), true);
    canvas.add_overlay(std::make_unique<SweptBoxesOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<TrailsOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<ImpactGhostsOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<TunnelingMarkersOverlay>(simulation), true);
    auto structure = std::make_unique<StructureOverlay>();
    StructureOverlay& structure_overlay = *structure;
    canvas.add_overlay(std::move(structure), false);
    canvas.add_overlay(std::make_unique<SceneCaptionOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<SelectionOverlay>(sources.selection), true);
    canvas.add_overlay(std::make_unique<ToolPreviewOverlay>(sources.tools), true);
    return structure_overlay;
}

}  // namespace aabb::ui

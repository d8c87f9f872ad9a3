#pragma once
// The canvas's overlays in drawing order, each with its default on/off switch: the one list
// the View tab's switches, the legend swatches and `--show` / `--hide` names come from. Each
// overlay lives in its own file here: a draw function and the factory declared below, which
// pairs it with its description (make_drawn_overlay). A new overlay is a file, a factory
// declaration and a row of the table in overlay_list.cpp.

#include <memory>

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/editing_tools.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/structure_overlay.hpp"

namespace aabb::ui {

/// What the standard overlays read; everything outlives the canvas.
struct OverlaySources {
    /// The simulation: the scene and the bullet tracker.
    const SimulationController& simulation;
    /// The selection the selection overlay outlines.
    const ObjectSelection& selection;
    /// The tools whose drag the tool preview draws.
    const EditingTools& tools;
};

/// How an overlay draws itself: from the frame's context and the sources it reads.
using OverlayDrawFunction = void (*)(const OverlayContext& context, const OverlaySources& sources);

/// An overlay described by `description` that draws with `draw`, reading `sources`.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_drawn_overlay(
    const OverlayDescription& description, const OverlaySources& sources, OverlayDrawFunction draw);

/// Exact shapes of walls, bullets and rotating shapes.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_shapes_overlay(const OverlaySources& sources);
/// Contact points and normals of every true contact.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_contact_points_overlay(
    const OverlaySources& sources);
/// Each bullet's swept box over the last step.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_swept_boxes_overlay(
    const OverlaySources& sources);
/// The recent path of each bullet.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_trails_overlay(const OverlaySources& sources);
/// Time-of-impact ghosts of recent hits and tunnelings.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_impact_ghosts_overlay(
    const OverlaySources& sources);
/// A marker at every tunneling event.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_tunneling_markers_overlay(
    const OverlaySources& sources);
/// The scene's title and live detection counts.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_scene_caption_overlay(
    const OverlaySources& sources);
/// The selected object and the pair inspector's second one.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_selection_overlay(const OverlaySources& sources);
/// The editing tool's drag in progress.
[[nodiscard]] std::unique_ptr<CanvasOverlay> make_tool_preview_overlay(
    const OverlaySources& sources);

/// Adds every standard overlay to `canvas`, in drawing order with its default switch, and
/// returns the structure overlay (the Broad phase page edits its settings).
StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources);

}  // namespace aabb::ui

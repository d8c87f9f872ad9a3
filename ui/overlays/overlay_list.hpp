#pragma once
// The canvas's overlays in drawing order, each with its default on/off switch: the one list
// the View tab's switches, the legend swatches and `--show` / `--hide` names come from. Each
// overlay lives in its own file here: a draw function and its definition (description and
// draw function), declared below. A new overlay is a file, a declaration and a row of the
// table in overlay_list.cpp. (The structure overlay has settings the Broad phase page edits,
// so it is a class of its own.)

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/editing_tools.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/lesson/gadgets/gadget_drawing.hpp"
#include "ui/lesson/lesson_handles.hpp"
#include "ui/model/lesson_session.hpp"
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
    /// Lesson mode: the running lesson's gadgets.
    const LessonSession& lessons;
    /// The running lesson's handles on the canvas.
    const LessonHandles& lesson_handles;
    /// Where the lesson overlay leaves what its gadgets drew this frame (a step's view frames
    /// it as well as the lesson's objects, and keeps clear of the insets).
    DrawnExtent& lesson_drawn;
};

/// How an overlay draws itself: from the frame's context and the sources it reads.
using OverlayDrawFunction = void (*)(const OverlayContext& context, const OverlaySources& sources);

/// An overlay: its description and how it draws.
struct OverlayDefinition {
    /// Its names and legend color.
    OverlayDescription description;
    /// Draws it.
    OverlayDrawFunction draw;
};

/// Exact shapes of walls, bullets and rotating shapes.
extern const OverlayDefinition shapes_overlay;
/// Contact points and normals of every true contact.
extern const OverlayDefinition contact_points_overlay;
/// Each bullet's swept box over the last step.
extern const OverlayDefinition swept_boxes_overlay;
/// The recent path of each bullet.
extern const OverlayDefinition trails_overlay;
/// Time-of-impact ghosts of recent hits and tunnelings.
extern const OverlayDefinition impact_ghosts_overlay;
/// A marker at every tunneling event.
extern const OverlayDefinition tunneling_markers_overlay;
/// The scene's title and live detection counts.
extern const OverlayDefinition scene_caption_overlay;
/// The selected object and the pair inspector's second one.
extern const OverlayDefinition selection_overlay;
/// The editing tool's drag in progress.
extern const OverlayDefinition tool_preview_overlay;
/// The ray tool's ray, its hits and the hovered box's slabs.
extern const OverlayDefinition ray_probe_overlay;
/// The running lesson's gadgets and handles.
extern const OverlayDefinition lesson_overlay;

/// Adds every standard overlay to `canvas`, in drawing order with its default switch, and
/// returns the structure overlay (the Broad phase page edits its settings).
StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources);

}  // namespace aabb::ui

#pragma once
// The canvas's overlays in drawing order, each with its default on/off switch: the one list
// the View tab's switches, the legend swatches and `--show` / `--hide` names come from (a name
// is the overlay's short label, lower case, spaces as dashes). A new overlay is a file in
// ui/overlays/ and a line in overlay_list.cpp.

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

/// Adds every standard overlay to `canvas`, in drawing order with its default switch, and
/// returns the structure overlay (the Broad phase page edits its settings).
StructureOverlay& add_standard_overlays(WorldCanvas& canvas, const OverlaySources& sources);

}  // namespace aabb::ui

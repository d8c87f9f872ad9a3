#pragma once
// Draws the active broad phase's internals through BroadPhase::visit: tree nodes and grid
// cells as outlines, sort-and-sweep endpoints as ticks along the canvas edge. Works for any
// algorithm that implements the StructureVisitor hooks, so new algorithms show up for free.

#include <vector>

#include "ui/canvas_overlay.hpp"

namespace aabb::ui {

/// The broad-phase structure overlay.
class StructureOverlay final : public CanvasOverlay {
  public:
    [[nodiscard]] const char* short_label() const override { return "Structure"; }
    [[nodiscard]] const char* label() const override {
        return "Broad-phase structure: tree nodes, grid cells, sort-and-sweep endpoints";
    }
    [[nodiscard]] Rgba8 legend_color() const override { return {120, 220, 160}; }
    void draw(const OverlayContext& context) override;
};

}  // namespace aabb::ui

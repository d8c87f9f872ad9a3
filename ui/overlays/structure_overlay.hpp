#pragma once
// Draws the active broad phase's internals through BroadPhase::visit: tree nodes colored by
// depth (limited to a depth range), tree leaves as fat AABBs, grid / hash / quadtree cells
// with an occupancy heatmap, and sort-and-sweep's sorted endpoints as intervals projected on
// the sweep axis along the canvas's bottom (x) or left (y) edge. Works for any algorithm that
// implements the StructureVisitor hooks, so new algorithms show up for free.

#include <vector>

#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/editable_overlay.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

/// What the structure overlay draws; the panel's Structure section edits it.
struct StructureOverlaySettings {
    /// Shallowest tree depth drawn (root 0). Default 0.
    int min_depth = 0;
    /// Deepest tree depth drawn. Default 64 (all).
    int max_depth = 64;
    /// Tree leaves drawn as their (fat) stored boxes. Default true.
    bool fat_leaves = true;
    /// Cells filled by occupancy (blue few, red many). Default true.
    bool heatmap = true;
    /// Sort-and-sweep intervals on the sweep axis. Default true.
    bool intervals = true;
};

/// The broad-phase structure overlay.
class StructureOverlay final : public CanvasOverlay, public EditableOverlay {
  public:
    /// Sort-and-sweep intervals drawn at most (lanes fill up from the canvas edge).
    static constexpr int max_interval_lanes = 24;

    /// An overlay with the default settings.
    StructureOverlay();
    void draw(const OverlayContext& context) override;
    /// The ImGui widgets of its settings (depth range, switches, depth legend).
    void draw_settings() override;

    /// Settings in use.
    [[nodiscard]] StructureOverlaySettings& settings() { return settings_; }
    /// Deepest tree node seen in the last draw (-1 for none).
    [[nodiscard]] int deepest_seen() const { return deepest_seen_; }

  private:
    StructureOverlaySettings settings_;
    int deepest_seen_ = -1;
    // Sort-and-sweep intervals of the last draw, per box id: min and max on the sweep axis.
    std::vector<float> interval_min_;
    std::vector<float> interval_max_;
    std::vector<int> interval_order_;
};

}  // namespace aabb::ui

#pragma once
// Draws the active broad phase's internals through BroadPhase::visit: tree nodes colored by
// depth (limited to a depth range), tree leaves as fat AABBs, grid / hash / quadtree cells
// with an occupancy heatmap, and sort-and-sweep's sorted endpoints as intervals projected on
// the sweep axis along the canvas's bottom (x) or left (y) edge, and the banded engine's bands
// (light stripes across the sweep axis, their count and the last world step's path labelled),
// fat boxes (faint outlines, left out when too many are on screen) and the boxes that left
// their fat box this step (filled in the strong color). Works for any algorithm that implements
// the StructureVisitor hooks, so new algorithms show up for free.

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
    /// The banded engine's bands, striped, with their count. Default true.
    bool bands = true;
    /// The banded engine's fat boxes, faint. Default true.
    bool fat_boxes = true;
    /// The boxes that left their fat box this world step, in the strong color. Default true.
    bool escaped = true;
};

/// A band of the banded engine as the overlay received it (StructureVisitor::band).
struct VisitedBand {
    /// Its extent across the sweep axis.
    float low = 0.0f;
    /// See low.
    float high = 0.0f;
};

/// A fat box on screen as the overlay received it (StructureVisitor::fat_box).
struct VisitedFatBox {
    /// The fat box.
    Box2 fat;
    /// Its box.
    BoxId id = 0;
    /// Whether its box left it this world step.
    bool escaped = false;
};

/// The broad-phase structure overlay.
class StructureOverlay final : public CanvasOverlay, public EditableOverlay {
  public:
    /// Sort-and-sweep intervals drawn at most (lanes fill up from the canvas edge).
    static constexpr int max_interval_lanes = 24;
    /// Fat boxes drawn at most: beyond this many on screen they are a grey mess, left out (the
    /// escaped boxes are still drawn, up to max_escaped_drawn).
    static constexpr std::size_t max_fat_boxes_drawn = 3000;
    /// Escaped boxes drawn at most.
    static constexpr std::size_t max_escaped_drawn = 20000;
    /// Bands striped at most: more on screen are thinner than a few pixels.
    static constexpr std::size_t max_bands_drawn = 400;

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
    void draw_bands(const OverlayContext& context, int sweep_axis);
    void draw_fat_boxes(const OverlayContext& context);
    void draw_banded_label(const OverlayContext& context, int sweep_axis, bool lanes_at_bottom);

    StructureOverlaySettings settings_;
    int deepest_seen_ = -1;
    // Sort-and-sweep intervals of the last draw, per box id: min and max on the sweep axis.
    std::vector<float> interval_min_;
    std::vector<float> interval_max_;
    std::vector<int> interval_order_;
    // The banded engine's bands and its fat boxes on screen, of the last draw.
    std::vector<VisitedBand> bands_;
    std::vector<VisitedFatBox> fat_boxes_;
    std::size_t escaped_on_screen_ = 0;
};

}  // namespace aabb::ui

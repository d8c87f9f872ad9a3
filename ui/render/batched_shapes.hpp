#pragma once
// Shapes painted in great numbers (the world's boxes and pair lines, the contact points of a
// dense pile, a tree's nodes): what one batch of them is, and how ImDrawList paints it when the
// batched GL renderer (batched_world_renderer.hpp) is not in use. Both paths paint the same
// picture: boxes snapped to whole pixels (a solid dot when under 3 pixels), anti-aliased lines
// and round dots.

#include <span>

#include <imgui.h>

#include "ui/view/camera.hpp"
#include "ui/view/world_shapes.hpp"

namespace aabb::ui {

/// One batch of shapes in world coordinates, painted in this order: boxes, lines, dots.
struct BatchedShapes {
    /// Boxes with a fill and an outline.
    std::span<const ShapeBatch::Rect> rects;
    /// Lines.
    std::span<const ShapeBatch::Segment> segments;
    /// Round dots of a fixed size on screen.
    std::span<const ShapeBatch::Disc> discs;
    /// The lines' width in pixels at UI scale 1 (overlay_stroke() scales it).
    float segment_pixels = 1.5f;
};

/// Paints `shapes` seen through `camera` into `draw_list`, one ImDrawList call per shape.
/// Returns false when it stopped early because the renderer cannot index more than 65,536
/// vertices per draw list (OpenGL below 3.2, no vertex offset).
bool paint_with_draw_list(const BatchedShapes& shapes, const Camera& camera, ImDrawList& draw_list);

}  // namespace aabb::ui

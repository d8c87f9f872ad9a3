#pragma once
// Where a figure fits among the windows over the canvas: the largest rectangle of the canvas
// that none of the overlays (step card, lesson bar, toolbar, caption, timeline, insets) covers,
// judged by how large it shows a region of a given shape. A wide figure prefers a wide strip,
// a tall one a tall column; "largest" is the zoom it gets, not the area. Pure C++, unit tested.

#include <span>

#include "ui/view/camera.hpp"

namespace aabb::ui {

/// The zoom (pixels per world unit) at which a region of world size `extent` just fits in
/// `rect`; 0 for an empty rectangle.
[[nodiscard]] float fitting_zoom(const ScreenRect& rect, glm::vec2 extent);

/// The rectangle inside `area` that overlaps none of `obstacles` (touching is allowed) and
/// shows a region of world size `extent` the largest (the larger area among equals). Every
/// maximal free rectangle is a candidate: its sides lie on the sides of `area` or of the
/// obstacles. Returns `area` itself when nothing covers it, and a 1-pixel rectangle at its
/// top-left when the obstacles cover all of it.
[[nodiscard]] ScreenRect largest_free_rect(const ScreenRect& area,
                                           std::span<const ScreenRect> obstacles, glm::vec2 extent);

/// `rect` shrunk by `margin` pixels on every side, never below a point at its center.
[[nodiscard]] ScreenRect inset_rect(const ScreenRect& rect, float margin);

/// The part of `a` inside `b` (a 0-size rectangle at the nearest point when they are apart).
[[nodiscard]] ScreenRect intersect_rects(const ScreenRect& a, const ScreenRect& b);

/// The smallest rectangle holding both.
[[nodiscard]] ScreenRect merge_rects(const ScreenRect& a, const ScreenRect& b);

}  // namespace aabb::ui

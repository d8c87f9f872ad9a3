#pragma once
// Insets: framed screen rectangles a gadget draws over the canvas when what it shows has no
// place in the world's coordinates (a chart of n(n−1)/2, a magnified float grid, the per-plane
// bars of a culling test) or must be shown twice at one scale (the correct and the buggy box,
// the naive and the guarded slab). They sit in the free area of the canvas (what the step card,
// lesson bar, toolbar, caption and timeline leave; the window records it before the canvas
// draws), leaving the stage at least half of it one way, on the readable backdrop, and
// everything in them is clipped to their frame. Each frame is recorded as an "inset" region of
// the layout.

#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

#include "ui/lesson/gadgets/gadget_drawing.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// Where in the free part of the canvas an inset sits.
enum class InsetPlace : unsigned char {
    /// The top-right corner.
    top_right,
    /// The bottom-right corner.
    bottom_right,
};

/// The free area of the canvas: the frame's layout record's "free" region (the canvas minus the
/// step card, lesson bar, toolbar, caption and timeline); without a record, right of the
/// card's usual column in `camera`'s viewport.
[[nodiscard]] ScreenRect free_canvas_area(const Camera& camera);

/// An inset drawn on the canvas: its frame and, inside it below the title, its body.
struct Inset {
    /// The whole framed rectangle.
    ScreenRect frame;
    /// What is left for the drawing under the title.
    ScreenRect body;
};

/// For the frames to come: the step's figure is one inset (nothing of it in the world), so
/// draw_inset makes it as large as the free area allows, centered there, instead of a corner
/// panel (issue 49: lesson 16's sweep line drew a 440-pixel panel beside an empty canvas). The
/// lesson layout sets it each frame (ui/lesson/lesson_layout.cpp).
void set_inset_is_figure(bool figure);

/// Places an inset of `size` pixels (at UI scale 1; scaled, within the free area, and cut to
/// half of it along one side when it would take more than half both ways) at `place`, and
/// draws its backdrop, border and `title`.
Inset draw_inset(const GadgetContext& context, InsetPlace place, glm::vec2 size, const char* title);

/// Draws the frame, backdrop and `title` of an inset at `frame` (for side-by-side panels the
/// caller lays out itself).
Inset draw_inset_at(const GadgetContext& context, const ScreenRect& frame, const char* title);

/// `text` cut into lines at most `width` pixels wide at the font's size (never smaller), between
/// words and never inside a number (ui/text/line_breaking.hpp): an inset's row that does not
/// fit its narrow frame at a large UI scale. `keep`, when found in `text`, stays on one line
/// (a size "2.000 × 1.000").
[[nodiscard]] std::vector<std::string> inset_lines(std::string_view text, float width,
                                                   std::string_view keep = {});

/// Draws `text` from `at` downward, wrapped to `body`'s width (inset_lines), in `color`, on the
/// text backdrop when `backdrop`, `keep` on one line; returns the y under its last line.
float draw_inset_text(ImDrawList& draw_list, const ScreenRect& body, glm::vec2 at, ImU32 color,
                      std::string_view text, bool backdrop = false, std::string_view keep = {});

/// A camera drawing into `rect` that shows all of `region` with `margin` pixels to spare.
[[nodiscard]] Camera panel_camera(const ScreenRect& rect, const Box2& region, float margin);

/// Clips the draw list to a rectangle for as long as it lives (an inset's drawing stays inside
/// its frame).
class ScopedClip {
  public:
    /// Clips `draw_list` to `rect` intersected with its current clip.
    ScopedClip(ImDrawList& draw_list, const ScreenRect& rect);
    ~ScopedClip();
    ScopedClip(const ScopedClip&) = delete;
    ScopedClip& operator=(const ScopedClip&) = delete;

  private:
    ImDrawList& draw_list_;
};

}  // namespace aabb::ui

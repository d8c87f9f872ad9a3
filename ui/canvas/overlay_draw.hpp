#pragma once
// Drawing helpers every overlay and the canvas share: vector conversion, box outlines, rotated
// poses, dashed lines, labels on a readable backdrop. All sizes are in pixels at UI scale 1;
// callers scale them with overlay_stroke() / overlay_size(). Every text drawn on the canvas
// goes through canvas_text() or overlay_text(), and every text of the lesson's overlay windows
// is followed by record_item_text(): both write the frame's layout record
// (ui/view/layout_record.hpp), so the layout report is what was drawn.

#include <imgui.h>

#include <string_view>
#include <vector>

#include "core/geometry/box.hpp"
#include "ui/style/palette.hpp"
#include "ui/view/camera.hpp"
#include "ui/view/layout_record.hpp"

namespace aabb::ui {

/// A GLM point as ImGui's vector.
[[nodiscard]] inline ImVec2 to_imvec(glm::vec2 point) {
    return ImVec2(point.x, point.y);
}

/// The four screen corners of a box of `half_size` at `center` rotated by `angle`.
void pose_corners(const Camera& camera, glm::vec2 center, glm::vec2 half_size, float angle,
                  ImVec2 (&corners)[4]);

/// A rotated box: translucent fill of `color` and its outline `thickness` pixels wide.
void draw_pose(ImDrawList& draw_list, const Camera& camera, glm::vec2 center, glm::vec2 half_size,
               float angle, Rgba8 color, float thickness);

/// The screen outline of world box `box`, `grow` pixels outside it on every side.
void outline_box(ImDrawList& draw_list, const Camera& camera, const Box2& box, ImU32 color,
                 float thickness, float grow = 0.0f);

/// The draw list's current clip rectangle: what can be seen of what it draws.
[[nodiscard]] ScreenRect clip_rect(const ImDrawList& draw_list);

/// A dashed line, so paths read differently from the solid pair lines. Only its dashes inside
/// the clip rectangle are drawn, at most max_visible_marks (ui/view/clipped_marks.hpp), however
/// long the line is on screen.
void dashed_line(ImDrawList& draw_list, glm::vec2 from, glm::vec2 to, ImU32 color, float thickness);

/// Text at `position` (its top-left), `scale` times the font size, recorded in the frame's
/// layout as `owner`'s.
void canvas_text(ImDrawList& draw_list, ImVec2 position, ImU32 color, const char* text,
                 TextOwner owner, float scale = 1.0f);

/// Text over a backdrop so it stays readable over a busy canvas (opaque black in high
/// contrast), `scale` times the font size, recorded as `owner`'s.
void overlay_text(ImDrawList& draw_list, ImVec2 position, ImU32 color, const char* text,
                  TextOwner owner = TextOwner::overlay, float scale = 1.0f);

/// Records `text` as the last ImGui item's text, at that item's rectangle (call right after the
/// widget that drew it).
void record_item_text(TextOwner owner, std::string_view text);

/// Records the current ImGui window's rectangle as region `name` (call between Begin and End).
void record_window_region(std::string_view name);

/// What a new label inside `bounds` must not cover: the texts recorded so far this frame (but
/// the grid's numbers), the handles, and the windows and insets over the canvas other than the
/// one the label is drawn in (a region holding all of `bounds`).
[[nodiscard]] std::vector<ScreenRect> label_obstacles(const ScreenRect& bounds);

}  // namespace aabb::ui

// The closest point gadget (L13): the point of a box closest to a circle's center is the center
// clamped into the box axis by axis (curriculum §7); the circle touches the box when the squared
// distance to it is at most r². Drawn: the box, the circle, the two clamps as axis projections,
// the segment from the center to the closest point, and the circle's own box (dashed), which
// can overlap the box at a corner while the circle does not (a false positive of the boxes).

#include <algorithm>
#include <string>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

void draw_closest_point(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    const lesson::LessonObject* center = context.object("center");
    if (box == nullptr || center == nullptr || !box->box.is_valid()) return;
    const float radius = static_cast<float>(std::max(context.number("radius", 0.0), 0.0));
    const glm::vec2 c = center->vector;
    const glm::vec2 q = closest_point(box->box, c);
    const float d2 = squared_distance(box->box, c);
    const bool touching = d2 <= radius * radius;
    draw_world_box(context, box->box, object_color(*box), 2.0f, 45);
    const ImU32 circle_color = object_color(*center);
    const glm::vec2 at = context.camera.world_to_screen(c);
    const float pixels = radius * context.camera.zoom();
    context.draw_list.AddCircle(to_imvec(at), pixels, circle_color, 0, overlay_stroke(2.5f));
    // The circle's own box: what a broad phase would test.
    const Box2 circle_box{c - glm::vec2(radius), c + glm::vec2(radius)};
    draw_dashed_world_box(context, circle_box, with_alpha(circle_color, 140), 1.0f);
    // The clamps: the center's x clamped into [min.x, max.x], its y into [min.y, max.y].
    const ImU32 x_color = role_color("slab_x");
    const ImU32 y_color = role_color("slab_y");
    const glm::vec2 qx = context.camera.world_to_screen(glm::vec2(q.x, c.y));
    const glm::vec2 qy = context.camera.world_to_screen(glm::vec2(c.x, q.y));
    dashed_line(context.draw_list, at, qx, x_color, overlay_stroke(1.5f));
    dashed_line(context.draw_list, at, qy, y_color, overlay_stroke(1.5f));
    const ImU32 verdict = role_color(touching ? "hit" : "miss");
    const glm::vec2 closest = context.camera.world_to_screen(q);
    context.draw_list.AddLine(to_imvec(at), to_imvec(closest), verdict, overlay_stroke(2.5f));
    // Math only ("q", "d²"): the same in both languages.
    const std::string text =
        "q (" + format_number(q.x) + ", " + format_number(q.y) + ")  d² = " + format_number(d2);
    draw_world_point(context, q, verdict, text.c_str());
    draw_world_point(context, c, circle_color, center->label.empty() ? "P" : center->label.c_str());
}

}  // namespace aabb::ui

// The slab view gadget (L11): a ray against a box is the intersection of its two slabs
// (curriculum §6). The box's x slab (a vertical band) and y slab (a horizontal band) are drawn
// across the canvas, the ray's piece inside each in the slab's color, the piece inside both —
// inside the box — in bold, and the entry and exit points with their t.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/model/ray_probe.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// The ray's points at t in [from, to] clamped to [0, end], as a line in `color`.
void piece(const GadgetContext& context, const Ray2& ray, float from, float to, float end,
           ImU32 color, float width) {
    from = std::max(from, 0.0f);
    to = std::min(to, end);
    if (!(from <= to)) return;
    const glm::vec2 a = context.camera.world_to_screen(ray.origin + ray.direction * from);
    const glm::vec2 b = context.camera.world_to_screen(ray.origin + ray.direction * to);
    context.draw_list.AddLine(to_imvec(a), to_imvec(b), color, width);
}

/// A labelled mark at the ray's point of parameter `t`.
void mark(const GadgetContext& context, const Ray2& ray, float t, ImU32 color, const char* name) {
    char text[48];
    std::snprintf(text, sizeof text, "%s t = %.3g", name, t);
    draw_world_point(context, ray.origin + ray.direction * t, color, text);
}

}  // namespace

void draw_slab_view(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    const lesson::LessonObject* origin = context.object("origin");
    const lesson::LessonObject* direction = context.object("direction");
    if (box == nullptr || origin == nullptr || direction == nullptr || !box->box.is_valid()) return;
    const Ray2 ray{origin->vector, direction->vector};
    const Box2 visible = context.camera.visible_world_box();
    const Box2& b = box->box;
    const ImU32 x_color = to_imgui_color(lesson_role_color("slab_x"));
    const ImU32 y_color = to_imgui_color(lesson_role_color("slab_y"));
    const auto band = [&](const Box2& region, ImU32 color) {
        const ScreenRect rect = context.camera.world_to_screen(region);
        const ImU32 faint = (color & ~IM_COL32_A_MASK) | (ImU32(40) << IM_COL32_A_SHIFT);
        context.draw_list.AddRectFilled(to_imvec(rect.min), to_imvec(rect.max), faint);
    };
    band({{b.min.x, visible.min.y}, {b.max.x, visible.max.y}}, x_color);
    band({{visible.min.x, b.min.y}, {visible.max.x, b.max.y}}, y_color);
    draw_world_box(context, b, object_color(*box), 2.0f, 40);
    // The whole ray to the edge of the view, then the slab pieces over it.
    const bool moving = glm::dot(ray.direction, ray.direction) > 0.0f;
    const RayBoxHit<2> to_edge = moving ? intersect(ray, visible) : RayBoxHit<2>{};
    const float end =
        to_edge.hit && std::isfinite(to_edge.t_exit) ? std::max(to_edge.t_exit, 1.0f) : 1.0f;
    const ImU32 ray_color = to_imgui_color(lesson_role_color("ray"));
    piece(context, ray, 0.0f, end, end, ray_color, overlay_stroke(1.5f));
    draw_world_arrow(context, ray.origin, ray.origin + ray.direction, ray_color);
    draw_world_point(context, ray.origin, ray_color, "o");
    if (!moving) return;
    const SlabView view = slab_view(ray, b);
    piece(context, ray, view.x.entry, view.x.exit, end, x_color, overlay_stroke(6.0f));
    piece(context, ray, view.y.entry, view.y.exit, end, y_color, overlay_stroke(6.0f));
    if (!view.hit.hit) return;
    const ImU32 hit_color = to_imgui_color(lesson_role_color("result"));
    piece(context, ray, view.hit.t_enter, view.hit.t_exit, end, hit_color, overlay_stroke(3.0f));
    if (!view.hit.origin_inside) mark(context, ray, view.hit.t_enter, hit_color, "enter");
    if (std::isfinite(view.hit.t_exit)) mark(context, ray, view.hit.t_exit, hit_color, "exit");
}

}  // namespace aabb::ui

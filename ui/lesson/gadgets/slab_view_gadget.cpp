// The slab view gadget (L11): a ray against a box is the intersection of its two slabs
// (curriculum §6). The box's x slab (a vertical band) and y slab (a horizontal band) are drawn
// across the canvas, the ray's piece inside each in the slab's color, the piece inside both —
// inside the box — in bold, and the entry and exit points with their t.

#include <algorithm>
#include <cmath>
#include <string>

#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/model/ray_probe.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// A labelled mark at the ray's point of parameter `t`.
void mark(const GadgetContext& context, const Ray2& ray, float t, ImU32 color, TextKey name) {
    const std::string text = tr_format(name, format_number(t).c_str());
    draw_world_point(context, ray.origin + ray.direction * t, color, text.c_str());
}

}  // namespace

void draw_slab_view(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    const lesson::LessonObject* origin = context.object("origin");
    const lesson::LessonObject* direction = context.object("direction");
    if (box == nullptr || origin == nullptr || direction == nullptr || !box->box.is_valid()) return;
    const Ray2 ray{origin->vector, direction->vector};
    const Box2& b = box->box;
    draw_slab_bands(context, b);
    draw_world_box(context, b, object_color(*box), 2.0f, 40);
    // The whole ray to the edge of the view, then the slab pieces over it.
    const float end = draw_ray_to_view_edge(context, ray, role_color("ray"));
    if (!(glm::dot(ray.direction, ray.direction) > 0.0f)) return;
    const SlabView view = slab_view(ray, b);
    draw_ray_piece(context, ray, view.x.entry, view.x.exit, end, role_color("slab_x"),
                   overlay_stroke(6.0f));
    draw_ray_piece(context, ray, view.y.entry, view.y.exit, end, role_color("slab_y"),
                   overlay_stroke(6.0f));
    if (!view.hit.hit) return;
    const ImU32 hit_color = role_color("result");
    draw_ray_piece(context, ray, view.hit.t_enter, view.hit.t_exit, end, hit_color,
                   overlay_stroke(3.0f));
    if (!view.hit.origin_inside)
        mark(context, ray, view.hit.t_enter, hit_color, TextKey::gadget_slab_enter);
    if (std::isfinite(view.hit.t_exit))
        mark(context, ray, view.hit.t_exit, hit_color, TextKey::gadget_slab_exit);
}

}  // namespace aabb::ui

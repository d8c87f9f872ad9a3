// The point set gadget (L04): the box of a set of points built three ways (curriculum §3):
// grown from the empty box (min = +∞, max = −∞: the right answer), grown from (0, 0) (the
// seeds' classic bug: the box is dragged to the origin) and started at the first point (right
// when there is a point, undefined without one).

#include <algorithm>
#include <cstdio>

#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

void draw_point_set(const GadgetContext& context) {
    const lesson::LessonObject* set = context.object("points");
    if (set == nullptr) return;
    const std::size_t count = std::min(set->count, set->points.size());
    Box2 from_empty = Box2::empty();
    Box2 from_origin{glm::vec2(0.0f), glm::vec2(0.0f)};
    for (std::size_t i = 0; i < count; ++i) {
        from_empty = merge(from_empty, Box2{set->points[i], set->points[i]});
        from_origin = merge(from_origin, Box2{set->points[i], set->points[i]});
    }
    // The box from the first point equals the one from empty when there is a point.
    const ImU32 bug = role_color("bug");
    const ImU32 correct = role_color("correct");
    draw_world_box(context, from_origin, bug, 2.0f, 25);
    const ScreenRect origin_rect = context.camera.world_to_screen(from_origin);
    draw_label(context, ImVec2(origin_rect.min.x, origin_rect.min.y - overlay_size(22.0f)), bug,
               tr(TextKey::gadget_points_from_origin));
    if (count > 0) {
        draw_world_box(context, from_empty, correct, 2.5f, 40);
        const ScreenRect rect = context.camera.world_to_screen(from_empty);
        draw_label(context, ImVec2(rect.max.x + overlay_size(6.0f), rect.min.y), correct,
                   tr(TextKey::gadget_points_from_empty));
    }
    const ImU32 color = object_color(*set);
    for (std::size_t i = 0; i < count; ++i) {
        char label[24];
        std::snprintf(label, sizeof label, "p%zu", i + 1);
        draw_world_point(context, set->points[i], color, label);
    }
    draw_world_point(context, glm::vec2(0.0f), bug, "(0, 0)");
}

}  // namespace aabb::ui

// The point set gadget (L04): the box of a set of points built three ways (curriculum §3):
// grown from the empty box (min = +∞, max = −∞: the right answer), grown from (0, 0) (the
// seeds' classic bug: the box is dragged to the origin) and started at the first point (right
// when there is a point, undefined without one).

#include <cstdio>

#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"

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
    draw_world_box(context, from_origin, to_imgui_color(lesson_role_color("bug")), 2.0f, 25);
    if (count > 0)
        draw_world_box(context, from_empty, to_imgui_color(lesson_role_color("correct")), 2.5f, 40);
    const ImU32 color = object_color(*set);
    for (std::size_t i = 0; i < count; ++i) {
        char label[16];
        std::snprintf(label, sizeof label, "p%zu", i + 1);
        draw_world_point(context, set->points[i], color, label);
    }
    draw_world_point(context, glm::vec2(0.0f), to_imgui_color(lesson_role_color("bug")), "(0, 0)");
}

}  // namespace aabb::ui

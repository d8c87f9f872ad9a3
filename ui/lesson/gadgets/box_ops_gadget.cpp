// The box operations gadget (L14): two boxes, their merge (the smallest box holding both,
// dashed) and their intersection (filled), which can be empty — min > max on an axis — and is
// then not drawn and said to be empty, never given a negative area (curriculum §7).

#include <cstdio>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"

namespace aabb::ui {

void draw_box_ops(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    if (a == nullptr || b == nullptr || !a->box.is_valid() || !b->box.is_valid()) return;
    draw_world_box(context, a->box, object_color(*a), 2.0f, 35);
    draw_world_box(context, b->box, object_color(*b), 2.0f, 35);
    const Box2 merged = merge(a->box, b->box);
    const ScreenRect rect = context.camera.world_to_screen(merged);
    const ImU32 merge_color = to_imgui_color(lesson_role_color("c"));
    const float width = overlay_stroke(1.5f);
    dashed_line(context.draw_list, rect.min, {rect.max.x, rect.min.y}, merge_color, width);
    dashed_line(context.draw_list, {rect.max.x, rect.min.y}, rect.max, merge_color, width);
    dashed_line(context.draw_list, rect.max, {rect.min.x, rect.max.y}, merge_color, width);
    dashed_line(context.draw_list, {rect.min.x, rect.max.y}, rect.min, merge_color, width);
    char text[96];
    std::snprintf(text, sizeof text, "merge: area %.3g, perimeter %.3g", area(merged),
                  perimeter(merged));
    draw_label(context, ImVec2(rect.min.x, rect.min.y - overlay_size(20.0f)), merge_color, text);
    const Box2 both = intersection(a->box, b->box);
    const ImU32 result = to_imgui_color(lesson_role_color("result"));
    if (both.is_valid()) {
        draw_world_box(context, both, result, 2.5f, 120);
        const glm::vec2 corner = context.camera.world_to_screen(glm::vec2(both.max.x, both.min.y));
        std::snprintf(text, sizeof text, "intersection: area %.3g", area(both));
        draw_label(context, ImVec2(corner.x + overlay_size(6.0f), corner.y), result, text);
    } else {
        draw_label(context, ImVec2(rect.max.x + overlay_size(6.0f), rect.max.y),
                   to_imgui_color(lesson_role_color("gap")), "intersection: empty");
    }
}

}  // namespace aabb::ui

// The box operations gadget (L14): two boxes, their merge (the smallest box holding both,
// dashed) and their intersection (filled), which can be empty — min > max on an axis — and is
// then not drawn and said to be empty, never given a negative area (curriculum §7).

#include <string>

#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

void draw_box_ops(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    if (a == nullptr || b == nullptr || !a->box.is_valid() || !b->box.is_valid()) return;
    draw_world_box(context, a->box, object_color(*a), 2.0f, 35);
    draw_world_box(context, b->box, object_color(*b), 2.0f, 35);
    const Box2 merged = merge(a->box, b->box);
    const ScreenRect rect = context.camera.world_to_screen(merged);
    const ImU32 merge_color = role_color("c");
    draw_dashed_world_box(context, merged, merge_color, 1.5f);
    const std::string merge_text =
        tr_format(TextKey::gadget_box_ops_merge, format_number(area(merged)).c_str(),
                  format_number(perimeter(merged)).c_str());
    draw_label(context, ImVec2(rect.min.x, rect.min.y - overlay_size(20.0f)), merge_color,
               merge_text.c_str());
    const Box2 both = intersection(a->box, b->box);
    const ImU32 result = role_color("result");
    if (both.is_valid()) {
        draw_world_box(context, both, result, 2.5f, 120);
        const glm::vec2 corner = context.camera.world_to_screen(glm::vec2(both.max.x, both.min.y));
        const std::string text =
            tr_format(TextKey::gadget_box_ops_intersection, format_number(area(both)).c_str());
        draw_label(context, ImVec2(corner.x + overlay_size(6.0f), corner.y), result, text.c_str());
    } else {
        draw_label(context, ImVec2(rect.max.x + overlay_size(6.0f), rect.max.y), role_color("gap"),
                   tr(TextKey::gadget_box_ops_empty));
    }
}

}  // namespace aabb::ui

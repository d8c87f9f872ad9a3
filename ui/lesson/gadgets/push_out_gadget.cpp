// The push-out gadget (L02): dx and dy are overlap lengths, not how far a box must move to get
// out (curriculum §2). For b overlapping a it draws the shortest move of b out of a: an arrow
// from b's center along the push axis, b's outline where the move leaves it (just touching a),
// and the length, next to the overlap lengths the interval bars show. The move is the push_out
// readout's (the smaller of the x and y moves, out through the nearer face).

#include <string>

#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

void draw_push_out(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    if (a == nullptr || b == nullptr || !a->box.is_valid() || !b->box.is_valid()) return;
    CatalogQuery push(context, "push_out");
    push.object("a", "a").object("b", "b");
    const lesson::ReadoutValue distance = push.value("value");
    const ImU32 color = role_color("result");
    const glm::vec2 from = b->box.center();
    if (distance.type != lesson::ValueType::number) {
        const glm::vec2 at = context.camera.world_to_screen(glm::vec2(from.x, b->box.max.y));
        draw_label(context, ImVec2(at.x, at.y - 1.6f * ImGui::GetTextLineHeight()), color,
                   tr(TextKey::gadget_push_apart));
        return;
    }
    const glm::vec2 move(static_cast<float>(push.number_or("move_x", 0.0)),
                         static_cast<float>(push.number_or("move_y", 0.0)));
    draw_dashed_world_box(context, translated(b->box, move), color, 2.0f);
    draw_world_arrow(context, from, from + move, color);
    const std::string text =
        tr_format(TextKey::gadget_push_out, format_number(distance.number).c_str(),
                  push.text("axis").c_str());
    const glm::vec2 tip = context.camera.world_to_screen(from + move);
    draw_label(context, ImVec2(tip.x + overlay_size(10.0f), tip.y - overlay_size(6.0f)), color,
               text.c_str());
}

}  // namespace aabb::ui

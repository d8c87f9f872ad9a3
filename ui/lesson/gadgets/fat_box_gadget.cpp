// The fat box gadget (L14): the dynamic tree keeps each leaf's box grown by a margin (and
// stretched ahead along its motion), so small moves inside it cost no tree update (curriculum
// §7, Box2D's fat AABBs). Drawn: the tight box, its fat box as the tree computes it, and the
// box after the move, red when it leaves the fat box (the tree must re-insert it).

#include "core/broadphase/tree/dynamic_aabb_tree.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

void draw_fat_box(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    if (box == nullptr || !box->box.is_valid()) return;
    DynamicTreeOptions options;
    options.relative_margin = static_cast<float>(context.number("relative", 0.1));
    options.absolute_margin = static_cast<float>(context.number("absolute", 0.1));
    const DynamicAabbTree tree(options);  // the tree's own fattening, so drawing and numbers agree
    const Box2 fat = tree.fatten(box->box);
    draw_world_box(context, fat, role_color("fat"), 1.5f, 25);
    draw_world_box(context, box->box, object_color(*box), 2.0f, 60);
    const lesson::LessonObject* move = context.object("move");
    if (move == nullptr) return;
    const Box2 moved = translated(box->box, move->vector);
    const bool inside = contains(fat, moved);
    const ImU32 color = role_color(inside ? "correct" : "hit");
    draw_world_box(context, moved, color, 2.0f, 0);
    draw_world_arrow(context, box->box.center(), moved.center(), color);
    const glm::vec2 corner = context.camera.world_to_screen(glm::vec2(fat.max.x, fat.max.y));
    draw_label(context, ImVec2(corner.x + overlay_size(6.0f), corner.y), color,
               tr(inside ? TextKey::gadget_fat_inside : TextKey::gadget_fat_outside));
}

}  // namespace aabb::ui

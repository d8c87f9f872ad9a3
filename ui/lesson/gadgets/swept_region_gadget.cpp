// The swept region gadget (L09, L10): a box at the start and the end of a step, the union of
// the two (purple: where a broad phase must look) and an obstacle. The union only says where
// to look: the obstacle may lie inside it while the sweep finds no time at which both overlap
// (curriculum §5). With a `tau` number the box is drawn at the moment τ, so an animation of τ
// shows it cross the obstacle's column and row at different times.

#include <algorithm>
#include <string>

#include "core/geometry/swept_box.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// With a `tau` number (a step's animated handle): the box at the moment τ, in the hit color
/// while it overlaps the obstacle (the swept readout's verdict at τ).
void draw_box_at_tau(const GadgetContext& context, const lesson::LessonObject& box,
                     glm::vec2 displacement, const lesson::LessonObject* obstacle) {
    if (context.object("tau") == nullptr) return;
    const auto tau = static_cast<float>(std::clamp(context.number("tau", 0.0), 0.0, 1.0));
    bool touching = false;
    if (obstacle != nullptr && obstacle->box.is_valid()) {
        CatalogQuery moment(context, "swept");
        moment.object("a", "box").object("b", "obstacle").object("da", "displacement");
        touching = moment.number("tau", tau).flag("tau_overlaps");
    }
    const Box2 now = translated(box.box, tau * displacement);
    const ImU32 color = touching ? role_color("hit") : object_color(box);
    draw_world_box(context, now, color, 3.0f, 110);
    const std::string label =
        tr_format(TextKey::gadget_tau_now, format_number(tau, "%.2f").c_str());
    const ScreenRect rect = context.camera.world_to_screen(now);
    draw_label(context, ImVec2(rect.max.x + overlay_size(4.0f), rect.min.y), color, label.c_str());
}

}  // namespace

void draw_swept_region(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    const lesson::LessonObject* displacement = context.object("displacement");
    if (box == nullptr || displacement == nullptr || !box->box.is_valid()) return;
    const Box2 start = box->box;
    const Box2 end = translated(start, displacement->vector);
    const Box2 region = swept_box(start, displacement->vector);
    draw_world_box(context, region, to_imgui_color(overlay_colors.swept_box), 2.0f, 30);
    draw_world_box(context, start, object_color(*box), 2.0f, 60);
    draw_world_box(context, end, object_color(*box, 140), 1.5f, 20);
    draw_world_arrow(context, start.center(), end.center(), object_color(*box));
    const lesson::LessonObject* obstacle = context.object("obstacle");
    draw_box_at_tau(context, *box, displacement->vector, obstacle);
    if (obstacle == nullptr || !obstacle->box.is_valid()) return;
    const SweepResult<2> result = sweep(start, displacement->vector, obstacle->box);
    // Overlapping at the start is no sweep hit (penetration; the swept readout's hit is false).
    const bool hit = result.state == SweepState::hit;
    draw_world_box(context, obstacle->box, object_color(*obstacle), 2.0f, 60);
    std::string text;
    if (result.state == SweepState::already_overlapping) {
        text = tr(TextKey::gadget_swept_overlapping);
    } else if (hit) {
        text = tr_format(TextKey::gadget_swept_hit, format_number(result.time_of_impact).c_str());
        draw_world_box(context, translated(start, displacement->vector * result.time_of_impact),
                       to_imgui_color(overlay_colors.ghost_hit), 2.5f, 0);
    } else {
        text =
            tr_format(TextKey::gadget_swept_miss,
                      format_number(std::max(result.entry_times.x, result.entry_times.y)).c_str(),
                      format_number(std::min(result.exit_times.x, result.exit_times.y)).c_str());
    }
    const glm::vec2 corner =
        context.camera.world_to_screen(glm::vec2(obstacle->box.max.x, obstacle->box.max.y));
    draw_label(context, ImVec2(corner.x + overlay_size(6.0f), corner.y),
               role_color(hit ? "hit" : "miss"), text.c_str());
}

}  // namespace aabb::ui

// The rotation sweep (L10): a swept box is a region to look in, and with rotation it may not
// even cover the poses in between (curriculum §5). A 2 × 0.1 bar turns by φ about its center
// in one step: drawn are its start and end poses, the union of their boxes (purple, what a
// broad phase would test), the poses in between (faint) and a target. At φ = 180° the end box
// equals the start box, so the union misses the target that the 90° pose passes through; the
// first pose that touches the target is drawn in the hit color. The verdicts are the
// rotation_union readout's (poses sampled every φ/3600 and tested exactly). With a `tau` number
// the bar is drawn at τ·φ, so an animation of τ turns it through the step.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "core/geometry/box_transform.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr float degrees = std::numbers::pi_v<float> / 180.0f;
// Poses drawn between the start and the end of the step.
constexpr int poses_between = 7;

/// With a `tau` number (a step's animated handle): the bar at τ·φ, in the hit color while that
/// pose overlaps the target (the rotation_union readout's verdict at τ).
void draw_pose_at_tau(const GadgetContext& context, const lesson::LessonObject& bar,
                      const lesson::LessonObject* target) {
    if (context.object("tau") == nullptr) return;
    const double tau = std::clamp(context.number("tau", 0.0), 0.0, 1.0);
    const double angle = tau * context.number("angle", 0.0);
    bool touching = false;
    if (target != nullptr && target->box.is_valid()) {
        CatalogQuery moment(context, "rotation_union");
        moment.object("box", "box").object("angle_deg", "angle").object("target", "target");
        touching = moment.number("tau", tau).flag("tau_pose_overlaps");
    }
    const ImU32 color = touching ? role_color("hit") : object_color(bar);
    const glm::vec2 center = bar.box.center();
    draw_world_pose(context, center, bar.box.extents(), static_cast<float>(angle) * degrees, color,
                    3.5f, 160);
    const std::string label =
        tr_format(TextKey::gadget_tau_now, format_number(tau, "%.2f").c_str()) + "  " +
        format_number(angle, "%.0f") + "°";
    const glm::vec2 at = context.camera.world_to_screen(center);
    draw_label(context, ImVec2(at.x - overlay_size(60.0f), at.y + overlay_size(24.0f)), color,
               label.c_str());
}

}  // namespace

void draw_rotation_sweep(const GadgetContext& context) {
    const lesson::LessonObject* bar = context.object("box");
    if (bar == nullptr || !bar->box.is_valid()) return;
    const auto phi = static_cast<float>(context.number("angle", 0.0));
    const Box2& local = bar->box;
    const glm::vec2 center = local.center();
    const glm::vec2 half = local.extents();
    // The rotation_union readout's boxes: the bar turned about its own center.
    const Box2 end = transformed(Box2::from_center_extents(glm::vec2(0.0f), half),
                                 rotation_2d(phi * degrees), center);
    const Box2 joined = merge(local, end);
    const ImU32 union_color = to_imgui_color(overlay_colors.swept_box);
    draw_world_box(context, joined, union_color, 2.0f, 30);
    const ScreenRect union_rect = context.camera.world_to_screen(joined);
    draw_label(
        context,
        ImVec2(union_rect.max.x + overlay_size(6.0f), union_rect.max.y - overlay_size(18.0f)),
        union_color, tr(TextKey::gadget_rotation_union));

    const ImU32 color = object_color(*bar);
    for (int k = 1; k <= poses_between; ++k) {
        const float angle = phi * float(k) / float(poses_between + 1) * degrees;
        draw_world_pose(context, center, half, angle, with_alpha(color, 90), 1.0f, 0);
    }
    draw_world_pose(context, center, half, 0.0f, color, 2.0f, 120);
    draw_world_pose(context, center, half, phi * degrees, color, 2.0f, 60);
    draw_world_box(context, local, with_alpha(color, 160), 1.0f);
    draw_world_box(context, end, with_alpha(color, 160), 1.0f);

    const lesson::LessonObject* target = context.object("target");
    draw_pose_at_tau(context, *bar, target);
    if (target == nullptr || !target->box.is_valid()) return;
    CatalogQuery sweep(context, "rotation_union");
    sweep.object("box", "box").object("angle_deg", "angle").object("target", "target");
    const bool union_hit = sweep.flag("union_overlaps_target");
    const bool pose_hit = sweep.flag("pose_overlaps_target");
    draw_world_box(context, target->box, object_color(*target), 2.0f, 90);
    const std::string first = format_number(sweep.number_or("first_pose_deg", 0.0), "%.1f");
    if (pose_hit)
        draw_world_pose(context, center, half,
                        static_cast<float>(sweep.number_or("first_pose_deg", 0.0)) * degrees,
                        role_color("hit"), 3.0f, 0);
    std::string verdict;
    ImU32 verdict_color = role_color("miss");
    if (pose_hit && !union_hit) {
        verdict = tr_format(TextKey::gadget_rotation_missed, first.c_str());
        verdict_color = role_color("bug");
    } else if (pose_hit) {
        verdict = tr_format(TextKey::gadget_rotation_covered, first.c_str());
        verdict_color = role_color("hit");
    } else if (union_hit) {
        verdict = tr(TextKey::gadget_rotation_candidate);
    } else {
        verdict = tr(TextKey::gadget_rotation_clear);
    }
    const glm::vec2 corner =
        context.camera.world_to_screen(glm::vec2(target->box.max.x, target->box.max.y));
    draw_label(context, ImVec2(corner.x + overlay_size(8.0f), corner.y - overlay_size(22.0f)),
               verdict_color, verdict.c_str());
}

}  // namespace aabb::ui

// The twin bars (L07): boxes that overlap prove nothing about the shapes in them (curriculum
// §4). Two parallel bars (20 × 1 by default) lie `spacing` apart along their common normal,
// turned by θ: their shapes stay the same distance apart, while their axis-aligned boxes grow
// and overlap widely (12.7 × 12.7 at 45°) — a broad-phase false positive. Drawn: the bars, their
// boxes with the shared part shaded, and the separating axis (the common normal) with each
// bar's shadow on it and the gap between the shadows, which the narrow phase's separating-axis
// test finds. The numbers are the sat_gap readout's, over the same bars.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "core/geometry/overlap.hpp"
#include "core/shapes/oriented_box.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// A segment of the separating axis from `from` to `to` (positions along the normal), drawn
/// thick in `color`.
void axis_piece(const GadgetContext& context, glm::vec2 base, glm::vec2 normal, float from,
                float to, ImU32 color, float width) {
    const glm::vec2 a = context.camera.world_to_screen(base + normal * from);
    const glm::vec2 b = context.camera.world_to_screen(base + normal * to);
    context.draw_list.AddLine(to_imvec(a), to_imvec(b), color, overlay_stroke(width));
}

}  // namespace

void draw_twin_bars(const GadgetContext& context) {
    const lesson::LessonObject* size_object = context.object("size");
    const glm::vec2 size = size_object != nullptr ? size_object->vector : glm::vec2(20.0f, 1.0f);
    const double radians = context.number("angle", 0.0) * std::numbers::pi / 180.0;
    const float spacing = static_cast<float>(context.number("spacing", 3.0));
    const glm::vec2 normal{static_cast<float>(-std::sin(radians)),
                           static_cast<float>(std::cos(radians))};
    const glm::vec2 along{normal.y, -normal.x};
    const auto angle = static_cast<float>(radians);
    // The sat_gap readout's bars: centers ±spacing/2 along the normal.
    const OrientedBox bar_a{-normal * (spacing * 0.5f), size * 0.5f, angle};
    const OrientedBox bar_b{normal * (spacing * 0.5f), size * 0.5f, angle};
    const Box2 box_a = bounding_box(bar_a);
    const Box2 box_b = bounding_box(bar_b);
    const ImU32 color_a = role_color("a");
    const ImU32 color_b = role_color("b");

    draw_world_box(context, box_a, color_a, 1.5f, 20);
    draw_world_box(context, box_b, color_b, 1.5f, 20);
    const Box2 shared = intersection(box_a, box_b);
    const ImU32 overlap = role_color("overlap");
    if (shared.is_valid()) {
        draw_world_box(context, shared, overlap, 2.0f, 90);
        const ScreenRect rect = context.camera.world_to_screen(shared);
        hatch_rect(context.draw_list, rect.min, rect.max, with_alpha(overlap, 110));
    }
    draw_world_pose(context, bar_a.center, bar_a.half_size, angle, color_a, 2.5f, 140);
    draw_world_pose(context, bar_b.center, bar_b.half_size, angle, color_b, 2.5f, 140);

    // The separating axis beside the bars' far end, with their shadows and the gap between.
    CatalogQuery sat(context, "sat_gap");
    sat.object("size", "size").object("angle_deg", "angle").object("spacing", "spacing");
    const float half = size.y * 0.5f;
    const glm::vec2 base = along * (size.x * 0.5f + std::max(1.5f, 0.1f * size.x));
    const float reach = spacing * 0.5f + half + std::max(1.0f, 0.1f * size.x);
    const glm::vec2 from = context.camera.world_to_screen(base - normal * reach);
    const glm::vec2 to = context.camera.world_to_screen(base + normal * reach);
    const ImU32 axis = role_color("plane");
    dashed_line(context.draw_list, from, to, axis, overlay_stroke(1.5f));
    draw_label(context, ImVec2(to.x + overlay_size(6.0f), to.y - overlay_size(8.0f)), axis,
               tr(TextKey::gadget_twin_axis));
    const float center = spacing * 0.5f;
    axis_piece(context, base, normal, -center - half, -center + half, color_a, 6.0f);
    axis_piece(context, base, normal, center - half, center + half, color_b, 6.0f);
    const double gap = sat.number_or("gap", spacing - size.y);
    if (gap > 0.0) {
        const ImU32 gap_color = role_color("gap");
        axis_piece(context, base, normal, -center + half, center - half, gap_color, 3.0f);
        const std::string text =
            tr_format(TextKey::gadget_twin_gap, format_number(gap, "%.2f").c_str());
        const glm::vec2 middle = context.camera.world_to_screen(base);
        draw_label(context, ImVec2(middle.x + overlay_size(10.0f), middle.y - overlay_size(8.0f)),
                   gap_color, text.c_str());
    }

    // The broad phase's verdict against the narrow phase's.
    const std::string dx = format_number(sat.number_or("box_dx", 0.0), "%.2f");
    const std::string dy = format_number(sat.number_or("box_dy", 0.0), "%.2f");
    std::string verdict;
    ImU32 verdict_color = overlap;
    if (!sat.flag("boxes_overlap")) {
        verdict = tr_format(TextKey::gadget_twin_apart, dx.c_str(), dy.c_str());
        verdict_color = role_color("correct");
    } else if (sat.flag("false_positive")) {
        verdict = tr_format(TextKey::gadget_twin_false_positive, dx.c_str(), dy.c_str());
        verdict_color = to_imgui_color(overlay_colors.false_positive);
    } else {
        verdict = tr_format(TextKey::gadget_twin_true_overlap, dx.c_str(), dy.c_str());
    }
    const Box2 both = merge(box_a, box_b);
    const glm::vec2 corner = context.camera.world_to_screen(glm::vec2(both.min.x, both.max.y));
    draw_label(context, ImVec2(corner.x, corner.y - overlay_size(24.0f)), verdict_color,
               verdict.c_str());
}

}  // namespace aabb::ui

// The transform trio (L05): the world box of a local box under x' = M·x + Δ with M = s·R(θ),
// computed three ways (curriculum §3): Arvo's c' = M·c + Δ, e' = |M|·e (green), all four
// corners transformed and bounded (dashed: the same box), and only min and max transformed
// (the bug, magenta: under a rotation the other corners stick out; the unit square at 45°
// collapses to a line). With s < 0, min and max transformed and kept as they are give
// min > max, which is no box at all; both points are shown. An inset plots the box's area
// against θ over the whole handle range with a marker at θ (the step-up view): a 2 × 0.1 bar's
// box grows 11× at 45°. Every box comes from core/geometry/box_transform.hpp or
// core/lesson/deliberately_wrong.hpp, as the box_transform readout computes it.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "core/geometry/box_transform.hpp"
#include "core/lesson/deliberately_wrong.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr float degrees = std::numbers::pi_v<float> / 180.0f;
// The plot's θ range: the lesson's angle handle runs over a full turn.
constexpr float plot_low = -180.0f;
constexpr float plot_high = 180.0f;

/// The transform of the gadget: scale, angle and translation.
struct Transform {
    float scale = 1.0f;
    float angle_deg = 0.0f;
    glm::vec2 translation{0.0f};
    [[nodiscard]] glm::mat2 linear(float angle) const {
        return rotation_2d(angle * degrees) * scale;
    }
};

/// Area of the box by `method` at angle `angle_deg` over the area at 0° (the readout's
/// area_ratio); NaN when the box at 0° has no area.
float area_ratio(const Box2& local, const Transform& transform, float angle_deg,
                 bool min_max_only) {
    const auto box_at = [&](float angle) {
        const glm::mat2 linear = transform.linear(angle);
        return min_max_only ? deliberately_wrong::transformed_min_max_only(local, linear,
                                                                           transform.translation)
                            : transformed(local, linear, transform.translation);
    };
    const float base = area(box_at(0.0f));
    return base > 0.0f ? area(box_at(angle_deg)) / base : std::nanf("");
}

/// "w × h" of a box in the readouts' format.
std::string size_text(const Box2& box) {
    return format_number(box.size().x, "%.3f") + " × " + format_number(box.size().y, "%.3f");
}

/// The area-against-θ plot with the three methods' sizes under it.
void draw_plot(const GadgetContext& context, const Box2& local, const Transform& transform,
               const Box2& arvo, const Box2& corners, const Box2& min_max) {
    const Inset inset = draw_inset(context, InsetPlace::top_right, {380.0f, 290.0f},
                                   tr(TextKey::gadget_trio_title));
    const ScopedClip clip(context.draw_list, inset.frame);
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    const GadgetContext in_frame = context.with_camera(frame_camera);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    // The legend: one line per method, in its color.
    const ImU32 correct = role_color("correct");
    const ImU32 corner_color = role_color("c");
    const ImU32 bug = role_color("bug");
    // The marker's reading right of it where it fits; else (a narrow inset at a large UI scale,
    // where it would cover the ratio labels) as the legend's first row.
    const float plot_left = inset.body.min.x + ImGui::CalcTextSize("00×").x;
    const float plot_right = inset.body.max.x - 0.5f * line;
    const float angle_now = std::clamp(transform.angle_deg, plot_low, plot_high);
    const float ratio_now = area_ratio(local, transform, transform.angle_deg, false);
    const std::string reading =
        tr_format(TextKey::gadget_trio_marker, format_number(transform.angle_deg, "%.0f").c_str(),
                  format_number(ratio_now, "%.3f").c_str());
    const float marker_x =
        plot_left + (angle_now - plot_low) / (plot_high - plot_low) * (plot_right - plot_left);
    const bool reading_in_legend =
        marker_x + overlay_size(9.0f) + ImGui::CalcTextSize(reading.c_str()).x > inset.body.max.x;
    // Each wrapped to the inset (a narrow one at a large UI scale gives them more lines and the
    // plot less room).
    const std::string sizes[4] = {{}, size_text(arvo), size_text(corners), size_text(min_max)};
    const std::string legends[4] = {reading_in_legend ? reading : std::string(),
                                    tr_format(TextKey::gadget_trio_arvo, sizes[1].c_str()),
                                    tr_format(TextKey::gadget_trio_corners, sizes[2].c_str()),
                                    tr_format(TextKey::gadget_trio_min_max, sizes[3].c_str())};
    const ImU32 legend_colors[4] = {correct, correct, corner_color, bug};
    const int first_legend = reading_in_legend ? 0 : 1;
    float legend_lines = 0.0f;
    for (int i = first_legend; i < 4; ++i)
        legend_lines += float(inset_lines(legends[i], inset.body.size().x, sizes[i]).size());
    float legend_y = inset.body.max.y - legend_lines * line;
    for (int i = first_legend; i < 4; ++i)
        legend_y = draw_inset_text(context.draw_list, inset.body, {inset.body.min.x, legend_y},
                                   legend_colors[i], legends[i], false, sizes[i]);

    // Half a line under the title: the top ratio label is centered on its line.
    const ScreenRect plot{{plot_left, inset.body.min.y + 0.5f * line},
                          {plot_right, inset.body.max.y - (legend_lines + 1.4f) * line}};
    if (plot.size().y < 8.0f) return;
    constexpr int samples = 144;
    float ratios[2][samples + 1];
    float top = 1.0f;
    for (int method = 0; method < 2; ++method) {
        for (int i = 0; i <= samples; ++i) {
            const float angle = plot_low + (plot_high - plot_low) * float(i) / samples;
            ratios[method][i] = area_ratio(local, transform, angle, method == 1);
            if (std::isfinite(ratios[method][i])) top = std::max(top, ratios[method][i]);
        }
    }
    top *= 1.1f;
    const auto at = [&](float angle, float ratio) {
        const float x = (angle - plot_low) / (plot_high - plot_low);
        const float y = std::clamp(ratio / top, 0.0f, 1.0f);
        return ImVec2(plot.min.x + x * plot.size().x, plot.max.y - y * plot.size().y);
    };
    const ImU32 dim = to_imgui_color(palette.text_dim);
    const ImU32 grid = to_imgui_color(palette.grid_major);
    // The angles centered under their lines, kept inside the inset; one that would touch the
    // angle before it (a small inset at a large scale) is left out.
    float shown_right = -1e9f;
    for (float angle = plot_low; angle <= plot_high; angle += 45.0f) {
        const ImVec2 bottom = at(angle, 0.0f);
        context.draw_list.AddLine(ImVec2(bottom.x, plot.min.y), bottom, grid);
        char label[16];
        std::snprintf(label, sizeof label, "%.0f°", angle);
        const float width = ImGui::CalcTextSize(label).x;
        // Right of the ratio labels' column (the lowest ratio label may sit on the axis).
        const float left = std::clamp(bottom.x - width * 0.5f, plot.min.x,
                                      std::max(inset.body.max.x - width, inset.body.min.x));
        if (left < shown_right + 4.0f) continue;
        shown_right = left + width;
        canvas_text(context.draw_list, ImVec2(left, plot.max.y + 2.0f), dim, label,
                    TextOwner::inset);
    }
    const float highest = std::floor(top / 1.1f);
    for (const float ratio : {1.0f, highest}) {
        // Once when the highest whole ratio is 1.
        if (ratio == highest && highest <= 1.0f) continue;
        // Left out where a short plot (a small inset at a large scale) puts it on the 1× label.
        if (ratio == highest && at(plot_low, 1.0f).y - at(plot_low, highest).y < line) continue;
        const ImVec2 left = at(plot_low, ratio);
        context.draw_list.AddLine(left, ImVec2(plot.max.x, left.y), grid);
        char label[16];
        std::snprintf(label, sizeof label, "%.0f×", ratio);
        const float width = ImGui::CalcTextSize(label).x;
        canvas_text(context.draw_list, ImVec2(plot.min.x - width - 3.0f, left.y - 0.5f * line), dim,
                    label, TextOwner::inset);
    }
    for (int method = 1; method >= 0; --method) {
        ImVec2 points[samples + 1];
        int count = 0;
        for (int i = 0; i <= samples; ++i) {
            if (!std::isfinite(ratios[method][i])) continue;
            points[count++] =
                at(plot_low + (plot_high - plot_low) * float(i) / samples, ratios[method][i]);
        }
        context.draw_list.AddPolyline(points, count, method == 0 ? correct : with_alpha(bug, 170),
                                      0, overlay_stroke(method == 0 ? 2.5f : 1.5f));
    }
    if (!std::isfinite(ratio_now)) return;
    const ImVec2 marker = at(angle_now, ratio_now);
    context.draw_list.AddCircleFilled(marker, overlay_size(6.0f), correct);
    context.draw_list.AddCircle(marker, overlay_size(6.0f), to_imgui_color(palette.text), 0,
                                overlay_stroke(1.5f));
    if (!reading_in_legend)
        draw_label(in_frame, ImVec2(marker.x + overlay_size(9.0f), marker.y - 0.5f * line), correct,
                   reading.c_str());
}

}  // namespace

void draw_transform_trio(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    if (box == nullptr || !box->box.is_valid()) return;
    Transform transform;
    transform.angle_deg = static_cast<float>(context.number("angle", 0.0));
    transform.scale = static_cast<float>(context.number("scale", 1.0));
    if (const lesson::LessonObject* moved = context.object("translation"))
        transform.translation = moved->vector;
    const Box2& local = box->box;
    const glm::mat2 linear = transform.linear(transform.angle_deg);
    const Box2 arvo = transformed(local, linear, transform.translation);
    const Box2 corners = transformed_by_corners(local, linear, transform.translation);
    const Box2 min_max =
        deliberately_wrong::transformed_min_max_only(local, linear, transform.translation);
    const Box2 direct =
        deliberately_wrong::transformed_min_max_directly(local, linear, transform.translation);

    // The local box where it was, then the shape itself: the four corners mapped.
    const ImU32 color = object_color(*box);
    draw_dashed_world_box(context, local, to_imgui_color(palette.text_dim), 1.5f);
    const glm::vec2 local_tag = context.camera.world_to_screen(glm::vec2(local.min.x, local.min.y));
    draw_label(context, ImVec2(local_tag.x, local_tag.y + overlay_size(4.0f)),
               to_imgui_color(palette.text_dim), tr(TextKey::gadget_trio_local));
    ImVec2 shape[4];
    for (int i = 0; i < 4; ++i)
        shape[i] = to_imvec(
            context.camera.world_to_screen(linear * local.corner(i) + transform.translation));
    const ImVec2 outline[4] = {shape[0], shape[1], shape[3], shape[2]};  // corner(i) is bit order
    context.draw_list.AddConvexPolyFilled(outline, 4, with_alpha(color, 70));
    context.draw_list.AddPolyline(outline, 4, color, ImDrawFlags_Closed, overlay_stroke(2.0f));

    const ImU32 correct = role_color("correct");
    const ImU32 bug = role_color("bug");
    draw_world_box(context, arvo, correct, 3.0f);
    draw_dashed_world_box(context, corners, role_color("c"), 2.0f);
    draw_world_box(context, min_max, bug, 2.0f);
    const ScreenRect arvo_rect = context.camera.world_to_screen(arvo);
    draw_label(context,
               ImVec2(arvo_rect.max.x + overlay_size(6.0f), arvo_rect.min.y - overlay_size(2.0f)),
               correct, tr(TextKey::gadget_trio_tag_arvo));
    const ScreenRect bug_rect = context.camera.world_to_screen(min_max);
    draw_label(context,
               ImVec2(bug_rect.max.x + overlay_size(6.0f), bug_rect.max.y - overlay_size(16.0f)),
               bug, tr(TextKey::gadget_trio_tag_min_max));
    if (!direct.is_valid()) {
        // min > max on some axis: two points, not a box.
        const glm::vec2 from = context.camera.world_to_screen(direct.min);
        const glm::vec2 to = context.camera.world_to_screen(direct.max);
        dashed_line(context.draw_list, from, to, bug, overlay_stroke(1.5f));
        draw_world_point(context, direct.min, bug, "s·min");
        draw_world_point(context, direct.max, bug, "s·max");
        draw_label(context, ImVec2(to.x, to.y + overlay_size(14.0f)), bug,
                   tr(TextKey::gadget_trio_not_a_box));
    }
    draw_plot(context, local, transform, arvo, corners, min_max);
}

}  // namespace aabb::ui

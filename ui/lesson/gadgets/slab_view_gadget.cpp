// The slab view gadget (L11): a ray against a box is the intersection of its two slabs
// (curriculum §6). The box's x slab (a vertical band) and y slab (a horizontal band) are drawn
// across the canvas, the ray's piece inside each in the slab's color, the piece inside both —
// inside the box — in bold, and the entry and exit points with their t.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_animation.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/lesson/gadgets/interval_rows.hpp"
#include "ui/lesson/lesson_timeline.hpp"
#include "ui/model/ray_probe.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// A labelled mark at the ray's point of parameter `t`.
void mark(const GadgetContext& context, const Ray2& ray, float t, ImU32 color, TextKey name) {
    const std::string text = tr_format(name, format_number(t).c_str());
    draw_world_point(context, ray.origin + ray.direction * t, color, text.c_str());
}

/// The t number line along the bottom of the canvas: the ray's interval in the x slab, in the
/// y slab, and in both (the box), each a row; t = 0 (the origin) marked. With a `t` number (a
/// step's animated handle) a cursor runs along it and the point o + t·d on the canvas is drawn
/// in the result color while it is inside the box.
void draw_t_line(const GadgetContext& context, const Ray2& ray, const SlabView& view) {
    const AxisInterval x{view.x.entry, view.x.exit};
    const AxisInterval y{view.y.entry, view.y.exit};
    const AxisInterval both{std::max(x.low, y.low), std::min(x.high, y.high)};
    const lesson::LessonObject* moving = context.object("t");
    const auto t = static_cast<float>(context.number("t", 0.0));
    // The axis spans t = 0, every finite end, and the cursor, with a margin.
    float low = 0.0f;
    float high = 1.0f;
    for (const float end : {x.low, x.high, y.low, y.high}) {
        if (!std::isfinite(end)) continue;
        low = std::min(low, end);
        high = std::max(high, end);
    }
    if (moving != nullptr) {
        low = std::min(low, t);
        high = std::max(high, t);
        // One scale for the whole animation of t, so the line does not rescale as it moves.
        if (const std::optional<lesson::Range> animated = animated_range(context, "t")) {
            low = std::min(low, static_cast<float>(animated->low));
            high = std::max(high, static_cast<float>(animated->high));
        }
    }
    const float margin = 0.08f * (high - low);
    const float thick = overlay_size(8.0f);
    const float line = ImGui::GetTextLineHeight();
    // The x and y rows at least a line apart, so their names do not touch.
    const float row_gap = std::max(1.6f * thick, 1.1f * line);
    const ScreenRect band =
        lesson_bottom_band(context.camera.viewport(), context.runtime.animation() != nullptr,
                           4.6f * thick + row_gap + 1.4f * line);
    record_band(band);
    // Opaque: no world shows through the gadget.
    context.draw_list.AddRectFilled(to_imvec(band.min), to_imvec(band.max),
                                    to_imgui_color(overlay_colors.text_backdrop.with_alpha(255)));
    const float name_room = ImGui::CalcTextSize("x").x + overlay_size(12.0f);
    const NumberAxis axis{band.min.x + name_room, band.size().x - name_room - 8.0f, low - margin,
                          high + margin};
    const float x_row = band.min.y + 1.2f * thick;
    const float y_row = x_row + row_gap;
    const float both_row = y_row + 2.2f * thick;
    const float labels_y = both_row + 1.4f * thick;
    const bool lit = moving != nullptr;
    draw_interval_row(context, axis, x_row, 0.8f * thick, x, role_color("slab_x"),
                      lit && x.holds(t), "x");
    draw_interval_row(context, axis, y_row, 0.8f * thick, y, role_color("slab_y"),
                      lit && y.holds(t), "y");
    draw_interval_row(context, axis, both_row, 1.8f * thick, both, role_color("result"),
                      lit && both.holds(t), nullptr);
    // t = 0, the origin: what lies left of it is behind the ray.
    const ImU32 text = to_imgui_color(palette.text);
    const float zero = axis.x_of(0.0f);
    context.draw_list.AddLine(ImVec2(zero, x_row - thick), ImVec2(zero, both_row + thick), text,
                              overlay_stroke(1.5f));
    draw_band_label(context, ImVec2(zero - 0.5f * ImGui::CalcTextSize("t = 0").x, labels_y), text,
                    "t = 0");
    if (!both.empty()) {
        for (const float end : {both.low, both.high}) {
            if (!std::isfinite(end)) continue;
            const std::string value = format_number(end);
            const float width = ImGui::CalcTextSize(value.c_str()).x;
            draw_band_label(context, ImVec2(axis.x_of(end) - 0.5f * width, labels_y),
                            role_color("result"), value.c_str());
        }
    }
    if (!lit) return;
    draw_axis_cursor(context, axis, t, x_row - thick, both_row + thick, text);
    const bool inside = both.holds(t);
    const std::string label = "t = " + format_number(t, "%.2f");
    draw_world_point(context, ray.origin + ray.direction * t,
                     inside ? role_color("result") : role_color("ray"), label.c_str());
}

}  // namespace

void draw_slab_view(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    const lesson::LessonObject* origin = context.object("origin");
    const lesson::LessonObject* direction = context.object("direction");
    if (box == nullptr || origin == nullptr || direction == nullptr || !box->box.is_valid()) return;
    const Ray2 ray{origin->vector, direction->vector};
    const Box2& b = box->box;
    draw_slab_bands(context, b);
    draw_world_box(context, b, object_color(*box), 2.0f, 40);
    // The whole ray to the edge of the view, then the slab pieces over it.
    const float end = draw_ray_to_view_edge(context, ray, role_color("ray"));
    if (!(glm::dot(ray.direction, ray.direction) > 0.0f)) return;
    const SlabView view = slab_view(ray, b);
    draw_t_line(context, ray, view);
    draw_ray_piece(context, ray, view.x.entry, view.x.exit, end, role_color("slab_x"),
                   overlay_stroke(6.0f));
    draw_ray_piece(context, ray, view.y.entry, view.y.exit, end, role_color("slab_y"),
                   overlay_stroke(6.0f));
    if (!view.hit.hit) return;
    const ImU32 hit_color = role_color("result");
    draw_ray_piece(context, ray, view.hit.t_enter, view.hit.t_exit, end, hit_color,
                   overlay_stroke(3.0f));
    if (!view.hit.origin_inside)
        mark(context, ray, view.hit.t_enter, hit_color, TextKey::gadget_slab_enter);
    if (std::isfinite(view.hit.t_exit))
        mark(context, ray, view.hit.t_exit, hit_color, TextKey::gadget_slab_exit);
}

}  // namespace aabb::ui

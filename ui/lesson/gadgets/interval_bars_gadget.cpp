// The interval bars gadget (L02, L03): a box is the product of two intervals (curriculum §2).
// Boxes A and B are drawn with their x intervals as bars under them and their y intervals as
// bars beside them; each axis's overlap min(Amax, Bmax) − max(Amin, Bmin) is highlighted
// between the bars, green when it is >= 0 (an overlap or a touch), red when it is a gap. With an
// `offset` number (L03) the dx label gives dx as written and as stored in float at that offset,
// where a gap of 0.01 may be stored as 0 (touching).

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/geometry/overlap.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// A bar from `low` to `high` along one axis at a fixed screen offset from the boxes.
struct AxisBar {
    float low;
    float high;
};

/// The x bars of A and B below the lower box, stacked, and the overlap segment.
/// What the dx label says: "dx = …", or with an `offset` number (L03) dx as written and as
/// stored in float at that offset (the float_gap readout's), in the color of the stored verdict.
struct DxLabel {
    std::string text;
    ImU32 color;
};

DxLabel dx_label(const GadgetContext& context, float dx) {
    char text[48];
    std::snprintf(text, sizeof text, "dx = %.3g", dx);
    DxLabel label{text, role_color(dx >= 0.0f ? "overlap" : "gap")};
    if (context.object("offset") == nullptr) return label;
    CatalogQuery stored(context, "float_gap");
    stored.object("a", "a").object("b", "b").object("offset", "offset");
    const double stored_dx = stored.number_or("stored_dx", dx);
    label.text = tr_format(TextKey::gadget_interval_stored,
                           format_number(stored.number_or("dx", dx), "%.4g").c_str(),
                           format_number(stored_dx, "%.4g").c_str());
    label.color = role_color(stored_dx >= 0.0 ? "overlap" : "gap");
    return label;
}

void draw_x_bars(const GadgetContext& context, const Box2& a, const Box2& b, ImU32 color_a,
                 ImU32 color_b) {
    const Camera& camera = context.camera;
    const float bottom = camera.world_to_screen(glm::vec2(0.0f, std::min(a.min.y, b.min.y))).y;
    const float gap = overlay_size(14.0f);
    const float thick = overlay_size(6.0f);
    const auto bar = [&](AxisBar interval, float y, ImU32 color) {
        const float x0 = camera.world_to_screen(glm::vec2(interval.low, 0.0f)).x;
        const float x1 = camera.world_to_screen(glm::vec2(interval.high, 0.0f)).x;
        context.draw_list.AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + thick), color, thick * 0.3f);
    };
    bar({a.min.x, a.max.x}, bottom + gap, color_a);
    bar({b.min.x, b.max.x}, bottom + gap + thick * 1.8f, color_b);
    const float dx = overlap_lengths(a, b).x;
    const float low = std::max(a.min.x, b.min.x);
    const float high = std::min(a.max.x, b.max.x);
    const ImU32 verdict = role_color(dx >= 0.0f ? "overlap" : "gap");
    const float y = bottom + gap + thick * 3.8f;
    const float x0 = camera.world_to_screen(glm::vec2(std::min(low, high), 0.0f)).x;
    const float x1 = camera.world_to_screen(glm::vec2(std::max(low, high), 0.0f)).x;
    context.draw_list.AddLine(ImVec2(x0, y), ImVec2(std::max(x1, x0 + 1.0f), y), verdict,
                              overlay_stroke(3.0f));
    // The bars hang below the boxes at fixed pixel distances: the stage keeps room for them.
    const float left = camera.world_to_screen(glm::vec2(std::min(a.min.x, b.min.x), 0.0f)).x;
    const float right = camera.world_to_screen(glm::vec2(std::max(a.max.x, b.max.x), 0.0f)).x;
    extend_drawn_screen(context, {{left, bottom}, {right, y + overlay_stroke(3.0f)}});
    const DxLabel label = dx_label(context, dx);
    draw_label(context, ImVec2(std::max(x0, x1) + overlay_size(6.0f), y - overlay_size(8.0f)),
               label.color, label.text.c_str());
}

/// The y bars of A and B left of the leftmost box, side by side, and the overlap segment.
void draw_y_bars(const GadgetContext& context, const Box2& a, const Box2& b, ImU32 color_a,
                 ImU32 color_b) {
    const Camera& camera = context.camera;
    const float left = camera.world_to_screen(glm::vec2(std::min(a.min.x, b.min.x), 0.0f)).x;
    const float gap = overlay_size(14.0f);
    const float thick = overlay_size(6.0f);
    const auto bar = [&](AxisBar interval, float x, ImU32 color) {
        const float y0 = camera.world_to_screen(glm::vec2(0.0f, interval.high)).y;
        const float y1 = camera.world_to_screen(glm::vec2(0.0f, interval.low)).y;
        context.draw_list.AddRectFilled(ImVec2(x - thick, y0), ImVec2(x, y1), color, thick * 0.3f);
    };
    bar({a.min.y, a.max.y}, left - gap, color_a);
    bar({b.min.y, b.max.y}, left - gap - thick * 1.8f, color_b);
    const float dy = overlap_lengths(a, b).y;
    const float low = std::max(a.min.y, b.min.y);
    const float high = std::min(a.max.y, b.max.y);
    const ImU32 verdict = role_color(dy >= 0.0f ? "overlap" : "gap");
    const float x = left - gap - thick * 3.8f;
    const float y0 = camera.world_to_screen(glm::vec2(0.0f, std::max(low, high))).y;
    const float y1 = camera.world_to_screen(glm::vec2(0.0f, std::min(low, high))).y;
    context.draw_list.AddLine(ImVec2(x, y0), ImVec2(x, std::max(y1, y0 + 1.0f)), verdict,
                              overlay_stroke(3.0f));
    const float top = camera.world_to_screen(glm::vec2(0.0f, std::max(a.max.y, b.max.y))).y;
    const float low_y = camera.world_to_screen(glm::vec2(0.0f, std::min(a.min.y, b.min.y))).y;
    extend_drawn_screen(context, {{x - overlay_stroke(3.0f), top}, {left, low_y}});
    char text[48];
    std::snprintf(text, sizeof text, "dy = %.3g", dy);
    const float width = ImGui::CalcTextSize(text).x;
    draw_label(context,
               ImVec2(x - width - overlay_size(8.0f), (y0 + y1) * 0.5f - overlay_size(8.0f)),
               verdict, text);
}

}  // namespace

void draw_interval_bars(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    if (a == nullptr || b == nullptr || !a->box.is_valid() || !b->box.is_valid()) return;
    const ImU32 color_a = object_color(*a);
    const ImU32 color_b = object_color(*b);
    draw_world_box(context, a->box, color_a, 2.0f, 50);
    draw_world_box(context, b->box, color_b, 2.0f, 50);
    const Box2 both = intersection(a->box, b->box);
    if (both.is_valid()) draw_world_box(context, both, role_color("overlap"), 2.5f, 90);
    for (const lesson::LessonObject* box : {a, b}) {
        const glm::vec2 corner =
            context.camera.world_to_screen(glm::vec2(box->box.min.x, box->box.max.y));
        draw_label(context, ImVec2(corner.x + overlay_size(4.0f), corner.y + overlay_size(4.0f)),
                   object_color(*box), object_label(*box));
    }
    draw_x_bars(context, a->box, b->box, color_a, color_b);
    draw_y_bars(context, a->box, b->box, color_a, color_b);
}

}  // namespace aabb::ui

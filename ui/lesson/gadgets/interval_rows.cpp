#include "ui/lesson/gadgets/interval_rows.hpp"

#include <algorithm>
#include <cmath>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"

namespace aabb::ui {

float NumberAxis::x_of(float value) const {
    const float span = high - low;
    const float fraction = span > 0.0f ? (value - low) / span : 0.0f;
    // ±∞ clamp to the ends; NaN goes to the left end rather than nowhere.
    return left + width * (std::isnan(fraction) ? 0.0f : std::clamp(fraction, 0.0f, 1.0f));
}

void draw_interval_row(const GadgetContext& context, const NumberAxis& axis, float y, float thick,
                       const AxisInterval& interval, ImU32 color, bool lit, const char* name) {
    ImDrawList& draw_list = context.draw_list;
    draw_list.AddRectFilled(ImVec2(axis.left, y - thick * 0.2f),
                            ImVec2(axis.left + axis.width, y + thick * 0.2f),
                            to_imgui_color(palette.text_dim));
    if (!interval.empty() && interval.high >= axis.low && interval.low <= axis.high) {
        const float x0 = axis.x_of(interval.low);
        const float x1 = std::max(axis.x_of(interval.high), x0 + 2.0f);
        draw_list.AddRectFilled(ImVec2(x0, y - thick * 0.5f), ImVec2(x1, y + thick * 0.5f),
                                lit ? color : with_alpha(color, 150));
        if (lit)
            draw_list.AddRect(ImVec2(x0, y - thick * 0.5f), ImVec2(x1, y + thick * 0.5f),
                              to_imgui_color(palette.text), 0.0f, 0, overlay_stroke(1.5f));
    }
    if (name != nullptr) {
        const float width = ImGui::CalcTextSize(name).x;
        canvas_text(
            draw_list,
            ImVec2(axis.left - width - overlay_size(8.0f), y - 0.5f * ImGui::GetTextLineHeight()),
            color, name, TextOwner::timeline);
    }
}

void draw_axis_cursor(const GadgetContext& context, const NumberAxis& axis, float value, float top,
                      float bottom, ImU32 color) {
    const float x = axis.x_of(value);
    const float size = overlay_size(5.0f);
    context.draw_list.AddLine(ImVec2(x, top), ImVec2(x, bottom), color, overlay_stroke(2.5f));
    context.draw_list.AddTriangleFilled(ImVec2(x - size, top - 1.6f * size),
                                        ImVec2(x + size, top - 1.6f * size), ImVec2(x, top), color);
}

}  // namespace aabb::ui

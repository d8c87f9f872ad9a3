// The τ timeline gadget (L08, L09): a step runs from τ = 0 to τ = 1. Along a bar at the bottom
// of the canvas it shows when the swept boxes overlap (the window [enter, exit] of the swept
// test, curriculum §5) and, when the lesson samples the step N times, the ticks k/N: a sample
// inside the window catches the bullet, one outside misses it (tunneling).

#include <algorithm>
#include <cmath>
#include <string>

#include "core/geometry/swept_box.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

void draw_tau_timeline(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    const lesson::LessonObject* da = context.object("da");
    if (a == nullptr || b == nullptr || da == nullptr || !a->box.is_valid() || !b->box.is_valid())
        return;
    const lesson::LessonObject* db = context.object("db");
    const glm::vec2 relative_b = db != nullptr ? db->vector : glm::vec2(0.0f);
    const SweepResult<2> sweep_result = sweep(a->box, da->vector, b->box, relative_b);

    // The bar: the middle of the canvas, above the lesson bar (timeline_area), recorded as the
    // layout's timeline so the card and the stage keep clear of it.
    const float thick = overlay_size(8.0f);
    const float line = ImGui::GetTextLineHeight();
    const ScreenRect band = timeline_area(context.camera, 4.8f * thick + 2.0f * line);
    if (LayoutRecord* record = current_layout_record())
        record->set_region(layout_region::timeline, band);
    const float width = band.size().x - 2.0f * thick;
    const float x0 = band.min.x + thick;
    const float y = band.min.y + line + 2.4f * thick;
    const auto x_of = [&](float tau) { return x0 + width * std::clamp(tau, 0.0f, 1.0f); };
    context.draw_list.AddRectFilled(to_imvec(band.min), to_imvec(band.max),
                                    to_imgui_color(overlay_colors.text_backdrop));
    context.draw_list.AddRectFilled(ImVec2(x0, y - thick * 0.25f),
                                    ImVec2(x0 + width, y + thick * 0.25f),
                                    to_imgui_color(palette.text_dim));
    const ImU32 window_color = role_color("time");
    if (sweep_result.state != SweepState::separated) {
        context.draw_list.AddRectFilled(ImVec2(x_of(sweep_result.time_of_impact), y - thick),
                                        ImVec2(std::max(x_of(sweep_result.time_of_exit),
                                                        x_of(sweep_result.time_of_impact) + 2.0f),
                                               y + thick),
                                        window_color);
    }
    const ImU32 text = to_imgui_color(palette.text);
    const float below = y + 1.8f * thick;
    canvas_text(context.draw_list, ImVec2(x0, below), text, "τ = 0", TextOwner::timeline);
    canvas_text(context.draw_list, ImVec2(x0 + width - ImGui::CalcTextSize("1").x, below), text,
                "1", TextOwner::timeline);
    const std::string caption = sweep_result.state == SweepState::separated
                                    ? std::string(tr(TextKey::gadget_tau_none))
                                    : tr_format(TextKey::gadget_tau_window,
                                                format_number(sweep_result.time_of_impact).c_str(),
                                                format_number(sweep_result.time_of_exit).c_str());
    canvas_text(context.draw_list, ImVec2(x0, band.min.y + 0.5f * thick), window_color,
                caption.c_str(), TextOwner::timeline);
    const int samples = static_cast<int>(std::lround(context.number("samples", 0.0)));
    if (samples <= 0 || samples > 64) return;
    for (int k = 1; k <= samples; ++k) {
        const float tau = static_cast<float>(k) / static_cast<float>(samples);
        const bool caught = sweep_result.state != SweepState::separated &&
                            tau >= sweep_result.time_of_impact && tau <= sweep_result.time_of_exit;
        const ImU32 color = role_color(caught ? "hit" : "miss");
        context.draw_list.AddLine(ImVec2(x_of(tau), y - 1.6f * thick),
                                  ImVec2(x_of(tau), y + 1.6f * thick), color,
                                  overlay_stroke(caught ? 3.0f : 2.0f));
    }
}

}  // namespace aabb::ui

// The τ timeline gadget (L08, L09, L10): a step runs from τ = 0 to τ = 1. Along a bar at the
// bottom of the canvas it shows, one row per axis, when the moving boxes' intervals overlap on
// x and on y (the swept test's per-axis windows), and below them when they overlap on both at
// once (the window [enter, exit], curriculum §5); when the lesson samples the step N times, the
// ticks k/N on that row: a sample inside the window catches the bullet, one outside misses it
// (tunneling). With a `tau` number (a step's animated handle), a cursor runs along the bar: the
// rows light up while τ lies in their window, the samples already taken are drawn on the canvas
// as ghosts of the bullet at k/N, and the boxes themselves are drawn at the moment τ.

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "core/geometry/swept_box.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/lesson/gadgets/interval_rows.hpp"
#include "ui/lesson/lesson_timeline.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

using Window = AxisInterval;

Window in_step(float entry, float exit) {
    return {std::max(entry, 0.0f), std::min(exit, 1.0f)};
}

/// The samples k/N ≤ τ already taken, as ghosts, B at the moment τ when it moves, and (when
/// `boxes`: no swept_region draws it already) A at τ with its label.
void draw_moment(const GadgetContext& context, const lesson::LessonObject& a,
                 const lesson::LessonObject& b, glm::vec2 da, glm::vec2 db, float tau, int samples,
                 const Window& contact, bool boxes) {
    for (int k = 1; k <= samples; ++k) {
        const float sample = static_cast<float>(k) / static_cast<float>(samples);
        if (sample > tau) break;
        const ImU32 color = role_color(contact.holds(sample) ? "hit" : "miss");
        draw_dashed_world_box(context, translated(a.box, sample * da), color, 1.5f);
    }
    const Box2 b_now = translated(b.box, tau * db);
    if (db != glm::vec2(0.0f)) draw_world_box(context, b_now, object_color(b), 2.0f, 60);
    if (!boxes) return;
    CatalogQuery moment(context, "swept");
    moment.object("a", "a").object("b", "b").object("da", "da").object("db", "db");
    moment.number("tau", tau);
    const bool touching = moment.flag("tau_overlaps");
    const Box2 a_now = translated(a.box, tau * da);
    draw_world_box(context, a_now, touching ? role_color("hit") : object_color(a), 3.0f, 110);
    const std::string label =
        tr_format(TextKey::gadget_tau_now, format_number(tau, "%.2f").c_str());
    // Under the box: the world's own labels (TOI ghosts) sit above boxes.
    const ScreenRect rect = context.camera.world_to_screen(a_now);
    draw_label(context, ImVec2(rect.min.x, rect.max.y + overlay_size(4.0f)),
               touching ? role_color("hit") : object_color(a), label.c_str());
}

/// Where the τ bar goes: `height` pixels tall along the bottom of the canvas, above the lesson
/// bar and the timeline of an animated step.
ScreenRect tau_band(const GadgetContext& context, float height) {
    return lesson_bottom_band(context.camera.viewport(), context.runtime.animation() != nullptr,
                              height);
}

/// True when a swept_region gadget the step draws shows box A at τ already (L09, L10), so the
/// timeline draws only the samples, not A a second time.
bool region_shows_moment(const GadgetContext& context) {
    const lesson::LessonRuntime& runtime = context.runtime;
    const auto name_of = [](const lesson::Gadget& gadget, std::string_view role) {
        for (const auto& [key, object] : gadget.objects)
            if (key == role) return object;
        return std::string();
    };
    const std::string a = name_of(context.gadget, "a");
    const auto& gadgets = runtime.lesson().gadgets;
    for (std::size_t i = 0; i < gadgets.size(); ++i) {
        if (gadgets[i].kind == "swept_region" && runtime.gadget_visible(i) &&
            name_of(gadgets[i], "box") == a && !name_of(gadgets[i], "tau").empty())
            return true;
    }
    return false;
}

}  // namespace

void draw_tau_timeline(const GadgetContext& context) {
    const lesson::LessonObject* a = context.object("a");
    const lesson::LessonObject* b = context.object("b");
    const lesson::LessonObject* da = context.object("da");
    if (a == nullptr || b == nullptr || da == nullptr || !a->box.is_valid() || !b->box.is_valid())
        return;
    const lesson::LessonObject* db = context.object("db");
    const glm::vec2 b_motion = db != nullptr ? db->vector : glm::vec2(0.0f);
    const SweepResult<2> sweep_result = sweep(a->box, da->vector, b->box, b_motion);
    const Window per_axis[2] = {in_step(sweep_result.entry_times.x, sweep_result.exit_times.x),
                                in_step(sweep_result.entry_times.y, sweep_result.exit_times.y)};
    const Window contact = sweep_result.state == SweepState::separated
                               ? Window{1.0f, 0.0f}
                               : Window{sweep_result.time_of_impact, sweep_result.time_of_exit};
    const lesson::LessonObject* tau_object = context.object("tau");
    const bool moving = tau_object != nullptr;
    const auto tau = static_cast<float>(std::clamp(context.number("tau", 0.0), 0.0, 1.0));
    const int samples = static_cast<int>(std::lround(context.number("samples", 0.0)));
    const bool sampled = samples > 0 && samples <= 64;
    if (moving)
        draw_moment(context, *a, *b, da->vector, b_motion, tau, sampled ? samples : 0, contact,
                    !region_shows_moment(context));

    // The band: caption, the x and y rows, the contact row and the labels under it, over a
    // backdrop; the axis spans it less room for the row names.
    const float thick = overlay_size(8.0f);
    const float line = ImGui::GetTextLineHeight();
    // The x and y rows at least a line apart, so their names do not touch.
    const float row_gap = std::max(1.6f * thick, 1.1f * line);
    const ScreenRect band = tau_band(context, 2.5f * line + 4.6f * thick + row_gap);
    record_band(band);
    context.draw_list.AddRectFilled(to_imvec(band.min), to_imvec(band.max),
                                    // Opaque: no world shows through the gadget.
                                    to_imgui_color(overlay_colors.text_backdrop.with_alpha(255)));
    const float name_room = ImGui::CalcTextSize("x").x + overlay_size(12.0f);
    const NumberAxis axis{band.min.x + name_room, band.size().x - name_room - 8.0f, 0.0f, 1.0f};
    const float caption_y = band.min.y + 0.2f * line;
    const float x_row = caption_y + 1.1f * line + thick;
    const float y_row = x_row + row_gap;
    const float contact_y = y_row + 2.4f * thick;
    const float labels_y = contact_y + 1.2f * thick;
    draw_interval_row(context, axis, x_row, thick * 0.8f, per_axis[0], role_color("slab_x"),
                      moving && per_axis[0].holds(tau), "x");
    draw_interval_row(context, axis, y_row, thick * 0.8f, per_axis[1], role_color("slab_y"),
                      moving && per_axis[1].holds(tau), "y");
    const ImU32 window_color = role_color("time");
    draw_interval_row(context, axis, contact_y, thick * 2.0f, contact, window_color,
                      moving && contact.holds(tau), nullptr);
    const ImU32 text = to_imgui_color(palette.text);
    // The ends of the axis, each left out when the cursor's value would run into it.
    const std::string value =
        tr_format(TextKey::gadget_tau_now, format_number(tau, "%.2f").c_str());
    const float value_width = ImGui::CalcTextSize(value.c_str()).x;
    // Centered under the cursor, kept inside the band at its ends.
    const float value_left = std::clamp(axis.x_of(tau) - 0.5f * value_width, band.min.x + 2.0f,
                                        std::max(band.max.x - value_width - 2.0f, band.min.x));
    const float pad = overlay_size(8.0f);
    const float start_right = axis.left - 6.0f + ImGui::CalcTextSize("τ = 0").x;
    if (!moving || start_right + pad < value_left)
        draw_band_label(context, ImVec2(axis.left - 6.0f, labels_y), text, "τ = 0");
    if (!moving || value_left + value_width + pad < axis.left + axis.width - 10.0f)
        draw_band_label(context, ImVec2(axis.left + axis.width - 10.0f, labels_y), text, "1");
    const std::string caption = sweep_result.state == SweepState::separated
                                    ? std::string(tr(TextKey::gadget_tau_none))
                                    : tr_format(TextKey::gadget_tau_window,
                                                format_number(sweep_result.time_of_impact).c_str(),
                                                format_number(sweep_result.time_of_exit).c_str());
    draw_band_label(context, ImVec2(axis.left, caption_y), window_color, caption.c_str());
    if (sampled) {
        for (int k = 1; k <= samples; ++k) {
            const float sample = static_cast<float>(k) / static_cast<float>(samples);
            const bool caught = contact.holds(sample);
            const bool taken = !moving || sample <= tau;
            const ImU32 color = role_color(caught ? "hit" : "miss", taken ? 255 : 110);
            context.draw_list.AddLine(ImVec2(axis.x_of(sample), contact_y - 1.6f * thick),
                                      ImVec2(axis.x_of(sample), contact_y + 1.6f * thick), color,
                                      overlay_stroke(caught ? 3.0f : 2.0f));
        }
    }
    if (!moving) return;
    // The cursor across the three rows, with τ's value under the bar.
    draw_axis_cursor(context, axis, tau, x_row - thick, contact_y + 1.8f * thick, text);
    draw_band_label(context, ImVec2(value_left, labels_y), text, value.c_str());
}

}  // namespace aabb::ui

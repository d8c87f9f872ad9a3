// The slab compare gadget (L12): the 0·∞ trap of the ray-box slab test (curriculum §6). One
// ray and one box drawn twice, side by side at one scale: left the naive test (1/0 = ±∞ by IEEE
// rules, then std::min / std::max of t1 and t2, or with the arguments swapped), right the
// guarded test the project uses (a parallel axis is decided without dividing: inside the closed
// slab it places no constraint). With the origin exactly on a slab plane of a parallel axis,
// (plane − o)·∞ = 0·∞ = NaN and the naive answer depends on the argument order; the guarded one
// does not. Each panel shows the slabs, the ray's piece in each, the verdict and the t values
// (NaN and ±∞ spelled out). The naive numbers are deliberately_wrong::naive_slab's, the guarded
// ones slab_view()'s (aabb::intersect), as the ray_slab readout computes them.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/lesson/deliberately_wrong.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/model/ray_probe.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// What one variant of the test computed.
struct SlabOutcome {
    glm::vec2 near_t{0.0f};
    glm::vec2 far_t{0.0f};
    float t_enter = 0.0f;
    float t_exit = 0.0f;
    bool hit = false;
    /// Extra lines under the verdict (the per-axis t1, t2 or the parallel-axis rule).
    std::vector<std::pair<std::string, ImU32>> notes;
};

const char* axis_name(int axis) {
    return axis == 0 ? "x" : "y";
}

SlabOutcome naive_outcome(const Box2& box, const Ray2& ray, bool swapped) {
    using deliberately_wrong::NaiveMinMax;
    const auto result = deliberately_wrong::naive_slab(
        box, ray.origin, ray.direction,
        swapped ? NaiveMinMax::swapped_arguments : NaiveMinMax::std_min_max);
    SlabOutcome outcome{result.near_t, result.far_t, result.t_enter, result.t_exit, result.hit, {}};
    const ImU32 text = to_imgui_color(palette.text);
    const ImU32 bug = role_color("bug");
    for (int axis = 0; axis < 2; ++axis) {
        const bool nan = std::isnan(result.t1[axis]) || std::isnan(result.t2[axis]);
        std::string line = std::string(axis_name(axis)) +
                           ": 1/d = " + format_number(result.inverse_direction[axis]) +
                           ", t1 = " + format_number(result.t1[axis]) +
                           ", t2 = " + format_number(result.t2[axis]);
        if (nan) line += "   (0·∞ = NaN)";
        outcome.notes.emplace_back(std::move(line), nan ? bug : text);
    }
    return outcome;
}

SlabOutcome guarded_outcome(const Box2& box, const Ray2& ray) {
    const SlabView view = slab_view(ray, box);
    SlabOutcome outcome{{view.x.entry, view.y.entry},
                        {view.x.exit, view.y.exit},
                        view.hit.t_enter,
                        view.hit.t_exit,
                        view.hit.hit,
                        {}};
    if (!view.hit.hit) {
        // slab_view's hit carries no t on a miss: the slabs' own latest entry and earliest exit.
        outcome.t_enter = std::max(view.x.entry, view.y.entry);
        outcome.t_exit = std::min(view.x.exit, view.y.exit);
    }
    const ImU32 text = to_imgui_color(palette.text);
    for (int axis = 0; axis < 2; ++axis) {
        std::string line;
        if (ray.direction[axis] != 0.0f) {
            line = std::string(axis_name(axis)) + ": t = [" +
                   format_number(axis == 0 ? view.x.entry : view.y.entry) + ", " +
                   format_number(axis == 0 ? view.x.exit : view.y.exit) + "]";
        } else {
            const bool inside =
                ray.origin[axis] >= box.min[axis] && ray.origin[axis] <= box.max[axis];
            line = tr_format(inside ? TextKey::gadget_slab_parallel_inside
                                    : TextKey::gadget_slab_parallel_outside,
                             axis_name(axis));
        }
        outcome.notes.emplace_back(std::move(line), text);
    }
    return outcome;
}

/// One panel: the slabs, the ray and its pieces, the verdict and the notes (wrapped to the
/// panel's width, never drawn smaller: a narrow panel at a large UI scale gives them more lines
/// and the picture less room).
void draw_panel(const GadgetContext& context, const ScreenRect& frame, const char* title,
                const Box2& box, const Ray2& ray, const Box2& shown, const SlabOutcome& outcome,
                bool wrong) {
    const Inset inset = draw_inset_at(context, frame, title);
    const ScopedClip clip(context.draw_list, inset.frame);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const std::string enter = format_number(outcome.t_enter);
    const std::string exit = format_number(outcome.t_exit);
    std::string verdict = outcome.hit
                              ? tr_format(TextKey::gadget_slab_hit, enter.c_str(), exit.c_str())
                              : tr_format(TextKey::gadget_slab_miss, enter.c_str(), exit.c_str());
    if (wrong) verdict += std::string("  ") + tr(TextKey::gadget_slab_wrong);
    const float width = inset.body.size().x;
    const std::vector<std::string> verdict_lines = inset_lines(verdict, width);
    std::size_t text_lines = verdict_lines.size();
    for (const auto& note : outcome.notes)
        text_lines += inset_lines(note.first, width).size();
    ScreenRect picture = inset.body;
    picture.max.y -= float(text_lines) * line + overlay_size(4.0f);
    picture.max.y = std::max(picture.max.y, picture.min.y + 1.0f);
    const Camera camera = panel_camera(picture, shown, overlay_size(10.0f));
    const GadgetContext panel = context.with_camera(camera);
    const lesson::LessonObject* box_object = context.object("box");
    draw_slab_bands(panel, box);
    draw_world_box(panel, box, box_object != nullptr ? object_color(*box_object) : role_color("b"),
                   2.0f, 40);
    const float end = draw_ray_to_view_edge(panel, ray, role_color("ray"));
    draw_ray_piece(panel, ray, outcome.near_t.x, outcome.far_t.x, end, role_color("slab_x"),
                   overlay_stroke(6.0f));
    draw_ray_piece(panel, ray, outcome.near_t.y, outcome.far_t.y, end, role_color("slab_y"),
                   overlay_stroke(6.0f));
    if (outcome.hit)
        draw_ray_piece(panel, ray, outcome.t_enter, outcome.t_exit, end, role_color("result"),
                       overlay_stroke(3.0f));

    float y = picture.max.y + overlay_size(4.0f);
    const ImU32 verdict_color =
        wrong ? role_color("bug") : role_color(outcome.hit ? "hit" : "miss");
    if (wrong) {
        float widest = 0.0f;
        for (const std::string& row : verdict_lines)
            widest = std::max(widest, ImGui::CalcTextSize(row.c_str()).x);
        hatch_rect(context.draw_list, {inset.body.min.x - 2.0f, y - 2.0f},
                   {inset.body.min.x + widest + 2.0f,
                    y + float(verdict_lines.size()) * line - line + ImGui::GetFontSize() + 2.0f},
                   with_alpha(verdict_color, 120));
    }
    y = draw_inset_text(context.draw_list, inset.body, {inset.body.min.x, y}, verdict_color,
                        verdict, true);
    for (const auto& [note, color] : outcome.notes)
        y = draw_inset_text(context.draw_list, inset.body, {inset.body.min.x, y}, color, note,
                            true);
}

}  // namespace

void draw_slab_compare(const GadgetContext& context) {
    const lesson::LessonObject* box = context.object("box");
    const lesson::LessonObject* origin = context.object("origin");
    const lesson::LessonObject* direction = context.object("direction");
    if (box == nullptr || origin == nullptr || direction == nullptr || !box->box.is_valid()) return;
    const Ray2 ray{origin->vector, direction->vector};
    const bool swapped = context.number("swapped", 0.0) != 0.0;
    const SlabOutcome naive = naive_outcome(box->box, ray, swapped);
    const SlabOutcome guarded = guarded_outcome(box->box, ray);
    // One scale for both: the box and the origin with room around them.
    Box2 shown = merge(box->box, Box2{ray.origin, ray.origin});
    shown = expanded(shown, std::max(1.0f, 0.2f * std::max(shown.size().x, shown.size().y)));
    const ScreenRect region = free_canvas_area(context.camera);
    const float gap = overlay_size(10.0f);
    const float width = 0.5f * (region.size().x - gap);
    const float height = std::min(region.size().y, width + 6.0f * ImGui::GetTextLineHeight());
    const ScreenRect left{region.min, {region.min.x + width, region.min.y + height}};
    const ScreenRect right{{region.max.x - width, region.min.y},
                           {region.max.x, region.min.y + height}};
    draw_panel(context, left,
               tr(swapped ? TextKey::gadget_slab_naive_swapped : TextKey::gadget_slab_naive),
               box->box, ray, shown, naive, naive.hit != guarded.hit);
    draw_panel(context, right, tr(TextKey::gadget_slab_guarded), box->box, ray, shown, guarded,
               false);
}

}  // namespace aabb::ui

// The growing pair (L06): a bar turned by Δθ per step, its box kept two ways side by side at
// one scale (curriculum §3, "越转越胖"). Left, the right way: every step the box is recomputed
// from the local box and the total angle k·Δθ, so after a full turn it is the bar's 2 × 0.1
// again. Right, the bug: last step's world box is turned again by Δθ; Arvo's |R| has no
// negative entries, so that box can only grow (16.8 × 16.8 after eight steps of 45°, 504.5 wide
// after 360 steps of 1°). Both boxes are the growing_box readout's: core's transformed() and
// deliberately_wrong::rotate_world_box_again, stepped the same number of times. When the step
// animates k (0 → 8: the box growing over a full turn), both panels keep the scale of the
// animation's largest k.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry/box_transform.hpp"
#include "core/lesson/deliberately_wrong.hpp"
#include "ui/lesson/gadgets/gadget_animation.hpp"
#include "ui/lesson/gadgets/gadget_inset.hpp"
#include "ui/lesson/gadgets/gadget_list.hpp"
#include "ui/lesson/gadgets/gadget_readouts.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

constexpr float degrees = std::numbers::pi_v<float> / 180.0f;
// The growing_box readout's bound on the steps, whatever a handle says.
constexpr double max_steps = 100000.0;

/// One of the two panels: the bar at its pose and the box kept for it.
void draw_panel(const GadgetContext& context, const ScreenRect& frame, const Box2& shown,
                const Box2& local, float angle, const Box2& kept, ImU32 box_color, TextKey title,
                const std::vector<std::string>& footer) {
    const Inset inset = draw_inset_at(context, frame, tr(title));
    const ScopedClip clip(context.draw_list, inset.frame);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const auto rows = static_cast<float>(footer.size());
    ScreenRect picture = inset.body;
    picture.max.y -= (rows + 0.2f) * line;
    const Camera camera = panel_camera(picture, shown, overlay_size(8.0f));
    const GadgetContext panel = context.with_camera(camera);
    const lesson::LessonObject* bar = context.object("box");
    const ImU32 bar_color = bar != nullptr ? object_color(*bar) : role_color("a");
    draw_world_box(panel, kept, box_color, 2.5f, 40);
    // The bar turned about the origin, as the readout turns the local box.
    draw_world_pose(panel, rotation_2d(angle) * local.center(), local.extents(), angle, bar_color,
                    2.0f, 120);
    Camera frame_camera;
    frame_camera.set_viewport(inset.frame);
    // One row each (the size, the growth): a panel is half the free area wide.
    for (std::size_t row = 0; row < footer.size(); ++row)
        draw_label(context.with_camera(frame_camera),
                   ImVec2(inset.body.min.x,
                          inset.body.max.y - (rows - static_cast<float>(row)) * line),
                   box_color, footer[row].c_str());
}

/// The bug's box after `steps` steps of `step` radians.
Box2 bug_box(const Box2& local, float step, double steps) {
    Box2 bug = local;
    for (double k = 0; k < steps; ++k)
        bug = deliberately_wrong::rotate_world_box_again(bug, step);
    return bug;
}

std::string size_line(const Box2& box) {
    return tr_format(TextKey::gadget_growing_size, format_number(box.size().x).c_str(),
                     format_number(box.size().y).c_str(), format_number(area(box)).c_str());
}

}  // namespace

void draw_growing_pair(const GadgetContext& context) {
    const lesson::LessonObject* bar = context.object("box");
    if (bar == nullptr || !bar->box.is_valid()) return;
    const double step_deg = context.number("step", 0.0);
    const double steps = std::floor(std::clamp(context.number("steps", 0.0), 0.0, max_steps));
    const auto step = static_cast<float>(step_deg) * degrees;
    const auto total = static_cast<float>(steps * step_deg) * degrees;
    const Box2& local = bar->box;
    const Box2 correct = transformed(local, rotation_2d(total), glm::vec2(0.0f));
    const Box2 bug = bug_box(local, step, steps);

    // Two panels side by side at one scale, so the sizes compare at a glance.
    const ScreenRect region = free_canvas_area(context.camera);
    const float gap = overlay_size(10.0f);
    const float width = 0.5f * (region.size().x - gap);
    // The step caption goes under the panels, inside the free area.
    const float caption_room = ImGui::GetTextLineHeight() + overlay_size(8.0f);
    const float height = std::min(region.size().y - caption_room,
                                  width + 5.0f * ImGui::GetTextLineHeight());
    const ScreenRect left{region.min, {region.min.x + width, region.min.y + height}};
    const ScreenRect right{{region.max.x - width, region.min.y},
                           {region.max.x, region.min.y + height}};
    // While k is animated, one scale for the whole animation: the bug's box is seen to grow.
    const std::optional<lesson::Range> animated = animated_range(context, "steps");
    const double peak = std::floor(
        std::clamp(animated ? std::max(animated->high, steps) : steps, steps, max_steps));
    const Box2 shown =
        merge(merge(peak > steps ? bug_box(local, step, peak) : bug, correct), local);
    draw_panel(context, left, shown, local, total, correct, role_color("correct"),
               TextKey::gadget_growing_correct, {size_line(correct)});
    const double ratio = double{area(bug)} / double{area(correct)};
    draw_panel(context, right, shown, local, total, bug, role_color("bug"),
               TextKey::gadget_growing_bug,
               {size_line(bug),
                tr_format(TextKey::gadget_growing_ratio, format_number(ratio, "%,.1f").c_str())});
    const std::string caption =
        tr_format(TextKey::gadget_growing_step, format_number(steps, "%,d").c_str(),
                  format_number(steps * step_deg, "%,.0f").c_str());
    Camera area_camera;
    area_camera.set_viewport(region);
    draw_label(context.with_camera(area_camera),
               ImVec2(region.min.x, region.min.y + height + overlay_size(6.0f)),
               to_imgui_color(palette.text), caption.c_str());
}

}  // namespace aabb::ui

// The impact ghosts overlay: time-of-impact ghosts of recent hits and tunnelings: the start
// pose (gray), the body's own shape at the true τ (red: the pose continuous detection reported,
// rotated as it was then, a circle or polygon drawn as such), the exit and end poses (blue),
// joined by the path. When the body it met moved or turned in the step (a spinning bar), that
// body is drawn at τ too (red, thinner): the two shapes as they touched. A path that ended at its
// contact (a swept body that stops, is removed or reflects) is drawn only up to it: nothing past
// the first wall it really met. The selected pair's events are drawn besides the newest.

#include <cmath>
#include <string>
#include <vector>

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/label_placement.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{
    lesson::overlay_name("toi-ghosts"), TextKey::overlay_toi_ghosts,
    TextKey::overlay_toi_ghosts_tip, &overlay_colors.ghost_hit};

/// Most recent events drawn (besides the selected pair's).
constexpr int max_drawn = 24;
/// Of those, the newest whose "TOI" is written (and the selected pair's): two dozen labels
/// would cover each other.
constexpr int max_labelled = 6;

/// `shape` at `center` turned by `angle`.
void draw_shape_at(const OverlayContext& context, const GhostShape& shape, glm::vec2 center,
                   float angle, Rgba8 color, float thickness) {
    const Camera& camera = context.camera;
    if (shape.shape == ShapeType::circle) {
        const glm::vec2 screen = camera.world_to_screen(center);
        const float radius = std::max(shape.radius * camera.zoom(), 1.0f);
        context.draw_list.AddCircleFilled(to_imvec(screen), radius,
                                          to_imgui_color(color.with_alpha(50)));
        context.draw_list.AddCircle(to_imvec(screen), radius, to_imgui_color(color), 0, thickness);
        return;
    }
    if (shape.shape == ShapeType::polygon && shape.polygon.size() >= 3) {
        const float c = std::cos(angle);
        const float s = std::sin(angle);
        std::vector<ImVec2> points;
        points.reserve(shape.polygon.size());
        for (const glm::vec2 local : shape.polygon) {
            const glm::vec2 world =
                center + glm::vec2(c * local.x - s * local.y, s * local.x + c * local.y);
            points.push_back(to_imvec(camera.world_to_screen(world)));
        }
        const int count = static_cast<int>(points.size());
        context.draw_list.AddConvexPolyFilled(points.data(), count,
                                              to_imgui_color(color.with_alpha(50)));
        context.draw_list.AddPolyline(points.data(), count, to_imgui_color(color),
                                      ImDrawFlags_Closed, thickness);
        return;
    }
    draw_pose(context.draw_list, camera, center, shape.half_size, angle, color, thickness);
}

void draw_ghost(const OverlayContext& context, const BulletEventRecord& event, bool chosen,
                bool labelled) {
    const Camera& camera = context.camera;
    const float emphasis = chosen ? 1.6f : 1.0f;
    const MotionEvent& motion = event.motion;
    const glm::vec2 impact = motion.body_pose.position;
    const glm::vec2 path_end = event.path_ends_at_impact ? impact : event.end;
    dashed_line(context.draw_list, camera.world_to_screen(event.start),
                camera.world_to_screen(path_end), to_imgui_color(overlay_colors.ghost_start),
                overlay_stroke(1.5f * emphasis));
    draw_shape_at(context, event.shape, event.start, event.angle, overlay_colors.ghost_start,
                  overlay_stroke(1.5f));
    if (!event.path_ends_at_impact) {
        draw_shape_at(context, event.shape, event.end, event.angle, overlay_colors.ghost_end,
                      overlay_stroke(1.5f));
    }
    if (event.tunneled()) {
        draw_shape_at(context, event.shape, event.exit, event.angle,
                      overlay_colors.ghost_end.with_alpha(160), overlay_stroke(1.0f));
    }
    if (event.other_moved) {
        draw_shape_at(context, event.other_shape, motion.other_pose.position,
                      motion.other_pose.angle, overlay_colors.ghost_hit.with_alpha(190),
                      overlay_stroke(1.5f * emphasis));
    }
    draw_shape_at(context, event.shape, impact, motion.body_pose.angle, overlay_colors.ghost_hit,
                  overlay_stroke(2.5f * emphasis));
    if (!labelled && !chosen) return;
    // Above the body at τ, clear of the labels drawn so far (two ghosts side by side would
    // write one τ over the other); where no free place is near, the ghost goes unlabelled.
    const std::string text = tr_format(TextKey::canvas_time_of_impact, motion.time_of_impact);
    const glm::vec2 top = camera.world_to_screen(impact + glm::vec2(0.0f, event.shape.half_size.y));
    const float font = ImGui::GetFontSize();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const float pad = overlay_size(2.0f);
    const ScreenRect view = clip_rect(context.draw_list);
    const LabelPlace place =
        place_label(top - glm::vec2(1.5f * font, 1.3f * font) - glm::vec2(pad),
                    glm::vec2(size.x, size.y) + 2.0f * pad, view, label_obstacles(view), pad);
    if (place.overlaps) return;
    overlay_text(context.draw_list, to_imvec(place.rect.min + glm::vec2(pad)),
                 to_imgui_color(overlay_colors.ghost_hit), text.c_str());
}

void draw_impact_ghosts(const OverlayContext& context, const OverlaySources& sources) {
    const auto& events = sources.simulation.bullets().events();
    const std::optional<BodyId> selected = sources.selection.selected();
    const std::optional<BodyId> second = sources.selection.second();
    const auto chosen = [&](const BulletEventRecord& event) {
        return selected && event.motion.body == *selected &&
               (!second || event.motion.other == *second);
    };
    const auto newest = [&](int count) {
        return events.size() > static_cast<std::size_t>(count) ? events.size() - count : 0;
    };
    const std::size_t first = newest(max_drawn);
    const std::size_t first_labelled = newest(max_labelled);
    for (std::size_t k = 0; k < events.size(); ++k) {
        const BulletEventRecord& event = events[k];
        // An escape is no contact: it has no time of impact to show.
        if (event.motion.kind == MotionEventKind::escaped) continue;
        const bool is_chosen = chosen(event);
        if (k < first && !is_chosen) continue;
        draw_ghost(context, event, is_chosen, k >= first_labelled);
    }
}

}  // namespace

const OverlayDefinition impact_ghosts_overlay{description, draw_impact_ghosts};

}  // namespace aabb::ui

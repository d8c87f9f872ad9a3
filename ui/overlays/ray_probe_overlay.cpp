// The ray probe overlay: the ray tool's ray across the canvas, each box it hits marked at its
// entry with t, and for the box under the cursor its two slabs with the ray's t-interval in
// each (curriculum §6: tEnter = max of entries, tExit = min of exits).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <imgui.h>

#include "core/geometry/ray.hpp"
#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/algorithm_words.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/text_catalog.hpp"

#include <string>

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("ray"), TextKey::overlay_ray,
                                         TextKey::overlay_ray_tip, &overlay_colors.ray};

/// Hits labelled at most (the nearest ones), so a ray through a crowd stays readable.
constexpr std::size_t max_labels = 16;

/// The point of `ray` at parameter t.
glm::vec2 at(const Ray2& ray, float t) {
    return ray.origin + ray.direction * t;
}

/// How far the ray runs before leaving the visible region (at least 1: the dragged end).
float visible_end(const Ray2& ray, const Box2& visible) {
    const RayBoxHit<2> view = intersect(ray, visible);
    const float end = view.hit && std::isfinite(view.t_exit) ? view.t_exit : 1.0f;
    return std::max(end, 1.0f);
}

/// The ray's piece with t in [from, to] (clamped to [0, end]), `thickness` pixels wide.
void ray_piece(const OverlayContext& context, const Ray2& ray, float from, float to, float end,
               ImU32 color, float thickness) {
    from = std::max(from, 0.0f);
    to = std::min(to, end);
    if (!(from <= to)) return;
    const glm::vec2 a = context.camera.world_to_screen(at(ray, from));
    const glm::vec2 b = context.camera.world_to_screen(at(ray, to));
    context.draw_list.AddLine(to_imvec(a), to_imvec(b), color, thickness);
}

/// The x and y slabs of `box` as translucent bands over the visible region, the ray inside
/// each in the slab's color, their overlap (inside the box) in bold, and the intervals.
void draw_slabs(const OverlayContext& context, const Ray2& ray, const Box2& box, float end) {
    const Box2 visible = context.camera.visible_world_box();
    const SlabView view = slab_view(ray, box);
    const Box2 x_band{{box.min.x, visible.min.y}, {box.max.x, visible.max.y}};
    const Box2 y_band{{visible.min.x, box.min.y}, {visible.max.x, box.max.y}};
    for (const auto& [band, color] :
         {std::pair{x_band, overlay_colors.slab_x}, std::pair{y_band, overlay_colors.slab_y}}) {
        const ScreenRect rect = context.camera.world_to_screen(band);
        context.draw_list.AddRectFilled(to_imvec(rect.min), to_imvec(rect.max),
                                        to_imgui_color(color));
    }
    const float wide = overlay_stroke(5.0f);
    ray_piece(context, ray, view.x.entry, view.x.exit, end,
              to_imgui_color(overlay_colors.slab_x.with_alpha(255)), wide);
    ray_piece(context, ray, view.y.entry, view.y.exit, end,
              to_imgui_color(overlay_colors.slab_y.with_alpha(255)), wide);
    if (view.hit.hit) {
        ray_piece(context, ray, view.hit.t_enter, view.hit.t_exit, end,
                  to_imgui_color(overlay_colors.ray), overlay_stroke(4.0f));
    }
    const std::string text =
        tr_format(TextKey::canvas_slabs, view.x.entry, view.x.exit, view.y.entry, view.y.exit,
                  tr(view.hit.hit ? TextKey::canvas_hit : TextKey::canvas_miss));
    const glm::vec2 corner = context.camera.world_to_screen(glm::vec2(box.max.x, box.max.y));
    overlay_text(context.draw_list,
                 ImVec2(corner.x + overlay_size(6.0f), corner.y - ImGui::GetFontSize()),
                 to_imgui_color(overlay_colors.ray), text.c_str());
}

/// The probe ray, its hits and the hovered box's slabs.
void draw_ray_probe(const OverlayContext& context, const OverlaySources& sources) {
    const std::optional<Ray2>& probe = sources.tools.ray_probe().ray();
    if (!probe) return;
    const Ray2& ray = *probe;
    const float end = visible_end(ray, context.camera.visible_world_box());
    const auto boxes = context.world.world_boxes();
    if (context.hovered && *context.hovered < boxes.size())
        draw_slabs(context, ray, boxes[*context.hovered], end);
    const ImU32 color = to_imgui_color(overlay_colors.ray);
    ray_piece(context, ray, 0.0f, end, end, color, overlay_stroke(1.5f));
    const glm::vec2 origin = context.camera.world_to_screen(ray.origin);
    const glm::vec2 tip = context.camera.world_to_screen(at(ray, 1.0f));
    context.draw_list.AddCircleFilled(to_imvec(origin), overlay_size(4.0f), color);
    context.draw_list.AddCircle(to_imvec(tip), overlay_size(4.0f), color, 0, overlay_stroke(1.5f));
    const std::vector<RayProbeHit> hits = sources.tools.ray_probe().cast(context.world);
    for (std::size_t k = 0; k < hits.size() && k < max_labels; ++k) {
        const glm::vec2 entry = context.camera.world_to_screen(at(ray, hits[k].t_enter));
        context.draw_list.AddCircleFilled(to_imvec(entry), overlay_size(3.5f), color);
        char text[32];
        std::snprintf(text, sizeof text, "t %.3g", hits[k].t_enter);
        overlay_text(context.draw_list, ImVec2(entry.x + overlay_size(5.0f), entry.y), color, text);
    }
    const BroadPhaseStats stats = context.world.broad_phase().stats();
    const std::string caption =
        tr_format(TextKey::canvas_ray_caption, hits.size(),
                  static_cast<unsigned long long>(stats.ray_node_visits),
                  static_cast<unsigned long long>(stats.ray_leaf_visits)) +
        "   " + algorithm_words(context.world.broad_phase().name(), current_language());
    overlay_text(context.draw_list,
                 ImVec2(origin.x + overlay_size(6.0f), origin.y + overlay_size(6.0f)), color,
                 caption.c_str());
}

}  // namespace

const OverlayDefinition ray_probe_overlay{description, draw_ray_probe};

}  // namespace aabb::ui

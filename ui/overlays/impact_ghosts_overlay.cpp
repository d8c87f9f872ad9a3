// The impact ghosts overlay: Time-of-impact ghosts of recent hits and tunnelings: start (gray),
// impact (red), exit and

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{
    TextKey::overlay_toi_ghosts, TextKey::overlay_toi_ghosts_tip, &overlay_colors.ghost_hit};

/// Most recent events drawn.
constexpr int max_drawn = 24;

/// Time-of-impact ghosts of recent hits and tunnelings: start (gray), impact (red), exit and
/// end (blue) poses joined by the path.
void draw_impact_ghosts(const OverlayContext& context, const OverlaySources& sources) {
    const auto& events = sources.simulation.bullets().events();
    const std::size_t first =
        events.size() > static_cast<std::size_t>(max_drawn) ? events.size() - max_drawn : 0;
    for (std::size_t k = first; k < events.size(); ++k) {
        const BulletEventRecord& event = events[k];
        const Camera& camera = context.camera;
        dashed_line(context.draw_list, camera.world_to_screen(event.start),
                    camera.world_to_screen(event.end), to_imgui_color(overlay_colors.ghost_start),
                    overlay_stroke(1.5f));
        draw_pose(context.draw_list, camera, event.start, event.half_size, event.angle,
                  overlay_colors.ghost_start, overlay_stroke(1.5f));
        draw_pose(context.draw_list, camera, event.end, event.half_size, event.angle,
                  overlay_colors.ghost_end, overlay_stroke(1.5f));
        if (event.tunneled) {
            draw_pose(context.draw_list, camera, event.exit, event.half_size, event.angle,
                      overlay_colors.ghost_end.with_alpha(160), overlay_stroke(1.0f));
        }
        draw_pose(context.draw_list, camera, event.impact, event.half_size, event.angle,
                  overlay_colors.ghost_hit, overlay_stroke(2.5f));
        const std::string text = tr_format(TextKey::canvas_time_of_impact, event.time_of_impact);
        const glm::vec2 label =
            camera.world_to_screen(event.impact + glm::vec2(0.0f, event.half_size.y));
        const float font = ImGui::GetFontSize();
        overlay_text(context.draw_list, ImVec2(label.x - 1.5f * font, label.y - 1.3f * font),
                     to_imgui_color(overlay_colors.ghost_hit), text.c_str());
    }
}

}  // namespace

const OverlayDefinition impact_ghosts_overlay{description, draw_impact_ghosts};

}  // namespace aabb::ui

// The tunneling markers overlay: A marker at every tunneling event since the scene started; stays
// visible.

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
constexpr OverlayDescription description{TextKey::overlay_tunneling, TextKey::overlay_tunneling_tip,
                                         &overlay_colors.tunneling};

/// A marker at every tunneling event since the scene started; stays visible.
void draw_tunneling_markers(const OverlayContext& context, const OverlaySources& sources) {
    for (const BulletEventRecord& event : sources.simulation.bullets().events()) {
        if (!event.tunneled) continue;
        const glm::vec2 inside = (event.impact + event.exit) * 0.5f;
        const glm::vec2 center = context.camera.world_to_screen(inside);
        const ImU32 color = to_imgui_color(overlay_colors.tunneling);
        const float radius = overlay_size(12.0f);
        const float width = overlay_stroke(3.0f);
        context.draw_list.AddCircle(to_imvec(center), radius, color, 0, width);
        context.draw_list.AddLine(ImVec2(center.x - radius * 0.7f, center.y - radius * 0.7f),
                                  ImVec2(center.x + radius * 0.7f, center.y + radius * 0.7f), color,
                                  width);
        context.draw_list.AddLine(ImVec2(center.x - radius * 0.7f, center.y + radius * 0.7f),
                                  ImVec2(center.x + radius * 0.7f, center.y - radius * 0.7f), color,
                                  width);
        const std::string text =
            tr_format(TextKey::canvas_tunneled, static_cast<unsigned long long>(event.frame));
        overlay_text(
            context.draw_list,
            ImVec2(center.x + radius + overlay_size(4.0f), center.y - 0.5f * ImGui::GetFontSize()),
            color, text.c_str());
    }
}

}  // namespace

const OverlayDefinition tunneling_markers_overlay{description, draw_tunneling_markers};

}  // namespace aabb::ui

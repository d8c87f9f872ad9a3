#include "ui/overlays/tunneling_markers_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"

namespace aabb::ui {

void TunnelingMarkersOverlay::draw(const OverlayContext& context) {
    for (const BulletEventRecord& event : simulation_.bullets().events()) {
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
        char text[64];
        std::snprintf(text, sizeof text, "tunneled, step %llu",
                      static_cast<unsigned long long>(event.frame));
        overlay_text(
            context.draw_list,
            ImVec2(center.x + radius + overlay_size(4.0f), center.y - 0.5f * ImGui::GetFontSize()),
            color, text);
    }
}

}  // namespace aabb::ui

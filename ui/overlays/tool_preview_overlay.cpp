// The tool preview overlay: Draws the drag in progress: the bullet's direction and speed, the
// wall's rectangle.

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/editing_tools.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{
    lesson::overlay_name("tool-preview"), TextKey::overlay_tool_preview,
    TextKey::overlay_tool_preview_tip, &overlay_colors.tool_preview};

/// Draws the drag in progress: the bullet's direction and speed, the wall's rectangle.
void draw_tool_preview(const OverlayContext& context, const OverlaySources& sources) {
    const auto drag = sources.tools.drag();
    if (!drag) return;
    const glm::vec2 from = context.camera.world_to_screen(drag->from);
    const glm::vec2 to = context.camera.world_to_screen(drag->to);
    const ImU32 color = to_imgui_color(overlay_colors.tool_preview);
    if (drag->tool == Tool::bullet) {
        context.draw_list.AddLine({from.x, from.y}, {to.x, to.y}, color, overlay_stroke(2.5f));
        context.draw_list.AddCircleFilled({to.x, to.y}, overlay_size(5.0f), color);
        const std::string text = tr_format(
            TextKey::canvas_bullet_speed,
            glm::length(drag->to - drag->from) * sources.tools.settings().bullet_speed_per_unit);
        context.draw_list.AddText({to.x + overlay_size(8.0f), to.y - 0.5f * ImGui::GetFontSize()},
                                  color, text.c_str());
    } else if (drag->tool == Tool::wall) {
        context.draw_list.AddRect({std::min(from.x, to.x), std::min(from.y, to.y)},
                                  {std::max(from.x, to.x), std::max(from.y, to.y)}, color, 0.0f, 0,
                                  overlay_stroke(2.0f));
    }
}

}  // namespace

const OverlayDefinition tool_preview_overlay{description, draw_tool_preview};

}  // namespace aabb::ui

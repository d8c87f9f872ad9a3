#include "ui/windows/canvas_toolbar.hpp"

#include <imgui.h>

namespace aabb::ui {

void draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets) {
    ImGui::SetNextWindowPos(ImVec2(canvas_area.min.x + 8.0f, canvas_area.min.y + 8.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin("##canvas_toolbar", nullptr, flags)) {
        if (ImGui::Button("Help (F1)")) targets.help_open = !targets.help_open;
        ImGui::SameLine();
        if (ImGui::Button("Compare (C)")) {
            targets.comparison.set_open(!targets.comparison.open());
        }
        ImGui::SameLine();
        if (ImGui::Button("A-")) change_ui_scale(targets, -1);
        ImGui::SameLine(0.0f, 2.0f);
        if (ImGui::Button("A+")) change_ui_scale(targets, 1);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("UI scale (Ctrl +, Ctrl -, Ctrl 0)");
        ImGui::SameLine();
        ImGui::Text("%.0f%%", targets.settings.ui_scale * 100.0f);
        ImGui::SameLine();
        bool high_contrast = targets.settings.high_contrast;
        if (ImGui::Checkbox("High contrast (H)", &high_contrast)) toggle_high_contrast(targets);
    }
    ImGui::End();
}

}  // namespace aabb::ui

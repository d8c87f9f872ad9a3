#include "ui/windows/help_window.hpp"

#include <algorithm>

#include <imgui.h>

#include "ui/commands/shortcuts.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

void draw_help_window(const ScreenRect& canvas_area, bool& open) {
    static bool was_open = false;
    if (!open) {
        was_open = false;
        return;
    }
    // Centered on the canvas when it fits there, else on the window; in front when it opens.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const glm::vec2 center = canvas_area.center();
    // About half the help's width (its longest line is some 30 characters of each column).
    const float half_width = 16.0f * ImGui::GetFontSize();
    const float x = std::clamp(center.x, std::min(half_width, display.x * 0.5f),
                               std::max(display.x - half_width, display.x * 0.5f));
    ImGui::SetNextWindowPos(ImVec2(x, center.y), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!was_open) ImGui::SetNextWindowFocus();
    was_open = true;
    ImGui::SetNextWindowBgAlpha(0.95f);
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize |
                                       ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin(tr_label(TextKey::help_title), &open, flags)) {
        constexpr ImGuiTableFlags table_flags =
            ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
        if (ImGui::BeginTable("shortcuts", 2, table_flags)) {
            for (const Shortcut& line : shortcuts()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_CheckMark), "%s",
                                   tr(line.keys));
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(tr(line.help));
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("%s", tr(TextKey::help_saved));
    }
    ImGui::End();
}

}  // namespace aabb::ui

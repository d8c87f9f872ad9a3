#include "ui/windows/help_window.hpp"

#include <algorithm>
#include <span>

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
    // About half the help's width (two pairs of columns of some 30 characters each).
    const float half_width = 30.0f * ImGui::GetFontSize();
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
        // Two pairs of columns (the first half of the table, then the second) when they fit
        // the window, so the help leaves the canvas visible around it; one pair otherwise.
        const std::span<const Shortcut> lines = shortcuts();
        float widest = 0.0f;
        for (const Shortcut& line : lines) {
            widest = std::max(widest, ImGui::CalcTextSize(tr(line.keys)).x +
                                          ImGui::CalcTextSize(tr(line.help)).x);
        }
        const float pair_width = widest + 4.0f * ImGui::GetStyle().CellPadding.x +
                                 2.0f * ImGui::GetStyle().ItemSpacing.x;
        const bool two_pairs = 2.0f * pair_width + 4.0f * ImGui::GetFontSize() < display.x;
        const std::size_t half = two_pairs ? (lines.size() + 1) / 2 : lines.size();
        if (ImGui::BeginTable("shortcuts", two_pairs ? 4 : 2, table_flags)) {
            for (std::size_t row = 0; row < half; ++row) {
                ImGui::TableNextRow();
                for (const std::size_t index : {row, row + half}) {
                    if (!two_pairs && index != row) break;
                    ImGui::TableNextColumn();
                    if (index >= lines.size()) {
                        ImGui::TableNextColumn();
                        continue;
                    }
                    ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_CheckMark), "%s",
                                       tr(lines[index].keys));
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(tr(lines[index].help));
                }
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("%s", tr(TextKey::help_saved));
    }
    ImGui::End();
}

}  // namespace aabb::ui

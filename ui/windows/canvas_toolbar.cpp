#include "ui/windows/canvas_toolbar.hpp"

#include <imgui.h>

#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// EN | 中文 as two joined buttons, the current language lit: each names its language in that
/// language, so a user who cannot read the other one still finds the way back.
void draw_language_toggle(CommandTargets& targets) {
    constexpr struct {
        Language language;
        TextKey label;
    } choices[] = {{Language::en, TextKey::toolbar_english},
                   {Language::zh, TextKey::toolbar_chinese}};
    for (const auto& choice : choices) {
        if (choice.language != Language::en) ImGui::SameLine(0.0f, 2.0f);
        const bool active = targets.settings.language == choice.language;
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(active ? ImGuiCol_TabActive
                                                                               : ImGuiCol_FrameBg));
        if (ImGui::Button(tr_label(choice.label))) set_interface_language(targets, choice.language);
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::toolbar_language_tip));
    }
}

}  // namespace

void draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets) {
    ImGui::SetNextWindowPos(ImVec2(canvas_area.min.x + 8.0f, canvas_area.min.y + 8.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin("##canvas_toolbar", nullptr, flags)) {
        if (ImGui::Button(tr_label(TextKey::toolbar_help))) targets.help_open = !targets.help_open;
        ImGui::SameLine();
        if (ImGui::Button(tr_label(TextKey::toolbar_compare))) {
            targets.comparison.set_open(!targets.comparison.open());
        }
        ImGui::SameLine();
        if (ImGui::Button(tr_label(TextKey::toolbar_smaller))) change_ui_scale(targets, -1);
        ImGui::SameLine(0.0f, 2.0f);
        if (ImGui::Button(tr_label(TextKey::toolbar_larger))) change_ui_scale(targets, 1);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::toolbar_scale_tip));
        ImGui::SameLine();
        ImGui::Text("%.0f%%", targets.settings.ui_scale * 100.0f);
        ImGui::SameLine();
        bool high_contrast = targets.settings.high_contrast;
        if (ImGui::Checkbox(tr_label(TextKey::toolbar_high_contrast), &high_contrast))
            toggle_high_contrast(targets);
        ImGui::SameLine();
        draw_language_toggle(targets);
    }
    ImGui::End();
}

}  // namespace aabb::ui

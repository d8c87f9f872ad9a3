#include "ui/windows/canvas_toolbar.hpp"

#include <imgui.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/widgets/overlay_rows.hpp"

namespace aabb::ui {

namespace {

/// The width of a button labelled `label`.
float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

/// The joined buttons `first` and `second`, 2 pixels apart.
float pair_width(const char* first, const char* second) {
    return button_width(first) + 2.0f + button_width(second);
}

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
        record_item_text(TextOwner::toolbar, tr(choice.label));
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::toolbar_language_tip));
    }
}

}  // namespace

float draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets) {
    ImGui::SetNextWindowPos(ImVec2(canvas_area.min.x + 8.0f, canvas_area.min.y + 8.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    float extra_height = 0.0f;
    if (ImGui::Begin("##canvas_toolbar", nullptr, flags)) {
        const ImGuiStyle& style = ImGui::GetStyle();
        // The buttons stay on the canvas (the panel is right of it; the window's padding may
        // reach a few pixels over its edge, as the one-row toolbar always did at 150%).
        OverlayRows rows(canvas_area.max.x - (canvas_area.min.x + 8.0f));
        record_window_region(layout_region::toolbar);
        if (ImGui::Button(tr_label(TextKey::toolbar_help))) targets.help_open = !targets.help_open;
        record_item_text(TextOwner::toolbar, tr(TextKey::toolbar_help));
        rows.next(button_width(tr(TextKey::toolbar_compare)));
        if (ImGui::Button(tr_label(TextKey::toolbar_compare))) {
            targets.comparison.set_open(!targets.comparison.open());
        }
        record_item_text(TextOwner::toolbar, tr(TextKey::toolbar_compare));
        // The scale this window uses (the one asked, or the largest the window allows) and,
        // when they differ, the one asked: the window's own limit, not a lost setting.
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        const float used = usable_ui_scale(targets.settings.ui_scale, display.x, display.y);
        char scale[96];
        std::snprintf(scale, sizeof scale, "%.0f%%", used * 100.0f);
        if (used != clamp_ui_scale(targets.settings.ui_scale)) {
            char asked[16];
            std::snprintf(asked, sizeof asked, "%.0f%%", targets.settings.ui_scale * 100.0f);
            const std::string note = tr_format(TextKey::toolbar_scale_capped, asked);
            std::snprintf(scale + std::strlen(scale), sizeof scale - std::strlen(scale), " %s",
                          note.c_str());
        }
        rows.next(pair_width(tr(TextKey::toolbar_smaller), tr(TextKey::toolbar_larger)) +
                  style.ItemSpacing.x + ImGui::CalcTextSize(scale).x);
        if (ImGui::Button(tr_label(TextKey::toolbar_smaller))) change_ui_scale(targets, -1);
        record_item_text(TextOwner::toolbar, tr(TextKey::toolbar_smaller));
        ImGui::SameLine(0.0f, 2.0f);
        if (ImGui::Button(tr_label(TextKey::toolbar_larger))) change_ui_scale(targets, 1);
        record_item_text(TextOwner::toolbar, tr(TextKey::toolbar_larger));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(TextKey::toolbar_scale_tip));
        ImGui::SameLine();
        ImGui::TextUnformatted(scale);
        record_item_text(TextOwner::toolbar, scale);
        if (used != clamp_ui_scale(targets.settings.ui_scale) && ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", tr(TextKey::toolbar_scale_capped_tip));
        rows.next(ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                  ImGui::CalcTextSize(tr(TextKey::toolbar_high_contrast)).x);
        bool high_contrast = targets.settings.high_contrast;
        if (ImGui::Checkbox(tr_label(TextKey::toolbar_high_contrast), &high_contrast))
            toggle_high_contrast(targets);
        record_item_text(TextOwner::toolbar, tr(TextKey::toolbar_high_contrast));
        rows.next(pair_width(tr(TextKey::toolbar_english), tr(TextKey::toolbar_chinese)));
        draw_language_toggle(targets);
        extra_height = rows.extra_height();
    }
    ImGui::End();
    return extra_height;
}

}  // namespace aabb::ui

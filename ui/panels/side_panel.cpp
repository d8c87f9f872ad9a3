#include "ui/panels/side_panel.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>

#include <imgui.h>

#include "core/broadphase/broad_phase_factory.hpp"
#include "ui/model/algorithm_words.hpp"
#include "ui/widgets/shared_widgets.hpp"

namespace aabb::ui {

SidePanel::SidePanel(const SimulationController& simulation)
    : broad_phase_names_(broad_phase_names()) {
    for (const PanelTabSpec& spec : panel_tab_specs)
        pages_.push_back(make_panel_page(spec.tab, simulation));
}

ScreenRect SidePanel::area_for(glm::vec2 display_size) {
    const float width = panel_width(display_size.x);
    return {{display_size.x - width, 0.0f}, display_size};
}

void SidePanel::draw(const ScreenRect& area, PanelContext& context) {
    ImGui::SetNextWindowPos(ImVec2(area.min.x, area.min.y));
    ImGui::SetNextWindowSize(ImVec2(area.size().x, area.size().y));
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                       ImGuiWindowFlags_NoCollapse |
                                       ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin("AABB Sandbox", nullptr, flags)) {
        // Always visible: what runs, play controls, and the numbers the sandbox is about.
        draw_broad_phase(context.simulation);
        draw_play_controls(context.simulation);
        draw_summary(context.simulation, context.timer);
        error_text(last_error_);
        error_text(settings_error_);
        // A step that failed (a resource budget, memory) paused the run: say why on every tab.
        if (const std::optional<AutoPause>& pause = context.simulation.auto_pause();
            pause && pause->cause == AutoPause::Cause::failure) {
            error_text(FramedMessage{TextKey::panel_simulation_stopped, pause->message});
        }
        draw_tabs(context);
    }
    ImGui::End();
}

void SidePanel::draw_tabs(PanelContext& context) {
    // The tabs as a grid of buttons, three per row: six labels never fit one row of a
    // 380-pixel panel without being cut, and every section must be findable at a glance.
    if (requested_tab_) current_tab_ = *requested_tab_;
    requested_tab_.reset();
    constexpr int per_row = 3;
    const float spacing = ImGui::GetStyle().ItemSpacing.x * 0.5f;
    const float width = (ImGui::GetContentRegionAvail().x - spacing * (per_row - 1)) / per_row;
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                        ImVec2(spacing, ImGui::GetStyle().ItemSpacing.y * 0.5f));
    int column = 0;
    for (const PanelTabSpec& spec : panel_tab_specs) {
        if (column++ % per_row != 0) ImGui::SameLine();
        const bool active = spec.tab == current_tab_;
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(active ? ImGuiCol_TabActive
                                                                               : ImGuiCol_FrameBg));
        if (ImGui::Button(tr_label(spec.label), ImVec2(width, 0.0f))) current_tab_ = spec.tab;
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(spec.tooltip));
    }
    ImGui::PopStyleVar();
    ImGui::Separator();
    const PanelTabSpec& spec = panel_tab_spec(current_tab_);
    // The tab's content scrolls on its own; the summary above stays in view. One child id per
    // tab (its command-line name, the same in every language) keeps each tab's scroll position.
    ImGui::PushID("tab_content");
    ImGui::BeginChild(spec.cli_name.data(), ImVec2(0.0f, 0.0f), false);
    pages_[static_cast<std::size_t>(current_tab_)]->draw(context);
    ImGui::EndChild();
    ImGui::PopID();
}

void SidePanel::draw_play_controls(SimulationController& simulation) {
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button(tr_label(simulation.paused() ? TextKey::panel_resume : TextKey::panel_pause),
                      ImVec2(half, 0.0f))) {
        simulation.set_paused(!simulation.paused());
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!simulation.paused());
    if (ImGui::Button(tr_label(TextKey::panel_single_step), ImVec2(half, 0.0f)))
        simulation.request_single_step();
    ImGui::EndDisabled();
}

void SidePanel::draw_summary(const SimulationController& simulation, const FrameTimer& timer) {
    const World& world = simulation.world();
    const BroadPhaseStats stats = world.broad_phase().stats();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("summary", 4, flags)) return;
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    ImGui::TableSetupColumn("name2", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("value2", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    char buffer[32];
    const auto cell = [](TextKey label, const char* value) {
        ImGui::TableNextColumn();
        // A long name ("Box-overlap pairs") wraps in its column rather than being cut.
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped_text(tr(label));
        ImGui::PopStyleColor();
        ImGui::TableNextColumn();
        const float width = ImGui::CalcTextSize(value).x;
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - width);
        ImGui::TextUnformatted(value);
    };
    const auto milliseconds = [&](double value) {
        std::snprintf(buffer, sizeof buffer, "%.3f ms", value);
        return buffer;
    };
    ImGui::TableNextRow();
    cell(TextKey::summary_objects, with_separators(world.bodies().size(), buffer));
    cell(TextKey::summary_candidates, with_separators(stats.candidate_pairs, buffer));
    ImGui::TableNextRow();
    cell(TextKey::summary_overlapping, with_separators(world.overlapping_pairs().size(), buffer));
    cell(TextKey::summary_box_tests, with_separators(stats.box_tests, buffer));
    ImGui::TableNextRow();
    cell(TextKey::summary_broad_phase_ms,
         milliseconds(world.last_timings().update_ms + world.last_timings().pairs_ms));
    cell(TextKey::summary_frame_ms, milliseconds(timer.last().cpu_ms()));
    ImGui::EndTable();
    ImGui::TextDisabled(
        tr(TextKey::summary_status), static_cast<unsigned long long>(world.frame()),
        simulation.steps_per_frame(),
        tr(simulation.paused() ? TextKey::summary_paused : TextKey::summary_running));
}

void SidePanel::draw_broad_phase(SimulationController& simulation) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(TextKey::panel_broad_phase));
    ImGui::SameLine();
    const std::string& current = simulation.scene().broad_phase;
    // Algorithms by their words in the interface's language (暴力法, sort-and-sweep), never by
    // their identifiers (issue 49).
    const auto words = [](const std::string& name) {
        return algorithm_words(name, current_language());
    };
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##broad_phase", words(current).c_str())) {
        for (const std::string& name : broad_phase_names_) {
            const bool selected = name == current;
            const std::string label = words(name) + "##" + name;
            if (ImGui::Selectable(label.c_str(), selected) && !selected) {
                try {
                    simulation.select_broad_phase(name);
                    last_error_.clear();
                } catch (const std::exception& error) {
                    last_error_.set(TextKey::panel_broad_phase_error, error);
                }
            }
            if (selected) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
}

}  // namespace aabb::ui

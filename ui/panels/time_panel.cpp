#include "ui/panels/time_panel.hpp"

#include <SDL_scancode.h>
#include <imgui.h>

namespace aabb::ui {

void TimePanel::handle_shortcuts(SimulationController& simulation) {
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_LEFT, true)) (void)simulation.step_back();
}

void TimePanel::draw(SimulationController& simulation, const ObjectSelection& selection) {
    ImGui::BeginDisabled(simulation.history().empty());
    if (ImGui::Button("<< Step back")) (void)simulation.step_back();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (simulation.history().too_large()) {
        ImGui::TextDisabled("history off above %zu bodies", simulation.history().max_bodies());
    } else {
        ImGui::TextDisabled("%zu steps of history (Left arrow)", simulation.history().size());
    }

    struct Preset {
        const char* label;
        float steps_per_frame;
    };
    constexpr Preset presets[] = {
        {"1/8 slow", 0.125f}, {"1/2", 0.5f}, {"Normal", 1.0f}, {"x4 fast", 4.0f}, {"x16", 16.0f}};
    for (const Preset& preset : presets) {
        if (&preset != presets) ImGui::SameLine();
        const bool active = simulation.steps_per_frame() == preset.steps_per_frame;
        if (active)
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(preset.label)) simulation.set_steps_per_frame(preset.steps_per_frame);
        if (active) ImGui::PopStyleColor();
    }

    bool on_tunneling = simulation.pause_on_tunneling();
    if (ImGui::Checkbox("Pause at the next tunneling event", &on_tunneling)) {
        simulation.set_pause_on_tunneling(on_tunneling);
    }
    ImGui::BeginDisabled(!selection.selected().has_value() &&
                         !simulation.pause_on_contact_of().has_value());
    bool on_contact = simulation.pause_on_contact_of().has_value();
    if (ImGui::Checkbox("Pause at the selected object's next contact", &on_contact)) {
        simulation.set_pause_on_contact_of(on_contact ? selection.selected() : std::nullopt);
    }
    ImGui::EndDisabled();
    if (!simulation.auto_pause_reason().empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.85f, 1.0f), "%s",
                           simulation.auto_pause_reason().c_str());
    }
}

}  // namespace aabb::ui

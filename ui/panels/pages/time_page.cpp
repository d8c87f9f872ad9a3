// The Time tab: speed (steps per frame; the time step itself never changes), step back through
// the recent history (also the Left arrow), slow-motion / normal / fast-forward presets, and
// auto-pause on the next tunneling event or the selected object's next contact.

#include <memory>

#include <imgui.h>

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

namespace {

void draw_speed(SimulationController& simulation) {
    float speed = simulation.steps_per_frame();
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderFloat("##speed", &speed, SimulationController::min_steps_per_frame,
                           SimulationController::max_steps_per_frame, "speed %.2f steps/frame",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
        simulation.set_steps_per_frame(speed);
    }
    const World& world = simulation.world();
    ImGui::TextDisabled("step %llu   %d this frame   fixed dt %.2f ms",
                        static_cast<unsigned long long>(world.frame()), simulation.last_steps(),
                        world.settings().time_step * 1000.0);
}

/// The Time page.
class TimePage final : public PanelPage {
  public:
    void draw(PanelContext& context) override;
};

void TimePage::draw(PanelContext& context) {
    SimulationController& simulation = context.simulation;
    const ObjectSelection& selection = context.selection;
    draw_speed(simulation);
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

}  // namespace

std::unique_ptr<PanelPage> make_time_page(const SimulationController&) {
    return std::make_unique<TimePage>();
}

}  // namespace aabb::ui

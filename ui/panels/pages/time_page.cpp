// The Time tab: speed (steps per frame; the time step itself never changes), step back through
// the recent history (also the Left arrow), slow-motion / normal / fast-forward presets, and
// auto-pause on the next tunneling event or the selected object's next contact.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include <imgui.h>

#include "ui/panels/panel_page.hpp"

namespace aabb::ui {

namespace {

void draw_speed(SimulationController& simulation) {
    float speed = simulation.steps_per_frame();
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderFloat("##speed", &speed, SimulationController::min_steps_per_frame,
                           SimulationController::max_steps_per_frame, tr(TextKey::time_speed),
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
        simulation.set_steps_per_frame(speed);
    }
    const World& world = simulation.world();
    ImGui::TextDisabled(tr(TextKey::time_status), static_cast<unsigned long long>(world.frame()),
                        simulation.last_steps(), world.settings().time_step * 1000.0);
}

/// The replay's scrubber: a slider over the recorded frames read so far (dragging past the
/// last reads on); the play, pause and step keys and step back work on the frames as on steps.
void draw_replay(SimulationController& simulation) {
    const RecordingPlayback* replay = simulation.replay();
    if (replay == nullptr) return;
    ImGui::TextUnformatted(tr_format(TextKey::time_replay, replay->source().c_str()).c_str());
    int frame = static_cast<int>(replay->frame());
    const int last = static_cast<int>(replay->known_frames()) - (replay->ended() ? 1 : 0);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderInt("##replay_frame", &frame, 0, std::max(last, 1),
                         tr(TextKey::time_replay_frame), ImGuiSliderFlags_AlwaysClamp)) {
        (void)simulation.seek_replay(frame);
    }
    ImGui::TextDisabled(
        replay->ended() ? tr(TextKey::time_replay_end) : tr(TextKey::time_replay_read),
        replay->known_frames());
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
    draw_replay(simulation);
    ImGui::BeginDisabled(simulation.history().empty());
    if (ImGui::Button(tr_label(TextKey::time_step_back))) (void)simulation.step_back();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (simulation.history().too_large()) {
        ImGui::TextDisabled(tr(TextKey::time_history_off),
                            simulation.history().byte_budget() >> 20);
    } else {
        ImGui::TextDisabled(tr(TextKey::time_history), simulation.history().size());
    }

    struct Preset {
        TextKey label;
        float steps_per_frame;
    };
    constexpr Preset presets[] = {{TextKey::time_preset_eighth, 0.125f},
                                  {TextKey::time_preset_half, 0.5f},
                                  {TextKey::time_preset_normal, 1.0f},
                                  {TextKey::time_preset_four, 4.0f},
                                  {TextKey::time_preset_sixteen, 16.0f}};
    for (const Preset& preset : presets) {
        if (&preset != presets) ImGui::SameLine();
        const bool active = simulation.steps_per_frame() == preset.steps_per_frame;
        if (active)
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(tr_label(preset.label)))
            simulation.set_steps_per_frame(preset.steps_per_frame);
        if (active) ImGui::PopStyleColor();
    }

    bool on_tunneling = simulation.pause_on_tunneling();
    if (ImGui::Checkbox(tr_label(TextKey::time_pause_on_tunneling), &on_tunneling)) {
        simulation.set_pause_on_tunneling(on_tunneling);
    }
    ImGui::BeginDisabled(!selection.selected().has_value() &&
                         !simulation.pause_on_contact_of().has_value());
    bool on_contact = simulation.pause_on_contact_of().has_value();
    if (ImGui::Checkbox(tr_label(TextKey::time_pause_on_contact), &on_contact)) {
        simulation.set_pause_on_contact_of(on_contact ? selection.selected() : std::nullopt);
    }
    ImGui::EndDisabled();
    // A failed step is shown above the tabs (side_panel.cpp), on every tab.
    if (const std::optional<AutoPause>& pause = simulation.auto_pause();
        pause && pause->cause != AutoPause::Cause::failure) {
        const std::string reason =
            pause->cause == AutoPause::Cause::tunneling
                ? tr_format(TextKey::time_paused_tunneling,
                            static_cast<unsigned long long>(pause->step))
                : tr_format(TextKey::time_paused_contact, static_cast<unsigned>(pause->body),
                            static_cast<unsigned long long>(pause->step));
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.85f, 1.0f), "%s", reason.c_str());
    }
}

}  // namespace

std::unique_ptr<PanelPage> make_time_page(const SimulationController&) {
    return std::make_unique<TimePage>();
}

}  // namespace aabb::ui

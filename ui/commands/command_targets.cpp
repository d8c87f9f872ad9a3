#include "ui/commands/command_targets.hpp"

#include <algorithm>
#include <cmath>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb::ui {

void change_ui_scale(CommandTargets& targets, int steps) {
    const float scale =
        steps == 0
            ? 1.0f
            : std::round(targets.settings.ui_scale * 10.0f + static_cast<float>(steps)) / 10.0f;
    const float clamped = clamp_ui_scale(scale);
    if (clamped != targets.settings.ui_scale) {
        targets.settings.ui_scale = clamped;
        targets.settings_changed = true;
    }
}

void toggle_high_contrast(CommandTargets& targets) {
    targets.settings.high_contrast = !targets.settings.high_contrast;
    targets.settings_changed = true;
}

void set_interface_language(CommandTargets& targets, Language language) {
    if (targets.settings.language == language) return;
    targets.settings.language = language;
    targets.settings_changed = true;
}

void toggle_language(CommandTargets& targets) {
    set_interface_language(targets, other_language(targets.settings.language));
}

void cycle_broad_phase(SimulationController& simulation, int direction) {
    const std::vector<std::string> names = broad_phase_names();
    const auto current = std::find(names.begin(), names.end(), simulation.scene().broad_phase);
    const long index = current == names.end() ? 0 : current - names.begin();
    const long count = static_cast<long>(names.size());
    const long next = ((index + direction) % count + count) % count;
    simulation.select_broad_phase(names[static_cast<std::size_t>(next)]);
}

void toggle_question_answer(lesson::LessonRuntime& runtime) {
    runtime.reveal_answer(!runtime.question_state().revealed);
}

}  // namespace aabb::ui

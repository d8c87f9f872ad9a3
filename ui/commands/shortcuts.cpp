#include "ui/commands/shortcuts.hpp"

#include <SDL_scancode.h>
#include <imgui.h>

#include <exception>

namespace aabb::ui {

namespace {

void toggle_help(CommandTargets& targets) {
    targets.help_open = !targets.help_open;
}

void close_help(CommandTargets& targets) {
    targets.help_open = false;
}

void toggle_pause(CommandTargets& targets) {
    targets.simulation.set_paused(!targets.simulation.paused());
}

void single_step(CommandTargets& targets) {
    targets.simulation.set_paused(true);
    targets.simulation.request_single_step();
}

void step_back(CommandTargets& targets) {
    (void)targets.simulation.step_back();
}

void fit_view(CommandTargets& targets) {
    targets.canvas.request_fit();
}

void next_broad_phase(CommandTargets& targets) {
    cycle_broad_phase(targets.simulation, 1);
}

void previous_broad_phase(CommandTargets& targets) {
    cycle_broad_phase(targets.simulation, -1);
}

void reset_scene(CommandTargets& targets) {
    // In lesson mode R reads the lesson file again (a teacher edits it and presses R);
    // otherwise it starts the scene over: reloads its file, or respawns the random boxes.
    if (targets.lessons.active()) {
        (void)targets.lessons.reload();
        return;
    }
    targets.simulation.reset();
}

void switch_detection(CommandTargets& targets) {
    SimulationController& simulation = targets.simulation;
    simulation.set_bullet_detection(simulation.bullet_detection() == DetectionMode::discrete
                                        ? DetectionMode::swept
                                        : DetectionMode::discrete);
}

bool in_lesson(const CommandTargets& targets) {
    return targets.lessons.active();
}

bool broad_phase_free(const CommandTargets& targets) {
    // Presenter clickers send B ("black screen"): in a lesson B changes nothing unless the
    // lesson lets the learner choose the broad phase.
    return targets.lessons.broad_phase_unlocked();
}

void next_step(CommandTargets& targets) {
    // A clicker's first press opens the first lesson.
    if (!targets.lessons.active()) {
        (void)targets.lessons.open(0);
        return;
    }
    (void)targets.lessons.next_step();
}

void previous_step(CommandTargets& targets) {
    (void)targets.lessons.previous_step();
}

void next_lesson(CommandTargets& targets) {
    if (!targets.lessons.active()) {
        (void)targets.lessons.open(0);
        return;
    }
    (void)targets.lessons.next_lesson();
}

void previous_lesson(CommandTargets& targets) {
    (void)targets.lessons.previous_lesson();
}

void first_step(CommandTargets& targets) {
    targets.lessons.first_step();
}

void last_step(CommandTargets& targets) {
    targets.lessons.last_step();
}

void restart_step(CommandTargets& targets) {
    targets.lessons.restart_step();
}

void reveal_answer(CommandTargets& targets) {
    if (lesson::LessonRuntime* runtime = targets.lessons.runtime())
        toggle_question_answer(*runtime);
}

bool step_animates(const CommandTargets& targets) {
    const lesson::LessonRuntime* runtime = targets.lessons.runtime();
    return runtime != nullptr && runtime->animation() != nullptr;
}

void toggle_animation(CommandTargets& targets) {
    targets.lessons.runtime()->toggle_animation();
}

void show_lessons(CommandTargets& targets) {
    targets.panel_hidden = false;
    targets.requested_tab = PanelTab::lessons;
}

void toggle_panel(CommandTargets& targets) {
    targets.panel_hidden = !targets.panel_hidden;
}

void compare_all(CommandTargets& targets) {
    targets.comparison.set_open(true);
    targets.comparison.request_compare();
}

void toggle_grid(CommandTargets& targets) {
    targets.canvas.layers().grid = !targets.canvas.layers().grid;
}

void toggle_aabbs(CommandTargets& targets) {
    targets.canvas.layers().aabb_outlines = !targets.canvas.layers().aabb_outlines;
}

void toggle_objects(CommandTargets& targets) {
    targets.canvas.layers().object_fill = !targets.canvas.layers().object_fill;
}

void toggle_pair_lines(CommandTargets& targets) {
    targets.canvas.layers().pair_lines = !targets.canvas.layers().pair_lines;
}

void scale_up(CommandTargets& targets) {
    change_ui_scale(targets, 1);
}

void scale_down(CommandTargets& targets) {
    change_ui_scale(targets, -1);
}

void scale_reset(CommandTargets& targets) {
    change_ui_scale(targets, 0);
}

using enum Modifiers;

using enum TextKey;

const Shortcut table[] = {
    {keys_f1, help_toggle_help, {{{SDL_SCANCODE_F1, any}}}, toggle_help, false, true},
    {keys_escape, help_close_help, {{{SDL_SCANCODE_ESCAPE, none}}}, close_help},
    {keys_space, help_pause, {{{SDL_SCANCODE_SPACE, none}}}, toggle_pause},
    {keys_s, help_single_step, {{{SDL_SCANCODE_S, none}}}, single_step, true},
    {keys_left, help_step_back, {{{SDL_SCANCODE_LEFT, none}}}, step_back, true},
    {keys_f, help_fit_view, {{{SDL_SCANCODE_F, none}}}, fit_view},
    {keys_b,
     help_next_broad_phase,
     {{{SDL_SCANCODE_B, none}}},
     next_broad_phase,
     false,
     false,
     broad_phase_free},
    {keys_shift_b,
     help_previous_broad_phase,
     {{{SDL_SCANCODE_B, shift}}},
     previous_broad_phase,
     false,
     false,
     broad_phase_free},
    {keys_r, help_reset, {{{SDL_SCANCODE_R, none}}}, reset_scene},
    {keys_d, help_detection, {{{SDL_SCANCODE_D, none}}}, switch_detection},
    {keys_c, help_compare, {{{SDL_SCANCODE_C, none}}}, compare_all},
    {keys_g, help_grid, {{{SDL_SCANCODE_G, none}}}, toggle_grid},
    {keys_a, help_aabbs, {{{SDL_SCANCODE_A, none}}}, toggle_aabbs},
    {keys_o, help_objects, {{{SDL_SCANCODE_O, none}}}, toggle_objects},
    {keys_p, help_pair_lines, {{{SDL_SCANCODE_P, none}}}, toggle_pair_lines},
    {keys_h, help_high_contrast, {{{SDL_SCANCODE_H, none}}}, toggle_high_contrast},
    {keys_z, help_language, {{{SDL_SCANCODE_Z, none}}}, toggle_language},
    {keys_ctrl_plus,
     help_larger,
     {{{SDL_SCANCODE_EQUALS, ctrl}, {SDL_SCANCODE_KP_PLUS, ctrl}}},
     scale_up},
    {keys_ctrl_minus,
     help_smaller,
     {{{SDL_SCANCODE_MINUS, ctrl}, {SDL_SCANCODE_KP_MINUS, ctrl}}},
     scale_down},
    {keys_ctrl_zero,
     help_default_size,
     {{{SDL_SCANCODE_0, ctrl}, {SDL_SCANCODE_KP_0, ctrl}}},
     scale_reset},
    {keys_page_down, help_next_step, {{{SDL_SCANCODE_PAGEDOWN, none}}}, next_step},
    {keys_page_up,
     help_previous_step,
     {{{SDL_SCANCODE_PAGEUP, none}}},
     previous_step,
     false,
     false,
     in_lesson},
    {keys_shift_page_down, help_next_lesson, {{{SDL_SCANCODE_PAGEDOWN, shift}}}, next_lesson},
    {keys_shift_page_up,
     help_previous_lesson,
     {{{SDL_SCANCODE_PAGEUP, shift}}},
     previous_lesson,
     false,
     false,
     in_lesson},
    {keys_home,
     help_first_step,
     {{{SDL_SCANCODE_HOME, none}}},
     first_step,
     false,
     false,
     in_lesson},
    {keys_end, help_last_step, {{{SDL_SCANCODE_END, none}}}, last_step, false, false, in_lesson},
    {keys_f5,
     help_restart_step,
     {{{SDL_SCANCODE_F5, none}}},
     restart_step,
     false,
     false,
     in_lesson},
    {keys_k,
     help_play_animation,
     {{{SDL_SCANCODE_K, none}}},
     toggle_animation,
     false,
     false,
     step_animates},
    {keys_l, help_lesson_list, {{{SDL_SCANCODE_L, none}}}, show_lessons},
    {keys_q,
     help_reveal_answer,
     {{{SDL_SCANCODE_Q, none}}},
     reveal_answer,
     false,
     false,
     in_lesson},
    {keys_tab, help_hide_panel, {{{SDL_SCANCODE_TAB, none}}}, toggle_panel},
    {keys_click, help_click},
    {keys_drag, help_drag},
    {keys_hover, help_hover},
};

bool modifiers_match(Modifiers wanted, const KeyPress& press) {
    switch (wanted) {
        case none:
            return !press.ctrl && !press.shift;
        case shift:
            return press.shift && !press.ctrl;
        case ctrl:
            return press.ctrl;
        case any:
            return true;
    }
    return false;
}

bool triggered(const Shortcut& shortcut, const KeyPress& press) {
    if (press.repeat && !shortcut.repeats) return false;
    for (const KeyChord& chord : shortcut.chords) {
        if (chord.scancode != 0 && chord.scancode == press.scancode &&
            modifiers_match(chord.modifiers, press))
            return true;
    }
    return false;
}

}  // namespace

std::span<const Shortcut> shortcuts() {
    return table;
}

void handle_keyboard_shortcuts(CommandTargets& targets, std::span<const KeyPress> presses) {
    const ImGuiIO& io = ImGui::GetIO();
    for (const KeyPress& press : presses) {
        for (const Shortcut& shortcut : table) {
            if (shortcut.run == nullptr) continue;
            if (shortcut.applies != nullptr && !shortcut.applies(targets)) continue;
            if (io.WantTextInput && !shortcut.while_typing) continue;
            if (!triggered(shortcut, press)) continue;
            try {
                shortcut.run(targets);
            } catch (const std::exception&) {
                // Names and counts the controller already accepted; a scene file that broke
                // since it loaded keeps the running scene.
            }
        }
    }
}

}  // namespace aabb::ui

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

void show_lessons(CommandTargets& targets) {
    targets.panel_hidden = false;
    targets.requested_tab = PanelTab::lessons;
}

void toggle_panel(CommandTargets& targets) {
    targets.panel_hidden = !targets.panel_hidden;
}

void switch_language(CommandTargets& targets) {
    targets.language = targets.language == LessonLanguage::english ? LessonLanguage::chinese
                                                                   : LessonLanguage::english;
}

void switch_detection(CommandTargets& targets) {
    SimulationController& simulation = targets.simulation;
    simulation.set_bullet_detection(simulation.bullet_detection() == DetectionMode::discrete
                                        ? DetectionMode::swept
                                        : DetectionMode::discrete);
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

const Shortcut table[] = {
    {"F1", "show / hide this help", {{{SDL_SCANCODE_F1, any}}}, toggle_help, false, true},
    {"Esc", "close this help", {{{SDL_SCANCODE_ESCAPE, none}}}, close_help},
    {"Space", "pause / resume", {{{SDL_SCANCODE_SPACE, none}}}, toggle_pause},
    {"S", "single step (pauses)", {{{SDL_SCANCODE_S, none}}}, single_step, true},
    {"Left arrow",
     "step back one step (also undoes an edit)",
     {{{SDL_SCANCODE_LEFT, none}}},
     step_back,
     true},
    {"F", "fit the world in view", {{{SDL_SCANCODE_F, none}}}, fit_view},
    {"B",
     "next broad phase (in a lesson only when it lets you choose)",
     {{{SDL_SCANCODE_B, none}}},
     next_broad_phase,
     false,
     false,
     broad_phase_free},
    {"Shift B",
     "previous broad phase",
     {{{SDL_SCANCODE_B, shift}}},
     previous_broad_phase,
     false,
     false,
     broad_phase_free},
    {"R",
     "reset the scene (reload its file, or same count and seed); in a lesson, reload the lesson "
     "file",
     {{{SDL_SCANCODE_R, none}}},
     reset_scene},
    {"D",
     "bullets discrete / swept (the scene replays from the start)",
     {{{SDL_SCANCODE_D, none}}},
     switch_detection},
    {"C",
     "compare all broad phases (opens the comparison)",
     {{{SDL_SCANCODE_C, none}}},
     compare_all},
    {"G", "grid on / off", {{{SDL_SCANCODE_G, none}}}, toggle_grid},
    {"A", "AABB outlines on / off", {{{SDL_SCANCODE_A, none}}}, toggle_aabbs},
    {"O", "object fill on / off", {{{SDL_SCANCODE_O, none}}}, toggle_objects},
    {"P", "pair lines on / off", {{{SDL_SCANCODE_P, none}}}, toggle_pair_lines},
    {"H", "high-contrast colors on / off", {{{SDL_SCANCODE_H, none}}}, toggle_high_contrast},
    {"Ctrl +",
     "UI larger",
     {{{SDL_SCANCODE_EQUALS, ctrl}, {SDL_SCANCODE_KP_PLUS, ctrl}}},
     scale_up},
    {"Ctrl -",
     "UI smaller",
     {{{SDL_SCANCODE_MINUS, ctrl}, {SDL_SCANCODE_KP_MINUS, ctrl}}},
     scale_down},
    {"Ctrl 0",
     "UI at the default size",
     {{{SDL_SCANCODE_0, ctrl}, {SDL_SCANCODE_KP_0, ctrl}}},
     scale_reset},
    {"PageDown",
     "lessons: next step (runs on into the next lesson)",
     {{{SDL_SCANCODE_PAGEDOWN, none}}},
     next_step},
    {"PageUp",
     "lessons: previous step",
     {{{SDL_SCANCODE_PAGEUP, none}}},
     previous_step,
     false,
     false,
     in_lesson},
    {"Shift PageDown", "lessons: next lesson", {{{SDL_SCANCODE_PAGEDOWN, shift}}}, next_lesson},
    {"Shift PageUp",
     "lessons: previous lesson",
     {{{SDL_SCANCODE_PAGEUP, shift}}},
     previous_lesson,
     false,
     false,
     in_lesson},
    {"Home",
     "lessons: first step",
     {{{SDL_SCANCODE_HOME, none}}},
     first_step,
     false,
     false,
     in_lesson},
    {"End", "lessons: last step", {{{SDL_SCANCODE_END, none}}}, last_step, false, false, in_lesson},
    {"F5",
     "lessons: restart the step",
     {{{SDL_SCANCODE_F5, none}}},
     restart_step,
     false,
     false,
     in_lesson},
    {"L", "the lesson list", {{{SDL_SCANCODE_L, none}}}, show_lessons},
    {"Z", "lessons: English / 中文", {{{SDL_SCANCODE_Z, none}}}, switch_language},
    {"Tab", "hide / show the side panel", {{{SDL_SCANCODE_TAB, none}}}, toggle_panel},
    {"click, Shift click", "select an object, inspect a pair"},
    {"drag, wheel", "pan, zoom toward the cursor"},
    {"hover a box", "its coordinates, velocity and pairs"},
};

bool modifiers_match(Modifiers wanted, const ImGuiIO& io) {
    switch (wanted) {
        case none:
            return !io.KeyCtrl && !io.KeyShift;
        case shift:
            return io.KeyShift && !io.KeyCtrl;
        case ctrl:
            return io.KeyCtrl;
        case any:
            return true;
    }
    return false;
}

bool triggered(const Shortcut& shortcut, const ImGuiIO& io) {
    for (const KeyChord& chord : shortcut.chords) {
        if (chord.scancode == 0 || !modifiers_match(chord.modifiers, io)) continue;
        if (ImGui::IsKeyPressed(chord.scancode, shortcut.repeats)) return true;
    }
    return false;
}

}  // namespace

std::span<const Shortcut> shortcuts() {
    return table;
}

void handle_keyboard_shortcuts(CommandTargets& targets) {
    const ImGuiIO& io = ImGui::GetIO();
    for (const Shortcut& shortcut : table) {
        if (shortcut.run == nullptr) continue;
        if (shortcut.applies != nullptr && !shortcut.applies(targets)) continue;
        if (io.WantTextInput && !shortcut.while_typing) continue;
        if (!triggered(shortcut, io)) continue;
        try {
            shortcut.run(targets);
        } catch (const std::exception&) {
            // Names and counts the controller already accepted; a scene file that broke since
            // it loaded keeps the running scene.
        }
    }
}

}  // namespace aabb::ui

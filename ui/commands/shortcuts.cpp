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
    // Starts the current scene over: reloads its file, or respawns the random boxes.
    targets.simulation.reset();
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
    {keys_b, help_next_broad_phase, {{{SDL_SCANCODE_B, none}}}, next_broad_phase},
    {keys_shift_b, help_previous_broad_phase, {{{SDL_SCANCODE_B, shift}}}, previous_broad_phase},
    {keys_r, help_reset, {{{SDL_SCANCODE_R, none}}}, reset_scene},
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
    {keys_click, help_click},
    {keys_drag, help_drag},
    {keys_hover, help_hover},
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

#include "ui/commands/sandbox_commands.hpp"

#include <SDL_scancode.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <exception>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb::ui {

namespace {

constexpr ShortcutHelp help_lines[] = {
    {"F1", "show / hide this help"},
    {"Space", "pause / resume"},
    {"S", "single step (pauses)"},
    {"F", "fit the world in view"},
    {"B / Shift B", "next / previous broad phase"},
    {"R", "reset the scene (reload its file, or same count and seed)"},
    {"Left arrow", "step back one step (also undoes an edit)"},
    {"click, Shift click", "select an object, inspect a pair"},
    {"C", "compare all broad phases (opens the comparison)"},
    {"G  A  O  P", "toggle grid, AABBs, objects, pair lines"},
    {"H", "high-contrast colors on / off"},
    {"Ctrl +  Ctrl -  Ctrl 0", "UI larger, smaller, default size"},
    {"drag, wheel", "pan, zoom toward the cursor"},
    {"hover a box", "its coordinates, velocity and pairs"},
};

bool pressed(int scancode) {
    return ImGui::IsKeyPressed(scancode, false);
}

void cycle_broad_phase(SimulationController& simulation, int direction) {
    const std::vector<std::string> names = broad_phase_names();
    const auto current = std::find(names.begin(), names.end(), simulation.scene().broad_phase);
    const long index = current == names.end() ? 0 : current - names.begin();
    const long count = static_cast<long>(names.size());
    const long next = ((index + direction) % count + count) % count;
    simulation.select_broad_phase(names[static_cast<std::size_t>(next)]);
}

}  // namespace

std::span<const ShortcutHelp> shortcut_help() {
    return help_lines;
}

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

void handle_keyboard_shortcuts(CommandTargets& targets) {
    // F1 works even while a text field has focus: it is how a lost user finds help.
    if (pressed(SDL_SCANCODE_F1)) targets.help_open = !targets.help_open;
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    SimulationController& simulation = targets.simulation;
    if (io.KeyCtrl) {
        if (pressed(SDL_SCANCODE_EQUALS) || pressed(SDL_SCANCODE_KP_PLUS))
            change_ui_scale(targets, 1);
        if (pressed(SDL_SCANCODE_MINUS) || pressed(SDL_SCANCODE_KP_MINUS))
            change_ui_scale(targets, -1);
        if (pressed(SDL_SCANCODE_0) || pressed(SDL_SCANCODE_KP_0)) change_ui_scale(targets, 0);
        return;
    }
    if (pressed(SDL_SCANCODE_ESCAPE)) targets.help_open = false;
    if (pressed(SDL_SCANCODE_SPACE)) simulation.set_paused(!simulation.paused());
    if (ImGui::IsKeyPressed(SDL_SCANCODE_S, true)) {
        simulation.set_paused(true);
        simulation.request_single_step();
    }
    if (pressed(SDL_SCANCODE_F)) targets.canvas.request_fit();
    try {
        if (pressed(SDL_SCANCODE_B)) cycle_broad_phase(simulation, io.KeyShift ? -1 : 1);
        if (pressed(SDL_SCANCODE_R)) {
            // Starts the current scene over: reloads its file, or respawns the random boxes.
            simulation.reset();
        }
    } catch (const std::exception&) {
        // Names and counts the controller already accepted; a scene file that broke since it
        // loaded keeps the running scene.
    }
    if (pressed(SDL_SCANCODE_C)) {
        targets.comparison.set_open(true);
        targets.comparison.request_compare();
    }
    WorldLayers& layers = targets.canvas.layers();
    if (pressed(SDL_SCANCODE_G)) layers.grid = !layers.grid;
    if (pressed(SDL_SCANCODE_A)) layers.aabb_outlines = !layers.aabb_outlines;
    if (pressed(SDL_SCANCODE_O)) layers.object_fill = !layers.object_fill;
    if (pressed(SDL_SCANCODE_P)) layers.pair_lines = !layers.pair_lines;
    if (pressed(SDL_SCANCODE_H)) toggle_high_contrast(targets);
}

void draw_canvas_toolbar(const ScreenRect& canvas_area, CommandTargets& targets) {
    ImGui::SetNextWindowPos(ImVec2(canvas_area.min.x + 8.0f, canvas_area.min.y + 8.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags flags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin("##canvas_toolbar", nullptr, flags)) {
        if (ImGui::Button("Help (F1)")) targets.help_open = !targets.help_open;
        ImGui::SameLine();
        if (ImGui::Button("Compare (C)")) {
            targets.comparison.set_open(!targets.comparison.open());
        }
        ImGui::SameLine();
        if (ImGui::Button("A-")) change_ui_scale(targets, -1);
        ImGui::SameLine(0.0f, 2.0f);
        if (ImGui::Button("A+")) change_ui_scale(targets, 1);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("UI scale (Ctrl +, Ctrl -, Ctrl 0)");
        ImGui::SameLine();
        ImGui::Text("%.0f%%", targets.settings.ui_scale * 100.0f);
        ImGui::SameLine();
        bool high_contrast = targets.settings.high_contrast;
        if (ImGui::Checkbox("High contrast (H)", &high_contrast)) toggle_high_contrast(targets);
    }
    ImGui::End();
}

void draw_help_overlay(const ScreenRect& canvas_area, bool& open) {
    static bool was_open = false;
    if (!open) {
        was_open = false;
        return;
    }
    // Centered on the canvas when it fits there, else on the window; in front when it opens.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const glm::vec2 center = canvas_area.center();
    // About half the help's width (its longest line is some 30 characters of each column).
    const float half_width = 16.0f * ImGui::GetFontSize();
    const float x = std::clamp(center.x, std::min(half_width, display.x * 0.5f),
                               std::max(display.x - half_width, display.x * 0.5f));
    ImGui::SetNextWindowPos(ImVec2(x, center.y), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!was_open) ImGui::SetNextWindowFocus();
    was_open = true;
    ImGui::SetNextWindowBgAlpha(0.95f);
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize |
                                       ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin("Keyboard shortcuts (F1 or Esc closes)", &open, flags)) {
        constexpr ImGuiTableFlags table_flags =
            ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
        if (ImGui::BeginTable("shortcuts", 2, table_flags)) {
            for (const ShortcutHelp& line : shortcut_help()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_CheckMark), "%s", line.keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(line.action);
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("UI scale and high contrast are saved for the next start.");
    }
    ImGui::End();
}

}  // namespace aabb::ui

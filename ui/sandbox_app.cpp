#include "ui/sandbox_app.hpp"

#include <SDL_scancode.h>
#include <SDL_timer.h>
#include <imgui.h>

#include <chrono>
#include <memory>

#include "ui/editing_tools.hpp"
#include "ui/object_selection.hpp"
#include "ui/overlay_switches.hpp"
#include "ui/scene_panel.hpp"
#include "ui/screenshot.hpp"
#include "ui/side_panel.hpp"
#include "ui/structure_overlay.hpp"
#include "ui/time_panel.hpp"
#include "ui/world_canvas.hpp"
#include "ui/world_overlays.hpp"

namespace aabb::ui {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

/// Keyboard shortcuts, unless an ImGui widget is taking the keyboard. ImGui 1.86 indexes
/// keys by SDL scancode (io.KeysDown).
void handle_shortcuts(SimulationController& simulation, WorldCanvas& canvas) {
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_SPACE, false)) simulation.set_paused(!simulation.paused());
    if (ImGui::IsKeyPressed(SDL_SCANCODE_S, true)) {
        simulation.set_paused(true);
        simulation.request_single_step();
    }
    if (ImGui::IsKeyPressed(SDL_SCANCODE_F, false)) canvas.request_fit();
}

/// Interactive runs sleep away what is left of a minimum frame period: with vsync this
/// never triggers, without it (software GL, virtual displays) the loop would spin a core.
void pace_frame(Clock::time_point frame_start) {
    constexpr double min_frame_ms = 1000.0 / 120.0;
    const double spent = milliseconds_between(frame_start, Clock::now());
    if (spent < min_frame_ms) SDL_Delay(static_cast<Uint32>(min_frame_ms - spent));
}

}  // namespace

SandboxResult run_sandbox(const SandboxOptions& options) {
    if (!options.screenshot_path.empty()) check_writable(options.screenshot_path);
    SimulationController simulation(options.scene);
    if (options.scene_broad_phase_override)
        simulation.select_broad_phase(options.scene.broad_phase);
    Application application(options.window);

    WorldCanvas canvas;
    canvas.add_overlay(std::make_unique<ShapesOverlay>(), true);
    canvas.add_overlay(std::make_unique<SweptBoxesOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<TrailsOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<ImpactGhostsOverlay>(simulation), true);
    canvas.add_overlay(std::make_unique<TunnelingMarkersOverlay>(simulation), true);
    auto structure = std::make_unique<StructureOverlay>();
    StructureOverlay& structure_overlay = *structure;
    canvas.add_overlay(std::move(structure));
    canvas.add_overlay(std::make_unique<SceneCaptionOverlay>(simulation), true);
    ObjectSelection selection;
    canvas.add_overlay(std::make_unique<SelectionOverlay>(selection), true);
    EditingTools tools;
    std::uint32_t script_seed = 1;
    for (const ToolAction& action : parse_tool_script(options.tool_script))
        (void)apply_tool_action(simulation, action, tools.settings(), script_seed++);
    canvas.add_overlay(std::make_unique<ToolPreviewOverlay>(tools), true);
    if (options.select_id >= 0) selection.select(static_cast<BodyId>(options.select_id));
    if (options.inspect_id >= 0) selection.inspect_with(static_cast<BodyId>(options.inspect_id));
    {
        std::vector<std::string> labels;
        std::vector<bool> states;
        for (const OverlaySlot& slot : canvas.overlays()) {
            labels.emplace_back(slot.overlay->short_label());
            states.push_back(slot.enabled);
        }
        states =
            apply_overlay_switches(labels, states, options.show_overlays, options.hide_overlays);
        for (std::size_t i = 0; i < states.size(); ++i)
            canvas.overlays()[i].enabled = states[i];
    }
    SidePanel panel(simulation);
    ScenePanel scene_panel;
    ScenePanel::aim_camera(simulation, canvas);
    panel.add_section([&] { TimePanel::draw(simulation, selection); });
    panel.add_section([&] { tools.draw_panel(simulation); });
    panel.add_section([&] { selection.draw_properties(simulation.world()); });
    panel.add_section([&] { selection.draw_pair_inspector(simulation.world()); });
    panel.add_section([&] { scene_panel.draw(simulation, canvas); });
    panel.add_section([&] {
        if (ImGui::CollapsingHeader("Structure")) structure_overlay.draw_settings();
    });
    FrameTimer timer;
    SandboxResult result;
    result.gl_description = application.gl_description();

    for (int frame = 0; options.frame_count == 0 || frame < options.frame_count; ++frame) {
        if (!application.poll_events()) break;
        FrameTimings timings;
        const auto start = Clock::now();
        simulation.advance_frame();
        const auto simulated = Clock::now();

        application.begin_frame();
        handle_shortcuts(simulation, canvas);
        TimePanel::handle_shortcuts(simulation);
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        const ScreenRect panel_area = SidePanel::area_for({display.x, display.y});
        canvas.set_area({{0.0f, 0.0f}, {panel_area.min.x, display.y}});
        canvas.set_left_button_pans(!tools.owns_left_button());
        canvas.handle_input(simulation.world());
        if (tools.owns_left_button()) {
            tools.handle_input(simulation, canvas.camera());
        } else {
            selection.handle_input(simulation.world(), canvas.camera());
        }
        canvas.draw(simulation.world(), *ImGui::GetBackgroundDrawList());
        panel.draw(panel_area, simulation, canvas, timer);
        const auto built = Clock::now();

        application.render(palette::canvas_background);
        const auto rendered = Clock::now();
        timings.simulation_ms = milliseconds_between(start, simulated);
        timings.ui_build_ms = milliseconds_between(simulated, built);
        timings.render_ms = milliseconds_between(built, rendered);
        timer.record(timings);

        const bool last_frame = options.frame_count != 0 && frame + 1 == options.frame_count;
        if (last_frame && !options.screenshot_path.empty()) {
            const glm::ivec2 size = application.framebuffer_size();
            write_png(read_back_buffer(size.x, size.y), options.screenshot_path);
            result.screenshot_written = true;
        }
        application.present();
        if (options.frame_count == 0) pace_frame(start);
    }
    result.frame_times = timer.summary();
    result.body_count = simulation.world().bodies().size();
    result.candidate_pairs = simulation.world().overlapping_pairs().size();
    result.tunneling_events = simulation.bullets().tunneling_count();
    return result;
}

}  // namespace aabb::ui

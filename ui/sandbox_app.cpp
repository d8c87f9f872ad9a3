#include "ui/sandbox_app.hpp"

#include <SDL_timer.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "ui/canvas/editing_tools.hpp"
#include "ui/canvas/object_selection.hpp"
#include "ui/canvas/world_canvas.hpp"
#include "ui/commands/sandbox_commands.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/overlays/contact_points_overlay.hpp"
#include "ui/overlays/impact_ghosts_overlay.hpp"
#include "ui/overlays/scene_caption_overlay.hpp"
#include "ui/overlays/shapes_overlay.hpp"
#include "ui/overlays/structure_overlay.hpp"
#include "ui/overlays/swept_boxes_overlay.hpp"
#include "ui/overlays/trails_overlay.hpp"
#include "ui/overlays/tunneling_markers_overlay.hpp"
#include "ui/panels/scene_panel.hpp"
#include "ui/panels/side_panel.hpp"
#include "ui/panels/time_panel.hpp"
#include "ui/platform/application.hpp"
#include "ui/platform/cjk_font.hpp"
#include "ui/platform/screenshot.hpp"
#include "ui/platform/ui_appearance.hpp"
#include "ui/render/batched_world_renderer.hpp"
#include "ui/view/overlay_switches.hpp"
#include "ui/windows/comparison_window.hpp"

namespace aabb::ui {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

/// The saved settings (when a file is given) with this run's overrides.
UiSettings initial_settings(const SandboxOptions& options) {
    UiSettings settings;
    if (!options.settings_file.empty()) {
        const SettingsParseResult loaded = load_settings(options.settings_file);
        for (const std::string& warning : loaded.warnings) {
            std::fprintf(stderr, "aabb-sandbox: %s: %s\n", options.settings_file.c_str(),
                         warning.c_str());
        }
        settings = loaded.settings;
    }
    if (options.ui_scale > 0.0f) settings.ui_scale = clamp_ui_scale(options.ui_scale);
    if (options.high_contrast) settings.high_contrast = true;
    return settings;
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
    if (!options.export_csv_path.empty()) check_writable(options.export_csv_path);
    if (!options.export_png_path.empty()) check_writable(options.export_png_path);
    SimulationController simulation(options.scene);
    if (options.scene_broad_phase_override)
        simulation.select_broad_phase(options.scene.broad_phase);
    Application application(options.window);
    SandboxResult result;
    result.gl_description = application.gl_description();

    UiSettings settings = initial_settings(options);
    // The Chinese texts of the scene in use, checked once per new world (load, reset).
    std::uint64_t text_generation = simulation.world_generation();
    const auto require_scene_text = [&simulation, &text_generation] {
        if (simulation.world_generation() == text_generation) return false;
        text_generation = simulation.world_generation();
        const Scene& scene = simulation.scene_description();
        return require_cjk_text(scene.title_zh + scene.description_zh);
    };
    require_cjk_text(simulation.scene_description().title_zh +
                     simulation.scene_description().description_zh);
    apply_appearance(settings, options.window.font_pixels);
    bool settings_changed = false;
    bool help_open = options.open_help;
    ComparisonWindow comparison;
    if (options.open_comparison) {
        comparison.set_open(true);
        comparison.request_compare();
        comparison.start_sweep();
    }
    if (!options.sweep_sizes.empty()) {
        comparison.set_open(true);
        ScalingSweepOptions sweep;
        sweep.sizes = options.sweep_sizes;
        sweep.comparison.repetitions = 3;
        sweep.time_budget_ms = 150.0;
        comparison.start_sweep(std::move(sweep));
        if (!comparison.sweep_started()) throw std::invalid_argument(comparison.status());
    }
    // The exports wait for the sweep to finish; a fixed frame count is extended until then.
    bool exports_pending = !options.export_csv_path.empty() || !options.export_png_path.empty();

    WorldCanvas canvas;
    canvas.add_overlay(std::make_unique<ShapesOverlay>(), true);
    canvas.add_overlay(std::make_unique<ContactPointsOverlay>(), true);
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
    BatchedWorldRenderer batched_renderer;
    if (options.batched_world && batched_renderer.ready()) {
        canvas.set_batched_renderer(&batched_renderer);
        result.world_renderer = "batched GL";
    } else {
        result.world_renderer = std::string("ImDrawList (") +
                                (options.batched_world ? batched_renderer.failure() : "requested") +
                                ")";
    }
    SidePanel panel(simulation);
    ScenePanel scene_panel;
    ScenePanel::aim_camera(simulation, canvas);
    panel.add_section(PanelTab::broad_phase, [&] {
        if (ImGui::CollapsingHeader("Structure overlay")) structure_overlay.draw_settings();
    });
    panel.add_section(PanelTab::time, [&] { TimePanel::draw(simulation, selection); });
    panel.add_section(PanelTab::objects, [&] { selection.draw_properties(simulation.world()); });
    panel.add_section(PanelTab::objects,
                      [&] { selection.draw_pair_inspector(simulation.world()); });
    panel.add_section(PanelTab::tools, [&] { tools.draw_panel(simulation); });
    panel.add_section(PanelTab::scenes, [&] { scene_panel.draw(simulation, canvas); });
    if (options.panel_tab) panel.show_tab(*options.panel_tab);
    // A new selection (a click, or --select) brings its properties to the front, except a
    // --select at start when another tab was asked for.
    std::optional<BodyId> shown_selection;
    if (options.panel_tab) shown_selection = selection.selected();
    FrameTimer timer;

    for (int frame = 0; options.frame_count == 0 || frame < options.frame_count || exports_pending;
         ++frame) {
        if (!application.poll_events()) break;
        // A scene with Chinese characters the atlas lacks: rebake it (between frames).
        if (require_scene_text() && !settings_changed)
            apply_appearance(settings, options.window.font_pixels);
        if (settings_changed) {
            // Between frames: the font atlas is rebuilt.
            apply_appearance(settings, options.window.font_pixels);
            settings_changed = false;
            if (!options.settings_file.empty()) {
                try {
                    save_settings(options.settings_file, settings);
                } catch (const std::exception& error) {
                    std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
                }
            }
        }
        FrameTimings timings;
        const auto start = Clock::now();
        if (options.pause_at_step != 0 && simulation.world().frame() >= options.pause_at_step)
            simulation.set_paused(true);
        simulation.advance_frame();
        const auto simulated = Clock::now();

        application.begin_frame();
        CommandTargets targets{simulation, canvas,           comparison,
                               settings,   settings_changed, help_open};
        handle_keyboard_shortcuts(targets);
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        // The panel grows with the UI scale (up to 45% of the window, as at scale 1).
        const float scale = settings.ui_scale;
        const ScreenRect unscaled = SidePanel::area_for({display.x / scale, display.y});
        const float panel_width = unscaled.size().x * scale;
        const ScreenRect panel_area{{display.x - panel_width, 0.0f}, {display.x, display.y}};
        const ScreenRect canvas_area{{0.0f, 0.0f}, {panel_area.min.x, display.y}};
        canvas.set_area(canvas_area);
        TimePanel::handle_shortcuts(simulation);
        canvas.set_left_button_pans(!tools.owns_left_button());
        canvas.handle_input(simulation.world());
        if (tools.owns_left_button()) {
            tools.handle_input(simulation, canvas.camera());
        } else {
            selection.handle_input(simulation.world(), canvas.camera());
        }
        canvas.draw(simulation.world(), *ImGui::GetBackgroundDrawList());
        if (selection.selected() != shown_selection) {
            shown_selection = selection.selected();
            if (shown_selection) panel.show_tab(PanelTab::objects);
        }
        panel.draw(panel_area, simulation, canvas, timer);
        draw_canvas_toolbar(canvas_area, targets);
        comparison.draw(simulation.world(), canvas_area);
        draw_help_overlay(canvas_area, help_open);
        const auto built = Clock::now();

        application.render(palette.canvas_background);
        const auto rendered = Clock::now();
        timings.simulation_ms = milliseconds_between(start, simulated);
        // The world times its last step; several steps in one frame cost about as much each.
        const StepTimings& step = simulation.world().last_timings();
        timings.broad_phase_ms = simulation.last_steps() * (step.update_ms + step.pairs_ms);
        timings.ui_build_ms = milliseconds_between(simulated, built);
        timings.draw_build_ms = canvas.last_draw_build_ms();
        timings.render_ms = milliseconds_between(built, rendered);
        timer.record(timings);

        if (exports_pending && comparison.sweep_finished()) {
            // The same actions as the window's Export buttons.
            std::string written;
            const auto export_to = [&](const std::string& path, bool png) {
                if (path.empty()) return;
                if (!(png ? comparison.export_png(path) : comparison.export_csv(path)))
                    throw std::runtime_error(comparison.status());
                written += (written.empty() ? "" : " and ") + path;
            };
            export_to(options.export_csv_path, false);
            export_to(options.export_png_path, true);
            exports_pending = false;
            result.sweep_measurements = comparison.sweep().results.size();
            result.sweep_exports = written;
        } else if (exports_pending && comparison.sweep_started() && !comparison.sweep().running) {
            // Stopped without finishing: an error, or Cancel pressed in an interactive run.
            const std::string reason = comparison.sweep().error.empty() ? std::string("cancelled")
                                                                        : comparison.sweep().error;
            if (options.frame_count != 0) throw std::runtime_error("scaling sweep: " + reason);
            std::fprintf(stderr, "aabb-sandbox: scaling sweep %s, nothing exported\n",
                         reason.c_str());
            exports_pending = false;
        }
        // The final frame: the requested count reached and no export still waiting.
        const bool last_frame =
            options.frame_count != 0 && frame + 1 >= options.frame_count && !exports_pending;
        if (last_frame && !options.screenshot_path.empty()) {
            const glm::ivec2 size = application.framebuffer_size();
            write_png(read_back_buffer(size.x, size.y), options.screenshot_path);
            result.screenshot_written = true;
        }
        application.present();
        // Interactive runs, and fixed runs waiting for a sweep, leave the cores to the work.
        if (options.frame_count == 0 || frame + 1 >= options.frame_count) pace_frame(start);
    }
    result.frame_times = timer.summary();
    result.stage_times = timer.stage_summary();
    result.body_count = simulation.world().bodies().size();
    result.candidate_pairs = simulation.world().overlapping_pairs().size();
    result.tunneling_events = simulation.bullets().tunneling_count();
    return result;
}

}  // namespace aabb::ui

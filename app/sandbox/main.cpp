// aabb-sandbox: the interactive window, or with --frames/--screenshot a fixed number of real
// frames ending in a PNG, or with --headless a scene stepped without any window and reported
// as JSON. Only wiring: flags in command_line.cpp and headless_run.cpp, the program in ui/.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string_view>
#include <vector>

#include "app/sandbox/command_line.hpp"
#include "core/scene/headless_run.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/sandbox_app.hpp"

namespace {

constexpr int exit_usage = 2;
constexpr int exit_failure = 1;

aabb::ui::SandboxOptions sandbox_options(const aabb::sandbox::CommandLineOptions& flags) {
    aabb::ui::SandboxOptions options;
    options.window.width = flags.window_width;
    options.window.height = flags.window_height;
    // A fixed frame count is a measurement or a screenshot: do not wait for vsync.
    options.window.vsync = flags.frame_count == 0;
    options.scene.body_count = flags.body_count;
    options.scene.seed = flags.seed;
    options.scene.broad_phase = flags.broad_phase;
    options.scene.scene_path = flags.scene_path;
    options.scene_broad_phase_override = flags.broad_phase_given;
    options.tool_script = flags.tool_script;
    options.pause_at_step = flags.pause_at_step;
    options.select_id = flags.select_id;
    options.inspect_id = flags.inspect_id;
    options.show_overlays = flags.show_overlays;
    options.hide_overlays = flags.hide_overlays;
    options.frame_count = flags.frame_count;
    options.screenshot_path = flags.screenshot_path;
    options.ui_scale = flags.ui_scale;
    options.high_contrast = flags.high_contrast;
    options.open_comparison = flags.open_comparison;
    options.open_help = flags.open_help;
    options.sweep_sizes = flags.sweep_sizes;
    options.panel_tab = aabb::ui::panel_tab_named(flags.panel_tab);
    if (flags.panel_tab == "broad-phase") options.panel_tab.reset();
    options.export_csv_path = flags.export_csv_path;
    options.export_png_path = flags.export_png_path;
    options.batched_world = flags.batched_world;
    // Only interactive runs keep preferences: a fixed frame count is a test, a measurement or a
    // screenshot and must look the same for everyone.
    if (flags.frame_count == 0) {
        options.settings_file =
            aabb::ui::settings_path(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")).string();
    }
    return options;
}

void print_stage_row(const char* stage, const aabb::ui::FrameTimeSummary& times) {
    std::printf("aabb-sandbox:   %-28s median %8.2f ms   worst %8.2f ms\n", stage, times.median_ms,
                times.worst_ms);
}

/// The frame-time summary by stage: what the speed requirements are measured with.
void print_stage_summary(const aabb::ui::SandboxResult& result) {
    const aabb::ui::FrameStageSummary& stages = result.stage_times;
    std::printf("aabb-sandbox: CPU ms per frame by stage (world drawn with %s):\n",
                result.world_renderer.c_str());
    print_stage_row("simulation step", stages.simulation_step);
    print_stage_row("broad phase (update+pairs)", stages.broad_phase);
    print_stage_row("draw-data build", stages.draw_build);
    print_stage_row("UI build", stages.ui_build);
    print_stage_row("render submit", stages.render_submit);
    print_stage_row("frame total", stages.total);
}

// `--headless` selects the windowless mode, whose flags core/scene/headless_run.hpp parses.
int run_headless_mode(const std::vector<std::string_view>& arguments) {
    aabb::HeadlessOptions options;
    try {
        options = aabb::parse_headless_arguments(arguments);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
        return exit_usage;
    }
    return aabb::run_headless(options, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string_view> arguments(argv + std::min(argc, 1), argv + argc);
    const bool wants_help =
        std::find(arguments.begin(), arguments.end(), "--help") != arguments.end();
    if (!wants_help &&
        std::find(arguments.begin(), arguments.end(), "--headless") != arguments.end()) {
        return run_headless_mode(arguments);
    }
    aabb::sandbox::CommandLineOptions flags;
    try {
        flags = aabb::sandbox::parse_command_line(argc, argv);
    } catch (const aabb::sandbox::CommandLineError& error) {
        std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
        return exit_usage;
    }
    if (flags.show_help) {
        std::fputs(aabb::sandbox::command_line_help("aabb-sandbox").c_str(), stdout);
        return 0;
    }
    try {
        const aabb::ui::SandboxResult result = aabb::ui::run_sandbox(sandbox_options(flags));
        std::printf("aabb-sandbox: %zu frames, CPU ms per frame: median %.2f, worst %.2f  [%s]\n",
                    result.frame_times.frames, result.frame_times.median_ms,
                    result.frame_times.worst_ms, result.gl_description.c_str());
        print_stage_summary(result);
        std::printf(
            "aabb-sandbox: final world: %zu bodies, %zu candidate pairs, %llu tunneling "
            "events seen\n",
            result.body_count, result.candidate_pairs,
            static_cast<unsigned long long>(result.tunneling_events));
        if (!result.sweep_exports.empty()) {
            std::printf("aabb-sandbox: scaling sweep: %zu measurements, exported to %s\n",
                        result.sweep_measurements, result.sweep_exports.c_str());
        }
        if (!flags.screenshot_path.empty()) {
            if (!result.screenshot_written) {
                std::fprintf(stderr, "aabb-sandbox: error: window closed before the screenshot\n");
                return exit_failure;
            }
            std::printf("aabb-sandbox: screenshot written to %s\n", flags.screenshot_path.c_str());
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "aabb-sandbox: error: %s\n", error.what());
        return exit_failure;
    }
    return 0;
}

// aabb-sandbox: the interactive window, or with --frames/--screenshot a fixed number of real
// frames ending in a PNG, or with --headless a scene stepped without any window and reported
// as JSON, or with --headless --lesson / --check-lessons a lesson's readouts or checks, or with
// --handout a lesson's printable page. Only wiring: every flag is parsed once, in
// command_line.cpp (the table in sandbox_flags.cpp); the windowless modes run in core
// (windowless_run.cpp), the window in ui/.
// SIGINT and SIGTERM stop every mode within about a second (core/parallel/stop_request.hpp).

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/process/retained_heap.hpp"
#include "app/sandbox/command_line.hpp"
#include "app/sandbox/sandbox_lists.hpp"
#include "app/sandbox/windowless_run.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/output_files.hpp"
#include "core/lesson/lesson_library.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/scene/run_recorder.hpp"
#include "ui/lesson_handout.hpp"
#include "ui/model/settings_store.hpp"
#include "ui/sandbox_app.hpp"

namespace {

using aabb::sandbox::exit_failure;
using aabb::sandbox::exit_usage;

void print_stage_row(const char* stage, const aabb::FrameTimeStatistics& times) {
    std::printf(
        "aabb-sandbox:   %-28s mean %8.2f ms   median %8.2f ms   p99 %8.2f ms   max %8.2f ms\n",
        stage, times.mean_ms, times.median_ms, times.p99_ms, times.max_ms);
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
    print_stage_row("all four, before rendering", stages.before_render);
    print_stage_row("render submit", stages.render_submit);
    print_stage_row("frame total", stages.total);
}

/// `status`, or for a run a signal stopped 128 + the signal (130 for SIGINT, 143 for SIGTERM,
/// what a shell reports for a process the signal ended), after saying so.
int exit_status(int status) {
    const int signal_number = aabb::stop_signal();
    if (signal_number == 0) return status;
    std::fprintf(stderr, "aabb-sandbox: stopped by %s\n",
                 signal_number == SIGINT ? "SIGINT" : "SIGTERM");
    return aabb::stop_exit_status();
}

// --handout NAME --out DIR: the lesson's printable page and one picture per step
// (ui/lesson_handout.hpp). A lesson that cannot be found and an output that cannot be
// written are usage errors (exit 2), found before any window opens.
int run_handout_mode(const aabb::sandbox::CommandLine& line) {
    aabb::ui::HandoutRequest request;
    try {
        request.lesson =
            aabb::lesson::resolve_lesson(line.handout, aabb::lesson::find_lesson_directory());
    } catch (const std::invalid_argument& error) {
        std::fprintf(stderr, "aabb-sandbox: --handout: %s\n", error.what());
        return exit_usage;
    }
    request.language = line.sandbox.language.value_or(aabb::ui::Language::en);
    request.folder = line.handout_folder;
    request.window = line.sandbox;
    request.command = "aabb-sandbox --handout " + aabb::lesson::lesson_name(request.lesson) +
                      " --lang " + std::string(aabb::ui::language_code(request.language));
    try {
        const aabb::ui::HandoutFiles files = aabb::ui::write_handout(request);
        std::printf("aabb-sandbox: handout written to %s (%zu pictures)\n",
                    files.page.string().c_str(), files.pictures.size());
    } catch (const aabb::io::OutputFileError& error) {
        std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
        return exit_usage;
    } catch (const std::exception& error) {
        if (aabb::stop_signal() != 0) return exit_failure;
        std::fprintf(stderr, "aabb-sandbox: error: %s\n", error.what());
        return exit_failure;
    }
    return 0;
}

// The window, until it closes or --frames ends; then the --record and --events-csv files.
int run_window_mode(const aabb::sandbox::CommandLine& command_line) {
    aabb::ui::SandboxOptions options = command_line.sandbox;
    try {
        const aabb::RunRecording& recording = command_line.recording;
        std::unique_ptr<aabb::RunRecorder> recorder;
        if (!recording.record.empty() || !recording.events_csv.empty()) {
            // Before the window opens: an output over the scene would destroy it, and one into
            // a missing folder would fail only when the run ends.
            std::vector<aabb::io::NamedFile> outputs;
            if (!recording.record.empty()) outputs.push_back({"--record", recording.record});
            if (!recording.events_csv.empty())
                outputs.push_back({"--events-csv", recording.events_csv});
            std::vector<aabb::io::NamedFile> inputs;
            if (!recording.scene.empty()) inputs.push_back({"--scene", recording.scene});
            aabb::io::check_output_files(outputs, inputs);
            recorder = std::make_unique<aabb::RunRecorder>(recording);
            options.recorder = recorder.get();
        }
        const aabb::ui::SandboxResult result = aabb::ui::run_sandbox(options);
        if (aabb::stop_signal() != 0) return exit_failure;
        if (recorder) {
            try {
                recorder->finish();
            } catch (const aabb::RecordingWriteError& error) {
                std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
                return exit_failure;
            }
            if (!recording.record.empty())
                std::printf("aabb-sandbox: recording written to %s (frames 0..%lld)\n",
                            recording.record.c_str(),
                            static_cast<long long>(recorder->last_frame()));
            if (!recording.events_csv.empty())
                std::printf("aabb-sandbox: %zu events written to %s\n", recorder->events().size(),
                            recording.events_csv.c_str());
        }
        const aabb::FrameTimeStatistics& times = result.frame_times;
        std::printf(
            "aabb-sandbox: %zu frames, CPU ms per frame: mean %.2f, median %.2f, p99 %.2f, max "
            "%.2f  [%s]\n",
            times.frames, times.mean_ms, times.median_ms, times.p99_ms, times.max_ms,
            result.gl_description.c_str());
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
        const std::string& screenshot_path = command_line.sandbox.screenshot_path;
        if (!screenshot_path.empty()) {
            if (!result.screenshot_written) {
                std::fprintf(stderr, "aabb-sandbox: error: window closed before the screenshot\n");
                return exit_failure;
            }
            std::printf("aabb-sandbox: screenshot written to %s\n", screenshot_path.c_str());
        }
    } catch (const aabb::io::OutputFileError& error) {
        // An output over an input, or into a folder that is not there: refused before any work.
        std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
        return exit_usage;
    } catch (const std::exception& error) {
        if (aabb::stop_signal() != 0) return exit_failure;
        std::fprintf(stderr, "aabb-sandbox: error: %s\n", error.what());
        return exit_failure;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    aabb::app::retain_freed_memory();
    aabb::io::ignore_file_size_signal();
    // Before SDL starts: SDL then keeps these handlers instead of its own.
    aabb::install_stop_signal_handlers();
    const std::vector<std::string_view> arguments(argv + std::min(argc, 1), argv + argc);
    aabb::sandbox::CommandLine command_line;
    try {
        command_line = aabb::sandbox::parse_command_line(
            arguments,
            aabb::ui::settings_path(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")).string());
    } catch (const aabb::sandbox::CommandLineError& error) {
        std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
        return exit_usage;
    }
    if (command_line.show_help) {
        std::fputs(aabb::sandbox::command_line_help("aabb-sandbox").c_str(), stdout);
        return 0;
    }
    if (command_line.list != aabb::sandbox::SandboxList::none) {
        aabb::sandbox::print_list(command_line.list, std::cout);
        return 0;
    }
    if (command_line.mode != aabb::sandbox::Mode::window) {
        return exit_status(aabb::sandbox::run_windowless(command_line, std::cout, std::cerr));
    }
    if (!command_line.handout.empty()) return exit_status(run_handout_mode(command_line));
    return exit_status(run_window_mode(command_line));
}

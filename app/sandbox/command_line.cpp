#include "app/sandbox/command_line.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb::sandbox {

namespace {

using cli::concat;

bool has_flag(std::span<const std::string_view> arguments, std::string_view flag) {
    return std::any_of(arguments.begin(), arguments.end(), [&](std::string_view argument) {
        return argument.substr(0, argument.find('=')) == flag;
    });
}

/// The window's rules that follow from the flags as a whole, once every flag is applied.
void finish_window(CommandLine& line, const std::set<std::string_view>& given,
                   std::string_view settings_file) {
    ui::SandboxOptions& options = line.sandbox;
    if ((!options.export_csv_path.empty() || !options.export_png_path.empty()) &&
        options.sweep_sizes.empty() && !options.open_comparison) {
        throw CommandLineError("--export-csv / --export-png: need --scaling-sweep or --compare");
    }
    if (!line.handout.empty()) {
        if (line.handout_folder.empty()) throw CommandLineError("--handout: needs --out DIR");
        for (const std::string_view flag :
             {"--lesson", "--step", "--set", "--screenshot", "--record", "--events-csv"}) {
            if (given.contains(flag)) {
                throw CommandLineError(concat("--handout: makes one picture per step itself, so ",
                                              flag, " does not apply"));
            }
        }
        if (!given.contains("--frames")) options.frame_count = default_screenshot_frames;
    } else if (!line.handout_folder.empty()) {
        throw CommandLineError("--out: needs --handout");
    }
    if (options.lesson.empty() && (given.contains("--step") || given.contains("--set")))
        throw CommandLineError("--step / --set: need --lesson");
    if (!line.recording.record.empty()) {
        // The recording replays on the scene file's bodies: it needs that file, and bodies the
        // file does not hold would not replay.
        if (options.scene.scene_path.empty() || !options.scene.replay_path.empty() ||
            !options.tool_script.empty() || !options.lesson.empty()) {
            throw CommandLineError(
                "--record: records a --scene FILE run: needs --scene, and takes none of "
                "--replay, --tools, --lesson");
        }
    }
    if (options.all_steps) {
        if (options.lesson.empty()) throw CommandLineError("--all-steps: needs --lesson");
        if (given.contains("--step"))
            throw CommandLineError("--all-steps: walks every step; drop --step");
        if (!options.screenshot_path.empty())
            throw CommandLineError(
                "--all-steps: --screenshot writes one frame; use --step K for a step's picture");
        if (!given.contains("--frames")) options.frame_count = default_step_frames;
    }
    if (!options.screenshot_path.empty() && !given.contains("--frames")) {
        options.frame_count = default_screenshot_frames;
    }
    const bool interactive = options.frame_count == 0;
    // A fixed frame count is a measurement or a screenshot: do not wait for vsync.
    options.window.vsync = interactive;
    // Only interactive runs keep preferences: a fixed frame count is a test, a measurement or a
    // screenshot and must look the same for everyone.
    options.settings_file = interactive ? std::string(settings_file) : std::string();
}

/// The headless scene run's rules.
void finish_headless(const CommandLine& line) {
    const HeadlessOptions& options = line.headless;
    if (options.scene.empty() && options.replay.empty())
        throw CommandLineError("--scene: a scene file is required (or --replay FILE)");
    if (!options.replay.empty() && !options.record.empty())
        throw CommandLineError("--record: not with --replay (the recording is the input)");
    if (!options.compare_all.empty()) {
        // A comparison measures the scene's own motion and writes its table, nothing else.
        if (options.scene.empty() || !options.replay.empty())
            throw CommandLineError("--compare-all: needs --scene FILE and takes no --replay");
        if (!options.record.empty() || !options.report.empty() || !options.events_csv.empty()) {
            throw CommandLineError(
                "--compare-all: writes its CSV only (no --record, --report or --events-csv)");
        }
    }
}

}  // namespace

Mode mode_of(std::span<const std::string_view> arguments) {
    if (has_flag(arguments, "--check-lessons")) return Mode::check;
    if (has_flag(arguments, "--headless"))
        return has_flag(arguments, "--lesson") ? Mode::lesson : Mode::headless;
    return Mode::window;
}

std::string_view mode_name(Mode mode) {
    switch (mode) {
        case Mode::window:
            return "the window";
        case Mode::headless:
            return "--headless";
        case Mode::lesson:
            return "--headless --lesson";
        case Mode::check:
            return "--check-lessons";
    }
    return "the window";
}

CommandLine parse_command_line(std::span<const std::string_view> arguments,
                               std::string_view settings_file) {
    CommandLine line;
    line.mode = mode_of(arguments);
    // --help works in every mode, whatever else is given.
    if (std::find(arguments.begin(), arguments.end(), "--help") != arguments.end()) {
        line.show_help = true;
        return line;
    }
    const std::set<std::string_view> given =
        cli::parse_rows(command_line_flags(), arguments, static_cast<unsigned>(line.mode),
                        mode_name(line.mode), line);
    // A list is printed whatever the mode needs to run.
    if (line.list != SandboxList::none) return line;
    switch (line.mode) {
        case Mode::window:
            finish_window(line, given, settings_file);
            break;
        case Mode::headless:
            finish_headless(line);
            break;
        case Mode::lesson:
            break;
        case Mode::check:
            if (line.check_lessons.empty())
                throw CommandLineError("--check-lessons: needs a lesson folder or file");
            break;
    }
    return line;
}

std::string command_line_help(std::string_view program_name) {
    const auto rows = [](Mode mode) {
        return cli::help_lines(command_line_flags(), static_cast<unsigned>(mode));
    };
    // One usage line per mode: what it needs, then what it does.
    const std::pair<std::string_view, std::string_view> usages[] = {
        {"[flags]", "the window"},
        {"--headless --scene FILE [flags]", "a scene, no window"},
        {"--headless --lesson NAME [flags]", "a lesson step, no window"},
        {"--check-lessons DIR|FILE", "check lessons"},
    };
    std::string text;
    for (const auto& [arguments, what] : usages) {
        std::string line =
            concat(text.empty() ? "Usage: " : "       ", program_name, " ", arguments);
        line.resize(std::max<std::size_t>(line.size() + 2, 54), ' ');
        text += concat(line, what, "\n");
    }
    text += "\n";
    text +=
        "AABB Sandbox: see how broad phases find overlapping boxes.\n"
        "Drag to pan, wheel to zoom, Space pauses, S steps, F fits the view, F1 lists\n"
        "every shortcut. UI scale, high contrast and language are saved in\n"
        "$XDG_CONFIG_HOME/aabb-sandbox/settings.ini (~/.config/... without it).\n\n"
        "Window flags:\n";
    text += rows(Mode::window);
    text += "\nHeadless scene runs (--headless; a JSON report of what detection found):\n";
    text += rows(Mode::headless);
    text += "\nHeadless lesson runs (--headless --lesson NAME):\n";
    text += rows(Mode::lesson);
    text += "\nLesson checks:\n";
    text += rows(Mode::check);
    text +=
        concat("\nExit status: ", std::to_string(exit_ok), " done; ", std::to_string(exit_failure),
               " a run, check or write failed; ", std::to_string(exit_usage),
               " a bad command line or an output refused before any work;\n"
               "130 / 143 stopped by SIGINT / SIGTERM.\n");
    // Space-separated: tests/integration/check_sweep_export.cmake reads the names from here.
    text += "\nBroad phases:";
    for (const std::string& name : broad_phase_names())
        text += concat(" ", name);
    text += "\n";
    return text;
}

}  // namespace aabb::sandbox

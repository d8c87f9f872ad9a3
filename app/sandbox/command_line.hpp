#pragma once
// aabb-sandbox's command line, the program's one parser: a table of flags (app/cli/
// flag_table.hpp) from which parsing, the refusals and --help all come, so a new flag is one
// row. The arguments pick a mode (the window, a --headless scene run, a --headless lesson run
// or --check-lessons) and each row names the modes it applies to; flags are parsed into the
// option structs each mode runs with: ui::SandboxOptions for the window, HeadlessOptions
// (core/scene/headless_run.hpp) and lesson::LessonRunOptions (core/lesson/lesson_headless.hpp)
// without one. Pure C++ (no SDL, GL or ImGui), unit tested in tests/app/sandbox/.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "app/cli/flag_table.hpp"
#include "core/lesson/lesson_headless.hpp"
#include "core/scene/headless_run.hpp"
#include "core/scene/run_recorder.hpp"
#include "ui/model/sandbox_options.hpp"

namespace aabb::sandbox {

/// What aabb-sandbox runs; bits, so a flag row can name several.
enum class Mode : unsigned {
    /// The window (and --handout, which renders the window's pictures).
    window = 1,
    /// --headless --scene FILE (or --replay FILE): a scene stepped without a window.
    headless = 2,
    /// --headless --lesson NAME: one lesson state's readouts as JSON.
    lesson = 4,
    /// --check-lessons DIR|FILE: every step's expected values checked.
    check = 8,
};

/// A list the program prints, one name per line, instead of running (--list-NAME): each from
/// the one table that owns it (app/sandbox/sandbox_lists.cpp), for the tests and the docs.
enum class SandboxList {
    /// No list: run.
    none,
    /// --list-overlays: lesson::overlay_names.
    overlays,
    /// --list-tabs: the --panel-tab names of ui::panel_tab_specs.
    tabs,
    /// --list-gadgets: lesson::gadget_kind_names.
    gadgets,
    /// --list-keys: the shortcut table (ui/commands/shortcuts.cpp), keys TAB action, in English.
    keys,
    /// --list-flags: the flag table's names.
    flags,
};

/// Exit status of a run that succeeded.
inline constexpr int exit_ok = 0;
/// Exit status of a run, check or write that failed.
inline constexpr int exit_failure = 1;
/// Exit status of a bad command line, or an output refused before any work.
inline constexpr int exit_usage = 2;

/// What the command line asks of aabb-sandbox: the mode and the options it runs with.
struct CommandLine {
    /// The mode the arguments pick (mode_of). Default the window.
    Mode mode = Mode::window;
    /// --help: print the flags and exit instead of running, in every mode. Default false.
    bool show_help = false;
    /// --list-NAME: print that list and exit instead of running, in every mode. Default none.
    SandboxList list = SandboxList::none;
    /// --handout NAME: write this lesson's printable handout instead of opening the window
    /// (ui/lesson_handout.hpp). Default empty: none.
    std::string handout;
    /// --out DIR: the folder the handout goes to. Default empty.
    std::string handout_folder;
    /// The window's run, every flag applied, with the rules that follow from them (see
    /// parse_command_line). Its defaults are the defaults of the flags.
    ui::SandboxOptions sandbox;
    /// The window's --record and --events-csv (and the --scene the recording names).
    RunRecording recording;
    /// The --headless scene run.
    HeadlessOptions headless;
    /// The --headless --lesson run.
    lesson::LessonRunOptions lesson_run;
    /// --check-lessons DIR|FILE. Default empty.
    std::filesystem::path check_lessons;
};

/// A mistake on the command line; what() is the message after "aabb-sandbox: ".
using CommandLineError = cli::UsageError;

/// One accepted flag.
using FlagSpec = cli::FlagRow<CommandLine>;

/// The smallest --frames in the window: Dear ImGui hides new windows on their first frame.
inline constexpr int min_frame_count = 2;
/// The largest --frames in the window.
inline constexpr int max_frame_count = 1'000'000;
/// Frames rendered for --screenshot when --frames is not given, and per step for --all-steps: a
/// step's first frame draws it and finds its stage, the next frames frame it, and its labels'
/// room is measured again until the camera settles (lesson 05 step 1 still moved between its
/// frames 3 and 6, so a 3-frame screenshot was not what the teacher sees).
inline constexpr int default_screenshot_frames = 8;
/// Frames per step for --all-steps when --frames is not given (as a screenshot's).
inline constexpr int default_step_frames = default_screenshot_frames;

/// Every accepted flag, in help order (app/sandbox/sandbox_flags.cpp). A name may have one
/// row per mode when its meaning differs (--frames).
[[nodiscard]] std::span<const FlagSpec> command_line_flags();

/// The mode the arguments pick: --check-lessons; --headless with --lesson; --headless; else
/// the window.
[[nodiscard]] Mode mode_of(std::span<const std::string_view> arguments);

/// How messages name `mode`: "the window", "--headless", "--headless --lesson",
/// "--check-lessons".
[[nodiscard]] std::string_view mode_name(Mode mode);

/// Parses the arguments after the program name, in the mode they pick. Accepts "--flag value"
/// and "--flag=value". --help anywhere asks for the help and nothing else is parsed. Then
/// applies the rules that follow from the flags as a whole: in the window, --screenshot
/// without --frames renders default_screenshot_frames; a fixed frame count turns vsync off and
/// keeps no settings, an interactive run keeps them in `settings_file` (see
/// ui::settings_path); --handout needs --out, renders default_screenshot_frames per picture
/// unless --frames is given, and takes none of --lesson, --step, --set, --screenshot;
/// --record needs --scene and takes neither --replay nor --tools. Headless, --scene or
/// --replay is required and --record takes no --replay. Throws CommandLineError for an
/// unknown or repeated flag, a flag of another mode, a missing or invalid value, a stray
/// argument, or a combination these rules refuse.
[[nodiscard]] CommandLine parse_command_line(std::span<const std::string_view> arguments,
                                             std::string_view settings_file = {});

/// The --help text: the usage lines, one section per mode with the rows that apply to it, the
/// exit statuses and the broad-phase names.
[[nodiscard]] std::string command_line_help(std::string_view program_name);

}  // namespace aabb::sandbox

#pragma once
// aabb-sandbox's command line: a table of flags (name, value, help, how to apply it) from
// which both parsing and --help come, so a new flag is one row. Flags are applied straight to
// the ui::SandboxOptions the window runs with. Pure C++ (no SDL, GL or ImGui), unit tested in
// tests/app/sandbox/command_line_test.cpp.

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "ui/model/sandbox_options.hpp"

namespace aabb::sandbox {

/// What the command line asks of aabb-sandbox: the run, plus what only main() acts on.
struct CommandLine {
    /// --help: print the flags and exit instead of running. Default false.
    bool show_help = false;
    /// --handout NAME: write this lesson's printable handout instead of opening the window
    /// (ui/lesson/lesson_handout.hpp). Default empty: none.
    std::string handout;
    /// --out DIR: the folder the handout goes to. Default empty.
    std::string handout_folder;
    /// The run, every flag applied, with the rules that follow from them (see
    /// parse_command_line). Its defaults are the defaults of the flags.
    ui::SandboxOptions sandbox;
};

/// A mistake on the command line; what() is the message for stderr.
class CommandLineError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// One accepted flag.
struct FlagSpec {
    /// The flag, e.g. "--count".
    std::string_view name;
    /// Placeholder of its value in the help ("N", "FILE"); empty for a switch.
    std::string_view value_name;
    /// One line of help. A string rather than a literal: defaults and choices are filled in
    /// from where they are defined.
    std::string help;
    /// Validates `value` and stores it; throws CommandLineError naming the flag.
    void (*apply)(CommandLine& command_line, std::string_view value);
    /// True for a flag that may be given many times (--set); others once. Default false.
    bool repeatable = false;
};

/// The smallest --frames: Dear ImGui hides new windows on their first frame.
inline constexpr int min_frame_count = 2;
/// The largest --frames.
inline constexpr int max_frame_count = 1'000'000;
/// Frames rendered for --screenshot when --frames is not given.
inline constexpr int default_screenshot_frames = 3;
/// Frames per step for --all-steps when --frames is not given: a step's first frame draws it
/// and finds its stage, the next frames it (and settles the windows' sizes).
inline constexpr int default_step_frames = 4;

/// Every accepted flag, in help order.
[[nodiscard]] std::span<const FlagSpec> command_line_flags();

/// Parses the arguments after the program name. Accepts "--flag value" and "--flag=value".
/// Then applies the rules that follow from the flags as a whole: --screenshot without --frames
/// renders default_screenshot_frames; a fixed frame count turns vsync off and keeps no
/// settings, an interactive run keeps them in `settings_file` (see ui::settings_path); --handout
/// needs --out, renders default_screenshot_frames per picture unless --frames is given, and
/// takes none of --lesson, --step, --set, --screenshot (it makes one picture per step itself).
/// Throws CommandLineError for an unknown or repeated flag, a missing or invalid value, a
/// stray argument, or an export without a sweep.
[[nodiscard]] CommandLine parse_command_line(std::span<const std::string_view> arguments,
                                             std::string_view settings_file = {});

/// The --help text: usage line and one line per flag.
[[nodiscard]] std::string command_line_help(std::string_view program_name);

}  // namespace aabb::sandbox

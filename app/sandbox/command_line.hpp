#pragma once
// aabb-sandbox's command line: a table of flags (name, value, help, how to apply it) from
// which both parsing and --help come, so a new flag is one row. Pure C++ (no SDL or ImGui),
// unit tested in tests/app/sandbox/command_line_test.cpp.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aabb::sandbox {

/// Everything the command line can ask of aabb-sandbox, with its defaults.
struct CommandLineOptions {
    /// --help: print the flags and exit.
    bool show_help = false;
    /// --size WxH: window width in pixels. Default 1280.
    int window_width = 1280;
    /// --size WxH: window height in pixels. Default 720.
    int window_height = 720;
    /// --broadphase NAME: the broad-phase algorithm. Default sort_and_sweep.
    std::string broad_phase = "sort_and_sweep";
    /// True when --broadphase was given: it then overrides a --scene file's algorithm.
    bool broad_phase_given = false;
    /// --count N: random moving boxes in the default scene. Default 300.
    std::size_t body_count = 300;
    /// --seed S: seed of the default scene. Default 1.
    std::uint32_t seed = 1;
    /// --scene FILE: a scene file to start with instead of the random boxes. Default empty.
    std::string scene_path;
    /// --show LIST: comma-separated canvas overlays to switch on ("structure,trails"), or
    /// "all". Default empty.
    std::string show_overlays;
    /// --hide LIST: comma-separated canvas overlays to switch off. Default empty.
    std::string hide_overlays;
    /// --select ID: body id to select at start; -1 for none. Default -1.
    long long select_id = -1;
    /// --inspect ID: body id to pair with the selection in the pair inspector; -1 for none.
    /// Default -1.
    long long inspect_id = -1;
    /// --tools SCRIPT: editing-tool actions applied before the first frame, e.g.
    /// "wall:10,-20,12,20;bullet:-50,0,-40,0;shape:0,30;spray:0,0;erase:x,y;move:x,y,x2,y2;clear".
    /// Default empty.
    std::string tool_script;
    /// --pause-at N: pause once the world reaches step N (screenshots of one moment); 0 never.
    /// Default 0.
    std::uint64_t pause_at_step = 0;
    /// --frames N: frames to render before exiting; 0 runs until the window closes.
    /// Default 0, or 3 when --screenshot is given without --frames.
    int frame_count = 0;
    /// --screenshot FILE: PNG of the final frame; empty for none. Default empty.
    std::string screenshot_path;
    /// --ui-scale S: text and widget scale 0.5..3 for this run; 0 keeps the saved setting.
    /// Default 0.
    float ui_scale = 0.0f;
    /// --high-contrast: the high-contrast colors for this run. Default false.
    bool high_contrast = false;
    /// --compare: open the broad-phase comparison, compare all and start the scaling sweep.
    /// Default false.
    bool open_comparison = false;
    /// --scaling-sweep LIST: open the comparison window and run the scaling sweep over these
    /// strictly ascending box counts ("1000,2000,5000"), 1..1,000,000, at most 20 of them.
    /// Default empty (no sweep unless --compare).
    std::vector<std::size_t> sweep_sizes;
    /// --export-csv FILE: when the sweep has finished, press its Export CSV button with this
    /// path. Needs --scaling-sweep or --compare. Default empty.
    std::string export_csv_path;
    /// --export-png FILE: the same for Export PNG. Default empty.
    std::string export_png_path;
    /// --panel-tab NAME: the side panel's tab at start: broad-phase, time, objects, tools,
    /// scenes or view. Default broad-phase.
    std::string panel_tab = "broad-phase";
    /// --help-overlay: open the F1 keyboard help from the start. Default false.
    bool open_help = false;
    /// --world-renderer batched|imgui: how the world's boxes are drawn. Default batched.
    bool batched_world = true;
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
    /// One line of help.
    std::string_view help;
    /// Validates `value` and stores it; throws CommandLineError naming the flag.
    void (*apply)(CommandLineOptions& options, std::string_view value);
};

/// The smallest --frames: Dear ImGui hides new windows on their first frame.
inline constexpr int min_frame_count = 2;
/// The largest --frames.
inline constexpr int max_frame_count = 1'000'000;
/// Frames rendered for --screenshot when --frames is not given.
inline constexpr int default_screenshot_frames = 3;

/// Every accepted flag, in help order.
[[nodiscard]] std::span<const FlagSpec> command_line_flags();

/// Parses the arguments after the program name. Accepts "--flag value" and "--flag=value".
/// Throws CommandLineError for an unknown or repeated flag, a missing or invalid value, or a
/// stray argument.
[[nodiscard]] CommandLineOptions parse_command_line(std::span<const std::string_view> arguments);
/// Parses main()'s arguments (argv[0] is the program name and is skipped).
[[nodiscard]] CommandLineOptions parse_command_line(int argc, const char* const* argv);

/// The --help text: usage line and one line per flag.
[[nodiscard]] std::string command_line_help(std::string_view program_name);

}  // namespace aabb::sandbox

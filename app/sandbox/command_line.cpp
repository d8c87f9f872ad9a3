#include "app/sandbox/command_line.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <utility>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/resource_budget_flags.hpp"
#include "core/text/input_excerpt.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::sandbox {

namespace {

/// The parts joined into one string. (Avoids `"literal" + std::string`, which trips a
/// false -Wrestrict warning in GCC 12.)
template <typename... Parts>
std::string concat(const Parts&... parts) {
    std::string text;
    (text.append(std::string_view(parts)), ...);
    return text;
}

/// `names` joined with ", ".
template <typename Names>
std::string joined(const Names& names) {
    std::string text;
    for (const auto& name : names)
        text += concat(text.empty() ? "" : ", ", name);
    return text;
}

/// The --panel-tab names, from the tab table.
std::vector<std::string_view> panel_tab_names() {
    std::vector<std::string_view> names;
    for (const ui::PanelTabSpec& spec : ui::panel_tab_specs)
        names.push_back(spec.cli_name);
    return names;
}

/// The --lang codes, in ui::all_languages order.
std::vector<std::string_view> language_codes() {
    std::vector<std::string_view> codes;
    for (const ui::Language language : ui::all_languages)
        codes.push_back(ui::language_code(language));
    return codes;
}

[[noreturn]] void fail(std::string_view flag, std::string_view problem) {
    throw CommandLineError(concat(flag, ": ", problem));
}

/// The position of `value` in `names`, or a CommandLineError listing them.
template <typename Names>
std::size_t choice(std::string_view flag, std::string_view what, const Names& names,
                   std::string_view value) {
    const auto found = std::find(std::begin(names), std::end(names), value);
    if (found == std::end(names)) {
        fail(flag, concat("unknown ", what, " '", input_excerpt(value), "' (known: ", joined(names),
                          ")"));
    }
    return static_cast<std::size_t>(found - std::begin(names));
}

/// The whole of `text` as an unsigned integer in [low, high], or a CommandLineError.
template <typename Integer>
Integer parse_integer(std::string_view flag, std::string_view text, Integer low, Integer high) {
    unsigned long long value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error == std::errc::invalid_argument || stop != end) {
        fail(flag, concat("expected a non-negative integer, got '", input_excerpt(text), "'"));
    }
    if (error == std::errc::result_out_of_range || value < static_cast<unsigned long long>(low) ||
        value > static_cast<unsigned long long>(high)) {
        fail(flag, concat("'", input_excerpt(text), "' is out of range [", std::to_string(low),
                          ", ", std::to_string(high), "]"));
    }
    return static_cast<Integer>(value);
}

/// `value` as a string option; a flag that takes one needs it non-empty.
std::string non_empty(std::string_view flag, std::string_view value, std::string_view expected) {
    if (value.empty()) fail(flag, concat("expected ", expected));
    return std::string(value);
}

void apply_help(CommandLine& line, std::string_view) {
    line.show_help = true;
}

void apply_size(CommandLine& line, std::string_view value) {
    const std::size_t separator = value.find('x');
    if (separator == std::string_view::npos) {
        fail("--size",
             concat("expected WIDTHxHEIGHT such as 1280x720, got '", input_excerpt(value), "'"));
    }
    line.sandbox.window.width =
        parse_integer("--size width", value.substr(0, separator), 320, 7680);
    line.sandbox.window.height =
        parse_integer("--size height", value.substr(separator + 1), 240, 4320);
}

void apply_broad_phase(CommandLine& line, std::string_view value) {
    const std::vector<std::string> names = broad_phase_names();
    line.sandbox.scene.broad_phase = names[choice("--broadphase", "algorithm", names, value)];
    // Given on the command line, it wins over the algorithm a --scene file names.
    line.sandbox.scene_broad_phase_override = true;
}

void apply_count(CommandLine& line, std::string_view value) {
    line.sandbox.scene.body_count =
        parse_integer<std::size_t>("--count", value, 0, ui::SimulationController::max_body_count);
}

void apply_seed(CommandLine& line, std::string_view value) {
    line.sandbox.scene.seed =
        parse_integer<std::uint32_t>("--seed", value, 0, std::numeric_limits<std::uint32_t>::max());
}

void apply_scene(CommandLine& line, std::string_view value) {
    line.sandbox.scene.scene_path = non_empty("--scene", value, "a scene file (see scenes/)");
}

void apply_history_mb(CommandLine& line, std::string_view value) {
    line.sandbox.scene.history_byte_budget =
        parse_integer<std::size_t>("--history-mb", value, 0, ui::WorldHistory::max_budget_mib)
        << 20;
}

void apply_replay(CommandLine& line, std::string_view value) {
    line.sandbox.scene.replay_path =
        non_empty("--replay", value, "a motion recording or box trace (docs/recording_format.md)");
}

void apply_show(CommandLine& line, std::string_view value) {
    line.sandbox.show_overlays =
        non_empty("--show", value, "overlay names such as structure,trails");
}

void apply_hide(CommandLine& line, std::string_view value) {
    line.sandbox.hide_overlays = non_empty("--hide", value, "overlay names such as caption,trails");
}

void apply_select(CommandLine& line, std::string_view value) {
    line.sandbox.select_id = parse_integer<long long>("--select", value, 0, max_box_id);
}

void apply_inspect(CommandLine& line, std::string_view value) {
    line.sandbox.inspect_id = parse_integer<long long>("--inspect", value, 0, max_box_id);
}

void apply_tools(CommandLine& line, std::string_view value) {
    line.sandbox.tool_script =
        non_empty("--tools", value, "actions such as wall:10,-20,12,20;bullet:-50,0,-40,0");
}

void apply_pause_at(CommandLine& line, std::string_view value) {
    line.sandbox.pause_at_step =
        parse_integer<std::uint64_t>("--pause-at", value, 1, 1'000'000'000);
}

void apply_frames(CommandLine& line, std::string_view value) {
    line.sandbox.frame_count = parse_integer("--frames", value, min_frame_count, max_frame_count);
}

void apply_screenshot(CommandLine& line, std::string_view value) {
    line.sandbox.screenshot_path = non_empty("--screenshot", value, "a file name");
}

/// `value` as a finite number in [lo, hi], or a CommandLineError naming `flag`.
float parse_number(std::string_view flag, std::string_view value, float lo, float hi,
                   std::string_view range) {
    float number = 0.0f;
    const char* end = value.data() + value.size();
    const auto [stop, error] = std::from_chars(value.data(), end, number);
    if (value.empty() || error != std::errc() || stop != end || !std::isfinite(number) ||
        number < lo || number > hi) {
        fail(flag, concat("expected a number in ", range, ", got '", input_excerpt(value), "'"));
    }
    return number;
}

void apply_ui_scale(CommandLine& line, std::string_view value) {
    line.sandbox.ui_scale = parse_number("--ui-scale", value, 0.5f, 3.0f, "0.5..3");
}

void apply_frame_seconds(CommandLine& line, std::string_view value) {
    line.sandbox.frame_seconds = parse_number("--frame-seconds", value, 0.001f, 0.1f, "0.001..0.1");
}

void apply_high_contrast(CommandLine& line, std::string_view) {
    line.sandbox.high_contrast = true;
}

void apply_language(CommandLine& line, std::string_view value) {
    line.sandbox.language =
        ui::all_languages[choice("--lang", "language", language_codes(), value)];
}

void apply_compare(CommandLine& line, std::string_view) {
    line.sandbox.open_comparison = true;
}

void apply_scaling_sweep(CommandLine& line, std::string_view value) {
    constexpr std::size_t max_sizes = 20;
    std::vector<std::size_t>& sizes = line.sandbox.sweep_sizes;
    sizes.clear();
    while (true) {
        const std::size_t comma = value.find(',');
        const std::size_t size =
            parse_integer<std::size_t>("--scaling-sweep", value.substr(0, comma), 1, 1'000'000);
        if (!sizes.empty() && size <= sizes.back()) {
            fail("--scaling-sweep", "box counts must be strictly ascending, e.g. 1000,2000,5000");
        }
        sizes.push_back(size);
        if (sizes.size() > max_sizes) {
            fail("--scaling-sweep", concat("at most ", std::to_string(max_sizes), " box counts"));
        }
        if (comma == std::string_view::npos) break;
        value.remove_prefix(comma + 1);
    }
}

void apply_export_csv(CommandLine& line, std::string_view value) {
    line.sandbox.export_csv_path = non_empty("--export-csv", value, "a file name");
}

void apply_export_png(CommandLine& line, std::string_view value) {
    line.sandbox.export_png_path = non_empty("--export-png", value, "a file name");
}

void apply_panel_tab(CommandLine& line, std::string_view value) {
    line.sandbox.panel_tab =
        ui::panel_tab_specs[choice("--panel-tab", "tab", panel_tab_names(), value)].tab;
}

void apply_help_overlay(CommandLine& line, std::string_view) {
    line.sandbox.open_help = true;
}

void apply_lesson(CommandLine& line, std::string_view value) {
    line.sandbox.lesson = non_empty("--lesson", value, "a lesson name or file");
}

void apply_step(CommandLine& line, std::string_view value) {
    // Steps are numbered from 1 on the command line, as on the lesson bar.
    line.sandbox.lesson_step = parse_integer<std::size_t>("--step", value, 1, 1000) - 1;
}

void apply_set(CommandLine& line, std::string_view value) {
    const std::size_t equals = value.find('=');
    if (equals == std::string_view::npos || equals == 0 || equals + 1 == value.size())
        fail("--set",
             concat("expected HANDLE=VALUE such as b_min_x=5, got '", input_excerpt(value), "'"));
    if (line.sandbox.lesson_values.size() >= 64) fail("--set", "at most 64 values");
    line.sandbox.lesson_values.emplace_back(std::string(value.substr(0, equals)),
                                            std::string(value.substr(equals + 1)));
}

void apply_layout_report(CommandLine& line, std::string_view value) {
    line.sandbox.layout_report_path = non_empty("--layout-report", value, "a file name");
}

void apply_all_steps(CommandLine& line, std::string_view) {
    line.sandbox.all_steps = true;
}

void apply_no_panel(CommandLine& line, std::string_view) {
    line.sandbox.panel_hidden = true;
}

void apply_handout(CommandLine& line, std::string_view value) {
    line.handout = non_empty("--handout", value, "a lesson name or file");
}

void apply_out(CommandLine& line, std::string_view value) {
    line.handout_folder = non_empty("--out", value, "a folder");
}

/// --ccd's names, in DetectionMode order.
constexpr std::string_view detection_names[] = {"discrete", "swept"};

void apply_ccd(CommandLine& line, std::string_view value) {
    line.sandbox.detection = choice("--ccd", "detection mode", detection_names, value) == 0
                                 ? DetectionMode::discrete
                                 : DetectionMode::swept;
}

/// --world-renderer's names: the batched GL renderer first.
constexpr std::string_view world_renderers[] = {"batched", "imgui"};

void apply_world_renderer(CommandLine& line, std::string_view value) {
    line.sandbox.batched_world =
        choice("--world-renderer", "renderer", world_renderers, value) == 0;
}

/// Sets the budget field of resource_budget_flags[index] (--max-pairs, ...).
template <std::size_t index>
void apply_budget(CommandLine& line, std::string_view value) {
    try {
        set_resource_budget_flag(line.sandbox.scene.resource_budget, resource_budget_flags[index],
                                 value);
    } catch (const std::invalid_argument& error) {
        throw CommandLineError(error.what());
    }
}

/// One row per budget flag, from resource_budget_flags.
template <std::size_t... index>
void add_budget_flags(std::vector<FlagSpec>& flags, std::index_sequence<index...>) {
    (flags.push_back({resource_budget_flags[index].name, "N",
                      resource_budget_flag_help(resource_budget_flags[index]),
                      apply_budget<index>}),
     ...);
}

/// Every flag. Built once at first use: the help lines name defaults and choices from where
/// they are defined (SandboxOptions, the broad-phase factory, the tab table).
const std::vector<FlagSpec>& flag_table() {
    static const ui::SandboxOptions defaults;
    static const std::vector<FlagSpec> flags = [] {
        std::vector<FlagSpec> table = {
            {"--help", "", "show this help and exit", apply_help},
            {"--broadphase", "NAME",
             concat("broad-phase algorithm (default ", defaults.scene.broad_phase, ")"),
             apply_broad_phase},
            {"--count", "N",
             concat("random moving boxes in the scene, 0..",
                    std::to_string(ui::SimulationController::max_body_count), " (default ",
                    std::to_string(defaults.scene.body_count), ")"),
             apply_count},
            {"--seed", "S",
             concat("seed of the random scene (default ", std::to_string(defaults.scene.seed), ")"),
             apply_seed},
            {"--scene", "FILE", "start with this scene file, e.g. scenes/tunneling.json",
             apply_scene},
            {"--replay", "FILE",
             "replay a motion recording (frame,id,x,y,angle) on the scene its '# scene:' line "
             "names or on --scene FILE, or a box trace (frame,id,min_x,min_y,max_x,max_y, as "
             "aabb-bench --trace); docs/recording_format.md; headless too",
             apply_replay},
            {"--history-mb", "MB",
             concat("memory for step back, in MiB: the newest states that fit are kept (0 "
                    "switches step back off; default ",
                    std::to_string(defaults.scene.history_byte_budget >> 20), ")"),
             apply_history_mb},
            {"--show", "LIST",
             "switch canvas overlays on: all or a comma list of shapes, contact-points, "
             "swept-boxes, "
             "trails, toi-ghosts, tunneling, structure, caption, selection, tool-preview, ray",
             apply_show},
            {"--hide", "LIST", "switch canvas overlays off (same names as --show)", apply_hide},
            {"--pause-at", "N", "pause when the world reaches step N", apply_pause_at},
            {"--select", "ID", "select the body with this id (as a click would)", apply_select},
            {"--inspect", "ID", "pair the selection with this body in the pair inspector",
             apply_inspect},
            {"--tools", "SCRIPT",
             "apply editing tools first: tool:x,y[,x2,y2];... with bullet, wall, shape, move, "
             "erase, "
             "spray, ray, clear",
             apply_tools},
            {"--lesson", "NAME",
             "open a lesson of lessons/ by name (02_box_intervals or box_intervals) or a lesson "
             "file",
             apply_lesson},
            {"--step", "K", "with --lesson: start at step K (1 = the first)", apply_step},
            {"--set", "HANDLE=VALUE",
             "with --lesson: set a handle after the step's own values (repeatable), e.g. "
             "--set b_min_x=5",
             apply_set, true},
            {"--all-steps", "",
             concat("with --lesson and --frames N: every step of the lesson in turn, N frames "
                    "each (default ",
                    std::to_string(default_step_frames),
                    "); --layout-report then holds one report per step"),
             apply_all_steps},
            {"--handout", "NAME",
             "write a lesson's printable handout into --out DIR instead of opening the window: "
             "an HTML page (objective, steps, formulas, try prompts, questions, answers) and one "
             "PNG per step, in --lang",
             apply_handout},
            {"--out", "DIR", "with --handout: the folder for the handout's files (it must exist)",
             apply_out},
            {"--ccd", "MODE",
             "every bullet discrete or swept (the scene's own modes when not given; D switches)",
             apply_ccd},
            {"--size", "WxH",
             concat("window size in pixels (default ", std::to_string(defaults.window.width), "x",
                    std::to_string(defaults.window.height), ")"),
             apply_size},
            {"--frames", "N",
             concat("render N >= ", std::to_string(min_frame_count),
                    " frames, print a frame-time summary and exit (default: run until closed)"),
             apply_frames},
            {"--screenshot", "FILE",
             concat("write the final frame as PNG (renders ",
                    std::to_string(default_screenshot_frames), " frames unless --frames is given)"),
             apply_screenshot},
            {"--layout-report", "FILE",
             "write the layout of the last frame as JSON: every text on the canvas and in the "
             "lesson's windows with its rectangle, and the rectangles of the canvas, panel, card, "
             "bar, toolbar, caption, timeline, insets, free area and stage (an interactive run: "
             "when it ends)",
             apply_layout_report},
            {"--no-panel", "", "start with the side panel hidden (Tab shows it)", apply_no_panel},
            {"--ui-scale", "S",
             "text and widget scale 0.5..3 for this run (default: the saved setting)",
             apply_ui_scale},
            {"--frame-seconds", "S",
             "a fixed clock: every frame lasts S seconds (0.001..0.1) for the lesson's camera "
             "moves and animations, which then play in a fixed run (--frames) too, the same on "
             "every machine (default: the real frame time; a fixed run stands still)",
             apply_frame_seconds},
            {"--high-contrast", "", "high-contrast colors for this run", apply_high_contrast},
            {"--lang", "en|zh",
             "interface language for this run: en (English) or zh (Chinese) (default: the saved "
             "setting, else en)",
             apply_language},
            {"--compare", "", "open the broad-phase comparison: compare all, run the scaling sweep",
             apply_compare},
            {"--scaling-sweep", "LIST",
             "open the comparison and run the scaling sweep over these ascending box counts "
             "(e.g. 1000,2000,5000); runs past --frames until it finishes",
             apply_scaling_sweep},
            {"--export-csv", "FILE",
             "when the sweep finishes, export it as CSV (the Export CSV button)", apply_export_csv},
            {"--export-png", "FILE",
             "when the sweep finishes, export its chart as PNG (Export PNG)", apply_export_png},
            {"--panel-tab", "NAME",
             concat("side panel tab at start: ", joined(panel_tab_names()), " (default ",
                    ui::panel_tab_specs.front().cli_name, ")"),
             apply_panel_tab},
            {"--help-overlay", "", "open the F1 keyboard-shortcut help from the start",
             apply_help_overlay},
            {"--world-renderer", "KIND",
             concat("draw the boxes with batched GL or imgui (default ",
                    world_renderers[defaults.batched_world ? 0 : 1], ")"),
             apply_world_renderer},
        };
        add_budget_flags(table, std::make_index_sequence<std::size(resource_budget_flags)>{});
        return table;
    }();
    return flags;
}

const FlagSpec* find_flag(std::string_view name) {
    for (const FlagSpec& flag : flag_table()) {
        if (flag.name == name) return &flag;
    }
    return nullptr;
}

/// The rules that follow from the flags as a whole, once every flag is applied.
void finish(CommandLine& line, const std::set<std::string_view>& given,
            std::string_view settings_file) {
    ui::SandboxOptions& options = line.sandbox;
    if ((!options.export_csv_path.empty() || !options.export_png_path.empty()) &&
        options.sweep_sizes.empty() && !options.open_comparison) {
        throw CommandLineError("--export-csv / --export-png: need --scaling-sweep or --compare");
    }
    if (!line.handout.empty()) {
        if (line.handout_folder.empty()) throw CommandLineError("--handout: needs --out DIR");
        for (const std::string_view flag : {"--lesson", "--step", "--set", "--screenshot"}) {
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

}  // namespace

std::span<const FlagSpec> command_line_flags() {
    return flag_table();
}

CommandLine parse_command_line(std::span<const std::string_view> arguments,
                               std::string_view settings_file) {
    CommandLine line;
    std::set<std::string_view> given;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        if (!argument.starts_with("--")) {
            throw CommandLineError(concat("unexpected argument '", input_excerpt(argument),
                                          "' (flags start with "
                                          "--; see --help)"));
        }
        const std::size_t equals = argument.find('=');
        const std::string_view name = argument.substr(0, equals);
        const FlagSpec* flag = find_flag(name);
        if (flag == nullptr) {
            throw CommandLineError(concat("unknown flag '", input_excerpt(name), "' (see --help)"));
        }
        if (!given.insert(flag->name).second && !flag->repeatable)
            fail(flag->name, "given more than once");
        std::string_view value;
        if (flag->value_name.empty()) {
            if (equals != std::string_view::npos) fail(flag->name, "takes no value");
        } else if (equals != std::string_view::npos) {
            value = argument.substr(equals + 1);
        } else if (i + 1 < arguments.size()) {
            value = arguments[++i];
        } else {
            fail(flag->name, concat("needs a value ", flag->value_name));
        }
        flag->apply(line, value);
    }
    finish(line, given, settings_file);
    return line;
}

std::string command_line_help(std::string_view program_name) {
    std::string text =
        concat("Usage: ", program_name, " [flags]\n\n") +
        "AABB Sandbox: see how broad phases find overlapping boxes.\n" +
        "Drag to pan, wheel to zoom, Space pauses, S steps, F fits the view, F1 lists\n" +
        "every shortcut. UI scale, high contrast and language are saved in\n" +
        "$XDG_CONFIG_HOME/aabb-sandbox/settings.ini (~/.config/... without it).\n\n" + "Flags:\n";
    for (const FlagSpec& flag : flag_table()) {
        std::string left = concat("  ", flag.name);
        if (!flag.value_name.empty()) left += concat(" ", flag.value_name);
        left.resize(std::max<std::size_t>(left.size() + 2, 22), ' ');
        text += left + flag.help + "\n";
    }
    text += concat(
        "\nHeadless runs (no window; a JSON report of what detection found):\n  ", program_name,
        " --headless --scene FILE [--frames N] [--broadphase NAME] [--ccd discrete|swept]\n",
        "      [--seed S] [--report FILE.json] [--events-csv FILE.csv] [--max-pairs N]\n",
        "      [--max-cells N] [--max-bytes N]\n",
        "      [--record FILE.csv | --replay FILE.csv]  (a motion recording: write the run, or\n",
        "      step through one, or a box trace, with tunneling analysis between its frames)\n",
        "  --frames defaults to 600; without --report the report goes to standard output;\n",
        "  --events-csv writes its events as CSV too (docs/tunneling.md names the columns).\n");
    // Space-separated: tests/integration/check_sweep_export.cmake reads the names from here.
    text += "\nBroad phases:";
    for (const std::string& name : broad_phase_names())
        text += concat(" ", name);
    text += "\n";
    return text;
}

}  // namespace aabb::sandbox

// aabb-sandbox's flag table: one row per flag (two for --frames, whose range differs between
// the window and a headless run), each storing its value into the option structs of the modes
// it applies to. Defaults, ranges and choices come from where they are defined.

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "app/sandbox/command_line.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/resource_budget_flags.hpp"
#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_names.hpp"
#include "core/measure/broad_phase_comparison.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::sandbox {

namespace {

using cli::choice;
using cli::concat;
using cli::fail;
using cli::file_name;
using cli::joined;
using cli::non_empty;
using cli::parse_whole;

/// The modes a row applies to.
constexpr unsigned window = static_cast<unsigned>(Mode::window);
constexpr unsigned headless = static_cast<unsigned>(Mode::headless);
constexpr unsigned lesson = static_cast<unsigned>(Mode::lesson);
constexpr unsigned check = static_cast<unsigned>(Mode::check);
constexpr unsigned every_mode = window | headless | lesson | check;

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

void apply_help(CommandLine& line, std::string_view) {
    line.show_help = true;
}

template <SandboxList list>
void apply_list(CommandLine& line, std::string_view) {
    line.list = list;
}

void apply_headless(CommandLine&, std::string_view) {
    // Only picks the mode (mode_of), before any row is applied.
}

void apply_check_lessons(CommandLine& line, std::string_view value) {
    line.check_lessons = non_empty("--check-lessons", value, "a lesson folder or file");
}

void apply_size(CommandLine& line, std::string_view value) {
    const std::size_t separator = value.find('x');
    if (separator == std::string_view::npos) {
        fail("--size",
             concat("expected WIDTHxHEIGHT such as 1280x720, got '", input_excerpt(value), "'"));
    }
    line.sandbox.window.width = parse_whole("--size width", value.substr(0, separator), 320, 7680);
    line.sandbox.window.height =
        parse_whole("--size height", value.substr(separator + 1), 240, 4320);
}

void apply_broad_phase(CommandLine& line, std::string_view value) {
    const std::vector<std::string> names = broad_phase_names();
    const std::string& name = names[choice("--broadphase", "algorithm", names, value)];
    line.sandbox.scene.broad_phase = name;
    // Given on the command line, it wins over the algorithm a --scene file names.
    line.sandbox.scene_broad_phase_override = true;
    line.headless.broad_phase = name;
}

void apply_count(CommandLine& line, std::string_view value) {
    line.sandbox.scene.body_count =
        parse_whole<std::size_t>("--count", value, 0, ui::SimulationController::max_body_count);
}

void apply_seed(CommandLine& line, std::string_view value) {
    const auto seed =
        parse_whole<std::uint32_t>("--seed", value, 0, std::numeric_limits<std::uint32_t>::max());
    line.sandbox.scene.seed = seed;
    line.headless.seed = seed;
}

void apply_scene(CommandLine& line, std::string_view value) {
    line.sandbox.scene.scene_path = file_name("--scene", value);
    line.headless.scene = line.sandbox.scene.scene_path;
    line.recording.scene = line.headless.scene;
}

void apply_replay(CommandLine& line, std::string_view value) {
    line.sandbox.scene.replay_path = file_name("--replay", value);
    line.headless.replay = line.sandbox.scene.replay_path;
}

void apply_record(CommandLine& line, std::string_view value) {
    line.headless.record = file_name("--record", value);
    line.recording.record = line.headless.record;
}

void apply_events_csv(CommandLine& line, std::string_view value) {
    line.headless.events_csv = file_name("--events-csv", value);
    line.recording.events_csv = line.headless.events_csv;
}

void apply_report(CommandLine& line, std::string_view value) {
    // Empty means standard output in HeadlessOptions: an empty name is a mistake.
    line.headless.report = file_name("--report", value);
}

void apply_compare_all(CommandLine& line, std::string_view value) {
    line.headless.compare_all = file_name("--compare-all", value);
}

void apply_readouts(CommandLine& line, std::string_view value) {
    line.lesson_run.readouts = file_name("--readouts", value);
}

void apply_history_mb(CommandLine& line, std::string_view value) {
    line.sandbox.scene.history_byte_budget =
        parse_whole<std::size_t>("--history-mb", value, 0, ui::WorldHistory::max_budget_mib) << 20;
}

/// The --show / --hide names: all, then the one list of overlays (core/lesson/lesson_names.hpp).
std::vector<std::string_view> overlay_switch_names() {
    std::vector<std::string_view> names{"all"};
    names.insert(names.end(), lesson::overlay_names.begin(), lesson::overlay_names.end());
    return names;
}

/// `value`, a comma list of overlay_switch_names() (each checked: a misspelt overlay is a usage
/// error, not a switch the window ignores).
std::string overlay_list(std::string_view flag, std::string_view value) {
    std::string list = non_empty(flag, value, "overlay names such as structure,trails");
    std::string_view rest = list;
    const std::vector<std::string_view> names = overlay_switch_names();
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view name = rest.substr(0, comma);
        if (!name.empty()) (void)choice(flag, "overlay", names, name);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
    return list;
}

void apply_show(CommandLine& line, std::string_view value) {
    line.sandbox.show_overlays = overlay_list("--show", value);
}

void apply_hide(CommandLine& line, std::string_view value) {
    line.sandbox.hide_overlays = overlay_list("--hide", value);
}

void apply_select(CommandLine& line, std::string_view value) {
    line.sandbox.select_id = parse_whole<long long>("--select", value, 0, max_box_id);
}

void apply_inspect(CommandLine& line, std::string_view value) {
    line.sandbox.inspect_id = parse_whole<long long>("--inspect", value, 0, max_box_id);
}

void apply_tools(CommandLine& line, std::string_view value) {
    line.sandbox.tool_script =
        non_empty("--tools", value, "actions such as wall:10,-20,12,20;bullet:-50,0,-40,0");
}

void apply_pause_at(CommandLine& line, std::string_view value) {
    line.sandbox.pause_at_step = parse_whole<std::uint64_t>("--pause-at", value, 1, 1'000'000'000);
}

void apply_frames(CommandLine& line, std::string_view value) {
    line.sandbox.frame_count = parse_whole("--frames", value, min_frame_count, max_frame_count);
}

void apply_headless_frames(CommandLine& line, std::string_view value) {
    line.headless.frames = parse_whole<std::uint64_t>("--frames", value, 0, max_headless_frames);
}

void apply_screenshot(CommandLine& line, std::string_view value) {
    line.sandbox.screenshot_path = file_name("--screenshot", value);
}

void apply_ui_scale(CommandLine& line, std::string_view value) {
    line.sandbox.ui_scale =
        static_cast<float>(cli::parse_decimal("--ui-scale", value, 0.5, 3.0, "0.5, 3"));
}

void apply_frame_seconds(CommandLine& line, std::string_view value) {
    line.sandbox.frame_seconds =
        static_cast<float>(cli::parse_decimal("--frame-seconds", value, 0.001, 0.1, "0.001, 0.1"));
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
            parse_whole<std::size_t>("--scaling-sweep", value.substr(0, comma), 1, 1'000'000);
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
    line.sandbox.export_csv_path = file_name("--export-csv", value);
}

void apply_export_png(CommandLine& line, std::string_view value) {
    line.sandbox.export_png_path = file_name("--export-png", value);
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
    line.lesson_run.lesson = line.sandbox.lesson;
}

void apply_step(CommandLine& line, std::string_view value) {
    // Steps are numbered from 1 on the command line, as on the lesson bar; a lesson has at
    // most LessonLimits::steps.
    const std::size_t step =
        parse_whole<std::size_t>("--step", value, 1, lesson::LessonLimits::steps);
    line.sandbox.lesson_step = step - 1;
    line.lesson_run.step = step;
}

/// The most --set values one run takes.
constexpr std::size_t max_set_values = 64;

void apply_set(CommandLine& line, std::string_view value) {
    const std::size_t equals = value.find('=');
    if (equals == std::string_view::npos || equals == 0 || equals + 1 == value.size())
        fail("--set",
             concat("expected HANDLE=VALUE such as b_min_x=5, got '", input_excerpt(value), "'"));
    if (line.sandbox.lesson_values.size() >= max_set_values)
        fail("--set", concat("at most ", std::to_string(max_set_values), " values"));
    line.sandbox.lesson_values.emplace_back(std::string(value.substr(0, equals)),
                                            std::string(value.substr(equals + 1)));
    line.lesson_run.sets = line.sandbox.lesson_values;
}

void apply_layout_report(CommandLine& line, std::string_view value) {
    line.sandbox.layout_report_path = file_name("--layout-report", value);
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
    const DetectionMode mode = choice("--ccd", "detection mode", detection_names, value) == 0
                                   ? DetectionMode::discrete
                                   : DetectionMode::swept;
    line.sandbox.detection = mode;
    line.headless.ccd = mode;
}

/// --world-renderer's names: the batched GL renderer first.
constexpr std::string_view world_renderers[] = {"batched", "imgui"};

void apply_world_renderer(CommandLine& line, std::string_view value) {
    line.sandbox.batched_world =
        choice("--world-renderer", "renderer", world_renderers, value) == 0;
}

/// Sets the budget field of resource_budget_flags[index] (--max-pairs, ...), in both modes.
template <std::size_t index>
void apply_budget(CommandLine& line, std::string_view value) {
    const ResourceBudgetFlag& flag = resource_budget_flags[index];
    const std::uint64_t limit = parse_whole<std::uint64_t>(flag.name, value, 1, flag.largest);
    line.sandbox.scene.resource_budget.*flag.field = limit;
    line.headless.budget.*flag.field = limit;
}

/// One row per budget flag, from resource_budget_flags.
template <std::size_t... index>
void add_budget_flags(std::vector<FlagSpec>& flags, std::index_sequence<index...>) {
    (flags.push_back({resource_budget_flags[index].name, "N",
                      resource_budget_flag_help(resource_budget_flags[index]), apply_budget<index>,
                      window | headless}),
     ...);
}

/// The rows of the run flags (scene, motion, outputs) the window and --headless share or
/// split.
void add_run_flags(std::vector<FlagSpec>& table) {
    static const ui::SandboxOptions defaults;
    static const HeadlessOptions headless_defaults;
    std::vector<FlagSpec> rows = {
        {"--broadphase", "NAME",
         concat("broad-phase algorithm (default ", defaults.scene.broad_phase,
                "; headless: the scene's)"),
         apply_broad_phase, window | headless},
        {"--count", "N",
         concat("random moving boxes in the scene, 0..",
                std::to_string(ui::SimulationController::max_body_count), " (default ",
                std::to_string(defaults.scene.body_count), ")"),
         apply_count, window},
        {"--seed", "S",
         concat("seed of the random scene (default ", std::to_string(defaults.scene.seed),
                "); headless: replaces the scene file's"),
         apply_seed, window | headless},
        {"--scene", "FILE",
         "the scene file, e.g. scenes/tunneling.json (headless: required unless --replay names "
         "a recording whose '# scene:' line names it)",
         apply_scene, window | headless},
        {"--frames", "N",
         concat("step N frames, 0..", std::to_string(max_headless_frames), " (default ",
                std::to_string(headless_defaults.frames), "; with --replay: at most N recorded)"),
         apply_headless_frames, headless},
        {"--ccd", "MODE",
         "every bullet discrete or swept (the scene's own modes when not given; D switches)",
         apply_ccd, window | headless},
        {"--replay", "FILE",
         "replay a motion recording (frame,id,x,y,angle) on the scene its '# scene:' line "
         "names or on --scene FILE, or a box trace (frame,id,min_x,min_y,max_x,max_y, as "
         "aabb-bench --trace); docs/recording_format.md",
         apply_replay, window | headless},
        {"--record", "FILE",
         "write the run as a motion recording of --scene FILE (docs/recording_format.md) when "
         "it ends (the window: when it closes or --frames ends); not with --replay or --tools",
         apply_record, window | headless},
        {"--events-csv", "FILE",
         "write the tunneling events (hit, tunneled, escaped) as CSV when the run ends; columns "
         "in docs/tunneling.md",
         apply_events_csv, window | headless},
        {"--report", "FILE",
         "write the JSON report here (default: standard output; docs/scene_format.md)",
         apply_report, headless},
        {"--compare-all", "FILE.csv",
         concat("instead of the report: every broad phase on the scene's own first --frames "
                "frames (frame 0 the build), with the scene's options, ",
                std::to_string(ComparisonOptions{}.repetitions),
                " repeats each; the table as CSV with aabb-bench's columns (docs/benchmarks.md)"),
         apply_compare_all, headless},
    };
    table.insert(table.end(), rows.begin(), rows.end());
    add_budget_flags(table, std::make_index_sequence<std::size(resource_budget_flags)>{});
}

/// The rows of the lesson flags: the window's lessons, --headless --lesson, --check-lessons.
void add_lesson_flags(std::vector<FlagSpec>& table) {
    std::vector<FlagSpec> rows = {
        {"--lesson", "NAME",
         "open a lesson of lessons/ by name (02_box_intervals or box_intervals) or a lesson "
         "file",
         apply_lesson, window | lesson},
        {"--step", "K",
         concat("with --lesson: start at step K, 1..", std::to_string(lesson::LessonLimits::steps),
                " (1 = the first)"),
         apply_step, window | lesson},
        {"--set", "HANDLE=VALUE",
         concat("with --lesson: set a handle after the step's own values (repeatable, at most ",
                std::to_string(max_set_values), "), e.g. --set b_min_x=5"),
         apply_set, window | lesson, true},
        {"--readouts", "FILE|-",
         "write the step's handles and readouts as JSON to FILE, or - for standard output "
         "(default -)",
         apply_readouts, lesson},
        {"--check-lessons", "DIR|FILE",
         "load every lesson of the folder (or one file), enter each step and check its expected "
         "values, goals and questions",
         apply_check_lessons, check},
        {"--all-steps", "",
         concat("with --lesson and --frames N: every step of the lesson in turn, N frames "
                "each (default ",
                std::to_string(default_step_frames),
                "); --layout-report then holds one report per step"),
         apply_all_steps, window},
        {"--handout", "NAME",
         "write a lesson's printable handout into --out DIR instead of opening the window: "
         "an HTML page (objective, steps, formulas, try prompts, questions, answers) and one "
         "PNG per step, in --lang",
         apply_handout, window},
        {"--out", "DIR", "with --handout: the folder for the handout's files (it must exist)",
         apply_out, window},
    };
    table.insert(table.end(), rows.begin(), rows.end());
}

/// The rows only the window has: what it shows and how.
void add_window_flags(std::vector<FlagSpec>& table) {
    static const ui::SandboxOptions defaults;
    std::vector<FlagSpec> rows = {
        {"--history-mb", "MB",
         concat("memory for step back, in MiB: the newest states that fit are kept (0 "
                "switches step back off; default ",
                std::to_string(defaults.scene.history_byte_budget >> 20), ")"),
         apply_history_mb, window},
        {"--show", "LIST",
         concat("switch canvas overlays on: a comma list of ", joined(overlay_switch_names())),
         apply_show, window},
        {"--hide", "LIST", "switch canvas overlays off (same names as --show)", apply_hide, window},
        {"--pause-at", "N", "pause when the world reaches step N", apply_pause_at, window},
        {"--select", "ID", "select the body with this id (as a click would)", apply_select, window},
        {"--inspect", "ID", "pair the selection with this body in the pair inspector",
         apply_inspect, window},
        {"--tools", "SCRIPT",
         "apply editing tools first: tool:x,y[,x2,y2];... with bullet, wall, shape, move, "
         "erase, spray, ray, clear",
         apply_tools, window},
        {"--size", "WxH",
         concat("window size in pixels (default ", std::to_string(defaults.window.width), "x",
                std::to_string(defaults.window.height), ")"),
         apply_size, window},
        {"--frames", "N",
         concat("render N >= ", std::to_string(min_frame_count),
                " frames, print a frame-time summary and exit (default: run until closed)"),
         apply_frames, window},
        {"--screenshot", "FILE",
         concat("write the final frame as PNG (renders ", std::to_string(default_screenshot_frames),
                " frames unless --frames is given)"),
         apply_screenshot, window},
        {"--layout-report", "FILE",
         "write the layout of the last frame as JSON: every text on the canvas and in the "
         "lesson's windows with its rectangle, and the rectangles of the canvas, panel, card, "
         "bar, toolbar, caption, timeline, insets, free area and stage (an interactive run: "
         "when it ends)",
         apply_layout_report, window},
        {"--no-panel", "", "start with the side panel hidden (Tab shows it)", apply_no_panel,
         window},
        {"--ui-scale", "S",
         "text and widget scale 0.5..3 for this run (default: the saved setting)", apply_ui_scale,
         window},
        {"--frame-seconds", "S",
         "a fixed clock: every frame lasts S seconds (0.001..0.1) for the lesson's camera "
         "moves and animations, which then play in a fixed run (--frames) too, the same on "
         "every machine (default: the real frame time; a fixed run stands still)",
         apply_frame_seconds, window},
        {"--high-contrast", "", "high-contrast colors for this run", apply_high_contrast, window},
        {"--lang", "en|zh",
         "interface language for this run: en (English) or zh (Chinese) (default: the saved "
         "setting, else en)",
         apply_language, window},
        {"--compare", "", "open the broad-phase comparison: compare all, run the scaling sweep",
         apply_compare, window},
        {"--scaling-sweep", "LIST",
         "open the comparison and run the scaling sweep over these ascending box counts "
         "(e.g. 1000,2000,5000); runs past --frames until it finishes",
         apply_scaling_sweep, window},
        {"--export-csv", "FILE",
         "when the sweep finishes, export it as CSV (the Export CSV button)", apply_export_csv,
         window},
        {"--export-png", "FILE", "when the sweep finishes, export its chart as PNG (Export PNG)",
         apply_export_png, window},
        {"--panel-tab", "NAME",
         concat("side panel tab at start: ", joined(panel_tab_names()), " (default ",
                ui::panel_tab_specs.front().cli_name, ")"),
         apply_panel_tab, window},
        {"--help-overlay", "", "open the F1 keyboard-shortcut help from the start",
         apply_help_overlay, window},
        {"--world-renderer", "KIND",
         concat("draw the boxes with batched GL or imgui (default ",
                world_renderers[defaults.batched_world ? 0 : 1], ")"),
         apply_world_renderer, window},
    };
    table.insert(table.end(), rows.begin(), rows.end());
}

}  // namespace

std::span<const FlagSpec> command_line_flags() {
    // Built once at first use: the help lines name defaults and choices from where they are
    // defined (SandboxOptions, HeadlessOptions, the broad-phase factory, the tab table).
    static const std::vector<FlagSpec> flags = [] {
        std::vector<FlagSpec> table = {
            {"--help", "", "show this help and exit", apply_help, every_mode},
            {"--headless", "",
             "no window: with --scene or --replay step a scene and report what detection found "
             "as JSON; with --lesson print one step's readouts",
             apply_headless, headless | lesson | check},
        };
        add_run_flags(table);
        add_lesson_flags(table);
        add_window_flags(table);
        const std::vector<FlagSpec> lists = {
            {"--list-overlays", "",
             "print the overlay names (--show, lessons), one per line, and exit",
             apply_list<SandboxList::overlays>, every_mode},
            {"--list-tabs", "",
             "print the side panel's tab names (--panel-tab), one per line, and exit",
             apply_list<SandboxList::tabs>, every_mode},
            {"--list-gadgets", "", "print the lesson gadget kinds, one per line, and exit",
             apply_list<SandboxList::gadgets>, every_mode},
            {"--list-keys", "",
             "print the keyboard shortcuts (F1's help), one per line: keys, a tab, what they do",
             apply_list<SandboxList::keys>, every_mode},
            {"--list-flags", "", "print the flag names, one per line, and exit",
             apply_list<SandboxList::flags>, every_mode},
        };
        table.insert(table.end(), lists.begin(), lists.end());
        return table;
    }();
    return flags;
}

}  // namespace aabb::sandbox

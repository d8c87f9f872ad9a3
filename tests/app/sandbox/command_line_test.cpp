// aabb-sandbox's flags: defaults, every flag, both value spellings, clear errors, and the rules
// that follow from the flags as a whole (frame count, vsync, settings file, scene override).

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "app/sandbox/command_line.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "core/broadphase/resource_budget_flags.hpp"
#include "core/lesson/lesson_names.hpp"
#include "ui/view/panel_tabs.hpp"

namespace aabb::sandbox {

namespace {

/// The run `arguments` ask for, with an interactive run's settings file "settings.ini".
ui::SandboxOptions parse(std::vector<std::string_view> arguments) {
    return parse_command_line(arguments, "settings.ini").sandbox;
}

/// The message of the CommandLineError `arguments` raise ("" when they parse).
std::string error_of(std::vector<std::string_view> arguments) {
    try {
        (void)parse_command_line(arguments);
    } catch (const CommandLineError& error) {
        return error.what();
    }
    return "";
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("no flags gives the documented defaults, which are SandboxOptions' own") {
    CHECK_FALSE(parse_command_line({}).show_help);
    const ui::SandboxOptions options = parse({});
    CHECK(options.window.width == 1280);
    CHECK(options.window.height == 720);
    CHECK(options.scene.broad_phase == "sort_and_sweep");
    CHECK(options.scene.broad_phase == ui::SceneRequest{}.broad_phase);
    CHECK(options.scene.body_count == 300);
    CHECK(options.scene.seed == 1);
    CHECK(options.frame_count == 0);
    CHECK(options.screenshot_path.empty());
}

TEST_CASE("every flag is applied, with a separate value or after =") {
    const ui::SandboxOptions options =
        parse({"--broadphase", "brute_force", "--count=1000", "--seed", "4294967295", "--size",
               "800x600", "--frames=10", "--screenshot", "out.png"});
    CHECK(options.scene.broad_phase == "brute_force");
    CHECK(options.scene.body_count == 1000);
    CHECK(options.scene.seed == 4294967295u);
    CHECK(options.window.width == 800);
    CHECK(options.window.height == 600);
    CHECK(options.frame_count == 10);
    CHECK(options.screenshot_path == "out.png");
    CHECK(parse_command_line(std::vector<std::string_view>{"--help"}).show_help);
}

TEST_CASE("every registered broad phase is accepted") {
    for (const std::string& name : broad_phase_names()) {
        CHECK(parse({"--broadphase", name}).scene.broad_phase == name);
    }
}

TEST_CASE("--screenshot alone renders the default number of frames and --frames overrides it") {
    CHECK(parse({"--screenshot", "a.png"}).frame_count == default_screenshot_frames);
    CHECK(parse({"--frames", "7", "--screenshot", "a.png"}).frame_count == 7);
    CHECK(parse({"--screenshot", "a.png", "--frames", "2"}).frame_count == 2);
}

TEST_CASE("a fixed frame count turns vsync off and keeps no settings") {
    const ui::SandboxOptions interactive = parse({});
    CHECK(interactive.window.vsync);
    CHECK(interactive.settings_file == "settings.ini");
    for (const auto& arguments : {std::vector<std::string_view>{"--frames", "5"},
                                  std::vector<std::string_view>{"--screenshot", "a.png"}}) {
        const ui::SandboxOptions fixed = parse(arguments);
        CHECK_FALSE(fixed.window.vsync);
        CHECK(fixed.settings_file.empty());
    }
    // Without a place to keep them (no HOME), an interactive run keeps none either.
    CHECK(parse_command_line({}).sandbox.settings_file.empty());
}

TEST_CASE("--broadphase overrides a scene file's algorithm only when given") {
    CHECK_FALSE(parse({"--scene", "scenes/tunneling.json"}).scene_broad_phase_override);
    const ui::SandboxOptions given =
        parse({"--scene", "scenes/tunneling.json", "--broadphase", "brute_force"});
    CHECK(given.scene_broad_phase_override);
    CHECK(given.scene.broad_phase == "brute_force");
    // Naming the default is still an override: the scene file's own choice is replaced.
    CHECK(parse({"--broadphase", ui::SceneRequest{}.broad_phase}).scene_broad_phase_override);
}

TEST_CASE("mistakes are rejected with a message naming the flag") {
    struct Mistake {
        std::vector<std::string> arguments;
        std::string message;
    };
    const Mistake mistakes[] = {
        {{"--bogus"}, "unknown flag '--bogus'"},
        {{"stray"}, "unexpected argument 'stray'"},
        {{"--count"}, "--count: needs a value N"},
        {{"--count", "ten"}, "--count: expected a whole number in [0, 1000000], got 'ten'"},
        {{"--count", "-5"}, "--count"},
        {{"--count", "12abc"}, "--count"},
        {{"--count", ""}, "--count"},
        {{"--count", "1000001"}, "expected a whole number in [0, 1000000], got '1000001'"},
        {{"--count", "99999999999999999999999"}, "expected a whole number in [0, 1000000]"},
        {{"--seed", "4294967296"}, "--seed"},
        {{"--frames", "1"}, "--frames"},
        {{"--frames", "0"}, "--frames"},
        {{"--size", "1280"}, "--size: expected WIDTHxHEIGHT"},
        {{"--size", "10x720"}, "--size width"},
        {{"--size", "1280x100000"}, "--size height"},
        {{"--broadphase", "quantum"}, "--broadphase: unknown algorithm 'quantum'"},
        {{"--screenshot="}, "--screenshot: the file name is empty"},
        {{"--help=yes"}, "--help: takes no value"},
        {{"--seed", "1", "--seed", "2"}, "--seed: given more than once"},
    };
    for (const Mistake& mistake : mistakes) {
        std::vector<std::string_view> arguments(mistake.arguments.begin(), mistake.arguments.end());
        CHECK_MESSAGE(contains(error_of(arguments), mistake.message), mistake.message);
    }
    for (const std::string& name : broad_phase_names())
        CHECK(contains(error_of({"--broadphase", "quantum"}), name));
    CHECK(error_of({"--count", "0"}).empty());
}

TEST_CASE("projector and comparison flags") {
    const ui::SandboxOptions defaults = parse({});
    CHECK(defaults.ui_scale == 0.0f);
    CHECK_FALSE(defaults.high_contrast);
    CHECK_FALSE(defaults.open_comparison);
    CHECK_FALSE(defaults.open_help);
    CHECK(defaults.batched_world);
    const ui::SandboxOptions options = parse({"--ui-scale", "1.5", "--high-contrast", "--compare",
                                              "--help-overlay", "--world-renderer=imgui"});
    CHECK(options.ui_scale == 1.5f);
    CHECK(options.high_contrast);
    CHECK(options.open_comparison);
    CHECK(options.open_help);
    CHECK_FALSE(options.batched_world);
    CHECK(parse({"--world-renderer", "batched"}).batched_world);
    CHECK(contains(error_of({"--ui-scale", "9"}),
                   "--ui-scale: expected a number in [0.5, 3], got '9'"));
    CHECK(contains(error_of({"--ui-scale", "0.1"}), "--ui-scale"));
    CHECK(contains(error_of({"--ui-scale", "nan"}), "--ui-scale"));
    CHECK(contains(error_of({"--ui-scale", "1.5x"}), "--ui-scale"));
    // --frame-seconds: a fixed clock for the lesson's moves and animations; the real one by
    // default.
    CHECK(defaults.frame_seconds == 0.0f);
    CHECK(parse({"--frame-seconds", "0.05"}).frame_seconds == 0.05f);
    CHECK(contains(error_of({"--frame-seconds", "0"}),
                   "--frame-seconds: expected a number in [0.001, 0.1], got '0'"));
    CHECK(contains(error_of({"--frame-seconds", "1"}), "--frame-seconds"));
    CHECK(contains(error_of({"--frame-seconds", "inf"}), "--frame-seconds"));
    CHECK(contains(error_of({"--high-contrast=yes"}), "--high-contrast: takes no value"));
    CHECK(contains(error_of({"--world-renderer", "vulkan"}),
                   "--world-renderer: unknown renderer 'vulkan' (known: batched, imgui)"));
}

TEST_CASE("--lang picks the interface language for the run; without it the saved one counts") {
    CHECK_FALSE(parse({}).language.has_value());
    CHECK(parse({"--lang", "zh"}).language == ui::Language::zh);
    CHECK(parse({"--lang=en"}).language == ui::Language::en);
    CHECK(contains(error_of({"--lang", "fr"}), "--lang: unknown language 'fr' (known: en, zh)"));
    CHECK(contains(error_of({"--lang"}), "--lang: needs a value en|zh"));
}

TEST_CASE("help lists every flag and every broad phase") {
    const std::string help = command_line_help("aabb-sandbox");
    CHECK(contains(help, "Usage: aabb-sandbox"));
    for (const FlagSpec& flag : command_line_flags()) {
        CHECK(contains(help, flag.name));
        CHECK(contains(help, flag.help));
    }
    for (const std::string& name : broad_phase_names())
        CHECK(contains(help, name));
    // Defaults in the help are SandboxOptions' own.
    CHECK(contains(help, "(default sort_and_sweep;"));
    CHECK(contains(help, "(default 300)"));
    CHECK(contains(help, "(default 1280x720)"));
}

TEST_CASE("scene, overlay, selection, tool and pause flags") {
    const ui::SandboxOptions defaults = parse({});
    CHECK(defaults.scene.scene_path.empty());
    CHECK_FALSE(defaults.scene_broad_phase_override);
    CHECK(defaults.select_id == -1);
    CHECK(defaults.pause_at_step == 0);
    const ui::SandboxOptions options =
        parse({"--scene", "scenes/tunneling.json", "--show", "structure,trails", "--hide=caption",
               "--select", "3", "--inspect", "4", "--tools", "wall:0,0,1,1", "--pause-at", "5",
               "--broadphase", "brute_force"});
    CHECK(options.scene.scene_path == "scenes/tunneling.json");
    CHECK(options.show_overlays == "structure,trails");
    CHECK(options.hide_overlays == "caption");
    CHECK(options.select_id == 3);
    CHECK(options.inspect_id == 4);
    CHECK(options.tool_script == "wall:0,0,1,1");
    CHECK(options.pause_at_step == 5);
    CHECK(options.scene_broad_phase_override);
    CHECK_THROWS_AS(parse({"--scene="}), CommandLineError);
    CHECK_THROWS_AS(parse({"--select", "-1"}), CommandLineError);
    CHECK_THROWS_AS(parse({"--pause-at", "0"}), CommandLineError);
    CHECK_THROWS_AS(parse({"--tools="}), CommandLineError);
    // Overlay names are checked here, against the one list (lesson::overlay_names): a usage
    // error naming the flag, with every name.
    CHECK(parse({"--show", "all,ray,lesson", "--hide", "toi-ghosts,"}).show_overlays ==
          "all,ray,lesson");
    std::string known = "all";
    for (const std::string_view name : lesson::overlay_names)
        known += ", " + std::string(name);
    CHECK(contains(error_of({"--show", "structure,nope"}),
                   "--show: unknown overlay 'nope' (known: " + known + ")"));
    CHECK(contains(error_of({"--hide", "TOI ghosts"}), "--hide: unknown overlay 'TOI ghosts'"));
}

TEST_CASE("scaling sweep and export flags") {
    const ui::SandboxOptions defaults = parse({});
    CHECK(defaults.sweep_sizes.empty());
    CHECK(defaults.export_csv_path.empty());
    CHECK(defaults.export_png_path.empty());

    const ui::SandboxOptions sweep =
        parse({"--scaling-sweep", "100,2000,50000", "--export-csv", "a.csv", "--export-png=b.png"});
    CHECK(sweep.sweep_sizes == std::vector<std::size_t>{100, 2000, 50000});
    CHECK(sweep.export_csv_path == "a.csv");
    CHECK(sweep.export_png_path == "b.png");
    // --compare runs the default sweep, which may be exported too.
    CHECK(parse({"--compare", "--export-png", "c.png"}).export_png_path == "c.png");

    CHECK(contains(error_of({"--scaling-sweep", "400,200"}), "strictly ascending"));
    CHECK(contains(error_of({"--scaling-sweep", "100,100"}), "strictly ascending"));
    CHECK(contains(error_of({"--scaling-sweep", "0,100"}), "--scaling-sweep"));
    CHECK(contains(error_of({"--scaling-sweep", "100,"}), "--scaling-sweep"));
    CHECK(contains(error_of({"--scaling-sweep", "2000000"}),
                   "expected a whole number in [1, 1000000]"));
    CHECK(contains(error_of({"--scaling-sweep",
                             "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,"
                             "19,20,21"}),
                   "at most 20"));
    CHECK(contains(error_of({"--export-csv", "a.csv"}), "need --scaling-sweep or --compare"));
    CHECK(contains(error_of({"--export-png", "a.png"}), "need --scaling-sweep or --compare"));
    CHECK(contains(error_of({"--scaling-sweep", "100", "--export-csv", ""}), "--export-csv"));
}

TEST_CASE("--panel-tab accepts every tab of the tab table and lists them") {
    // Not given: no tab is forced, so a --select at start may bring Objects to the front.
    CHECK_FALSE(parse({}).panel_tab.has_value());
    for (const ui::PanelTabSpec& spec : ui::panel_tab_specs) {
        CHECK(parse({"--panel-tab", spec.cli_name}).panel_tab == spec.tab);
    }
    const std::string error = error_of({"--panel-tab", "settings"});
    CHECK(contains(error, "--panel-tab: unknown tab 'settings'"));
    std::string help_line;
    for (const FlagSpec& flag : command_line_flags()) {
        if (flag.name == "--panel-tab") help_line = flag.help;
    }
    for (const ui::PanelTabSpec& spec : ui::panel_tab_specs) {
        CHECK(contains(error, spec.cli_name));
        CHECK(contains(help_line, spec.cli_name));
    }
    CHECK(contains(help_line,
                   std::string("(default ").append(ui::panel_tab_specs.front().cli_name) + ")"));
}

}  // namespace aabb::sandbox

namespace aabb::sandbox {

TEST_CASE("--ccd sets every bullet's detection mode; the scene's own when not given") {
    CHECK_FALSE(parse_command_line(std::vector<std::string_view>{}).sandbox.detection);
    CHECK(parse_command_line(std::vector<std::string_view>{"--ccd", "swept"}).sandbox.detection ==
          DetectionMode::swept);
    CHECK(parse_command_line(std::vector<std::string_view>{"--ccd=discrete"}).sandbox.detection ==
          DetectionMode::discrete);
    try {
        (void)parse_command_line(std::vector<std::string_view>{"--ccd", "sometimes"});
        FAIL("--ccd sometimes was accepted");
    } catch (const CommandLineError& error) {
        const std::string message = error.what();
        CHECK(message.find("--ccd") != std::string::npos);
        CHECK(message.find("discrete") != std::string::npos);
        CHECK(message.find("swept") != std::string::npos);
    }
}

}  // namespace aabb::sandbox

namespace aabb::sandbox {

TEST_CASE("command-line errors quote the offending argument cut and escaped") {
    const std::string huge = "\x1b]0;" + std::string(1 << 20, 'v');
    const std::string flag = "--" + huge;
    for (const std::vector<std::string_view>& arguments : {std::vector<std::string_view>{huge},
                                                           {flag},
                                                           {"--count", huge},
                                                           {"--broadphase", huge},
                                                           {"--size", huge}}) {
        const std::string message = error_of(arguments);
        CAPTURE(message.substr(0, 200));
        // 80 characters are quoted: 76 v's after the escape, 74 after "--" and the escape.
        CHECK(message.find("\\x1B]0;" + std::string(74, 'v')) != std::string::npos);
        CHECK(message.find("vv…'") != std::string::npos);
        CHECK(message.size() < 600);
        CHECK(message.find('\x1b') == std::string::npos);
    }
}

}  // namespace aabb::sandbox

namespace aabb::sandbox {

TEST_CASE("the budget flags come from resource_budget_flags and set the scene request's budget") {
    const ui::SandboxOptions options =
        parse({"--max-pairs", "100", "--max-cells=2000", "--max-bytes", "300000"});
    CHECK(options.scene.resource_budget.max_pairs == 100);
    CHECK(options.scene.resource_budget.max_cells == 2000);
    CHECK(options.scene.resource_budget.max_bytes == 300000);
    CHECK(parse({}).scene.resource_budget == default_resource_budget);
    const std::string help = command_line_help("aabb-sandbox");
    for (const ResourceBudgetFlag& flag : resource_budget_flags) {
        CAPTURE(flag.name);
        CHECK(contains(help, std::string(flag.name) + " N"));
        CHECK(contains(help, resource_budget_flag_help(flag)));
        CHECK(error_of({flag.name, "0"}) == std::string(flag.name) +
                                                ": expected a whole number in [1, " +
                                                std::to_string(flag.largest) + "], got '0'");
        CHECK(contains(error_of({flag.name, "-5"}), "got '-5'"));
        CHECK(contains(error_of({flag.name, "99999999999999999999999"}), "expected a whole"));
    }
}

}  // namespace aabb::sandbox

namespace aabb::sandbox {

TEST_CASE("--layout-report, --all-steps and --no-panel") {
    const ui::SandboxOptions report =
        parse({"--lesson", "box_intervals", "--layout-report", "layout.json", "--no-panel"});
    CHECK(report.layout_report_path == "layout.json");
    CHECK(report.panel_hidden);
    CHECK_FALSE(report.all_steps);
    // --all-steps walks every step, default_step_frames frames each unless --frames says.
    const ui::SandboxOptions walk = parse({"--lesson", "box_intervals", "--all-steps"});
    CHECK(walk.all_steps);
    CHECK(walk.frame_count == default_step_frames);
    CHECK(parse({"--lesson", "x", "--all-steps", "--frames", "6"}).frame_count == 6);
    CHECK(error_of({"--all-steps"}) == "--all-steps: needs --lesson");
    CHECK(error_of({"--lesson", "x", "--all-steps", "--step", "2"}) ==
          "--all-steps: walks every step; drop --step");
    CHECK(contains(error_of({"--lesson", "x", "--all-steps", "--screenshot", "a.png"}),
                   "--all-steps: --screenshot writes one frame"));
    CHECK(error_of({"--layout-report", ""}) == "--layout-report: the file name is empty");
}

// Issue 49 item 8: a lesson's handout, written instead of opening the window.
TEST_CASE("--handout NAME --out DIR, with --lang, a window size and frames per picture") {
    const std::vector<std::string_view> arguments{
        "--handout", "box_intervals", "--lang", "zh", "--out", "handouts", "--size", "1600x900"};
    const CommandLine line = parse_command_line(arguments, "settings.ini");
    CHECK(line.handout == "box_intervals");
    CHECK(line.handout_folder == "handouts");
    CHECK(line.sandbox.language == ui::Language::zh);
    CHECK(line.sandbox.window.width == 1600);
    // Each picture renders the default screenshot frames; no settings are read or written.
    CHECK(line.sandbox.frame_count == default_screenshot_frames);
    CHECK(line.sandbox.settings_file.empty());
    CHECK(parse({"--handout", "x", "--out", "d", "--frames", "5"}).frame_count == 5);
    CHECK(error_of({"--handout", "x"}) == "--handout: needs --out DIR");
    CHECK(error_of({"--out", "d"}) == "--out: needs --handout");
    CHECK(error_of({"--handout", "x", "--out", "d", "--step", "2"}) ==
          "--handout: makes one picture per step itself, so --step does not apply");
    CHECK(error_of({"--handout", "x", "--out", "d", "--screenshot", "a.png"}) ==
          "--handout: makes one picture per step itself, so --screenshot does not apply");
    CHECK(error_of({"--handout", ""}) == "--handout: expected a lesson name or file");
    const std::string help = command_line_help("aabb-sandbox");
    CHECK(contains(help, "--handout NAME"));
    CHECK(contains(help, "--out DIR"));
}

}  // namespace aabb::sandbox

#include "app/sandbox/command_line.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/broad_phase_factory.hpp"
#include "ui/model/simulation_controller.hpp"

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

[[noreturn]] void fail(std::string_view flag, std::string_view problem) {
    throw CommandLineError(concat(flag, ": ", problem));
}

/// The whole of `text` as an unsigned integer in [low, high], or a CommandLineError.
template <typename Integer>
Integer parse_integer(std::string_view flag, std::string_view text, Integer low, Integer high) {
    unsigned long long value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error == std::errc::invalid_argument || stop != end) {
        fail(flag, concat("expected a non-negative integer, got '", text, "'"));
    }
    if (error == std::errc::result_out_of_range || value < static_cast<unsigned long long>(low) ||
        value > static_cast<unsigned long long>(high)) {
        fail(flag, concat("'", text, "' is out of range [", std::to_string(low), ", ",
                          std::to_string(high), "]"));
    }
    return static_cast<Integer>(value);
}

void apply_help(CommandLineOptions& options, std::string_view) {
    options.show_help = true;
}

void apply_size(CommandLineOptions& options, std::string_view value) {
    const std::size_t separator = value.find('x');
    if (separator == std::string_view::npos) {
        fail("--size", concat("expected WIDTHxHEIGHT such as 1280x720, got '", value, "'"));
    }
    options.window_width = parse_integer("--size width", value.substr(0, separator), 320, 7680);
    options.window_height = parse_integer("--size height", value.substr(separator + 1), 240, 4320);
}

void apply_broad_phase(CommandLineOptions& options, std::string_view value) {
    const std::vector<std::string> names = broad_phase_names();
    if (std::find(names.begin(), names.end(), value) == names.end()) {
        std::string known;
        for (const std::string& name : names)
            known += concat(known.empty() ? "" : ", ", name);
        fail("--broadphase", concat("unknown algorithm '", value, "' (known: ", known, ")"));
    }
    options.broad_phase = std::string(value);
    options.broad_phase_given = true;
}

void apply_count(CommandLineOptions& options, std::string_view value) {
    options.body_count =
        parse_integer<std::size_t>("--count", value, 0, ui::SimulationController::max_body_count);
}

void apply_seed(CommandLineOptions& options, std::string_view value) {
    options.seed =
        parse_integer<std::uint32_t>("--seed", value, 0, std::numeric_limits<std::uint32_t>::max());
}

void apply_scene(CommandLineOptions& options, std::string_view value) {
    if (value.empty()) fail("--scene", "expected a scene file (see scenes/)");
    options.scene_path = std::string(value);
}

void apply_show(CommandLineOptions& options, std::string_view value) {
    if (value.empty()) fail("--show", "expected overlay names such as structure,trails");
    options.show_overlays = std::string(value);
}

void apply_hide(CommandLineOptions& options, std::string_view value) {
    if (value.empty()) fail("--hide", "expected overlay names such as caption,trails");
    options.hide_overlays = std::string(value);
}

void apply_select(CommandLineOptions& options, std::string_view value) {
    options.select_id = parse_integer<long long>("--select", value, 0, max_box_id);
}

void apply_inspect(CommandLineOptions& options, std::string_view value) {
    options.inspect_id = parse_integer<long long>("--inspect", value, 0, max_box_id);
}

void apply_tools(CommandLineOptions& options, std::string_view value) {
    if (value.empty())
        fail("--tools", "expected actions such as wall:10,-20,12,20;bullet:-50,0,-40,0");
    options.tool_script = std::string(value);
}

void apply_pause_at(CommandLineOptions& options, std::string_view value) {
    options.pause_at_step = parse_integer<std::uint64_t>("--pause-at", value, 1, 1'000'000'000);
}

void apply_frames(CommandLineOptions& options, std::string_view value) {
    options.frame_count = parse_integer("--frames", value, min_frame_count, max_frame_count);
}

void apply_screenshot(CommandLineOptions& options, std::string_view value) {
    if (value.empty()) fail("--screenshot", "expected a file name");
    options.screenshot_path = std::string(value);
}

void apply_ui_scale(CommandLineOptions& options, std::string_view value) {
    float scale = 0.0f;
    const char* end = value.data() + value.size();
    const auto [stop, error] = std::from_chars(value.data(), end, scale);
    if (value.empty() || error != std::errc() || stop != end || !std::isfinite(scale) ||
        scale < 0.5f || scale > 3.0f) {
        fail("--ui-scale", concat("expected a number in 0.5..3, got '", value, "'"));
    }
    options.ui_scale = scale;
}

void apply_high_contrast(CommandLineOptions& options, std::string_view) {
    options.high_contrast = true;
}

void apply_compare(CommandLineOptions& options, std::string_view) {
    options.open_comparison = true;
}

void apply_scaling_sweep(CommandLineOptions& options, std::string_view value) {
    constexpr std::size_t max_sizes = 20;
    options.sweep_sizes.clear();
    while (true) {
        const std::size_t comma = value.find(',');
        const std::size_t size =
            parse_integer<std::size_t>("--scaling-sweep", value.substr(0, comma), 1, 1'000'000);
        if (!options.sweep_sizes.empty() && size <= options.sweep_sizes.back()) {
            fail("--scaling-sweep", "box counts must be strictly ascending, e.g. 1000,2000,5000");
        }
        options.sweep_sizes.push_back(size);
        if (options.sweep_sizes.size() > max_sizes) {
            fail("--scaling-sweep", concat("at most ", std::to_string(max_sizes), " box counts"));
        }
        if (comma == std::string_view::npos) break;
        value.remove_prefix(comma + 1);
    }
}

void apply_export_csv(CommandLineOptions& options, std::string_view value) {
    if (value.empty()) fail("--export-csv", "expected a file name");
    options.export_csv_path = std::string(value);
}

void apply_export_png(CommandLineOptions& options, std::string_view value) {
    if (value.empty()) fail("--export-png", "expected a file name");
    options.export_png_path = std::string(value);
}

void apply_panel_tab(CommandLineOptions& options, std::string_view value) {
    constexpr std::string_view names[] = {"broad-phase", "time",   "objects",
                                          "tools",       "scenes", "view"};
    if (std::find(std::begin(names), std::end(names), value) == std::end(names)) {
        fail("--panel-tab", concat("expected broad-phase, time, objects, tools, scenes or view, "
                                   "got '",
                                   value, "'"));
    }
    options.panel_tab = std::string(value);
}

void apply_help_overlay(CommandLineOptions& options, std::string_view) {
    options.open_help = true;
}

void apply_world_renderer(CommandLineOptions& options, std::string_view value) {
    if (value != "batched" && value != "imgui") {
        fail("--world-renderer", concat("expected batched or imgui, got '", value, "'"));
    }
    options.batched_world = value == "batched";
}

// Later modes (--headless, --scene FILE, --report FILE.json, --ccd MODE) are rows here plus
// fields in CommandLineOptions.
constexpr FlagSpec flags[] = {
    {"--help", "", "show this help and exit", apply_help},
    {"--broadphase", "NAME", "broad-phase algorithm (default sort_and_sweep)", apply_broad_phase},
    {"--count", "N", "random moving boxes in the scene, 0..100000 (default 300)", apply_count},
    {"--seed", "S", "seed of the random scene (default 1)", apply_seed},
    {"--scene", "FILE", "start with this scene file, e.g. scenes/tunneling.json", apply_scene},
    {"--show", "LIST",
     "switch canvas overlays on: all or a comma list of shapes, contact-points, swept-boxes, "
     "trails, toi-ghosts, tunneling, structure, caption, selection",
     apply_show},
    {"--hide", "LIST", "switch canvas overlays off (same names as --show)", apply_hide},
    {"--pause-at", "N", "pause when the world reaches step N", apply_pause_at},
    {"--select", "ID", "select the body with this id (as a click would)", apply_select},
    {"--inspect", "ID", "pair the selection with this body in the pair inspector", apply_inspect},
    {"--tools", "SCRIPT",
     "apply editing tools first: tool:x,y[,x2,y2];... with bullet, wall, shape, move, erase, "
     "spray, clear",
     apply_tools},
    {"--size", "WxH", "window size in pixels (default 1280x720)", apply_size},
    {"--frames", "N",
     "render N >= 2 frames, print a frame-time summary and exit (default: run until closed)",
     apply_frames},
    {"--screenshot", "FILE",
     "write the final frame as PNG (renders 3 frames unless --frames is given)", apply_screenshot},
    {"--ui-scale", "S", "text and widget scale 0.5..3 for this run (default: the saved setting)",
     apply_ui_scale},
    {"--high-contrast", "", "high-contrast colors for this run", apply_high_contrast},
    {"--compare", "", "open the broad-phase comparison: compare all, run the scaling sweep",
     apply_compare},
    {"--scaling-sweep", "LIST",
     "open the comparison and run the scaling sweep over these ascending box counts "
     "(e.g. 1000,2000,5000); runs past --frames until it finishes",
     apply_scaling_sweep},
    {"--export-csv", "FILE", "when the sweep finishes, export it as CSV (the Export CSV button)",
     apply_export_csv},
    {"--export-png", "FILE", "when the sweep finishes, export its chart as PNG (Export PNG)",
     apply_export_png},
    {"--panel-tab", "NAME",
     "side panel tab at start: broad-phase (default), time, objects, tools, scenes, view",
     apply_panel_tab},
    {"--help-overlay", "", "open the F1 keyboard-shortcut help from the start", apply_help_overlay},
    {"--world-renderer", "KIND", "draw the boxes with 'batched' GL (default) or 'imgui'",
     apply_world_renderer},
};

const FlagSpec* find_flag(std::string_view name) {
    for (const FlagSpec& flag : flags) {
        if (flag.name == name) return &flag;
    }
    return nullptr;
}

}  // namespace

std::span<const FlagSpec> command_line_flags() {
    return flags;
}

CommandLineOptions parse_command_line(std::span<const std::string_view> arguments) {
    CommandLineOptions options;
    std::set<std::string_view> seen;
    bool frames_given = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        if (!argument.starts_with("--")) {
            throw CommandLineError(
                concat("unexpected argument '", argument, "' (flags start with --; see --help)"));
        }
        const std::size_t equals = argument.find('=');
        const std::string_view name = argument.substr(0, equals);
        const FlagSpec* flag = find_flag(name);
        if (flag == nullptr) {
            throw CommandLineError(concat("unknown flag '", name, "' (see --help)"));
        }
        if (!seen.insert(flag->name).second) fail(flag->name, "given more than once");
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
        flag->apply(options, value);
        frames_given = frames_given || flag->name == "--frames";
    }
    if ((!options.export_csv_path.empty() || !options.export_png_path.empty()) &&
        options.sweep_sizes.empty() && !options.open_comparison) {
        throw CommandLineError("--export-csv / --export-png: need --scaling-sweep or --compare");
    }
    if (!options.screenshot_path.empty() && !frames_given) {
        options.frame_count = default_screenshot_frames;
    }
    return options;
}

CommandLineOptions parse_command_line(int argc, const char* const* argv) {
    std::vector<std::string_view> arguments;
    for (int i = 1; i < argc; ++i)
        arguments.emplace_back(argv[i]);
    return parse_command_line(arguments);
}

std::string command_line_help(std::string_view program_name) {
    std::string text =
        concat("Usage: ", program_name, " [flags]\n\n") +
        "AABB Sandbox: see how broad phases find overlapping boxes.\n" +
        "Drag to pan, wheel to zoom, Space pauses, S steps, F fits the view, F1 lists\n" +
        "every shortcut. UI scale and high contrast are saved in\n" +
        "$XDG_CONFIG_HOME/aabb-sandbox/settings.ini (~/.config/... without it).\n\n" + "Flags:\n";
    for (const FlagSpec& flag : flags) {
        std::string left = concat("  ", flag.name);
        if (!flag.value_name.empty()) left += concat(" ", flag.value_name);
        left.resize(std::max<std::size_t>(left.size() + 2, 22), ' ');
        text += left + std::string(flag.help) + "\n";
    }
    text += concat(
        "\nHeadless runs (no window; a JSON report of what detection found):\n  ", program_name,
        " --headless --scene FILE [--frames N] [--broadphase NAME] [--ccd discrete|swept]\n",
        "      [--seed S] [--report FILE.json]\n",
        "  --frames defaults to 600; without --report the report goes to standard output.\n");
    text += "\nBroad phases:";
    for (const std::string& name : broad_phase_names())
        text += concat(" ", name);
    text += "\n";
    return text;
}

}  // namespace aabb::sandbox

#include "app/bench/bench_options.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <utility>
#include <vector>

#include "app/bench/physics/physics_workload.hpp"
#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/resource_budget_flags.hpp"
#include "core/measure/heap_warmup.hpp"
#include "core/measure/trace.hpp"
#include "core/measure/workload.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::bench {

namespace {

using cli::concat;
using cli::fail;
using cli::file_name;

/// aabb-bench has one mode.
constexpr unsigned bench_mode = 1;

// Reads a whole number in [low, high]; digits only, an optional k or M suffix scales by a
// thousand or a million (so --n 100k works). The error is the flag table's one format.
std::uint64_t parse_count(std::string_view flag, std::string_view text, std::uint64_t low,
                          std::uint64_t high) {
    std::uint64_t scale = 1;
    std::string_view digits = text;
    if (!digits.empty() && (digits.back() == 'k' || digits.back() == 'K')) {
        scale = 1000;
        digits.remove_suffix(1);
    } else if (!digits.empty() && digits.back() == 'M') {
        scale = 1'000'000;
        digits.remove_suffix(1);
    }
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
        value > high / scale || value * scale < low) {
        fail(flag,
             concat("expected a whole number in [", std::to_string(low), ", ", std::to_string(high),
                    "] (suffix k or M allowed), got '", input_excerpt(text), "'"));
    }
    return value * scale;
}

void apply_help(BenchOptions& options, std::string_view) {
    options.help = true;
}

void apply_list(BenchOptions& options, std::string_view) {
    options.list = true;
}

void apply_list_peers(BenchOptions& options, std::string_view) {
    options.list_peers = true;
}

void apply_list_flags(BenchOptions& options, std::string_view) {
    options.list_flags = true;
}

void apply_check(BenchOptions& options, std::string_view) {
    options.check = true;
}

void apply_cold_heap(BenchOptions& options, std::string_view) {
    options.cold_heap = true;
}

// The physics workloads' names, space-separated (for the help and the unknown-name message).
std::string physics_workload_list() {
    std::string names;
    for (const std::string_view name : physics_workload_names())
        names += concat(names.empty() ? "" : " ", name);
    return names;
}

// Fails naming `flag` unless `name` is a generated workload or a physics one. A physics name
// is known even when Box2D was not built in; `refuse_absent_physics` then refuses it.
void check_workload_name(std::string_view flag, std::string_view name, bool refuse_absent_physics) {
    if (is_physics_workload(name)) {
        if (refuse_absent_physics && !physics_workloads_available()) {
            fail(flag, concat("'", name, "': aabb-bench was built without Box2D (libbox2d-dev)"));
        }
        return;
    }
    try {
        (void)workload_kind_from_name(name);
    } catch (const std::invalid_argument& error) {
        fail(flag, concat(error.what(), "; physics (with Box2D): ", physics_workload_list()));
    }
}

void apply_workload(BenchOptions& options, std::string_view name) {
    // 'all' is the generated workloads: the physics ones need Box2D and are asked by name.
    if (name == "all") {
        for (const std::string& known : workload_names())
            options.workloads.push_back(known);
        return;
    }
    check_workload_name("--workload", name, true);
    options.workloads.emplace_back(name);
}

void apply_n(BenchOptions& options, std::string_view value) {
    options.box_counts.push_back(
        static_cast<std::size_t>(parse_count("--n", value, 1, max_workload_boxes)));
}

void apply_frames(BenchOptions& options, std::string_view value) {
    options.frame_count = static_cast<int>(parse_count("--frames", value, 1, max_bench_frames));
}

void apply_seed(BenchOptions& options, std::string_view value) {
    options.seed = static_cast<std::uint32_t>(
        parse_count("--seed", value, 0, std::numeric_limits<std::uint32_t>::max()));
}

void apply_trace(BenchOptions& options, std::string_view value) {
    options.trace_path = file_name("--trace", value);
}

void apply_scene(BenchOptions& options, std::string_view value) {
    options.scene_path = file_name("--scene", value);
}

void apply_algo(BenchOptions& options, std::string_view value) {
    options.algorithms.emplace_back(value);
}

// An output's file name: empty means "not asked for" in BenchOptions, so an empty value
// (--frame-times "") would silently write nothing; file_name refuses it.
#define AABB_BENCH_OUTPUT(function, flag, field)                   \
    void function(BenchOptions& options, std::string_view value) { \
        options.field = file_name(flag, value);                    \
    }
AABB_BENCH_OUTPUT(apply_json, "--json", json_path)
AABB_BENCH_OUTPUT(apply_csv, "--csv", csv_path)
AABB_BENCH_OUTPUT(apply_frame_times, "--frame-times", frame_times_path)
AABB_BENCH_OUTPUT(apply_markdown, "--markdown", markdown_path)
AABB_BENCH_OUTPUT(apply_dump_pairs, "--dump-pairs", dump_pairs_path)
AABB_BENCH_OUTPUT(apply_plot, "--plot-scaling", plot_path)
AABB_BENCH_OUTPUT(apply_plot_p99, "--plot-scaling-p99", plot_p99_path)
AABB_BENCH_OUTPUT(apply_write_trace, "--write-trace", write_trace_path)
#undef AABB_BENCH_OUTPUT

void apply_max_brute_force_n(BenchOptions& options, std::string_view value) {
    options.max_brute_force_n =
        static_cast<std::size_t>(parse_count("--max-brute-force-n", value, 0, max_workload_boxes));
}

void apply_skip_above(BenchOptions& options, std::string_view spec) {
    // NAME:N or NAME:N:WORKLOAD (the workload form bounds one scene's slow build, e.g.
    // Bullet's axis sweep, without dropping the algorithm everywhere).
    const std::size_t colon = spec.find(':');
    if (colon == spec.npos || colon == 0)
        fail("--skip-above", concat("expected NAME:N[:WORKLOAD], got '", input_excerpt(spec), "'"));
    std::string_view count = spec.substr(colon + 1);
    std::string workload;
    if (const std::size_t second = count.find(':'); second != count.npos) {
        workload = std::string(count.substr(second + 1));
        count = count.substr(0, second);
        check_workload_name("--skip-above", workload, false);
    }
    options.skip_above.push_back(
        {std::string(spec.substr(0, colon)),
         static_cast<std::size_t>(parse_count("--skip-above", count, 0, max_workload_boxes)),
         workload});
}

// The engine option names --engine-option takes, space-separated (for the help and the
// unknown-name message): all but threads, which the runner's name sets.
std::string engine_option_list() {
    std::string names;
    for (const auto& field : banded_sort_and_sweep_option_fields)
        if (field.name != "threads") names += concat(names.empty() ? "" : " ", field.name);
    return names;
}

// `value` as written shortest ("0.01", "1e+06").
std::string shortest(double value) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

void apply_engine_option(BenchOptions& options, std::string_view spec) {
    // NAME=VALUE, checked here against the engine's option table so that a typo is a bad
    // command line, not a run of the defaults under a misleading label. "threads" is the
    // runner's own (banded_sort_and_sweep_1t, _2t) and is refused.
    constexpr std::string_view flag = "--engine-option";
    const std::size_t equals = spec.find('=');
    if (equals == spec.npos || equals == 0)
        fail(flag, concat("expected NAME=VALUE, got '", input_excerpt(spec), "'"));
    const std::string_view name = spec.substr(0, equals);
    const std::string_view text = spec.substr(equals + 1);
    const auto& fields = banded_sort_and_sweep_option_fields;
    const auto field = std::find_if(fields.begin(), fields.end(),
                                    [&](const auto& row) { return row.name == name; });
    if (field == fields.end() || name == "threads") {
        fail(flag, concat("unknown engine option '", input_excerpt(name),
                          "' (threads is set by the runner); known: ", engine_option_list()));
    }
    const double value =
        cli::parse_decimal(flag, text, field->minimum, field->maximum,
                           concat(shortest(field->minimum), ", ", shortest(field->maximum)));
    if (field->whole_number && value != static_cast<double>(static_cast<long long>(value)))
        fail(flag, concat(name, " takes a whole number, got '", input_excerpt(text), "'"));
    options.engine_options[std::string(name)] = value;
}

void apply_time_budget(BenchOptions& options, std::string_view value) {
    options.time_budget_seconds =
        cli::parse_decimal("--time-budget", value, 0.0, max_time_budget_seconds, "0, 1000000");
}

/// Sets the budget field of resource_budget_flags[index] (--max-pairs, ...).
template <std::size_t index>
void apply_budget(BenchOptions& options, std::string_view value) {
    const ResourceBudgetFlag& flag = resource_budget_flags[index];
    options.budget.*flag.field = cli::parse_whole<std::uint64_t>(flag.name, value, 1, flag.largest);
}

template <std::size_t... index>
void add_budget_flags(std::vector<BenchFlag>& flags, std::index_sequence<index...>) {
    (flags.push_back({resource_budget_flags[index].name, "N",
                      resource_budget_flag_help(resource_budget_flags[index]), apply_budget<index>,
                      bench_mode}),
     ...);
}

std::string workload_list() {
    std::string names;
    for (const std::string& name : workload_names())
        names += concat(names.empty() ? "" : " ", name);
    return names;
}

}  // namespace

std::span<const BenchFlag> bench_flags() {
    // Built once: defaults and ranges come from BenchOptions and the constants above.
    static const std::vector<BenchFlag> flags = [] {
        const BenchOptions defaults;
        std::vector<BenchFlag> table = {
            {"--workload", "NAME",
             concat("scene to run, repeatable, or 'all' (default uniform): ", workload_list(),
                    "; recorded Box2D physics (not in 'all', needs libbox2d-dev): ",
                    physics_workload_list()),
             apply_workload, bench_mode, true},
            {"--n", "N",
             concat("boxes per frame, repeatable (1..", std::to_string(max_workload_boxes),
                    ", suffix k/M allowed; default ", std::to_string(default_box_count), ")"),
             apply_n, bench_mode, true},
            {"--frames", "F",
             concat("frames per run (1..", std::to_string(max_bench_frames), ", default ",
                    std::to_string(defaults.frame_count), ")"),
             apply_frames, bench_mode},
            {"--seed", "S", concat("workload seed (default ", std::to_string(defaults.seed), ")"),
             apply_seed, bench_mode},
            {"--trace", "FILE.csv", "also run a recorded trace (frame,id,min_x,min_y,max_x,max_y)",
             apply_trace, bench_mode},
            {"--scene", "FILE.json",
             "also run a scene file's own first --frames frames (frame 0 as built, then one per "
             "step: what aabb-sandbox --compare-all measures)",
             apply_scene, bench_mode},
            {"--algo", "NAME", "algorithm to run, repeatable, or 'all' (default all)", apply_algo,
             bench_mode, true},
            {"--list", "", "print the algorithm names, one per line, and exit", apply_list,
             bench_mode},
            {"--list-peers", "",
             "print every peer library's algorithm name, built in or not (--skip-above takes "
             "them all), one per line, and exit",
             apply_list_peers, bench_mode},
            {"--list-flags", "", "print the flag names, one per line, and exit", apply_list_flags,
             bench_mode},
            {"--check", "",
             "fail (exit 1) unless every algorithm found the same pairs in every frame",
             apply_check, bench_mode},
            {"--cold-heap", "",
             concat("do not touch ", std::to_string(warm_heap_bytes_per_box),
                    " bytes of heap a box before each run (then a run page-faults the memory "
                    "earlier runs did not leave)"),
             apply_cold_heap, bench_mode},
            {"--json", "FILE", "write the results as JSON", apply_json, bench_mode},
            {"--csv", "FILE", "write the results as CSV", apply_csv, bench_mode},
            {"--frame-times", "FILE",
             "write every frame's time as CSV (algo,threads,workload,n,frame,ms; frame 0 is the "
             "build frame)",
             apply_frame_times, bench_mode},
            {"--markdown", "FILE", "write the results as Markdown tables (docs/benchmarks.md)",
             apply_markdown, bench_mode},
            {"--dump-pairs", "FILE",
             "write frame,i,j for every pair of every frame, sorted (exactly one --algo and one "
             "scene)",
             apply_dump_pairs, bench_mode},
            {"--plot-scaling", "FILE", "draw mean ms against n (log-log) per algorithm as a PNG",
             apply_plot, bench_mode},
            {"--plot-scaling-p99", "FILE", "the same chart of the p99 frame", apply_plot_p99,
             bench_mode},
            {"--write-trace", "FILE", "write the scene's frames as a trace CSV", apply_write_trace,
             bench_mode},
            {"--max-brute-force-n", "N",
             concat("skip brute_force above N boxes (default ",
                    std::to_string(default_max_brute_force_n), ", 0 = never skip)"),
             apply_max_brute_force_n, bench_mode},
            {"--skip-above", "NAME:N[:WORKLOAD]",
             "skip algorithm NAME above N boxes (on WORKLOAD only, when given), repeatable; NAME "
             "must be an algorithm",
             apply_skip_above, bench_mode, true},
            {"--time-budget", "S",
             "stop a run after S seconds of frames after the build (at least 2 frames), between "
             "frames or (brute_force) inside one; reported. A peer runs in a child process: one "
             "whose build or frames go on 2S+1 s, or that crashes, fails alone (exit 1)",
             apply_time_budget, bench_mode},
        };
        table.push_back({"--engine-option", "NAME=VALUE",
                         concat("set an option of the banded engine's runners, repeatable "
                                "(e.g. exact_grid=0 to time it without that path): ",
                                engine_option_list()),
                         apply_engine_option, bench_mode, true});
        add_budget_flags(table, std::make_index_sequence<std::size(resource_budget_flags)>{});
        table.push_back({"--help", "", "this text (also -h)", apply_help, bench_mode});
        return table;
    }();
    return flags;
}

BenchOptions parse_bench_options(std::span<const std::string_view> arguments) {
    BenchOptions options;
    // -h is --help's short name.
    std::vector<std::string_view> spelled(arguments.begin(), arguments.end());
    std::replace(spelled.begin(), spelled.end(), std::string_view("-h"),
                 std::string_view("--help"));
    (void)cli::parse_rows(bench_flags(), spelled, bench_mode, "aabb-bench", options);
    if (options.workloads.empty() && options.trace_path.empty() && options.scene_path.empty()) {
        options.workloads.emplace_back("uniform");
    }
    if (options.box_counts.empty()) options.box_counts.push_back(default_box_count);
    if (!options.dump_pairs_path.empty()) {
        const std::size_t scenes = options.workloads.size() * options.box_counts.size() +
                                   (options.trace_path.empty() ? 0 : 1) +
                                   (options.scene_path.empty() ? 0 : 1);
        if (options.algorithms.size() != 1 || options.algorithms[0] == "all" || scenes != 1) {
            throw UsageError(
                "--dump-pairs needs exactly one --algo and one scene (one --workload and one "
                "--n, or one --trace)");
        }
    }
    if (!options.write_trace_path.empty() &&
        (options.workloads.size() != 1 || options.box_counts.size() != 1)) {
        throw UsageError("--write-trace needs exactly one --workload and one --n");
    }
    if (!options.write_trace_path.empty()) {
        // The trace is built in memory and written as text (about 50 bytes a row): refuse a
        // size read_trace would refuse anyway, before allocating it.
        const std::uint64_t rows =
            std::uint64_t{options.box_counts.front()} * std::uint64_t(options.frame_count);
        if (rows > max_trace_rows) {
            throw UsageError("--write-trace: " + std::to_string(options.box_counts.front()) +
                             " boxes x " + std::to_string(options.frame_count) + " frames = " +
                             std::to_string(rows) + " rows, above the trace limit of " +
                             std::to_string(max_trace_rows) + " rows; lower --n or --frames");
        }
    }
    return options;
}

std::string bench_usage() {
    return "aabb-bench: time broad phases (ours and peer libraries) on moving-box workloads.\n"
           "Each frame every box is updated, then the complete exact pair set is produced\n"
           "(closed touching rule). build_ms is making the runner plus frame 0; mean, p99, max\n"
           "and median are over the other frames. Reports compare ours at one thread\n"
           "(banded_sort_and_sweep) with the best peer for each statistic; the engine at two\n"
           "threads (banded_sort_and_sweep_2t) is shown beside it. copy_floor, timed after each\n"
           "of the engine's frames, is the floor: copying the boxes in and the pairs out; the\n"
           "reports give ours as a multiple of it.\n"
           "\n"
           "Usage: aabb-bench [options]\n" +
           cli::help_lines(bench_flags(), bench_mode) +
           "Exit status: 0 ok, 1 check failed or run error, 2 bad command line or input.\n";
}

}  // namespace aabb::bench

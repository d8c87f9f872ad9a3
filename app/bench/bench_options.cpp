#include "app/bench/bench_options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <set>

#include "core/broadphase/broad_phase.hpp"
#include "core/broadphase/resource_budget_flags.hpp"
#include "core/measure/trace.hpp"
#include "core/measure/workload.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::bench {

namespace {

// The flags the usage text calls repeatable; every other flag may be given once.
constexpr std::array<std::string_view, 4> repeatable_flags = {"--workload", "--n", "--algo",
                                                              "--skip-above"};

// Reads an unsigned integer in [low, high]; digits only (an optional k or M suffix scales by
// a thousand or a million, so --n 100k works).
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
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
        throw UsageError(std::string(flag) + ": '" + input_excerpt(text) +
                         "' is not a whole number");
    }
    if (value > high / scale || value * scale < low || value * scale > high) {
        throw UsageError(std::string(flag) + ": " + input_excerpt(text) + " is out of range " +
                         std::to_string(low) + ".." + std::to_string(high));
    }
    return value * scale;
}

double parse_seconds(std::string_view flag, std::string_view text) {
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !(value >= 0.0 && value <= 1e6)) {
        throw UsageError(std::string(flag) + ": '" + input_excerpt(text) +
                         "' is not a number of seconds in 0..1000000");
    }
    return value;
}

}  // namespace

BenchOptions parse_bench_options(std::span<const std::string_view> arguments) {
    BenchOptions options;
    std::set<std::string_view> given;
    for (std::size_t index = 0; index < arguments.size(); ++index) {
        std::string_view flag = arguments[index];
        std::string_view inline_value;
        bool has_inline_value = false;
        if (const std::size_t equals = flag.find('=');
            flag.starts_with("--") && equals != flag.npos) {
            inline_value = flag.substr(equals + 1);
            flag = flag.substr(0, equals);
            has_inline_value = true;
        }
        const auto value = [&]() -> std::string_view {
            if (has_inline_value) return inline_value;
            if (index + 1 >= arguments.size()) {
                throw UsageError(std::string(flag) + " needs a value");
            }
            return arguments[++index];
        };
        // An output's file name: empty means "not asked for" in BenchOptions, so an empty
        // value (--frame-times "") would silently write nothing.
        const auto output_file = [&]() -> std::string {
            const std::string_view path = value();
            if (path.empty()) throw UsageError(std::string(flag) + ": the file name is empty");
            return std::string(path);
        };
        const auto no_value = [&]() {
            if (has_inline_value) throw UsageError(std::string(flag) + " takes no value");
        };
        // As the window's command line: once each, but for the flags --help calls repeatable.
        if (!given.insert(flag).second &&
            std::find(repeatable_flags.begin(), repeatable_flags.end(), flag) ==
                repeatable_flags.end()) {
            throw UsageError(std::string(flag) + ": given more than once");
        }

        if (flag == "--help" || flag == "-h") {
            no_value();
            options.help = true;
        } else if (flag == "--list") {
            no_value();
            options.list = true;
        } else if (flag == "--check") {
            no_value();
            options.check = true;
        } else if (flag == "--cold-heap") {
            no_value();
            options.cold_heap = true;
        } else if (flag == "--workload") {
            const std::string_view name = value();
            if (name == "all") {
                for (const std::string& known : workload_names())
                    options.workloads.push_back(known);
            } else {
                try {
                    (void)workload_kind_from_name(name);
                } catch (const std::invalid_argument& error) {
                    throw UsageError(std::string("--workload: ") + error.what());
                }
                options.workloads.emplace_back(name);
            }
        } else if (flag == "--n") {
            options.box_counts.push_back(
                static_cast<std::size_t>(parse_count(flag, value(), 1, max_workload_boxes)));
        } else if (flag == "--frames") {
            options.frame_count = static_cast<int>(parse_count(flag, value(), 1, 100'000));
        } else if (flag == "--seed") {
            options.seed = static_cast<std::uint32_t>(
                parse_count(flag, value(), 0, std::numeric_limits<std::uint32_t>::max()));
        } else if (flag == "--trace") {
            options.trace_path = std::string(value());
            if (options.trace_path.empty()) throw UsageError("--trace needs a file name");
        } else if (flag == "--algo") {
            options.algorithms.emplace_back(value());
        } else if (flag == "--json") {
            options.json_path = output_file();
        } else if (flag == "--csv") {
            options.csv_path = output_file();
        } else if (flag == "--frame-times") {
            options.frame_times_path = output_file();
        } else if (flag == "--markdown") {
            options.markdown_path = output_file();
        } else if (flag == "--dump-pairs") {
            options.dump_pairs_path = output_file();
        } else if (flag == "--plot-scaling") {
            options.plot_path = output_file();
        } else if (flag == "--plot-scaling-p99") {
            options.plot_p99_path = output_file();
        } else if (flag == "--write-trace") {
            options.write_trace_path = output_file();
        } else if (flag == "--max-brute-force-n") {
            options.max_brute_force_n =
                static_cast<std::size_t>(parse_count(flag, value(), 0, max_workload_boxes));
        } else if (flag == "--skip-above") {
            // NAME:N or NAME:N:WORKLOAD (the workload form bounds one scene's slow build,
            // e.g. Bullet's axis sweep, without dropping the algorithm everywhere).
            const std::string_view spec = value();
            const std::size_t colon = spec.find(':');
            if (colon == spec.npos || colon == 0) {
                throw UsageError("--skip-above: expected NAME:N[:WORKLOAD], got '" +
                                 input_excerpt(spec) + "'");
            }
            std::string_view count = spec.substr(colon + 1);
            std::string workload;
            if (const std::size_t second = count.find(':'); second != count.npos) {
                workload = std::string(count.substr(second + 1));
                count = count.substr(0, second);
                try {
                    (void)workload_kind_from_name(workload);
                } catch (const std::invalid_argument& error) {
                    throw UsageError(std::string("--skip-above: ") + error.what());
                }
            }
            options.skip_above.push_back(
                {std::string(spec.substr(0, colon)),
                 static_cast<std::size_t>(parse_count(flag, count, 0, max_workload_boxes)),
                 workload});
        } else if (flag == "--time-budget") {
            options.time_budget_seconds = parse_seconds(flag, value());
        } else if (const ResourceBudgetFlag* budget_flag = find_resource_budget_flag(flag)) {
            try {
                set_resource_budget_flag(options.budget, *budget_flag, value());
            } catch (const std::invalid_argument& error) {
                throw UsageError(error.what());
            }
        } else {
            throw UsageError("unknown option '" + input_excerpt(arguments[index]) +
                             "' (see --help)");
        }
    }
    if (options.workloads.empty() && options.trace_path.empty()) {
        options.workloads.emplace_back("uniform");
    }
    if (options.box_counts.empty()) options.box_counts.push_back(10'000);
    if (!options.dump_pairs_path.empty()) {
        const std::size_t scenes = options.workloads.size() * options.box_counts.size() +
                                   (options.trace_path.empty() ? 0 : 1);
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
    std::string workloads;
    for (const std::string& name : workload_names())
        workloads += " " + name;
    std::string budget_lines;
    for (const ResourceBudgetFlag& flag : resource_budget_flags) {
        std::string line = "  " + std::string(flag.name) + " N";
        line.resize(std::max<std::size_t>(line.size() + 1, 23), ' ');
        budget_lines += line + resource_budget_flag_help(flag) + "\n";
    }
    return "aabb-bench: time broad phases (ours and peer libraries) on moving-box workloads.\n"
           "Each frame every box is updated, then the complete exact pair set is produced\n"
           "(closed touching rule). build_ms is making the runner plus frame 0; mean, p99, max\n"
           "and median are over the other frames. Reports compare ours at one thread\n"
           "(banded_sort_and_sweep) with the best peer for each statistic; the engine at two\n"
           "threads (banded_sort_and_sweep_2t) is shown beside it. copy_floor, timed after each\n"
           "of the engine's frames, is the floor: copying the boxes in and the pairs out; the\n"
           "reports give ours as a multiple of it.\n"
           "\n"
           "Usage: aabb-bench [options]\n"
           "  --workload NAME      scene to run, repeatable, or 'all' (default uniform):\n"
           "                      " +
           workloads +
           "\n"
           "  --n N                boxes per frame, repeatable (1.." +
           std::to_string(max_workload_boxes) +
           ", suffix k/M allowed; default 10000)\n"
           "  --frames F           frames per run (1..100000, default 60)\n"
           "  --seed S             workload seed (default 1)\n"
           "  --trace FILE.csv     also run a recorded trace (frame,id,min_x,min_y,max_x,max_y)\n"
           "  --algo NAME          algorithm to run, repeatable, or 'all' (default all)\n"
           "  --list               print the algorithm names, one per line, and exit\n"
           "  --check              fail (exit 1) unless every algorithm found the same pairs\n"
           "                       in every frame\n"
           "  --cold-heap          do not touch " +
           std::to_string(warm_heap_bytes_per_box) +
           " bytes of heap a box before each run (then a\n"
           "                       run page-faults the memory earlier runs did not leave)\n"
           "  --json FILE          write the results as JSON\n"
           "  --csv FILE           write the results as CSV\n"
           "  --frame-times FILE   write every frame's time as CSV (algo,threads,workload,n,\n"
           "                       frame,ms; frame 0 is the build frame)\n"
           "  --markdown FILE      write the results as Markdown tables (docs/benchmarks.md)\n"
           "  --dump-pairs FILE    write frame,i,j for every pair of every frame, sorted\n"
           "                       (exactly one --algo and one scene)\n"
           "  --plot-scaling FILE  draw mean ms against n (log-log) per algorithm as a PNG\n"
           "  --plot-scaling-p99 FILE  the same chart of the p99 frame\n"
           "  --write-trace FILE   write the scene's frames as a trace CSV\n"
           "  --max-brute-force-n N  skip brute_force above N boxes (default " +
           std::to_string(default_max_brute_force_n) +
           ", 0 = never skip)\n"
           "  --skip-above NAME:N[:WORKLOAD]  skip algorithm NAME above N boxes (on WORKLOAD\n"
           "                       only, when given), repeatable; NAME must be an algorithm\n"
           "  --time-budget S      stop a run after S seconds of frames after the build (at\n"
           "                       least 2 frames), between frames or (brute_force) inside one;\n"
           "                       reported. A peer runs in a child process: one whose build or\n"
           "                       frames go on 2S+1 s, or that crashes, fails alone (exit 1)\n" +
           budget_lines +
           "  --help               this text\n"
           "Exit status: 0 ok, 1 check failed or run error, 2 bad command line or input.\n";
}

}  // namespace aabb::bench

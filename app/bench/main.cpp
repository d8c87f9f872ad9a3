// aabb-bench: times every broad phase (ours and the peer libraries built in: Box2D, Bullet,
// Chipmunk, CGAL, Boost.Geometry, ODE) on the shared workloads or a recorded trace. See --help
// and docs/benchmarks.md.

#include <algorithm>
#include <exception>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "app/bench/bench_options.hpp"
#include "app/bench/benchmark.hpp"
#include "app/bench/physics/physics_workload.hpp"
#include "app/bench/result_writer.hpp"
#include "app/bench/runners/runner_factory.hpp"
#include "app/process/retained_heap.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/output_files.hpp"
#include "core/measure/heap_warmup.hpp"
#include "core/measure/trace.hpp"
#include "core/scene/scene_comparison.hpp"
#include "core/text/input_excerpt.hpp"
#include "report/chart_writer.hpp"

namespace {

using namespace aabb;
using namespace aabb::bench;
using aabb::report::ChartOptions;
using aabb::report::ChartSeries;
using aabb::report::write_log_log_chart_png;

constexpr int exit_ok = 0;
constexpr int exit_failed = 1;
constexpr int exit_usage = 2;

// Throws UsageError naming `flag` and the known names unless `name` is a runner (or, with
// `any_peer`, a peer that is not compiled in).
void check_known_algorithm(const std::string& flag, const std::string& name,
                           bool any_peer = false) {
    const std::vector<std::string> known = runner_names();
    if (std::find(known.begin(), known.end(), name) != known.end()) return;
    const std::vector<std::string> peers = known_peer_names();
    if (any_peer && std::find(peers.begin(), peers.end(), name) != peers.end()) return;
    std::string list;
    for (const std::string& each : known)
        list += (list.empty() ? "" : ", ") + each;
    throw UsageError(flag + ": unknown algorithm '" + input_excerpt(name) + "' (known: " + list +
                     ")");
}

// The algorithms to run: "all" (or nothing) means every runner; duplicates are dropped.
std::vector<std::string> chosen_algorithms(const std::vector<std::string>& requested) {
    const std::vector<std::string> known = runner_names();
    std::vector<std::string> chosen;
    const auto add = [&](const std::string& name) {
        if (std::find(chosen.begin(), chosen.end(), name) == chosen.end()) chosen.push_back(name);
    };
    if (requested.empty()) return known;
    for (const std::string& name : requested) {
        if (name == "all") {
            for (const std::string& each : known)
                add(each);
        } else {
            check_known_algorithm("--algo", name);
            add(name);
        }
    }
    return chosen;
}

// Every output file the options name, with its flag, in the order they are written.
std::vector<io::NamedFile> output_files(const BenchOptions& options) {
    std::vector<io::NamedFile> files;
    const auto add = [&](std::string_view flag, const std::string& path) {
        if (!path.empty()) files.push_back({flag, path});
    };
    add("--write-trace", options.write_trace_path);
    add("--json", options.json_path);
    add("--csv", options.csv_path);
    add("--frame-times", options.frame_times_path);
    add("--markdown", options.markdown_path);
    add("--dump-pairs", options.dump_pairs_path);
    add("--plot-scaling", options.plot_path);
    add("--plot-scaling-p99", options.plot_p99_path);
    return files;
}

// Writes one output whole through `write` (an AtomicFile, so a failed write leaves an older
// file intact). A failure is a message naming the flag, the file and the cause, added to
// `failures`: the other outputs are still written.
template <typename Write>
void write_output(std::string_view flag, const std::string& path, Write write,
                  std::vector<std::string>& failures) {
    if (path.empty()) return;
    try {
        io::AtomicFile file(path);
        write(file.stream());
        file.commit();
    } catch (const std::exception& error) {
        failures.push_back(std::string(flag) + ": " + error.what());
    }
}

// --dump-pairs of a run that would be skipped (brute force above --max-brute-force-n, a
// --skip-above rule) would be a header and no pair, with exit 0. It is refused before any
// work, naming the flag that lifts the skip, rather than run past the cap: the cap is there so
// that a large --n never starts hours of O(n²) by accident, and asking for the pairs does not
// make those hours shorter.
void check_dump_runs(const BenchOptions& options, const BenchmarkSettings& settings,
                     const std::vector<BenchScene>& scenes) {
    if (options.dump_pairs_path.empty()) return;
    const std::string& algorithm = settings.algorithms.front();
    const BenchScene& scene = scenes.front();
    const auto reason = skip_reason(algorithm, scene.name(), scene.box_count(), settings);
    if (!reason) return;
    const bool by_rule = std::any_of(
        settings.skip_above.begin(), settings.skip_above.end(), [&](const SkipRule& rule) {
            return rule.skips(algorithm, scene.name(), scene.box_count());
        });
    // The scene's name holds a trace's file name, quoted where the name is made (run()).
    throw UsageError("--dump-pairs: " + algorithm + " would be skipped on " + scene.name() +
                     " n=" + std::to_string(scene.box_count()) + " (" + *reason +
                     "), and the file would hold no pair; " +
                     (by_rule ? "drop the --skip-above rule that names " + algorithm
                              : std::string("--max-brute-force-n 0 runs brute force at any n")));
}

// Which frame statistic a scaling chart plots: the mean (the throughput a game pays on
// average) or the p99 frame (the hitch it feels); both are charted because they can disagree.
enum class PlottedStatistic { mean, p99 };

void plot_scaling(const std::string& path, const std::vector<BenchResult>& results,
                  PlottedStatistic statistic) {
    if (results.empty()) throw std::runtime_error("no results to plot");
    const std::string workload = results.front().workload;
    std::vector<ChartSeries> series;
    std::map<std::string, std::size_t> index_of;
    for (const BenchResult& result : results) {
        if (result.workload != workload) continue;
        auto [entry, added] = index_of.try_emplace(result.algo, series.size());
        if (added) {
            series.push_back({result.algo + (result.peer ? " (peer)" : ""), {}, result.peer});
        }
        series[entry->second].points.emplace_back(
            static_cast<double>(result.n),
            statistic == PlottedStatistic::mean ? result.times.mean_ms : result.times.p99_ms);
    }
    const std::string name = statistic == PlottedStatistic::mean ? "mean" : "p99";
    ChartOptions options;
    options.title = "Scaling on '" + workload + "': " + name + " ms per frame vs boxes (log-log)";
    options.x_label = "boxes (n)";
    options.y_label = "ms per frame (update + all pairs)";
    write_log_log_chart_png(path, series, options);
}

// Writes every result output the options name (the pair dump is put in place if its run
// produced frames) and returns one message per output that could not be written: the others
// are still written.
std::vector<std::string> write_results(const BenchOptions& options, const BenchmarkOutcome& outcome,
                                       const std::string& algorithm,
                                       std::optional<io::AtomicFile>& dump) {
    std::vector<std::string> write_failures;
    write_output(
        "--json", options.json_path,
        [&](std::ostream& out) { write_results_json(out, outcome.results); }, write_failures);
    write_output(
        "--csv", options.csv_path,
        [&](std::ostream& out) { write_results_csv(out, outcome.results); }, write_failures);
    write_output(
        "--frame-times", options.frame_times_path,
        [&](std::ostream& out) { write_frame_times_csv(out, outcome.results); }, write_failures);
    write_output(
        "--markdown", options.markdown_path,
        [&](std::ostream& out) { write_results_markdown(out, outcome.results, outcome.notes); },
        write_failures);
    for (const auto& [flag, path, statistic] :
         {std::tuple{"--plot-scaling", options.plot_path, PlottedStatistic::mean},
          std::tuple{"--plot-scaling-p99", options.plot_p99_path, PlottedStatistic::p99}}) {
        if (path.empty()) continue;
        try {
            plot_scaling(path, outcome.results, statistic);
        } catch (const std::exception& error) {
            write_failures.push_back(std::string(flag) + ": " + error.what());
        }
    }
    if (dump) {
        // A run that failed or stopped inside its first frame dumped nothing whole: the file
        // is not put in place (an older one stays) and the run fails.
        if (std::none_of(outcome.results.begin(), outcome.results.end(),
                         [&](const BenchResult& result) { return result.algo == algorithm; })) {
            write_failures.push_back(
                "--dump-pairs: '" + input_excerpt(options.dump_pairs_path, quoted_path_limit) +
                "' not written: " + algorithm + " finished no frame (see above)");
        } else {
            try {
                dump->commit();
            } catch (const std::exception& error) {
                write_failures.push_back(std::string("--dump-pairs: ") + error.what());
            }
        }
    }
    if (options.markdown_path.empty() && options.json_path.empty() && options.csv_path.empty()) {
        write_results_markdown(std::cout, outcome.results, outcome.notes);
        if (!std::cout.flush()) write_failures.push_back("cannot write to standard output");
    }

    return write_failures;
}

// --list, --list-peers, --list-flags: one name a line; false when none was asked for.
bool print_list(const BenchOptions& options) {
    std::vector<std::string> names;
    if (options.list) {
        names = runner_names();
    } else if (options.list_peers) {
        names = known_peer_names();
    } else if (options.list_flags) {
        for (const std::string_view name : cli::flag_names(bench_flags()))
            names.emplace_back(name);
    } else {
        return false;
    }
    for (const std::string& name : names)
        std::cout << name << "\n";
    return true;
}

// The scenes of the run: each workload at each box count, then the trace and the scene file.
std::vector<BenchScene> bench_scenes(const BenchOptions& options) {
    std::vector<BenchScene> scenes;
    for (const std::string& workload : options.workloads) {
        for (const std::size_t n : options.box_counts) {
            if (is_physics_workload(workload)) {
                // Box2D steps the whole scene here, before any algorithm is timed (see
                // physics_workload.hpp); every algorithm then replays the same frames.
                scenes.emplace_back(std::make_shared<const Trace>(
                                        record_physics_workload(workload, n, options.frame_count)),
                                    workload);
                continue;
            }
            WorkloadOptions workload_options;
            workload_options.kind = workload_kind_from_name(workload);
            workload_options.box_count = n;
            workload_options.frame_count = options.frame_count;
            workload_options.seed = options.seed;
            scenes.emplace_back(workload_options);
        }
    }
    if (!options.trace_path.empty()) {
        // A malformed trace is bad input: read_trace's message names the file and line.
        auto trace = std::make_shared<const Trace>(read_trace(options.trace_path));
        const std::string file_name =
            options.trace_path.substr(options.trace_path.find_last_of('/') + 1);
        // The label leads messages and names the scene in every output: quoted like input.
        scenes.emplace_back(std::move(trace),
                            "trace:" + input_excerpt(file_name, quoted_path_limit));
    }
    if (!options.scene_path.empty()) {
        // The scene's own motion, recorded as Compare all records it (one box count: a scene
        // whose spawners change it is refused, naming the frame).
        HeadlessOptions scene_options;
        scene_options.scene = options.scene_path;
        scene_options.budget = options.budget;
        SceneFrames recorded = record_scene_frames(scene_options, options.frame_count);
        std::shared_ptr<const Trace> trace;
        try {
            trace = std::make_shared<const Trace>(to_trace(recorded.frames));
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument(recorded.name + ": " + error.what());
        }
        scenes.emplace_back(std::move(trace), std::move(recorded.name));
    }
    return scenes;
}

int run(const BenchOptions& options) {
    if (options.help) {
        std::cout << bench_usage();
        return exit_ok;
    }
    if (print_list(options)) return exit_ok;
    BenchmarkSettings settings;
    settings.algorithms = chosen_algorithms(options.algorithms);
    settings.check = options.check;
    settings.warm_heap_bytes_per_box = options.cold_heap ? 0 : warm_heap_bytes_per_box;
    settings.max_brute_force_n = options.max_brute_force_n;
    settings.skip_above = options.skip_above;
    // A misspelled name would silently skip nothing.
    for (const SkipRule& rule : options.skip_above)
        check_known_algorithm("--skip-above", rule.algorithm, true);
    settings.time_budget_seconds = options.time_budget_seconds;
    settings.budget = options.budget;
    settings.engine_options = options.engine_options;

    // Before any work: an output over the trace or another output, an empty name or a folder
    // that is not there is a bad command line (exit 2), not a failure after the run.
    const std::vector<io::NamedFile> outputs = output_files(options);
    std::vector<io::NamedFile> inputs;
    if (!options.trace_path.empty()) inputs.push_back({"--trace", options.trace_path});
    if (!options.scene_path.empty()) inputs.push_back({"--scene", options.scene_path});
    io::check_output_files(outputs, inputs);

    std::vector<BenchScene> scenes = bench_scenes(options);

    if (!options.write_trace_path.empty()) {
        BenchScene& scene = scenes.front();
        Trace trace;
        trace.box_count = scene.box_count();
        trace.frame_count = scene.frame_count();
        for (int frame = 0; frame < scene.frame_count(); ++frame) {
            const std::span<const Box2> boxes = scene.frame(frame);
            trace.boxes.insert(trace.boxes.end(), boxes.begin(), boxes.end());
        }
        std::vector<std::string> failures;
        write_output(
            "--write-trace", options.write_trace_path,
            [&](std::ostream& out) { write_trace(out, trace); }, failures);
        if (!failures.empty()) throw std::runtime_error(failures.front());
        std::cerr << "wrote " << options.write_trace_path << "\n";
        return exit_ok;
    }

    check_dump_runs(options, settings, scenes);
    // The pairs stream into the file as the run goes (they can be gigabytes), and the file is
    // put in place only when the run has produced them.
    std::optional<io::AtomicFile> dump;
    if (!options.dump_pairs_path.empty()) {
        dump.emplace(options.dump_pairs_path);
        dump->stream() << "frame,i,j\n";
        settings.pair_dump = &dump->stream();
    }

    const BenchmarkOutcome outcome = run_benchmark(scenes, settings, std::cerr);

    const std::vector<std::string> write_failures =
        write_results(options, outcome, settings.algorithms.front(), dump);

    std::cerr << "\n";
    write_summary_lines(std::cerr, outcome.results);
    if (!outcome.failures.empty()) {
        std::cerr << "\n!!! aabb-bench: " << outcome.failures.size() << " failure(s):\n";
        for (const std::string& failure : outcome.failures)
            std::cerr << "!!!   " << failure << "\n";
    }
    for (const std::string& failure : write_failures)
        std::cerr << "aabb-bench: error: " << failure << "\n";
    if (!outcome.failures.empty() || !write_failures.empty()) return exit_failed;
    if (options.check) {
        std::cerr << "check passed: " << settings.algorithms.size()
                  << " algorithms produced identical pair sets in every frame of " << scenes.size()
                  << " scene(s)\n";
    }
    return exit_ok;
}

}  // namespace

int main(int argc, char** argv) {
    aabb::app::retain_freed_memory();
    aabb::io::ignore_file_size_signal();
    std::vector<std::string_view> arguments(argv + 1, argv + argc);
    try {
        return run(parse_bench_options(arguments));
    } catch (const std::invalid_argument& error) {
        // Bad flags, unknown names, absurd counts and malformed traces.
        std::cerr << "aabb-bench: error: " << error.what() << "\n(see aabb-bench --help)\n";
        return exit_usage;
    } catch (const std::exception& error) {
        std::cerr << "aabb-bench: error: " << error.what() << "\n";
        return exit_failed;
    }
}

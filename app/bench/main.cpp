// aabb-bench: times every broad phase (ours and the peer libraries built in: Box2D, Bullet,
// Chipmunk, CGAL, Boost.Geometry, ODE) on the shared workloads or a recorded trace. See --help
// and docs/benchmarks.md.

#include <algorithm>
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/bench/bench_options.hpp"
#include "app/bench/benchmark.hpp"
#include "app/bench/result_writer.hpp"
#include "app/bench/runners/runner_factory.hpp"
#include "app/process/retained_heap.hpp"
#include "core/measure/trace.hpp"
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

// Opens an output file up front, so a bad path fails before a long run.
std::unique_ptr<std::ofstream> open_output(const std::string& path) {
    if (path.empty()) return nullptr;
    auto file = std::make_unique<std::ofstream>(path);
    if (!*file) throw std::runtime_error("cannot open '" + path + "' for writing");
    return file;
}

// Which frame statistic a scaling chart plots: the mean (the throughput a game pays on
// average) or the p99 frame (the hitch it feels); both are charted because they can disagree.
enum class PlottedStatistic { mean, p99 };

void plot_scaling(const std::string& path, const std::vector<BenchResult>& results,
                  PlottedStatistic statistic) {
    if (results.empty()) throw std::runtime_error("--plot-scaling: no results to plot");
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

int run(const BenchOptions& options) {
    if (options.help) {
        std::cout << bench_usage();
        return exit_ok;
    }
    if (options.list) {
        for (const std::string& name : runner_names())
            std::cout << name << "\n";
        return exit_ok;
    }
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

    std::vector<BenchScene> scenes;
    for (const std::string& workload : options.workloads) {
        for (const std::size_t n : options.box_counts) {
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

    if (!options.write_trace_path.empty()) {
        BenchScene& scene = scenes.front();
        Trace trace;
        trace.box_count = scene.box_count();
        trace.frame_count = scene.frame_count();
        for (int frame = 0; frame < scene.frame_count(); ++frame) {
            const std::span<const Box2> boxes = scene.frame(frame);
            trace.boxes.insert(trace.boxes.end(), boxes.begin(), boxes.end());
        }
        const auto file = open_output(options.write_trace_path);
        write_trace(*file, trace);
        std::cerr << "wrote " << options.write_trace_path << "\n";
        return exit_ok;
    }

    const auto json = open_output(options.json_path);
    const auto csv = open_output(options.csv_path);
    const auto frame_times = open_output(options.frame_times_path);
    const auto markdown = open_output(options.markdown_path);
    const auto dump = open_output(options.dump_pairs_path);
    if (dump) {
        *dump << "frame,i,j\n";
        settings.pair_dump = dump.get();
    }

    const BenchmarkOutcome outcome = run_benchmark(scenes, settings, std::cerr);

    if (json) write_results_json(*json, outcome.results);
    if (csv) write_results_csv(*csv, outcome.results);
    if (frame_times) write_frame_times_csv(*frame_times, outcome.results);
    if (markdown) write_results_markdown(*markdown, outcome.results, outcome.notes);
    if (!options.plot_path.empty()) {
        plot_scaling(options.plot_path, outcome.results, PlottedStatistic::mean);
    }
    if (!options.plot_p99_path.empty()) {
        plot_scaling(options.plot_p99_path, outcome.results, PlottedStatistic::p99);
    }
    for (std::ofstream* file :
         {json.get(), csv.get(), frame_times.get(), markdown.get(), dump.get()}) {
        if (file != nullptr && !file->flush()) throw std::runtime_error("writing an output failed");
    }
    if (options.markdown_path.empty() && options.json_path.empty() && options.csv_path.empty()) {
        write_results_markdown(std::cout, outcome.results, outcome.notes);
    }

    std::cerr << "\n";
    write_summary_lines(std::cerr, outcome.results);
    if (!outcome.failures.empty()) {
        std::cerr << "\n!!! aabb-bench: " << outcome.failures.size() << " failure(s):\n";
        for (const std::string& failure : outcome.failures)
            std::cerr << "!!!   " << failure << "\n";
        return exit_failed;
    }
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

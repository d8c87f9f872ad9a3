#include "app/bench/result_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "app/bench/peer_comparison.hpp"

namespace aabb::bench {

namespace {

std::string json_string(const std::string& text) {
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", c);
            quoted += escape;
        } else {
            quoted += c;
        }
    }
    return quoted + "\"";
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::string number(double value, const char* format = "%.4f") {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t value) {
    const std::string digits = std::to_string(value);
    std::string result;
    for (std::size_t index = 0; index < digits.size(); ++index) {
        if (index > 0 && (digits.size() - index) % 3 == 0) result += ',';
        result += digits[index];
    }
    return result;
}

std::string milliseconds(double value) {
    if (value >= 100.0) return number(value, "%.0f");
    if (value >= 10.0) return number(value, "%.1f");
    if (value >= 1.0) return number(value, "%.2f");
    return number(value, "%.3f");
}

std::string bytes(std::size_t value, bool estimated) {
    const std::string prefix = estimated ? "~" : "";
    const double amount = static_cast<double>(value);
    if (amount >= 1024.0 * 1024.0)
        return prefix + number(amount / (1024.0 * 1024.0), "%.1f") + " MB";
    if (amount >= 1024.0) return prefix + number(amount / 1024.0, "%.0f") + " KB";
    return prefix + std::to_string(value) + " B";
}

std::uint64_t per_frame(std::uint64_t total, int frames) {
    return frames > 0 ? total / static_cast<std::uint64_t>(frames) : 0;
}

std::string scene_title(const std::string& workload, std::size_t n) {
    return workload + ", n = " + grouped(n);
}

// "0.140 vs 1.20 (chipmunk_bbtree): ours is 8.6x faster"
std::string comparison_text(const StatisticComparison& entry) {
    return milliseconds(entry.ours_ms) + " vs " + milliseconds(entry.best_peer_ms) + " (" +
           entry.best_peer + "): " + ratio_text(entry.ratio);
}

// "3.1x / 9.8x": ours over the floor, mean and p99 ("not measured" without a floor).
std::string floors_text(const SceneComparison& comparison) {
    const auto& mean = comparison.statistics[0].ours_over_floor;
    const auto& p99 = comparison.statistics[1].ours_over_floor;
    if (!mean || !p99) return "not measured";
    return number(*mean, "%.1f") + "x / " + number(*p99, "%.1f") + "x";
}

void write_json_comparison(std::ostream& output, const SceneComparison& comparison) {
    output << "{\"workload\": " << json_string(comparison.workload) << ", \"n\": " << comparison.n
           << ", \"ours\": " << json_string(std::string(headline_algorithm)) << ", \"ours_2t\": "
           << (comparison.statistics.front().ours_two_threads_ms
                   ? json_string(std::string(headline_two_threads_algorithm))
                   : "null")
           << ", \"build\": {\"ours_ms\": " << number(comparison.ours_build_ms)
           << ", \"fastest_peer\": " << json_string(comparison.fastest_build_peer)
           << ", \"fastest_peer_ms\": " << number(comparison.fastest_build_peer_ms) << "}";
    for (const StatisticComparison& entry : comparison.statistics) {
        output << ", " << json_string(std::string(statistic_name(entry.statistic)))
               << ": {\"ours_ms\": " << number(entry.ours_ms) << ", \"ours_2t_ms\": "
               << (entry.ours_two_threads_ms ? number(*entry.ours_two_threads_ms) : "null")
               << ", \"best_peer\": " << json_string(entry.best_peer)
               << ", \"best_peer_ms\": " << number(entry.best_peer_ms)
               << ", \"ratio\": " << number(entry.ratio)
               << ", \"floor_ms\": " << (entry.floor_ms ? number(*entry.floor_ms) : "null")
               << ", \"ours_over_floor\": "
               << (entry.ours_over_floor ? number(*entry.ours_over_floor) : "null") << "}";
    }
    output << "}";
}

void write_markdown_summary(std::ostream& output, const std::vector<SceneComparison>& comparisons) {
    if (comparisons.empty()) return;
    output << "**Ours (" << headline_algorithm
           << ", 1 thread) vs the best peer for each statistic** (ms per frame after the build; "
              "each statistic's best peer is chosen on its own):\n\n";
    output
        << "| scene | mean | p99 | max | median | ours at 2 threads: mean / p99 | build: ours vs "
           "fastest peer | ours in floors: mean / p99 |\n";
    output << "|---|---|---|---|---|---|---|---|\n";
    for (const SceneComparison& comparison : comparisons) {
        output << "| " << scene_title(comparison.workload, comparison.n);
        for (const StatisticComparison& entry : comparison.statistics)
            output << " | " << comparison_text(entry);
        const auto& mean = comparison.statistics[0].ours_two_threads_ms;
        const auto& p99 = comparison.statistics[1].ours_two_threads_ms;
        output << " | "
               << (mean && p99 ? milliseconds(*mean) + " / " + milliseconds(*p99) : "not run")
               << " | " << milliseconds(comparison.ours_build_ms) << " vs "
               << milliseconds(comparison.fastest_build_peer_ms) << " ("
               << comparison.fastest_build_peer << ") | " << floors_text(comparison) << " |\n";
    }
    output << "\n*Ours in floors*: our frame time divided by the same statistic of "
           << floor_algorithm
           << " (copying the frame's boxes in and its pairs out, timed right after each of our "
              "frames), the least any broad phase must do.\n\n";
}

// "mean 0.140 vs 1.59 (chipmunk_bbtree): 11.4x faster; p99 ...; max ...; median .... At 2
// threads: mean ..., ... ms. Build: 0.800 ms vs 29.0 ms (peer)."
std::string comparison_sentence(const SceneComparison& comparison) {
    std::string sentence;
    for (const StatisticComparison& entry : comparison.statistics) {
        sentence += (sentence.empty() ? "" : "; ") + std::string(statistic_name(entry.statistic)) +
                    " " + comparison_text(entry);
    }
    sentence += ".";
    if (comparison.statistics.front().ours_two_threads_ms) {
        sentence += " At 2 threads:";
        const char* separator = " ";
        for (const StatisticComparison& entry : comparison.statistics) {
            sentence += separator + std::string(statistic_name(entry.statistic)) + " " +
                        milliseconds(*entry.ours_two_threads_ms);
            separator = ", ";
        }
        sentence += " ms.";
    }
    sentence += " Build: " + milliseconds(comparison.ours_build_ms) + " ms vs " +
                milliseconds(comparison.fastest_build_peer_ms) + " ms (" +
                comparison.fastest_build_peer + ").";
    const StatisticComparison& mean = comparison.statistics[0];
    const StatisticComparison& p99 = comparison.statistics[1];
    if (mean.floor_ms && p99.floor_ms) {
        sentence += " Floor (boxes in, pairs out): mean " + milliseconds(*mean.floor_ms) +
                    ", p99 " + milliseconds(*p99.floor_ms) + " ms; ours is " +
                    floors_text(comparison) + " the floor.";
    }
    return sentence;
}

}  // namespace

void write_results_json(std::ostream& output, const std::vector<BenchResult>& results) {
    // The comparisons (mean and p99 ratios against the best peer per statistic) lead, as in
    // the Markdown; the rows they were computed from follow.
    output << "{\"comparisons\": [";
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    for (std::size_t index = 0; index < comparisons.size(); ++index) {
        output << (index == 0 ? "\n  " : ",\n  ");
        write_json_comparison(output, comparisons[index]);
    }
    output << "\n], \"results\": [";
    for (std::size_t index = 0; index < results.size(); ++index) {
        const BenchResult& result = results[index];
        const FrameStatistics& times = result.times;
        output << (index == 0 ? "\n  " : ",\n  ") << "{\"algo\": " << json_string(result.algo)
               << ", \"workload\": " << json_string(result.workload) << ", \"n\": " << result.n
               << ", \"frames\": " << result.frames << ", \"threads\": " << result.threads
               << ", \"mean_ms\": " << number(times.mean_ms)
               << ", \"p99_ms\": " << number(times.p99_ms)
               << ", \"max_ms\": " << number(times.max_ms)
               << ", \"median_ms\": " << number(times.median_ms)
               << ", \"build_ms\": " << number(times.build_ms) << ", \"pairs\": " << result.pairs
               << ", \"tests\": " << result.tests << ", \"memory_bytes\": " << result.memory_bytes
               << ", \"peer\": " << (result.peer ? "true" : "false") << "}";
    }
    output << "\n]}\n";
}

void write_results_csv(std::ostream& output, const std::vector<BenchResult>& results) {
    output << "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,"
              "mean_ms,max_ms,threads\n";
    for (const BenchResult& result : results) {
        const FrameStatistics& times = result.times;
        output << csv_field(result.algo) << ',' << csv_field(result.workload) << ',' << result.n
               << ',' << result.frames << ',' << number(times.build_ms) << ','
               << number(times.median_ms) << ',' << number(times.p99_ms) << ',' << result.pairs
               << ',' << result.tests << ',' << result.memory_bytes << ',' << (result.peer ? 1 : 0)
               << ',' << number(times.mean_ms) << ',' << number(times.max_ms) << ','
               << result.threads << '\n';
    }
}

void write_frame_times_csv(std::ostream& output, const std::vector<BenchResult>& results) {
    output << "algo,threads,workload,n,frame,ms\n";
    for (const BenchResult& result : results) {
        const std::string row_start = csv_field(result.algo) + ',' +
                                      std::to_string(result.threads) + ',' +
                                      csv_field(result.workload) + ',' + std::to_string(result.n);
        for (std::size_t frame = 0; frame < result.frame_ms.size(); ++frame)
            output << row_start << ',' << frame << ',' << number(result.frame_ms[frame]) << '\n';
    }
}

void write_results_markdown(std::ostream& output, const std::vector<BenchResult>& results,
                            const std::vector<std::string>& notes) {
    const std::vector<SceneComparison> comparisons = compare_with_peers(results);
    write_markdown_summary(output, comparisons);
    // Tables in order of first appearance of each (workload, n).
    std::vector<std::pair<std::string, std::size_t>> scenes;
    for (const BenchResult& result : results) {
        const std::pair<std::string, std::size_t> scene{result.workload, result.n};
        if (std::find(scenes.begin(), scenes.end(), scene) == scenes.end()) scenes.push_back(scene);
    }
    for (const auto& [workload, n] : scenes) {
        std::vector<const BenchResult*> rows;
        for (const BenchResult& result : results) {
            if (result.workload == workload && result.n == n) rows.push_back(&result);
        }
        std::stable_sort(rows.begin(), rows.end(), [](const BenchResult* a, const BenchResult* b) {
            return a->times.mean_ms < b->times.mean_ms;
        });
        output << "### " << scene_title(workload, n) << " (" << rows.front()->requested_frames
               << " frames)\n\n";
        output << "| algorithm | threads | mean ms | p99 ms | max ms | median ms | build ms | "
                  "pairs/frame | tests/frame | memory |\n";
        output << "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
        for (const BenchResult* row : rows) {
            const FrameStatistics& times = row->times;
            output << "| " << row->algo << (row->peer ? " (peer)" : "") << " | " << row->threads
                   << " | " << milliseconds(times.mean_ms) << " | " << milliseconds(times.p99_ms)
                   << " | " << milliseconds(times.max_ms) << " | " << milliseconds(times.median_ms)
                   << " | " << milliseconds(times.build_ms) << " | "
                   << grouped(per_frame(row->pairs, row->frames)) << " | "
                   << grouped(per_frame(row->tests, row->frames)) << " | "
                   << bytes(row->memory_bytes, row->peer)
                   << (row->frames < row->requested_frames
                           ? " (" + std::to_string(row->frames) + " frames)"
                           : "")
                   << " |\n";
        }
        output << "\n";
        for (const SceneComparison& comparison : comparisons) {
            if (comparison.workload == workload && comparison.n == n) {
                output << "**Ours (1 thread) vs the best peer per statistic:** "
                       << comparison_sentence(comparison) << "\n\n";
            }
        }
    }
    if (!notes.empty()) {
        output << "Notes:\n\n";
        for (const std::string& note : notes)
            output << "- " << note << "\n";
        output << "\n";
    }
}

void write_summary_lines(std::ostream& output, const std::vector<BenchResult>& results) {
    for (const SceneComparison& comparison : compare_with_peers(results)) {
        output << scene_title(comparison.workload, comparison.n)
               << ", ours (1 thread) vs the best peer: " << comparison_sentence(comparison) << "\n";
    }
}

}  // namespace aabb::bench

#include "app/bench/result_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

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

}  // namespace

void write_results_json(std::ostream& output, const std::vector<BenchResult>& results) {
    output << "{\"results\": [";
    for (std::size_t index = 0; index < results.size(); ++index) {
        const BenchResult& result = results[index];
        output << (index == 0 ? "\n  " : ",\n  ") << "{\"algo\": " << json_string(result.algo)
               << ", \"workload\": " << json_string(result.workload) << ", \"n\": " << result.n
               << ", \"frames\": " << result.frames << ", \"build_ms\": " << number(result.build_ms)
               << ", \"median_ms\": " << number(result.median_ms)
               << ", \"p99_ms\": " << number(result.p99_ms)
               << ", \"mean_ms\": " << number(result.mean_ms) << ", \"pairs\": " << result.pairs
               << ", \"tests\": " << result.tests << ", \"memory_bytes\": " << result.memory_bytes
               << ", \"peer\": " << (result.peer ? "true" : "false") << "}";
    }
    output << "\n]}\n";
}

void write_results_csv(std::ostream& output, const std::vector<BenchResult>& results) {
    output << "algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,peer,"
              "mean_ms\n";
    for (const BenchResult& result : results) {
        output << csv_field(result.algo) << ',' << csv_field(result.workload) << ',' << result.n
               << ',' << result.frames << ',' << number(result.build_ms) << ','
               << number(result.median_ms) << ',' << number(result.p99_ms) << ',' << result.pairs
               << ',' << result.tests << ',' << result.memory_bytes << ',' << (result.peer ? 1 : 0)
               << ',' << number(result.mean_ms) << '\n';
    }
}

void write_results_markdown(std::ostream& output, const std::vector<BenchResult>& results,
                            const std::vector<std::string>& notes) {
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
            return a->median_ms < b->median_ms;
        });
        output << "### " << workload << ", n = " << grouped(n) << " ("
               << rows.front()->requested_frames << " frames)\n\n";
        output << "| algorithm | median ms | mean ms | p99 ms | build ms | pairs/frame | "
                  "tests/frame | memory |\n";
        output << "|---|--:|--:|--:|--:|--:|--:|--:|\n";
        const BenchResult* best_ours = nullptr;
        const BenchResult* best_peer = nullptr;
        for (const BenchResult* row : rows) {
            if (row->peer && best_peer == nullptr) best_peer = row;
            if (!row->peer && best_ours == nullptr) best_ours = row;
            output << "| " << row->algo << (row->peer ? " (peer)" : "") << " | "
                   << milliseconds(row->median_ms) << " | " << milliseconds(row->mean_ms) << " | "
                   << milliseconds(row->p99_ms) << " | " << milliseconds(row->build_ms) << " | "
                   << grouped(per_frame(row->pairs, row->frames)) << " | "
                   << grouped(per_frame(row->tests, row->frames)) << " | "
                   << bytes(row->memory_bytes, row->peer)
                   << (row->frames < row->requested_frames
                           ? " (" + std::to_string(row->frames) + " frames)"
                           : "")
                   << " |\n";
        }
        output << "\n";
        if (best_ours != nullptr && best_peer != nullptr) {
            const double ratio = best_peer->median_ms / std::max(best_ours->median_ms, 1e-9);
            output << "**Best ours vs fastest peer:** " << best_ours->algo << " "
                   << milliseconds(best_ours->median_ms) << " ms vs " << best_peer->algo << " "
                   << milliseconds(best_peer->median_ms) << " ms: ";
            if (ratio >= 1.0) {
                output << "ours is " << number(ratio, "%.2f") << "x faster";
            } else {
                output << "ours is " << number(1.0 / ratio, "%.2f") << "x slower";
            }
            output << " (median per frame).\n\n";
        }
    }
    if (!notes.empty()) {
        output << "Notes:\n\n";
        for (const std::string& note : notes)
            output << "- " << note << "\n";
        output << "\n";
    }
}

}  // namespace aabb::bench

#include "app/bench/benchmark.hpp"

#include <algorithm>
#include <exception>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

#include "app/bench/isolated_run.hpp"
#include "app/bench/peer_comparison.hpp"
#include "app/bench/single_run.hpp"
#include "core/measure/run_times.hpp"

namespace aabb::bench {

std::optional<std::string> skip_reason(const std::string& algorithm, const std::string& workload,
                                       std::size_t box_count, const BenchmarkSettings& settings) {
    if (algorithm == "brute_force" && settings.max_brute_force_n != 0 &&
        box_count > settings.max_brute_force_n) {
        return "above " + std::to_string(settings.max_brute_force_n) + " boxes (O(n²))";
    }
    for (const SkipRule& rule : settings.skip_above) {
        if (rule.skips(algorithm, workload, box_count)) {
            return "above " + std::to_string(rule.above_n) + " boxes" +
                   (rule.workload.empty() ? "" : " on " + rule.workload) + " (--skip-above)";
        }
    }
    return std::nullopt;
}

namespace {

// The first fingerprint seen for each frame, and which algorithm produced it.
struct SceneCheck {
    std::vector<std::optional<PairFingerprint>> frames;
    std::vector<std::string> reference;
};

// What one run tells, taken into the outcome: progress to the progress stream, notes to the
// report, each frame's fingerprint compared with the scene's first, each frame's pairs to the
// dump. The same whether the run is in this process or in a child.
class BenchmarkListener : public RunListener {
  public:
    BenchmarkListener(BenchmarkOutcome& outcome, SceneCheck& check, std::ostream& progress,
                      std::ostream* pair_dump, std::string algorithm, std::string where)
        : outcome_(outcome),
          check_(check),
          progress_(progress),
          pair_dump_(pair_dump),
          algorithm_(std::move(algorithm)),
          where_(std::move(where)) {}

    void progress(const std::string& line) override { progress_ << line << "\n"; }
    void note(const std::string& text) override { outcome_.notes.push_back(text); }
    void built() override {}
    void frame_fingerprint(int frame, const PairFingerprint& print) override {
        const auto frame_index = static_cast<std::size_t>(frame);
        if (frame_index >= check_.frames.size()) return;
        auto& expected = check_.frames[frame_index];
        if (!expected) {
            expected = print;
            check_.reference[frame_index] = algorithm_;
        } else if (*expected != print) {
            std::ostringstream message;
            message << "CHECK FAILED: " << algorithm_ << " on " << where_ << " frame " << frame
                    << ": " << print.count << " pairs differ from " << check_.reference[frame_index]
                    << "'s " << expected->count << " pairs";
            outcome_.failures.push_back(message.str());
            progress_ << "!!! " << message.str() << "\n";
        }
    }
    void frame_pairs(int frame, const std::vector<BoxPair>& sorted_pairs) override {
        if (pair_dump_ == nullptr) return;
        for (const BoxPair& pair : sorted_pairs)
            *pair_dump_ << frame << ',' << pair.first << ',' << pair.second << '\n';
    }

  private:
    BenchmarkOutcome& outcome_;
    SceneCheck& check_;
    std::ostream& progress_;
    std::ostream* pair_dump_;
    std::string algorithm_;
    std::string where_;
};

std::string statistics_line(const std::string& counter, const std::string& where,
                            const BenchResult& result) {
    const FrameStatistics& times = result.times;
    std::ostringstream line;
    line << counter << " " << where << " " << result.algo << ": mean " << std::fixed
         << std::setprecision(3) << times.mean_ms << " ms, p99 " << times.p99_ms << " ms, max "
         << times.max_ms << " ms, median " << times.median_ms << " ms, build " << times.build_ms
         << " ms, " << result.pairs / std::max(result.frames, 1) << " pairs/frame";
    return line.str();
}

}  // namespace

BenchmarkOutcome run_benchmark(std::vector<BenchScene>& scenes, const BenchmarkSettings& settings,
                               std::ostream& progress) {
    BenchmarkOutcome outcome;
    const std::size_t total_runs = scenes.size() * settings.algorithms.size();
    std::size_t run_number = 0;
    RunBuffers buffers;
    for (BenchScene& scene : scenes) {
        SceneCheck check;
        check.frames.resize(static_cast<std::size_t>(scene.frame_count()));
        check.reference.resize(check.frames.size());
        for (const std::string& algorithm : settings.algorithms) {
            ++run_number;
            // Built up piece by piece: g++ 12 warns (-Wrestrict, a false positive) on "[" + ....
            std::string counter = "[";
            counter += std::to_string(run_number) + "/" + std::to_string(total_runs) + "]";
            const std::string where = scene.name() + " n=" + std::to_string(scene.box_count());
            if (const auto reason =
                    skip_reason(algorithm, scene.name(), scene.box_count(), settings)) {
                outcome.notes.push_back(algorithm + " skipped on " + where + ": " + *reason);
                progress << counter << " " << where << " " << algorithm << ": skipped, " << *reason
                         << "\n";
                continue;
            }
            BenchmarkListener listener(outcome, check, progress, settings.pair_dump, algorithm,
                                       where);
            RunRecord record;
            try {
                // A peer runs in a child process: its crash or hang ends only its own run.
                record = runs_isolated(algorithm)
                             ? run_isolated(scene, algorithm, settings, buffers, listener)
                             : run_single(scene, algorithm, settings, buffers, listener);
            } catch (const std::exception& error) {
                const std::string message =
                    "ERROR: " + algorithm + " on " + where + ": " + error.what();
                outcome.failures.push_back(message);
                // The report's notes say why the run has no row.
                outcome.notes.push_back(algorithm + " on " + where + " failed: " + error.what());
                progress << "!!! " << message << "\n";
                continue;
            }
            BenchResult& result = record.result;
            // Stopped inside its first frame: nothing was measured.
            if (result.frames == 0) continue;
            progress << statistics_line(counter, where, result) << "\n";
            if (!record.floor_ms.empty()) {
                BenchResult floor = result;
                floor.algo = std::string(floor_algorithm);
                floor.times = summarize_frames(record.floor_ms);
                floor.frame_ms = record.floor_ms;
                floor.tests = 0;
                floor.memory_bytes = 0;
                progress << "    " << where << " " << floor_algorithm
                         << " (boxes in, pairs out): mean " << std::fixed << std::setprecision(3)
                         << floor.times.mean_ms << " ms, p99 " << floor.times.p99_ms << " ms"
                         << std::defaultfloat << "\n";
                outcome.results.push_back(std::move(result));
                outcome.results.push_back(std::move(floor));
                continue;
            }
            outcome.results.push_back(std::move(result));
        }
    }
    return outcome;
}

}  // namespace aabb::bench

// aabb-bench's result files lead with mean and p99 and the comparison with the best peer per
// statistic, and keep the older fields (JSON and CSV stay readable by older readers).

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "app/bench/peer_comparison.hpp"
#include "app/bench/result_writer.hpp"

namespace aabb::bench {

namespace {

std::vector<BenchResult> sample_results() {
    BenchResult ours;
    ours.algo = std::string(headline_algorithm);
    ours.workload = "uniform";
    ours.n = 10000;
    ours.frames = ours.requested_frames = 60;
    ours.times = FrameStatistics{0.8, 0.14, 1.08, 1.2, 0.039};
    ours.pairs = 60 * 5000;
    BenchResult two_threads = ours;
    two_threads.algo = std::string(headline_two_threads_algorithm);
    two_threads.threads = 2;
    two_threads.times = FrameStatistics{0.7, 0.12, 0.9, 1.0, 0.03};
    BenchResult peer = ours;
    peer.algo = "chipmunk_bbtree";
    peer.peer = true;
    peer.times = FrameStatistics{29.0, 1.59, 2.59, 2.6, 1.55};
    BenchResult other_peer = peer;
    other_peer.algo = "bullet_sweep_32";
    other_peer.times = FrameStatistics{1200.0, 1.91, 2.12, 2.12, 1.9};
    return {ours, two_threads, peer, other_peer};
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the JSON keeps every older field, adds threads and max, and the comparisons") {
    std::ostringstream output;
    write_results_json(output, sample_results());
    const std::string json = output.str();
    for (const char* field :
         {"\"algo\"", "\"workload\"", "\"n\"", "\"frames\"", "\"build_ms\"", "\"median_ms\"",
          "\"p99_ms\"", "\"mean_ms\"", "\"pairs\"", "\"tests\"", "\"memory_bytes\"", "\"peer\"",
          "\"threads\": 2", "\"max_ms\"", "\"comparisons\""}) {
        CAPTURE(field);
        CHECK(contains(json, field));
    }
    // The comparisons lead the file, and the mean leads the timings of each result.
    CHECK(json.find("\"comparisons\"") < json.find("\"results\""));
    CHECK(json.find("\"mean_ms\"") < json.find("\"median_ms\""));
    CHECK(contains(json,
                   "\"mean\": {\"ours_ms\": 0.1400, \"ours_2t_ms\": 0.1200, "
                   "\"best_peer\": \"chipmunk_bbtree\", \"best_peer_ms\": 1.5900"));
    CHECK(contains(json,
                   "\"p99\": {\"ours_ms\": 1.0800, \"ours_2t_ms\": 0.9000, "
                   "\"best_peer\": \"bullet_sweep_32\", \"best_peer_ms\": 2.1200"));
}

TEST_CASE("the CSV keeps its old columns in place and appends max_ms and threads") {
    std::ostringstream output;
    write_results_csv(output, sample_results());
    const std::string csv = output.str();
    CHECK(csv.rfind("algo,workload,n,frames,build_ms,median_ms,p99_ms,pairs,tests,memory_bytes,"
                    "peer,mean_ms,max_ms,threads\n",
                    0) == 0);
    CHECK(contains(csv, "\nbanded_sort_and_sweep_2t,uniform,10000,60,0.7000,0.0300,0.9000,"));
}

TEST_CASE("the frame-times CSV has one row per frame of each result, the build frame first") {
    std::vector<BenchResult> results = sample_results();
    results[0].frame_ms = {1.25, 0.5, 12.0};
    results[1].workload = "trace:a,b.csv";  // quoted: the name holds a comma
    results[1].frame_ms = {0.75};
    results[2].frame_ms = {};  // stopped inside its first frame: no rows
    std::ostringstream output;
    write_frame_times_csv(output, results);
    CHECK(output.str() ==
          "algo,threads,workload,n,frame,ms\n"
          "banded_sort_and_sweep,1,uniform,10000,0,1.2500\n"
          "banded_sort_and_sweep,1,uniform,10000,1,0.5000\n"
          "banded_sort_and_sweep,1,uniform,10000,2,12.0000\n"
          "banded_sort_and_sweep_2t,2,\"trace:a,b.csv\",10000,0,0.7500\n");
}

TEST_CASE("the Markdown leads with the summary, then tables by mean with their comparison") {
    std::ostringstream output;
    write_results_markdown(output, sample_results(), {"a note"});
    const std::string markdown = output.str();
    const std::size_t summary = markdown.find(
        "| uniform, n = 10,000 | 0.140 vs 1.59 "
        "(chipmunk_bbtree): 11.4x faster | 1.08 vs 2.12 "
        "(bullet_sweep_32): 2.0x faster |");
    const std::size_t table = markdown.find("### uniform, n = 10,000 (60 frames)");
    const std::size_t line = markdown.find(
        "**Ours (1 thread) vs the best peer per statistic:** "
        "mean 0.140 vs 1.59 (chipmunk_bbtree): 11.4x faster; "
        "p99 1.08 vs 2.12 (bullet_sweep_32): 2.0x faster;");
    REQUIRE(summary != std::string::npos);
    REQUIRE(table != std::string::npos);
    REQUIRE(line != std::string::npos);
    CHECK(summary < table);
    CHECK(table < line);
    CHECK(contains(markdown, "At 2 threads: mean 0.120, p99 0.900, max 1.00, median 0.030 ms."));
    CHECK(contains(markdown, "Build: 0.800 ms vs 29.0 ms (chipmunk_bbtree)."));
    CHECK(contains(markdown, "| algorithm | threads | mean ms | p99 ms | max ms | median ms |"));
    // Rows by mean: the engine at two threads first, bullet_sweep_32 last.
    CHECK(markdown.find("| banded_sort_and_sweep_2t | 2 |") <
          markdown.find("| banded_sort_and_sweep | 1 |"));
    CHECK(markdown.find("| chipmunk_bbtree (peer) |") <
          markdown.find("| bullet_sweep_32 (peer) |"));
    CHECK(contains(markdown, "- a note"));
}

TEST_CASE("the summary lines give one sentence per scene, mean and p99 first") {
    std::ostringstream output;
    write_summary_lines(output, sample_results());
    CHECK(output.str() ==
          "uniform, n = 10,000, ours (1 thread) vs the best peer: mean 0.140 vs 1.59 "
          "(chipmunk_bbtree): 11.4x faster; p99 1.08 vs 2.12 (bullet_sweep_32): 2.0x faster; max "
          "1.20 vs 2.12 (bullet_sweep_32): 1.8x faster; median 0.039 vs 1.55 (chipmunk_bbtree): "
          "39.7x faster. At 2 threads: mean 0.120, p99 0.900, max 1.00, median 0.030 ms. Build: "
          "0.800 ms vs 29.0 ms (chipmunk_bbtree).\n");
}

}  // namespace aabb::bench

namespace aabb::bench {

TEST_CASE("with copy_floor measured, every report gives ours in floors, mean and p99") {
    std::vector<BenchResult> results = sample_results();
    BenchResult floor = results.front();
    floor.algo = std::string(floor_algorithm);
    floor.times = FrameStatistics{0.0, 0.02, 0.12, 0.2, 0.013};
    results.push_back(floor);

    std::ostringstream summary;
    write_summary_lines(summary, results);
    // 0.14 / 0.02 = 7.0 floors by mean, 1.08 / 0.12 = 9.0 by p99.
    CHECK(contains(summary.str(),
                   " Floor (boxes in, pairs out): mean 0.020, p99 0.120 ms; ours "
                   "is 7.0x / 9.0x the floor.\n"));
    std::ostringstream markdown;
    write_results_markdown(markdown, results, {});
    CHECK(contains(markdown.str(), "| ours in floors: mean / p99 |"));
    CHECK(contains(markdown.str(), "(chipmunk_bbtree) | 7.0x / 9.0x |"));
    std::ostringstream json;
    write_results_json(json, results);
    CHECK(contains(json.str(),
                   "\"ratio\": 11.3571, \"floor_ms\": 0.0200, \"ours_over_floor\": "
                   "7.0000}"));
    // Without a floor the fields are null and the column says so.
    std::ostringstream plain;
    write_results_json(plain, sample_results());
    CHECK(contains(plain.str(), "\"floor_ms\": null, \"ours_over_floor\": null}"));
    std::ostringstream plain_markdown;
    write_results_markdown(plain_markdown, sample_results(), {});
    CHECK(contains(plain_markdown.str(), "| not measured |"));
}

}  // namespace aabb::bench

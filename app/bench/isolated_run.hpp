#pragma once
// A run in a process of its own (app/bench/child_run.hpp), which is how aabb-bench runs every
// peer library: a peer that crashes (Chipmunk's tree, out of memory, reads through the null it
// got from malloc) or hangs (Chipmunk's spatial hash, once one box covers the world, hashes
// trillions of cells in one frame) ends only its own run, and the benchmark reports the rest
// (issue 48 item 14). The child runs exactly what the parent would have (run_single) and sends
// what it tells through the pipe (app/bench/run_message.hpp); the parent turns that back into
// the same calls on its own listener, and stops the child once it runs past its time budget.
//
// Ours run in the benchmark's own process: they are tested (sanitizers, fuzzers, the
// differential tests against brute force), they honour the time budget inside a frame where a
// frame can be long (brute force) and the resource budget everywhere, a crash of ours is a bug
// to be seen rather than reported past, and the copy floor is timed right after the headline
// engine's frames in the same process.

#include <string>

#include "app/bench/bench_scene.hpp"
#include "app/bench/benchmark.hpp"
#include "app/bench/run_message.hpp"
#include "app/bench/single_run.hpp"

namespace aabb::bench {

/// How long past the time budget a run in a child process may go on, in its build and in its
/// frames after the build, before it is stopped: the budget again plus a second. The budget is
/// checked between frames (a run ends up to one frame past it) and only runners that can stop
/// check it inside a frame (a peer's build or frame runs to its end), so a build or frame is
/// taken as hung only when it has also used up a whole budget more. (--help, README.md and
/// docs/limits.md quote the resulting 2S + 1 s.)
[[nodiscard]] double isolated_run_grace_seconds(double time_budget_seconds);

/// The test hook, for aabb-bench's integration tests: with AABB_BENCH_TEST_FAULT=ALGO:KIND,
/// ALGO runs in a child process as a peer would, and there, right after its build, crashes
/// with SIGSEGV (KIND segv), hangs (hang), throws (throw) or goes on (none: the child's pipe
/// carries --check and --dump-pairs). Not for users; a real fault in a real child, so the
/// tests cover the crash, the time budget and the pipe whether or not any peer is built.
inline constexpr const char* test_fault_variable = "AABB_BENCH_TEST_FAULT";

/// True when `algorithm` runs in a child process: every peer, and the test hook's algorithm.
[[nodiscard]] bool runs_isolated(const std::string& algorithm);

/// run_single in a child process: `listener` gets the same calls, in the same order (the
/// fingerprints for --check at the end of the run). Throws std::runtime_error with what went
/// wrong: the child's own error, "crashed (SIGSEGV) ...", "stopped: ran past the time budget
/// ...", or "ended without a result ...".
[[nodiscard]] RunRecord run_isolated(BenchScene& scene, const std::string& algorithm,
                                     const BenchmarkSettings& settings, RunBuffers& buffers,
                                     RunListener& listener);

}  // namespace aabb::bench

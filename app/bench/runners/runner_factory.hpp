#pragma once
// The algorithms aabb-bench can run: every broad phase in the core factory (the banded engine
// twice: at one thread, the headline, and at two threads), then the peer libraries compiled in
// (CMake defines AABB_BENCH_HAVE_<LIBRARY> for each one it found).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/bench/runners/frame_runner.hpp"
#include "core/broadphase/broad_phase_parameters.hpp"

namespace aabb::bench {

/// Every runnable algorithm name: ours first (factory order), then the peers.
[[nodiscard]] std::vector<std::string> runner_names();
/// Every peer name aabb-bench knows, compiled in or not (the rows of the one peer table;
/// --list-peers prints them): scripts pass --skip-above for a peer on machines without it,
/// which is not a typo.
[[nodiscard]] std::vector<std::string> known_peer_names();
/// True when `name` is a peer library's broad phase rather than one of ours.
[[nodiscard]] bool is_peer(std::string_view name);
/// A fresh runner for `name`; the banded engine's runners (at one and two threads) take
/// `engine_options` (aabb-bench --engine-option) over its defaults, the others ignore them.
/// Throws std::invalid_argument for an unknown name or option.
[[nodiscard]] std::unique_ptr<FrameRunner> make_runner(
    const std::string& name, const SceneFacts& facts,
    const BroadPhaseParameterValues& engine_options = {});

}  // namespace aabb::bench

#pragma once
// Recorded physics: aabb-bench workloads whose boxes come from Box2D 2.4 (libbox2d-dev)
// simulating scenes of its testbed's kind, every fixture's tight AABB per frame. Box2D is
// stepped before any algorithm is timed, with a fixed step (1/60 s) and fixed solver
// iterations (8 velocity, 3 position) and no randomness, so every algorithm of a run, and
// every run on the same build, sees the same frames.
//
// The names are known whether or not Box2D was found, so that a build without it refuses them
// with a clear message rather than calling them unknown.

#include <cstddef>
#include <span>
#include <string_view>

#include "core/measure/trace.hpp"

namespace aabb::bench {

/// Every physics workload name, in the order aabb-bench --help lists them.
[[nodiscard]] std::span<const std::string_view> physics_workload_names();
/// True when `name` is one of physics_workload_names().
[[nodiscard]] bool is_physics_workload(std::string_view name);
/// True when aabb-bench was built with Box2D, so record_physics_workload can run.
[[nodiscard]] bool physics_workloads_available();

/// The fewest boxes a physics workload may have: each scene needs a few for its ground or
/// container.
inline constexpr std::size_t min_physics_boxes = 16;

/// Simulates the physics workload `name` with `box_count` fixtures (the scene's static ground
/// and container included) for `frame_count` frames: frame 0 is the scene as built, each later
/// frame follows one Box2D step. Throws std::invalid_argument when Box2D was not built in
/// ("built without Box2D (libbox2d-dev)"), for an unknown name, a box_count below
/// min_physics_boxes or above max_workload_boxes, or box_count × frame_count above
/// max_trace_rows.
[[nodiscard]] Trace record_physics_workload(std::string_view name, std::size_t box_count,
                                            int frame_count);

}  // namespace aabb::bench

#pragma once
// The Box2D side of the physics workloads (physics_workload.hpp): each scene built and
// stepped. Compiled only when Box2D is found; physics_workload.cpp checks the arguments.

#include <cstddef>

#include "core/measure/trace.hpp"

namespace aabb::bench {

/// The scenes, in the order of physics_workload_names().
enum class PhysicsScene {
    /// A pyramid of unit boxes on a static ground box, settling (testbed "Pyramid").
    pyramid,
    /// Small boxes in a container of four walls turned by a motor (testbed "Tumbler").
    tumbler,
    /// Boxes falling onto a floor of static tiles that touch each other.
    rain,
    /// Chains of links on revolute joints, falling from horizontal and swinging.
    chains,
    /// A block of boxes sliding and tumbling down a static slope onto a floor.
    avalanche,
    /// Walls of boxes in lanes with fast small bodies flagged as bullets fired through them.
    bullets,
};

/// Builds `scene` with exactly `box_count` fixtures and records `frame_count` frames of their
/// tight AABBs. Preconditions: checked by record_physics_workload.
[[nodiscard]] Trace simulate_physics_scene(PhysicsScene scene, std::size_t box_count,
                                           int frame_count);

}  // namespace aabb::bench

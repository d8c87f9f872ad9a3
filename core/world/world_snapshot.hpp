#pragma once
// A compact state of a World for stepping back: what the next step reads (bodies, ids,
// polygons, spawners and their progress, the random state, counts, frame) and the last step's
// events, but none of what a step derives again (world boxes, vertices, pairs, contacts,
// the broad phase). About 56 bytes a body, against about 250 for a copy of the World, so a
// history of tens of states fits at 100,000 bodies (docs/limits.md).

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "core/world/world.hpp"

namespace aabb {

/// Everything World::restore needs to put a world back where World::snapshot found it.
struct WorldSnapshot {
    WorldSettings settings;
    std::mt19937 random;
    std::vector<Body> bodies;
    std::vector<BodyId> ids;
    BodyId next_id = 0;
    std::vector<std::uint32_t> polygon_offsets;
    std::vector<std::uint32_t> polygon_counts;
    std::vector<glm::vec2> polygon_vertices;
    std::vector<Spawner> spawners;
    std::vector<float> spawn_accumulators;
    std::vector<std::uint32_t> spawned_counts;
    std::vector<MotionEvent> events;
    std::vector<BodyId> tunneled_ids;
    DetectionCounts last_counts;
    DetectionCounts total_counts;
    std::uint64_t frame = 0;

    /// The bytes it holds (its vectors' contents and the fixed part).
    [[nodiscard]] std::size_t bytes() const;
};

}  // namespace aabb

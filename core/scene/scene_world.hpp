#pragma once
// Turning a Scene into a World: settings, polygons, bodies, box fields and spawners.

#include "core/scene/scene.hpp"

namespace aabb {

/// A new world holding the scene, with pairs and contacts of the initial poses computed.
/// Throws std::invalid_argument when the scene holds values the world rejects.
[[nodiscard]] World build_world(const Scene& scene);

/// Replaces `world` with the scene's world; on an exception `world` is unchanged.
void apply_scene(const Scene& scene, World& world);

}  // namespace aabb

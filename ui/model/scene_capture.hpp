#pragma once
// The world's current state as a Scene, so "save" writes what is on screen: every body at its
// current pose (box fields are written out as plain bodies), polygons with their vertices,
// spawners, and the settings, camera, title and description of the scene it came from. Pure
// C++ on aabb_scene, unit tested.

#include "core/scene/scene.hpp"

namespace aabb::ui {

/// A scene that builds a world with the same bodies, poses, spawners and settings as `world`;
/// text and camera are taken from `origin` (spawner progress and counts start over).
[[nodiscard]] Scene capture_scene(const World& world, const Scene& origin);

}  // namespace aabb::ui

#pragma once
// Whether a lesson step is about the scene's world, so the window draws the world only where a
// step uses it and dims it elsewhere (issue 49: the figure, not 1,000 unrelated boxes). A step
// says so with its `world` field; without one the use is derived from what the step already
// names, so existing lessons need no edit.

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// True when `step` of `lesson` uses the world: it steps it (`frames` > 0); one of its formulas,
/// its `readouts` list, its goal, its question or its expected values names a readout that
/// reads the world or a handle that drives it; its `handles` list names a handle that drives
/// the world; or it shows an overlay or canvas detail (all of them draw the world).
[[nodiscard]] bool step_uses_world(const Lesson& lesson, const Step& step);

/// How the window draws the world in `step`: its `world` field, otherwise shown when the step
/// uses the world (step_uses_world) and dimmed when not.
[[nodiscard]] WorldDisplay step_world_display(const Lesson& lesson, const Step& step);

}  // namespace aabb::lesson

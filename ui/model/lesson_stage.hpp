#pragma once
// A lesson step's stage: the world region its teaching objects take, which the window frames in
// the canvas's free area (ui/view/stage_view.hpp). A step may name it (the step's `stage`
// field); otherwise it is what the step draws (the gadgets' world extent from its first frame,
// and its visible handles) and, for a step that uses the scene world, the world's bodies
// (docs/lesson_format.md, "The stage"). Pure C++ (no ImGui, SDL or GL), unit tested.

#include <optional>

#include "core/geometry/box.hpp"
#include "core/lesson/lesson_runtime.hpp"
#include "core/world/world.hpp"

namespace aabb::ui {

/// True when the running step is about the scene world: the lesson has a scene and the step
/// switches world overlays on, steps the world, or draws nothing of its own.
[[nodiscard]] bool step_uses_world(const lesson::LessonRuntime& runtime, const Box2& drawn);

/// The box of the anchors of the step's visible handles (empty when none).
[[nodiscard]] Box2 visible_handle_anchors(const lesson::LessonRuntime& runtime);

/// The box of `world`'s bodies, within its bounds (empty without bodies).
[[nodiscard]] Box2 bodies_extent(const World& world);

/// The running step's stage: the step's own `stage`, else the union of `drawn` (what the
/// step's gadgets drew in world units), the visible handles and, when the step uses the world,
/// `world`'s bodies; nullopt when that is empty.
[[nodiscard]] std::optional<Box2> step_stage(const lesson::LessonRuntime& runtime,
                                             const Box2& drawn, const World* world);

}  // namespace aabb::ui

#pragma once
// What a gadget draws with: the lesson's resolved objects by role, the camera and the draw
// list, and small shared strokes (a box in a role's color, a labelled point, an arrow, text).
// A gadget is a drawing of teaching objects that are not bodies of the world: interval bars,
// slabs, a τ timeline, a view wedge … Its kind is named in the lesson file
// (core/lesson/lesson_names.hpp gadget_kinds) and drawn by the function gadget_list.cpp lists.

#include <string_view>

#include <imgui.h>

#include "core/lesson/lesson_runtime.hpp"
#include "core/world/world.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// Everything a gadget's draw function reads.
struct GadgetContext {
    /// The running lesson: objects with the handle values applied, readouts.
    const lesson::LessonRuntime& runtime;
    /// The gadget as the lesson file gives it (kind, objects by role, label).
    const lesson::Gadget& gadget;
    /// The window's world (for gadgets that show it).
    const World& world;
    /// World-to-screen transform and the visible region.
    const Camera& camera;
    /// Where to draw; clipped to the canvas.
    ImDrawList& draw_list;

    /// The object the gadget names for `role`, resolved; nullptr when it names none.
    [[nodiscard]] const lesson::LessonObject* object(std::string_view role) const;
    /// The number of the `role` object, or `fallback` when it names none.
    [[nodiscard]] double number(std::string_view role, double fallback) const;
    /// The readout `name` of the lesson (world readouts read `world`), or null when the lesson
    /// has no such readout.
    [[nodiscard]] lesson::ReadoutValue readout(std::string_view name) const;
};

/// The color of an object: its color role in the scheme in use.
[[nodiscard]] ImU32 object_color(const lesson::LessonObject& object, std::uint8_t alpha = 255);
/// A world box outlined (and filled faintly when `fill_alpha` > 0) in `color`.
void draw_world_box(const GadgetContext& context, const Box2& box, ImU32 color,
                    float thickness = 2.0f, std::uint8_t fill_alpha = 0);
/// A dot at world point `point` with `label` beside it.
void draw_world_point(const GadgetContext& context, glm::vec2 point, ImU32 color,
                      const char* label = nullptr);
/// An arrow from world point `from` to `to`.
void draw_world_arrow(const GadgetContext& context, glm::vec2 from, glm::vec2 to, ImU32 color);
/// Text at screen point `at` over the readable backdrop.
void draw_label(const GadgetContext& context, ImVec2 at, ImU32 color, const char* text);

}  // namespace aabb::ui

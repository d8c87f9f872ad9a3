#pragma once
// What a gadget draws with: the lesson's resolved objects by role, the camera and the draw
// list, and small shared strokes (a box in a role's color, a labelled point, an arrow, text).
// A gadget is a drawing of teaching objects that are not bodies of the world: interval bars,
// slabs, a τ timeline, a view wedge … Its kind is named in the lesson file
// (core/lesson/lesson_names.hpp gadget_kinds) and drawn by the function gadget_list.cpp lists.
//
// Colors come from the lesson's color roles (both schemes) and sizes from overlay_stroke() /
// overlay_size() (the UI scale), so every gadget reads on a projector and in high contrast.

#include <cstdint>
#include <string_view>

#include <optional>

#include <imgui.h>

#include "core/geometry/ray.hpp"
#include "core/lesson/lesson_runtime.hpp"
#include "core/world/world.hpp"
#include "ui/view/camera.hpp"

namespace aabb::ui {

/// What a lesson's gadgets drew in a frame: the world extent of their boxes, poses, points
/// and arrows, and the screen rectangle their insets cover (a step's view frames the first and
/// avoids the second).
struct DrawnExtent {
    /// The world extent (empty when nothing was drawn in world coordinates).
    Box2 world = Box2::empty();
    /// The union of the inset frames; nullopt when there is no inset.
    std::optional<ScreenRect> insets;
    /// What the gadgets draw beside their world extent at fixed pixel distances, where they ask
    /// for it (labels where they want them, bars beside boxes): nullopt when nothing. The
    /// step's camera keeps room for it (extend_drawn_screen).
    std::optional<ScreenRect> screen;
};

/// Everything a gadget's draw function reads.
struct GadgetContext {
    /// The running lesson: objects with the handle values applied, readouts.
    const lesson::LessonRuntime& runtime;
    /// The gadget as the lesson file gives it (kind, objects by role, label).
    const lesson::Gadget& gadget;
    /// The window's world (for gadgets that show it).
    const World& world;
    /// World-to-screen transform and the visible region (a panel's own camera inside insets).
    const Camera& camera;
    /// Where to draw; clipped to the canvas.
    ImDrawList& draw_list;
    /// Grown by every world-space box, pose, point and arrow drawn and by every inset frame;
    /// nullptr inside insets (their panels have their own cameras).
    DrawnExtent* drawn = nullptr;

    /// The object the gadget names for `role`, resolved; nullptr when it names none.
    [[nodiscard]] const lesson::LessonObject* object(std::string_view role) const;
    /// The number of the `role` object, or `fallback` when it names none.
    [[nodiscard]] double number(std::string_view role, double fallback) const;
    /// The readout `name` of the lesson (world readouts read `world`), or null when the lesson
    /// has no such readout.
    [[nodiscard]] lesson::ReadoutValue readout(std::string_view name) const;
    /// The same gadget drawn through another camera (a panel of an inset).
    [[nodiscard]] GadgetContext with_camera(const Camera& other) const {
        return {runtime, gadget, world, other, draw_list, nullptr};
    }
};

/// Grows the context's drawn world extent (if any) by `box` when it is finite.
void extend_drawn(const GadgetContext& context, const Box2& box);
/// Grows the context's drawn screen extent (if any, not in insets) by `rect`: something drawn
/// beside the world extent at a fixed pixel distance, which the stage keeps room for.
void extend_drawn_screen(const GadgetContext& context, const ScreenRect& rect);

/// The color of an object: its color role in the scheme in use.
[[nodiscard]] ImU32 object_color(const lesson::LessonObject& object, std::uint8_t alpha = 255);
/// The color of lesson color role `role` ("hit", "slab_x", …) in the scheme in use.
[[nodiscard]] ImU32 role_color(std::string_view role, std::uint8_t alpha = 255);
/// `color` with its opacity replaced by `alpha`.
[[nodiscard]] ImU32 with_alpha(ImU32 color, std::uint8_t alpha);
/// What the canvas writes next to an object: its label in the interface's language, or its
/// name when it has none.
[[nodiscard]] const char* object_label(const lesson::LessonObject& object);

/// A world box outlined (and filled faintly when `fill_alpha` > 0) in `color`.
void draw_world_box(const GadgetContext& context, const Box2& box, ImU32 color,
                    float thickness = 2.0f, std::uint8_t fill_alpha = 0);
/// A world box outlined with dashes (a box that is only computed, such as a merge or a box
/// that must equal another one drawn solid).
void draw_dashed_world_box(const GadgetContext& context, const Box2& box, ImU32 color,
                           float thickness = 1.5f);
/// Diagonal hatching over a screen rectangle: a rejected or wrong state that is told by its
/// pattern, not by hue alone (noonat's rule).
void hatch_rect(ImDrawList& draw_list, glm::vec2 min, glm::vec2 max, ImU32 color);
/// A rectangle of half-size `half` at world `center` turned by `angle` radians: a faint fill of
/// `color` (when `fill_alpha` > 0) and its outline.
void draw_world_pose(const GadgetContext& context, glm::vec2 center, glm::vec2 half, float angle,
                     ImU32 color, float thickness = 2.0f, std::uint8_t fill_alpha = 50);
/// A dot at world point `point` with `label` beside it.
void draw_world_point(const GadgetContext& context, glm::vec2 point, ImU32 color,
                      const char* label = nullptr);
/// An arrow from world point `from` to `to`.
void draw_world_arrow(const GadgetContext& context, glm::vec2 from, glm::vec2 to, ImU32 color);
/// An arrow between two screen points.
void draw_screen_arrow(ImDrawList& draw_list, glm::vec2 from, glm::vec2 to, ImU32 color,
                       float width);
/// The ray's points for t in [from, to] clamped to [0, end], as a line `width` pixels wide;
/// nothing when the clamped interval is empty or NaN.
void draw_ray_piece(const GadgetContext& context, const Ray2& ray, float from, float to, float end,
                    ImU32 color, float width);
/// A box's x slab (the vertical band between min.x and max.x) and y slab (the horizontal
/// band) across the whole view, faint, in the slab roles' colors (L11, L12).
void draw_slab_bands(const GadgetContext& context, const Box2& box);
/// The ray from its origin to the edge of the view, cut to the lesson's free area (at least to
/// t = 1), thin, with its direction arrow and the origin "o"; returns the t where it leaves
/// the view.
float draw_ray_to_view_edge(const GadgetContext& context, const Ray2& ray, ImU32 color);
/// While it lives, the canvas labels of the lesson's gadgets (draw_label on the canvas) go on a
/// layer of `draw_list` above every gadget's shapes, so a ray or a box another gadget draws
/// later never crosses a label. One at a time, around all the gadgets of a frame.
class LabelLayer {
  public:
    explicit LabelLayer(ImDrawList& draw_list);
    ~LabelLayer();
    LabelLayer(const LabelLayer&) = delete;
    LabelLayer& operator=(const LabelLayer&) = delete;

  private:
    ImDrawList& draw_list_;
    ImDrawListSplitter splitter_;
};

/// Text at screen point `at` (its top-left) over the readable backdrop, kept inside the canvas
/// (or the inset) and clear of the texts, handles and windows drawn before it: when `at` is
/// taken it moves to the nearest free place around it, joined to `at` by a leader line
/// (ui/view/label_placement.hpp).
void draw_label(const GadgetContext& context, ImVec2 at, ImU32 color, const char* text);
/// Records `band` (a number line along the bottom of the canvas: the τ axis, the t axis) as
/// the frame's timeline: the card, the stage and the labels keep off it.
void record_band(const ScreenRect& band);
/// Text of a band (record_band) at `at`, over the readable backdrop: the band lays its rows out
/// itself, so it stays where it is put, recorded as the timeline's.
void draw_band_label(const GadgetContext& context, ImVec2 at, ImU32 color, const char* text);
/// Text centered on screen point `at` over the readable backdrop (placed as draw_label).
void draw_label_centered(const GadgetContext& context, glm::vec2 at, ImU32 color, const char* text);

}  // namespace aabb::ui

#pragma once
// Colors and stroke widths of the world overlays (shapes, bullets, contacts, tunneling): the
// classes a teacher points at have clearly different hues on the dark canvas. Two schemes
// like the palette's; overlay_colors holds the one in use. overlay_stroke() scales line widths
// with the UI scale (× 1.5 more in high contrast), overlay_size() scales point sizes, marker
// sizes and label offsets with the UI scale.
// Plain RGBA bytes, no ImGui.

#include <array>

#include "ui/style/palette.hpp"

namespace aabb::ui {

/// Every overlay color of one scheme, by role.
struct OverlayColorScheme {
    /// Fill of a rotating shape's exact outline (translucent).
    Rgba8 shape_fill;
    /// Outline of a rotating shape.
    Rgba8 shape_outline;
    /// Fill of a wall.
    Rgba8 wall_fill;
    /// Outline of a wall.
    Rgba8 wall_outline;
    /// Fill of a bullet.
    Rgba8 bullet_fill;
    /// Outline of a bullet.
    Rgba8 bullet_outline;
    /// A candidate pair whose shapes really touch.
    Rgba8 true_contact;
    /// A candidate pair whose boxes overlap but whose shapes do not: a broad-phase false
    /// positive.
    Rgba8 false_positive;
    /// A contact point and its normal.
    Rgba8 contact_point;
    /// A bullet's swept box (start ∪ end of the step).
    Rgba8 swept_box;
    /// A bullet's trail.
    Rgba8 trail;
    /// Ghost of a bullet's pose at the start of a step.
    Rgba8 ghost_start;
    /// Ghost of a bullet's pose at the time of impact.
    Rgba8 ghost_hit;
    /// Ghost of a bullet's pose at the end of the step (where it went or would have gone).
    Rgba8 ghost_end;
    /// A tunneling marker.
    Rgba8 tunneling;
    /// The selected object's outline.
    Rgba8 selection;
    /// Backdrop behind overlay text (labels over a busy canvas).
    Rgba8 text_backdrop;
    /// The pair inspector's second object (Shift+click).
    Rgba8 inspect_partner;
    /// A tool's drag in progress (bullet direction, wall rectangle).
    Rgba8 tool_preview;
    /// The scene caption's title and its marker square (aabb-png-check looks for it).
    Rgba8 caption_title;
    /// The scene caption's counts line.
    Rgba8 caption_text;
    /// A tree's fat leaf box.
    Rgba8 structure_leaf;
    /// Sort-and-sweep interval bars along the canvas edge.
    Rgba8 structure_interval;
    /// The fullest lanes of the interval bars (more overlapping intervals than lanes).
    Rgba8 structure_crowded;
    /// Tree nodes and cells by depth, cycling, so nested ones stay distinguishable.
    std::array<Rgba8, 8> structure_by_depth;
    /// Every other band of the banded engine, a light stripe across the sweep axis.
    Rgba8 structure_band;
    /// The banded engine's fat boxes: faint, so thousands of them stay in the background.
    Rgba8 structure_fat_box;
    /// A box that left its fat box this frame (and the new fat box it got): the strong color.
    Rgba8 structure_escaped;
    /// The banded engine's paths in the Broad phase tab's strip, in the order of
    /// ui/model/banded_frames.hpp banded_strip_kinds: cached, kept, partial, full sweep, grid,
    /// one band. Cheap paths cool and dim, the full sweep red.
    std::array<Rgba8, 6> banded_paths;
    /// The ray tool's probe ray and its hit marks.
    Rgba8 ray;
    /// A box's x slab (the vertical band between its min.x and max.x) and the ray inside it.
    Rgba8 slab_x;
    /// A box's y slab (the horizontal band) and the ray inside it.
    Rgba8 slab_y;
    /// A lesson's color roles, in the order of core/lesson/lesson_names.hpp color_roles:
    /// neutral, a, b, c, result, overlap, gap, hit, miss, correct, bug, ray, slab_x, slab_y,
    /// time, fat, plane, world (ui/style/lesson_colors.hpp looks them up by name).
    std::array<Rgba8, 18> lesson_roles;
};

/// The standard overlay colors on the dark canvas.
inline constexpr OverlayColorScheme standard_overlay_colors{
    .shape_fill = {80, 200, 190, 90},
    .shape_outline = {110, 235, 220},
    .wall_fill = {150, 155, 170, 170},
    .wall_outline = {205, 210, 225},
    .bullet_fill = {255, 245, 200, 230},
    .bullet_outline = {255, 255, 255},
    .true_contact = {255, 70, 70},
    .false_positive = {255, 230, 90},
    .contact_point = {140, 255, 90},
    .swept_box = {190, 120, 255},
    .trail = {255, 200, 120},
    .ghost_start = {170, 175, 190},
    .ghost_hit = {255, 70, 70},
    .ghost_end = {120, 200, 255},
    .tunneling = {255, 60, 200},
    .selection = {255, 255, 255},
    .text_backdrop = {0, 0, 0, 150},
    .inspect_partner = {90, 230, 255},
    .tool_preview = {255, 255, 160},
    .caption_title = {255, 217, 115},
    .caption_text = {225, 230, 238},
    .structure_leaf = {255, 255, 255, 110},
    .structure_interval = {120, 220, 160, 200},
    .structure_crowded = {255, 120, 120, 220},
    .structure_by_depth = {{{120, 220, 160},
                            {200, 160, 255},
                            {120, 210, 230},
                            {240, 200, 120},
                            {255, 140, 180},
                            {160, 240, 90},
                            {255, 110, 90},
                            {140, 160, 255}}},
    .structure_band = {255, 255, 255, 22},
    .structure_fat_box = {190, 200, 255, 70},
    .structure_escaped = {255, 140, 0},
    .banded_paths = {{{125, 130, 145},
                      {70, 190, 110},
                      {240, 195, 50},
                      {240, 70, 60},
                      {185, 110, 255},
                      {70, 160, 255}}},
    .ray = {255, 255, 255},
    .slab_x = {255, 110, 110, 60},
    .slab_y = {110, 170, 255, 60},
    // One color per meaning (the roles' meanings: core/lesson/lesson_names.hpp
    // color_role_meanings; the table is in docs/lesson_format.md "Color roles"): A blue, B
    // orange, x axis pink, y axis sky blue, true green, false red, gap yellow, each far from
    // the others (tests/ui/style/lesson_colors_test.cpp checks the distances and the contrast).
    .lesson_roles = {{{185, 195, 212},
                      {70, 150, 255},
                      {255, 130, 0},
                      {215, 115, 255},
                      {255, 255, 255},
                      {175, 235, 70},
                      {255, 220, 40},
                      {40, 210, 100},
                      {255, 65, 65},
                      {0, 205, 205},
                      {255, 70, 190},
                      {255, 240, 175},
                      {255, 150, 170},
                      {120, 225, 255},
                      {255, 190, 140},
                      {150, 175, 120},
                      {170, 150, 200},
                      {150, 140, 125}}},
};

/// The high-contrast overlay colors for projectors: fully saturated hues on the black canvas,
/// more opaque fills, an opaque black backdrop behind overlay text.
inline constexpr OverlayColorScheme high_contrast_overlay_colors{
    .shape_fill = {0, 255, 210, 120},
    .shape_outline = {0, 255, 210},
    .wall_fill = {190, 190, 190, 210},
    .wall_outline = {255, 255, 255},
    .bullet_fill = {255, 255, 255, 255},
    .bullet_outline = {255, 255, 0},
    .true_contact = {255, 0, 0},
    .false_positive = {255, 255, 0},
    .contact_point = {0, 255, 0},
    .swept_box = {180, 60, 255},
    .trail = {255, 150, 0},
    .ghost_start = {210, 210, 210},
    .ghost_hit = {255, 0, 0},
    .ghost_end = {0, 170, 255},
    .tunneling = {255, 0, 255},
    .selection = {255, 255, 255},
    .text_backdrop = {0, 0, 0, 255},
    .inspect_partner = {0, 255, 255},
    .tool_preview = {255, 255, 0},
    .caption_title = {255, 217, 115},
    .caption_text = {255, 255, 255},
    .structure_leaf = {255, 255, 255, 200},
    .structure_interval = {0, 255, 120, 240},
    .structure_crowded = {255, 0, 0, 255},
    .structure_by_depth = {{{0, 255, 120},
                            {200, 80, 255},
                            {0, 220, 255},
                            {255, 190, 0},
                            {255, 60, 160},
                            {150, 255, 0},
                            {255, 70, 40},
                            {90, 120, 255}}},
    .structure_band = {255, 255, 255, 40},
    .structure_fat_box = {200, 210, 255, 130},
    .structure_escaped = {255, 140, 0},
    .banded_paths = {{{170, 170, 170},
                      {0, 230, 90},
                      {255, 220, 0},
                      {255, 30, 30},
                      {200, 80, 255},
                      {0, 160, 255}}},
    .ray = {255, 255, 255},
    .slab_x = {255, 0, 0, 90},
    .slab_y = {0, 120, 255, 90},
    // The same meanings, saturated for projectors.
    .lesson_roles = {{{200, 200, 200},
                      {40, 140, 255},
                      {255, 140, 0},
                      {200, 80, 255},
                      {255, 255, 255},
                      {190, 255, 0},
                      {255, 235, 0},
                      {0, 230, 90},
                      {255, 40, 40},
                      {0, 230, 230},
                      {255, 0, 200},
                      {255, 245, 180},
                      {255, 140, 170},
                      {100, 220, 255},
                      {255, 190, 130},
                      {160, 190, 120},
                      {185, 160, 225},
                      {160, 150, 130}}},
};

/// The overlay colors in use (set_overlay_appearance() rewrites them; they start as
/// standard_overlay_colors). Drawing code reads them at draw time.
inline OverlayColorScheme overlay_colors = standard_overlay_colors;
/// Overlay line widths are multiplied by this (the UI scale, × 1.5 in high contrast).
inline float overlay_stroke_scale = 1.0f;
/// Overlay point sizes, marker sizes and label offsets are multiplied by this (the UI scale).
inline float overlay_size_scale = 1.0f;

/// `pixels` (a line width at scale 1) scaled by overlay_stroke_scale.
[[nodiscard]] inline float overlay_stroke(float pixels) {
    return pixels * overlay_stroke_scale;
}

/// `pixels` (a point size, marker size or offset at scale 1) scaled by
/// overlay_size_scale.
[[nodiscard]] inline float overlay_size(float pixels) {
    return pixels * overlay_size_scale;
}

/// How much thicker overlay strokes are in high contrast than at the same UI scale normally.
inline constexpr float high_contrast_stroke_factor = 1.5f;

/// Makes `scheme` the overlay colors in use, the size scale `ui_scale` and the stroke scale
/// `ui_scale`, times high_contrast_stroke_factor when `high_contrast` (call between frames).
inline void set_overlay_appearance(const OverlayColorScheme& scheme, float ui_scale,
                                   bool high_contrast) {
    overlay_colors = scheme;
    overlay_stroke_scale = ui_scale * (high_contrast ? high_contrast_stroke_factor : 1.0f);
    overlay_size_scale = ui_scale;
}

}  // namespace aabb::ui

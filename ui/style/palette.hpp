#pragma once
// The sandbox's colors as plain RGBA bytes: one place for the canvas, the panel theme and the
// screenshot checker (aabb-png-check looks for these exact colors). Two schemes, standard and
// high contrast; palette. holds the one in use. No ImGui here.

#include <cstdint>

namespace aabb::ui {

/// An 8-bit-per-channel color, straight (not premultiplied) alpha.
struct Rgba8 {
    /// Red.
    std::uint8_t r = 0;
    /// Green.
    std::uint8_t g = 0;
    /// Blue.
    std::uint8_t b = 0;
    /// Opacity, 255 = opaque.
    std::uint8_t a = 255;

    /// The same color with another opacity.
    [[nodiscard]] constexpr Rgba8 with_alpha(std::uint8_t alpha) const { return {r, g, b, alpha}; }
    /// Exact equality of all four channels.
    [[nodiscard]] constexpr bool operator==(const Rgba8&) const = default;
};

/// Every color of one color scheme, by role.
struct ColorScheme {
    /// Canvas background, the color the frame is cleared to.
    Rgba8 canvas_background;
    /// Minor grid lines.
    Rgba8 grid_minor;
    /// Major grid lines (every fifth minor line).
    Rgba8 grid_major;
    /// The x and y axes through the origin.
    Rgba8 axes;
    /// Outline of the world bounds the bodies bounce inside.
    Rgba8 world_bounds;
    /// Fill of an object that overlaps nothing (translucent).
    Rgba8 object_fill;
    /// Outline of an object's AABB when it overlaps nothing.
    Rgba8 aabb_outline;
    /// Fill of an object in at least one overlapping pair (translucent).
    Rgba8 overlap_fill;
    /// Outline of an AABB in at least one overlapping pair.
    Rgba8 overlap_outline;
    /// Line joining the centers of the two boxes of an overlapping pair.
    Rgba8 pair_line;
    /// Outline of the box under the mouse cursor.
    Rgba8 hover_outline;
    /// Side-panel background (opaque so the panel reads as a separate surface).
    Rgba8 panel_background;
    /// Main text color.
    Rgba8 text;
    /// Secondary text (labels, units).
    Rgba8 text_dim;
    /// Accent for headers, sliders and active widgets.
    Rgba8 accent;
};

/// The standard scheme: a dark canvas where the classes of things the sandbox teaches
/// (objects, their AABBs, overlapping pairs) have clearly different hues.
inline constexpr ColorScheme standard_colors{
    .canvas_background = {22, 25, 31},
    .grid_minor = {34, 38, 47},
    .grid_major = {47, 53, 66},
    .axes = {72, 80, 98},
    .world_bounds = {110, 120, 140},
    .object_fill = {64, 132, 214, 80},
    .aabb_outline = {120, 190, 255},
    .overlap_fill = {255, 140, 50, 110},
    .overlap_outline = {255, 150, 60},
    .pair_line = {255, 230, 90},
    .hover_outline = {255, 255, 255},
    .panel_background = {30, 34, 42},
    .text = {225, 230, 238},
    .text_dim = {150, 158, 172},
    .accent = {70, 140, 220},
};

/// The high-contrast scheme for projectors and bright rooms: black canvas, saturated
/// cyan / yellow / magenta marks, white text.
inline constexpr ColorScheme high_contrast_colors{
    .canvas_background = {0, 0, 0},
    .grid_minor = {38, 38, 38},
    .grid_major = {75, 75, 75},
    .axes = {150, 150, 150},
    .world_bounds = {235, 235, 235},
    .object_fill = {0, 150, 255, 100},
    .aabb_outline = {0, 230, 255},
    .overlap_fill = {255, 200, 0, 130},
    .overlap_outline = {255, 215, 0},
    .pair_line = {255, 80, 255},
    .hover_outline = {255, 255, 255},
    .panel_background = {8, 8, 8},
    .text = {255, 255, 255},
    .text_dim = {215, 215, 215},
    .accent = {40, 130, 255},
};

/// The colors in use (set_color_scheme() rewrites them; they start as standard_colors).
/// Drawing code reads them at draw time, so a switch shows on the next frame.
inline ColorScheme palette = standard_colors;

/// Makes `scheme` the colors in use (call between frames; the ImGui theme must be re-applied
/// for the panel to follow).
inline void set_color_scheme(const ColorScheme& scheme) {
    palette = scheme;
}

}  // namespace aabb::ui

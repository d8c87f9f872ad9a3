#pragma once
// The sandbox's colors as plain RGBA bytes: one place for the canvas, the panel theme and the
// screenshot checker (aabb-png-check looks for these exact colors). No ImGui here.

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

/// The color scheme: a dark canvas where the classes of things the sandbox teaches (objects,
/// their AABBs, overlapping pairs) have clearly different hues.
namespace palette {

/// Canvas background, the color the frame is cleared to.
inline constexpr Rgba8 canvas_background{22, 25, 31};
/// Minor grid lines.
inline constexpr Rgba8 grid_minor{34, 38, 47};
/// Major grid lines (every fifth minor line).
inline constexpr Rgba8 grid_major{47, 53, 66};
/// The x and y axes through the origin.
inline constexpr Rgba8 axes{72, 80, 98};
/// Outline of the world bounds the bodies bounce inside.
inline constexpr Rgba8 world_bounds{110, 120, 140};

/// Fill of an object that overlaps nothing (translucent).
inline constexpr Rgba8 object_fill{64, 132, 214, 80};
/// Outline of an object's AABB when it overlaps nothing.
inline constexpr Rgba8 aabb_outline{120, 190, 255};
/// Fill of an object in at least one overlapping pair (translucent).
inline constexpr Rgba8 overlap_fill{255, 140, 50, 110};
/// Outline of an AABB in at least one overlapping pair.
inline constexpr Rgba8 overlap_outline{255, 150, 60};
/// Line joining the centers of the two boxes of an overlapping pair.
inline constexpr Rgba8 pair_line{255, 230, 90};
/// Outline of the box under the mouse cursor.
inline constexpr Rgba8 hover_outline{255, 255, 255};

/// Side-panel background (opaque so the panel reads as a separate surface).
inline constexpr Rgba8 panel_background{30, 34, 42};
/// Main text color.
inline constexpr Rgba8 text{225, 230, 238};
/// Secondary text (labels, units).
inline constexpr Rgba8 text_dim{150, 158, 172};
/// Accent for headers, sliders and active widgets.
inline constexpr Rgba8 accent{70, 140, 220};

}  // namespace palette

}  // namespace aabb::ui

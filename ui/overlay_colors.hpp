#pragma once
// Colors of the world overlays (shapes, bullets, contacts, tunneling): the classes a teacher
// points at have clearly different hues on the dark canvas. Plain RGBA bytes, no ImGui.

#include "ui/palette.hpp"

namespace aabb::ui::overlay_colors {

/// Fill of a rotating shape's exact outline (translucent).
inline constexpr Rgba8 shape_fill{80, 200, 190, 90};
/// Outline of a rotating shape.
inline constexpr Rgba8 shape_outline{110, 235, 220};
/// Fill of a wall.
inline constexpr Rgba8 wall_fill{150, 155, 170, 170};
/// Outline of a wall.
inline constexpr Rgba8 wall_outline{205, 210, 225};
/// Fill of a bullet.
inline constexpr Rgba8 bullet_fill{255, 245, 200, 230};
/// Outline of a bullet.
inline constexpr Rgba8 bullet_outline{255, 255, 255};
/// A candidate pair whose shapes really touch.
inline constexpr Rgba8 true_contact{255, 70, 70};
/// A candidate pair whose boxes overlap but whose shapes do not: a broad-phase false positive.
inline constexpr Rgba8 false_positive{255, 230, 90};
/// A bullet's swept box (start ∪ end of the step).
inline constexpr Rgba8 swept_box{190, 120, 255};
/// A bullet's trail.
inline constexpr Rgba8 trail{255, 200, 120};
/// Ghost of a bullet's pose at the start of a step.
inline constexpr Rgba8 ghost_start{170, 175, 190};
/// Ghost of a bullet's pose at the time of impact.
inline constexpr Rgba8 ghost_hit{255, 70, 70};
/// Ghost of a bullet's pose at the end of the step (where it went or would have gone).
inline constexpr Rgba8 ghost_end{120, 200, 255};
/// A tunneling marker.
inline constexpr Rgba8 tunneling{255, 60, 200};
/// The selected object's outline.
inline constexpr Rgba8 selection{255, 255, 255};

}  // namespace aabb::ui::overlay_colors

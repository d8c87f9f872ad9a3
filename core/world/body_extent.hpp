#pragma once
// The one rule for how small a body may be, shared by the world (which checks every body it is
// given) and the readers of scene and lesson files (which check it where the file and JSON path
// are known, so the world never rejects what a file reader accepted). A file gives a box's full
// size; the world keeps half of it, and half of a tiny positive float rounds to zero, so the
// rule is stated on what the world keeps.

#include <glm/vec2.hpp>

namespace aabb {

/// The smallest full size (box width or height) and circle radius a body may have. Far above the
/// float denormals, where halving rounds to zero; below the precision anything is drawn at.
inline constexpr float min_body_extent = 1e-6f;

/// The half size the world keeps for a box of full size `size` (what a file says).
[[nodiscard]] inline glm::vec2 box_half_size(glm::vec2 size) {
    return size * 0.5f;
}

/// Whether a box's half size is one the world accepts: at least min_body_extent / 2 on both
/// axes (NaN fails).
[[nodiscard]] inline bool is_valid_half_size(glm::vec2 half_size) {
    return half_size.x >= min_body_extent * 0.5f && half_size.y >= min_body_extent * 0.5f;
}

/// Whether a circle's radius is one the world accepts: at least min_body_extent (NaN fails).
[[nodiscard]] constexpr bool is_valid_radius(float radius) {
    return radius >= min_body_extent;
}

}  // namespace aabb

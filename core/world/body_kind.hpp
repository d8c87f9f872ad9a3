#pragma once
// What a body is: decides how it moves, what it responds to and what continuous detection
// checks it against.

#include <cstdint>

namespace aabb {

/// What a body is; decides how it moves and what it responds to.
enum class BodyKind : std::uint8_t {
    /// A moving box that bounces off the bounds (the default scene).
    box,
    /// A static obstacle: never moves, never responds.
    wall,
    /// A small fast body with a detection mode; removed when it leaves the bounds (after the
    /// step's detection and response); responds to contacts with any body that is not a
    /// bullet.
    bullet,
    /// A rotating shape (box, circle or polygon); bounces off the bounds; responds to walls.
    shape,
};

}  // namespace aabb

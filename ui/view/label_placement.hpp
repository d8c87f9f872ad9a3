#pragma once
// Where a label goes on the canvas so that it covers no other text, handle or window: at the
// place its drawing code asks for when that is free, else at the nearest free place around it
// (beside, above, below, then further out), joined to the place it belongs to by a leader
// line. Labels are placed in drawing order, each against everything placed before it.
// Pure C++, unit tested.

#include <span>

#include "ui/view/camera.hpp"

namespace aabb::ui {

/// Where a label was put.
struct LabelPlace {
    /// Its screen rectangle (top-left is where its text starts).
    ScreenRect rect;
    /// True when it is not where it was asked for: the caller joins it to its anchor with a
    /// leader line.
    bool moved = false;
    /// True when no free place was found and it overlaps something (the least-covered
    /// candidate was taken).
    bool overlaps = false;
};

/// Places a label of `size` pixels whose drawing code asks for top-left `wanted`. Tries
/// `wanted` first, then positions around the wanted rectangle, nearest first: shifted by one,
/// two and three label heights up and down, by its width left and right, and the diagonals;
/// each must lie inside `bounds` and overlap none of `taken` (gaps of `gap` pixels kept). When
/// none is free, the candidate inside `bounds` covering the least area of `taken` wins.
[[nodiscard]] LabelPlace place_label(glm::vec2 wanted, glm::vec2 size, const ScreenRect& bounds,
                                     std::span<const ScreenRect> taken, float gap);

/// The point of `rect` nearest to `point` (the end of a leader line at its label).
[[nodiscard]] glm::vec2 nearest_point(const ScreenRect& rect, glm::vec2 point);

}  // namespace aabb::ui

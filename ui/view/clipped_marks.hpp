#pragma once
// Evenly spaced marks — the dashes of a dashed line, the lines hatching a rectangle, grid lines
// — counted only where they can be seen, and never more than a maximum. At high zoom a dashed
// line or a hatched box is billions of pixels long: stepping a float from its far end both
// never ends (from 2^28 pixels, x + 16 rounds back to x) and lists millions of marks nobody
// sees (issue 48 item 6: the time-of-impact ghost's path reached 4.6 GB, the twin bars'
// hatching 1.7 s a frame). Here the line or rectangle is first clipped to the visible
// rectangle, the first and last visible mark indices come from that clipped extent in one
// division each (integers, not a walk), and at most `max_count` marks are returned. Pure (GLM
// only), unit tested in tests/ui/view/clipped_marks_test.cpp.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "ui/view/camera.hpp"

namespace aabb::ui {

/// A straight piece of line in screen pixels.
struct ScreenSegment {
    /// Where it starts.
    glm::vec2 from{0.0f};
    /// Where it ends.
    glm::vec2 to{0.0f};
};

/// The most marks one call returns. A visible line or rectangle on a 4K screen needs a few
/// hundred at the spacings the overlays use; the cap bounds a frame's work whatever the input.
inline constexpr std::size_t max_visible_marks = 4096;

/// Indices first..last (inclusive) of marks; empty when last < first.
struct MarkRange {
    /// The first index.
    std::int64_t first = 0;
    /// The last index.
    std::int64_t last = -1;
    /// How many indices: 0 when empty.
    [[nodiscard]] std::size_t count() const {
        return last < first ? 0 : static_cast<std::size_t>(last - first) + 1;
    }
};

/// The indices k whose mark k · spacing lies in [low, high], at most `max_count` of them from
/// the lowest. Empty for a non-finite input, a spacing that is not positive, low > high, or
/// indices beyond ±2^52 (where a double no longer holds every integer).
[[nodiscard]] MarkRange marks_within(double low, double high, double spacing,
                                     std::size_t max_count = max_visible_marks);

/// The part of the segment from → to inside `view` (edges included) as parameters t0 <= t1
/// in [0, 1] along it (Liang and Barsky's clipping, in double); nullopt when no point of it is
/// inside, or an input is not finite.
[[nodiscard]] std::optional<glm::dvec2> clip_segment(glm::dvec2 from, glm::dvec2 to,
                                                     const ScreenRect& view);

/// The visible dashes of a dashed line from `from` to `to`: dashes `dash` pixels long that
/// start every `period` pixels from `from` (the last one cut at `to`), only the parts inside
/// `view`, at most `max_count` (the first along the line). Nothing for a line shorter than a
/// pixel or a non-finite input.
[[nodiscard]] std::vector<ScreenSegment> visible_dashes(glm::vec2 from, glm::vec2 to, float dash,
                                                        float period, const ScreenRect& view,
                                                        std::size_t max_count = max_visible_marks);

/// The lines hatching `rect` diagonally (rising to the right, `spacing` pixels apart along x,
/// the pattern anchored at rect.min so it moves with the rectangle), each clipped to the part
/// of `rect` inside `view`, at most `max_count` (the leftmost). Nothing for an empty or
/// non-finite rectangle or a spacing that is not positive.
[[nodiscard]] std::vector<ScreenSegment> visible_hatching(
    const ScreenRect& rect, float spacing, const ScreenRect& view,
    std::size_t max_count = max_visible_marks);

}  // namespace aabb::ui

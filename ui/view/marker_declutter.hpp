#pragma once
// Which tunneling markers get a full label and which become dots, so that hundreds of events
// do not cover the level: the markers the user points at (the selected or hovered bodies') and
// the newest few are labelled; every other marker on screen joins the dot of its screen cell,
// which shows how many it holds. Pure C++, unit tested.

#include <cstddef>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "ui/view/camera.hpp"

namespace aabb::ui {

/// One marker to place: where it is on screen and whether the user is looking at it.
struct MarkerCandidate {
    /// Screen position.
    glm::vec2 screen{0.0f};
    /// True for the selected or hovered bodies' events: labelled before any other.
    bool wanted = false;
};

/// Several markers drawn as one dot.
struct MarkerDot {
    /// Screen position (the mean of its markers').
    glm::vec2 screen{0.0f};
    /// Markers in it.
    std::size_t count = 0;
};

/// What to draw.
struct MarkerLayout {
    /// Indices of the markers drawn in full with their label: wanted ones first, then the
    /// newest (the last indices), at most `max_labels`.
    std::vector<std::size_t> labelled;
    /// The others on screen, one dot per screen cell.
    std::vector<MarkerDot> dots;
    /// Markers in `dots`.
    std::size_t dotted = 0;
};

/// Lays out `markers` (oldest first) inside `view`: at most `max_labels` labelled, the rest
/// merged into dots on a grid of `cell` pixels. Markers outside `view` are left out.
[[nodiscard]] MarkerLayout declutter_markers(std::span<const MarkerCandidate> markers,
                                             const ScreenRect& view, std::size_t max_labels,
                                             float cell);

}  // namespace aabb::ui

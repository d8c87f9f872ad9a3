#pragma once
// Sort-and-sweep on a few boxes, event by event (curriculum §8, L16): the 2n interval endpoints
// on the sweep axis sorted, and what the sweep line does at each one: a min opens its box's
// interval and pairs it with every box open at that moment (the active set), a max closes it.
// The sweep_axis and sweep_events readouts and the window's sweep line gadget all read this one
// computation, so the picture, the numbers and an animation of it agree event by event.

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb::lesson {

/// One endpoint in sorted order and what the sweep does there.
struct SweepEvent {
    /// The endpoint's coordinate on the sweep axis.
    float value = 0.0f;
    /// A max, which closes its box's interval; a min opens it.
    bool closes = false;
    /// Whose endpoint: an index into the boxes.
    std::size_t box = 0;
    /// An opening min: the boxes open at that moment, each handed on with it as a pair (in box
    /// order); empty for a max.
    std::vector<std::size_t> tested;
};

/// The name readouts and drawings give box `index`: A, B, …, Z, A1, B1, …
[[nodiscard]] std::string box_letter(std::size_t index);

/// The variance of the box centers along x and along y.
[[nodiscard]] std::array<double, 2> center_spread(std::span<const Box2> boxes);

/// The sweep axis for the option "x" (0), "y" (1) or "auto": the axis along which the centers
/// spread most, as sort_and_sweep chooses (x on a tie).
[[nodiscard]] int sweep_axis_for(std::span<const Box2> boxes, std::string_view option);

/// The 2n endpoints on `axis` (0 = x, 1 = y) sorted by value, a min before a max of equal value
/// (closed intervals that touch still overlap), otherwise in box order; each with what the
/// sweep does there.
[[nodiscard]] std::vector<SweepEvent> sweep_events(std::span<const Box2> boxes, int axis);

/// How many events an animation at `progress` (0..1) has processed: each of the 2n + 1 states
/// (none processed, …, all) gets an equal share, so 0 → 0 and 1 → 2n.
[[nodiscard]] std::size_t sweep_events_done(std::size_t event_count, double progress);

/// Which of `box_count` boxes are open once the first `done` events are processed.
[[nodiscard]] std::vector<bool> open_after(std::span<const SweepEvent> events, std::size_t done,
                                           std::size_t box_count);

/// Box names joined, "A, B"; "—" when there are none.
[[nodiscard]] std::string box_names(std::span<const std::size_t> boxes);

}  // namespace aabb::lesson

#pragma once
// Which recorded events the Tunneling panel lists: all, or those of one body (on either side).
// Pure C++ on the bullet tracker's records, unit tested.

#include <cstddef>
#include <deque>
#include <optional>
#include <string_view>
#include <vector>

#include "core/world/motion_event.hpp"
#include "ui/model/bullet_tracker.hpp"

namespace aabb::ui {

/// The body id typed in the filter field: digits only (spaces around allowed), else none (an
/// empty or unfinished field lists every event).
[[nodiscard]] std::optional<BodyId> parse_body_filter(std::string_view text);

/// Indices into `events` of the events with `body` on either side, oldest first; every index
/// when `body` is none.
[[nodiscard]] std::vector<std::size_t> filter_events(const std::deque<BulletEventRecord>& events,
                                                     std::optional<BodyId> body);

/// The core's records of `indices` (what Export writes).
[[nodiscard]] std::vector<MotionEvent> motion_events(const std::deque<BulletEventRecord>& events,
                                                     const std::vector<std::size_t>& indices);

/// How many of the events at `indices` are of `kind`.
[[nodiscard]] std::size_t count_kind(const std::deque<BulletEventRecord>& events,
                                     const std::vector<std::size_t>& indices, MotionEventKind kind);

}  // namespace aabb::ui

#pragma once
// The continuous-detection events (core/world/motion_event.hpp) as CSV: one row per event, the
// same fields as the headless report's "events" (core/scene/headless_run.hpp), in the same
// order and with the same numbers. The window's Tunneling panel exports through here, and
// `aabb-sandbox --headless --events-csv FILE` writes it. docs/tunneling.md documents the columns.

#include <filesystem>
#include <ostream>
#include <span>
#include <string_view>

#include "core/world/motion_event.hpp"

namespace aabb {

/// The header line (without its newline): the columns every row has, in order. Positions and
/// angles are the poses at tau; floats are written as the shortest decimal that reads back to
/// the same float (as the JSON report), the time in seconds as the shortest double.
inline constexpr std::string_view motion_event_csv_header =
    "kind,step,tau,exit,time,body_id,body_kind,body_x,body_y,body_angle,"
    "other_id,other_kind,other_x,other_y,other_angle,normal_x,normal_y";

/// Writes the header and one row per event, in order, each line ending in '\n'.
void write_motion_events_csv(std::ostream& out, std::span<const MotionEvent> events);

/// Writes the CSV to `path` atomically (core/io/atomic_file.hpp): the file is whole or as it
/// was. Throws io::WriteError naming the file when it cannot be written.
void save_motion_events_csv(const std::filesystem::path& path, std::span<const MotionEvent> events);

}  // namespace aabb

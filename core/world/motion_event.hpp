#pragma once
// What continuous detection found in a step: a body meeting another (hit), crossing it without
// any contact reported (tunneled), or leaving the world after a crossing (escaped). One record
// for the world, the headless report and the window's views of it (markers, ghosts, lists,
// exports and replays read this and nothing else).

#include <array>
#include <cstdint>
#include <string_view>

#include <glm/glm.hpp>

#include "core/world/body_kind.hpp"

namespace aabb {

/// What happened between the two bodies of a MotionEvent.
enum class MotionEventKind : std::uint8_t {
    /// The body met the other: a contact was reported (swept detection found it at τ, or a
    /// discrete body's end-of-step test confirmed the crossing its shadow analysis found).
    hit,
    /// A discrete body crossed the other during the step and the end-of-step test reported no
    /// contact: the crossing was missed.
    tunneled,
    /// The body left the world's bounds at τ, after a hit or tunneled event in the same step
    /// (`other` is the body it crossed last); it is removed at the end of the step.
    escaped,
};

/// The kinds by name, as the headless report writes them.
inline constexpr std::array<std::string_view, 3> motion_event_kind_names{"hit", "tunneled",
                                                                         "escaped"};

/// The name of `kind` ("hit", "tunneled", "escaped").
[[nodiscard]] constexpr std::string_view name_of(MotionEventKind kind) {
    return motion_event_kind_names[static_cast<std::size_t>(kind)];
}

/// Where a body is at an instant: its center (the rotation center) and angle.
struct BodyPose {
    /// Center.
    glm::vec2 position{0.0f};
    /// Angle in radians, counter-clockwise.
    float angle = 0.0f;
    /// Poses compare field by field.
    [[nodiscard]] bool operator==(const BodyPose&) const = default;
};

/// One event of one moving body with one other body during one world step.
struct MotionEvent {
    /// Hit, tunneled or escaped.
    MotionEventKind kind = MotionEventKind::hit;
    /// The world step (1 for the first step after construction or clear()).
    std::uint64_t step = 0;
    /// The fraction of the step, in [0, 1], at which the shapes first came within the time of
    /// impact's slop of touching (hit, tunneled), or at which the body's box left the bounds
    /// (escaped).
    float time_of_impact = 0.0f;
    /// For tunneled: the fraction of the step at which the shapes were last within the slop
    /// (the end of the crossing). Otherwise equal to time_of_impact.
    float time_of_exit = 0.0f;
    /// Seconds since the world started: (step − 1 + time_of_impact) × time step.
    double time = 0.0;
    /// The moving body's id (a bullet, or with ccd "all" any moving body).
    std::uint32_t body = 0;
    /// Its kind.
    BodyKind body_kind = BodyKind::bullet;
    /// The id of the body it met, crossed or (escaped) crossed last.
    std::uint32_t other = 0;
    /// Its kind.
    BodyKind other_kind = BodyKind::wall;
    /// The moving body's pose at time_of_impact.
    BodyPose body_pose{};
    /// The other body's pose at time_of_impact.
    BodyPose other_pose{};
    /// Unit normal from the body towards the other at time_of_impact (zero for escaped).
    glm::vec2 normal{0.0f};
    /// Events compare field by field.
    [[nodiscard]] bool operator==(const MotionEvent&) const = default;
};

}  // namespace aabb

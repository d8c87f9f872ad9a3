#pragma once
// The clock of a step's animation (Step::animate): which value the animated handle has at a
// time, the time at which it has a value, and how the clock moves when its caller gives it
// time. No window and no wall clock: the window hands it each frame's duration, headless runs
// and tests hand it fixed steps (or nothing), so every run is deterministic.
//
// One pass runs from `from` (clock 0) to `to` (clock = seconds). A looping animation then rests
// at `to` for `hold` seconds and starts over; one that does not loop stops at the end. Playing
// from the end starts over from `from`, as a video player does. A handle that takes whole
// numbers shows each of its |to − from| + 1 values for an equal share of the pass.

#include "core/lesson/lesson.hpp"

namespace aabb::lesson {

/// Where an animation is and whether it plays.
struct AnimationState {
    /// Seconds into the pass: [0, seconds] while it runs, up to seconds + hold while a looping
    /// animation rests at its end.
    double clock = 0.0;
    /// True while it plays.
    bool playing = false;
    /// Playing began at the end: the next advance starts over from `from`.
    bool restart = false;
    /// States compare field by field.
    [[nodiscard]] bool operator==(const AnimationState&) const = default;
};

/// The handle's value at `clock` seconds (clamped to the pass); whole numbers when `integer`.
[[nodiscard]] double animation_value(const Animation& animation, bool integer, double clock);

/// The clock at which the animation shows `value`: its place in the pass (clamped to it). For
/// a whole-number handle, the middle of that value's share, and the end for `to`.
[[nodiscard]] double animation_clock_at(const Animation& animation, bool integer, double value);

/// How far through the pass `clock` is, 0..1 (1 while a loop rests at its end).
[[nodiscard]] double animation_progress(const Animation& animation, double clock);

/// The state on entering a step whose handle has `value`: the clock at that value, playing
/// when the animation autoplays (starting over when the value is already the end).
[[nodiscard]] AnimationState animation_start(const Animation& animation, bool integer,
                                             double value);

/// Plays (starting over when the clock is at the end) or pauses.
void set_animation_playing(AnimationState& state, const Animation& animation, bool playing);

/// Moves a playing animation's clock on by `seconds` (negative, NaN or a paused animation:
/// nothing moves): a loop wraps after resting at the end, otherwise it stops at the end.
void advance_animation(AnimationState& state, const Animation& animation, double seconds);

}  // namespace aabb::lesson

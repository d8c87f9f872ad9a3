#pragma once
// Continuous collision of two convex shapes over one step: the time of impact τ at which the
// shapes themselves (not their boxes) first touch, each moving and rotating linearly in τ.
//
// Method: conservative advancement on the distance (B. Mirtich, "Impulse-based Dynamic
// Simulation of Rigid Body Systems", 1996, ch. 4; as in Bullet's btContinuousConvexCollision
// and the outer loop of Box2D's b2TimeOfImpact). At τ, with the distance d and the unit normal
// n from A towards B, no point of either shape can close the gap faster than
//     rate = n·(ΔcA − ΔcB) + |ΔθA|·rA + |ΔθB|·rB   (per unit of τ)
// where Δc is a center's displacement over the step, Δθ its rotation and r the distance from
// the rotation center to the farthest core point (0 for a circle, which rotation leaves as it
// is): the gap along n is a lower bound of the distance, its linear part moves by
// n·(ΔcA − ΔcB)·Δτ and a point at radius r moves at most r·|Δθ|·Δτ. So the shapes stay more
// than `target` apart until τ + (d − target)/rate; advancing by that step never skips a contact.
// rate <= 0 means the gap can only grow: they never meet in the step.
//
// Tolerance (stated, tested): the advancement aims at half the slop and stops once the
// distance is at most `slop`. At a reported hit τ the shapes are apart by at most `slop` and
// never came closer than slop / 2 before τ (never penetrated), so τ is at most
// slop / (closing speed) before the exact touching time. Every iterate is a float τ (rounded
// towards the start), so the poses measured are the poses at the τ returned. The slop is
// time_of_impact_slop(): the largest of 1/1000 of the smaller shape's thickness, the float
// resolution at the coordinates the shapes reach, and how far a point can move in four
// floats of τ.

#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "core/narrowphase/shape_distance.hpp"

namespace aabb {

/// A shape and its motion over one step: the center goes linearly from start_position (τ = 0)
/// to end_position (τ = 1) and the angle linearly from start_angle to end_angle, as a Box2D
/// b2Sweep with the rotation center at the body position.
struct ShapeSweep {
    /// Local core points about the rotation center, counter-clockwise (a box's 4 corners, a
    /// polygon's vertices); empty for a circle, whose core is its center.
    std::span<const glm::vec2> local_points{};
    /// A circle's radius; 0 for boxes and polygons.
    float radius = 0.0f;
    /// Center at τ = 0.
    glm::vec2 start_position{0.0f};
    /// Center at τ = 1.
    glm::vec2 end_position{0.0f};
    /// Angle at τ = 0, radians counter-clockwise.
    float start_angle = 0.0f;
    /// Angle at τ = 1.
    float end_angle = 0.0f;
};

/// The shape of `sweep` placed at τ (center and angle interpolated linearly).
[[nodiscard]] ConvexShape shape_at(const ShapeSweep& sweep, double time);

/// The slop of a pair: max(time_of_impact_slop_fraction × the smaller of the two shapes'
/// thickness (a circle's radius, a polygon's smallest half-extent of its local box),
/// 16 × float epsilon × the largest coordinate magnitude the shapes reach in the step,
/// 4 × 2^-24 × the fastest closing speed: how far a point moves in four floats of τ).
[[nodiscard]] float time_of_impact_slop(const ShapeSweep& a, const ShapeSweep& b);

/// The relative part of time_of_impact_slop.
inline constexpr float time_of_impact_slop_fraction = 1e-3f;
/// Most advancement steps per call; beyond it the result is `unresolved` (shapes that stay a
/// few slops apart for most of the step while rotating, where every step is tiny).
inline constexpr int max_time_of_impact_iterations = 1000;

/// How two shapes meet over [begin, end].
enum class ImpactState : std::uint8_t {
    /// Never within `slop` in [begin, end].
    separated,
    /// First within `slop` at `time` > begin, coming from farther than `slop`.
    hit,
    /// Within `slop` but not overlapping already at `begin`; `approach` tells whether they
    /// are closing in (a caller decides whether that is a new contact).
    touching,
    /// Overlapping at `begin` (negative separation): penetration, not a sweep problem.
    overlapping,
    /// max_time_of_impact_iterations steps did not decide; no contact before `time`.
    unresolved,
};

/// The result of time_of_impact and time_of_exit.
struct TimeOfImpact {
    /// Separated, hit, touching, overlapping or unresolved.
    ImpactState state = ImpactState::separated;
    /// τ of the hit (or `begin` for touching and overlapping, the last safe τ for unresolved,
    /// `end` for separated).
    float time = 1.0f;
    /// Unit normal from A towards B at `time`.
    glm::vec2 normal{1.0f, 0.0f};
    /// The signed distance at `time`.
    float separation = 0.0f;
    /// How fast the nearest points close in along the normal at `time`, per unit of τ
    /// (positive: approaching). Rotation included.
    float approach = 0.0f;
    /// Advancement steps taken.
    int iterations = 0;
};

/// The first τ in [begin, end] at which `a` and `b` come within `slop` of touching, by
/// conservative advancement (see the top of this file). 0 <= begin <= end <= 1.
[[nodiscard]] TimeOfImpact time_of_impact(const ShapeSweep& a, const ShapeSweep& b, float begin,
                                          float end, float slop);

/// The last τ in [begin, end] at which they are within `slop`: the same advancement run
/// backwards from `end` (`hit` at that τ, `touching`/`overlapping` when already so at `end`).
[[nodiscard]] TimeOfImpact time_of_exit(const ShapeSweep& a, const ShapeSweep& b, float begin,
                                        float end, float slop);

/// The least signed distance of two shapes over an interval, and where it is.
struct DeepestSeparation {
    /// The least signed distance found.
    float separation = 0.0f;
    /// Where.
    float time = 0.0f;
};

/// The least signed distance of `a` and `b` over [begin, end]: 17 even samples, then a
/// golden-section search around the least. Without rotation the signed distance of two
/// translating convex shapes is convex in τ (a maximum of functions linear in τ, or a distance
/// to a convex set), so this finds their least distance; with rotation it is the least of the
/// samples refined (a dip narrower than 1/16 of the interval can be missed).
[[nodiscard]] DeepestSeparation deepest_separation(const ShapeSweep& a, const ShapeSweep& b,
                                                   float begin, float end);

}  // namespace aabb

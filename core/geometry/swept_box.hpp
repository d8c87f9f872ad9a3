#pragma once
// Continuous collision of two moving boxes over one step (curriculum §5): the time of impact
// τ in [0, 1] at which their closed boxes first touch, so a fast box cannot tunnel through a
// thin one between two discrete tests.
//
// With the relative displacement d = ΔA − ΔB (B is then at rest), per axis
//   t1 = (B.min − A.max) / d,  t2 = (B.max − A.min) / d,  entry = min(t1, t2), exit = max(t1, t2)
// and enter = max(0, entries), exit = min(1, exits); contact iff enter <= exit.
// An axis with d = 0 never hits when the boxes are separated on it and places no constraint
// when they overlap (or touch) on it — this is where a naive division would make 0/0 = NaN.

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/geometry/box.hpp"
#include "core/geometry/overlap.hpp"

namespace aabb {

/// How two moving boxes meet during a step.
enum class SweepState {
    /// No contact for any τ in [0, 1].
    separated,
    /// First contact at time_of_impact. Boxes that already touch at τ = 0 (closed overlap but
    /// no positive overlap length on some axis) are a hit with time_of_impact 0.
    hit,
    /// Positive overlap on every axis at τ = 0: penetration, a different problem than a sweep.
    already_overlapping,
};

/// The result of sweeping box A against box B over one step.
template <int Dim>
struct SweepResult {
    /// Separated, hit or already overlapping.
    SweepState state = SweepState::separated;
    /// First contact as a fraction of the step, in [0, 1]: enter for a hit, 0 when already
    /// overlapping, 1 (the whole step is free) when separated.
    float time_of_impact = 1.0f;
    /// When contact ends, min(1, exits); meaningful for hit and already_overlapping. Equal to
    /// time_of_impact when the boxes only touch for an instant (e.g. grazing a corner).
    float time_of_exit = 1.0f;
    /// Per axis, the unclamped τ at which the intervals start to overlap; −inf for an axis with
    /// no relative motion that overlaps, +inf for one that is separated.
    Vector<Dim> entry_times{0.0f};
    /// Per axis, the unclamped τ at which the intervals stop overlapping; +inf for an axis with
    /// no relative motion that overlaps, −inf for one that is separated.
    Vector<Dim> exit_times{0.0f};
    /// For a hit: the unit normal of the face of B that A meets, pointing from B toward A, on
    /// the axis of latest entry. When the boxes approach it opposes the relative motion
    /// (dot(normal, d) < 0); for a touching-at-start hit while moving apart or sliding it is
    /// still the touching face's normal, so dot(normal, d) >= 0 tells a resolver not to stop.
    /// Zero when separated or already overlapping.
    Vector<Dim> normal{0.0f};
};

namespace detail {

/// Throws std::invalid_argument naming `field` unless every component is finite.
template <int Dim>
void require_finite(const Vector<Dim>& vector, const char* field) {
    for (int axis = 0; axis < Dim; ++axis) {
        if (!std::isfinite(vector[axis])) {
            throw std::invalid_argument(std::string(field) + ": component " + std::to_string(axis) +
                                        " is not finite");
        }
    }
}

}  // namespace detail

/// Sweeps box `a` moving by `displacement_a` against box `b` moving by `displacement_b` over one
/// step (curriculum §5). Throws std::invalid_argument for an invalid box or a non-finite
/// displacement. Ties for the latest entry (entering through an edge or corner) pick the
/// lowest axis.
template <int Dim>
[[nodiscard]] SweepResult<Dim> sweep(const Box<Dim>& a, const Vector<Dim>& displacement_a,
                                     const Box<Dim>& b,
                                     const Vector<Dim>& displacement_b = Vector<Dim>(0.0f)) {
    require_valid(a, "sweep: box a");
    require_valid(b, "sweep: box b");
    detail::require_finite(displacement_a, "sweep: displacement_a");
    detail::require_finite(displacement_b, "sweep: displacement_b");
    const Vector<Dim> relative = displacement_a - displacement_b;
    detail::require_finite(relative,
                           "sweep: relative displacement (displacement_a - "
                           "displacement_b overflows)");

    constexpr float infinity = std::numeric_limits<float>::infinity();
    SweepResult<Dim> result;
    for (int axis = 0; axis < Dim; ++axis) {
        const float d = relative[axis];
        if (d == 0.0f) {
            const bool separated_on_axis = a.max[axis] < b.min[axis] || b.max[axis] < a.min[axis];
            result.entry_times[axis] = separated_on_axis ? infinity : -infinity;
            result.exit_times[axis] = separated_on_axis ? -infinity : infinity;
            continue;
        }
        const float t1 = (b.min[axis] - a.max[axis]) / d;
        const float t2 = (b.max[axis] - a.min[axis]) / d;
        result.entry_times[axis] = std::min(t1, t2);
        result.exit_times[axis] = std::max(t1, t2);
    }

    float latest_entry = -infinity;
    float earliest_exit = infinity;
    for (int axis = 0; axis < Dim; ++axis) {
        latest_entry = std::max(latest_entry, result.entry_times[axis]);
        earliest_exit = std::min(earliest_exit, result.exit_times[axis]);
    }
    const float enter = std::max(0.0f, latest_entry);
    const float exit = std::min(1.0f, earliest_exit);

    if (overlaps_open(a, b)) {
        result.state = SweepState::already_overlapping;
        result.time_of_impact = 0.0f;
        result.time_of_exit = std::max(0.0f, exit);
        return result;
    }
    if (!(enter <= exit)) return result;  // separated: time_of_impact stays 1

    result.state = SweepState::hit;
    result.time_of_impact = enter;
    result.time_of_exit = exit;
    if (latest_entry > 0.0f) {
        // Ordinary hit: the axis whose slab A reached last; its face opposes the motion.
        int axis = 0;
        while (result.entry_times[axis] != latest_entry)
            ++axis;
        result.normal[axis] = relative[axis] > 0.0f ? -1.0f : 1.0f;
        return result;
    }
    // Touching at τ = 0: the normal is that of a touching face (an axis with overlap length
    // exactly 0), the one entered last if several touch, oriented from B toward A by position.
    const Vector<Dim> lengths = overlap_lengths(a, b);
    int axis = -1;
    for (int candidate = 0; candidate < Dim; ++candidate) {
        if (lengths[candidate] > 0.0f) continue;  // <= 0: touching (or an underflowed gap)
        if (axis < 0 || result.entry_times[candidate] > result.entry_times[axis]) axis = candidate;
    }
    if (axis >= 0) {
        const bool a_below = a.center()[axis] < b.center()[axis] ||
                             (a.center()[axis] == b.center()[axis] && relative[axis] > 0.0f);
        result.normal[axis] = a_below ? -1.0f : 1.0f;
    }
    return result;
}

/// The broad-phase region of a box moving by `displacement`: the union (merge) of its start
/// and end boxes. It bounds every in-between position of a translating box, but it is not a
/// contact time, and under rotation it may not even cover the in-between poses.
template <int Dim>
[[nodiscard]] constexpr Box<Dim> swept_box(const Box<Dim>& box, const Vector<Dim>& displacement) {
    return merge(box, translated(box, displacement));
}

}  // namespace aabb

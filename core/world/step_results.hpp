#pragma once
// What one world step reports besides the bodies: its timings, the contacts the narrow phase
// (or continuous detection) confirmed, their contact points, and the counts of what detection
// found. Plain values, read by the window, headless reports and the lessons.

#include <cstdint>

#include "core/broadphase/broad_phase.hpp"
#include "core/narrowphase/contact_points.hpp"
#include "core/narrowphase/shape_contact.hpp"

namespace aabb {

/// Wall-clock cost of the last step, by stage, in milliseconds.
struct StepTimings {
    /// Moving bodies and recomputing their boxes.
    double integrate_ms = 0.0;
    /// Handing the boxes to the broad phase.
    double update_ms = 0.0;
    /// Finding the overlapping pairs.
    double pairs_ms = 0.0;
    /// Narrow phase, bullet sweeps and response.
    double narrow_ms = 0.0;
    /// The whole step.
    double total_ms = 0.0;
};

/// A candidate pair the narrow phase (or, for swept bodies, continuous detection) confirmed.
struct Contact {
    /// Index of the first body (the smaller index).
    BoxId first = 0;
    /// Index of the second body.
    BoxId second = 0;
    /// Separation and normal from first towards second (separation is the distance at the
    /// time of impact for a contact found by continuous detection).
    ShapeContact contact{};
    /// Fraction of the step at first contact: the time of impact for a swept body's meeting, 1
    /// for a contact found at the end of the step.
    float time_of_impact = 1.0f;
};

/// Where one confirmed contact touches: its pair and contact points.
struct PairContactPoints {
    /// Index of the first body (the smaller index), as in Contact.
    BoxId first = 0;
    /// Index of the second body.
    BoxId second = 0;
    /// The points, the normal from first towards second and the depth.
    ContactManifold manifold{};
};

/// Counts of what detection found, per step or summed over steps.
struct DetectionCounts {
    /// Pairs the broad phase reported.
    std::uint64_t candidate_pairs = 0;
    /// Candidate pairs the narrow phase (or continuous detection) confirmed.
    std::uint64_t contacts = 0;
    /// Candidate pairs rejected: the boxes overlap, the shapes do not.
    std::uint64_t false_positives = 0;
    /// Hit events: a body met another (MotionEventKind::hit).
    std::uint64_t hits = 0;
    /// Tunneling events: crossings the end-of-step test missed (MotionEventKind::tunneled); a
    /// bullet through two walls in one step is two.
    std::uint64_t tunneling_events = 0;
    /// Bodies that tunneled: in a step's counts, the bodies with a tunneling event in that
    /// step; in the totals, the distinct bodies with one in any step (3 bullets through 2
    /// walls each: 3, with 6 tunneling events).
    std::uint64_t tunneled_bodies = 0;
    /// Escaped events: bodies that left the world after a crossing in the same step.
    std::uint64_t escaped = 0;
    /// Times of impact that max_time_of_impact_iterations did not decide (treated as no
    /// contact; see docs/tunneling.md).
    std::uint64_t unresolved_impacts = 0;
};

}  // namespace aabb

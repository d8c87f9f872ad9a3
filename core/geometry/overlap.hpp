#pragma once
// Whether two boxes overlap, under an explicit touching policy (curriculum §2).

#include <algorithm>

#include "core/geometry/box.hpp"

namespace aabb {

/// What "overlap" means when boxes only touch.
enum class TouchingRule {
    /// Touching counts (a.min <= b.max on every axis): the default, as in Box2D and Bullet.
    closed,
    /// Only a positive overlap length on every axis counts: touching does not, and a box of
    /// zero size on some axis overlaps nothing.
    open,
    /// Boxes closer than a tolerance that scales with their coordinates count as touching.
    tolerance,
};

/// The touching policy: a rule plus, for TouchingRule::tolerance, the relative tolerance.
struct TouchingPolicy {
    /// Which rule applies. Default: closed.
    TouchingRule rule = TouchingRule::closed;
    /// For TouchingRule::tolerance: each box is padded by relative_tolerance × max(1, its
    /// largest absolute coordinate), so the slack grows with distance from the origin as float
    /// spacing does (curriculum §2: ~1e-6 × |coordinate|, never one fixed constant).
    /// Default 1e-6.
    float relative_tolerance = 1e-6f;

    /// The closed policy.
    [[nodiscard]] static constexpr TouchingPolicy closed() { return {TouchingRule::closed}; }
    /// The open (strict) policy.
    [[nodiscard]] static constexpr TouchingPolicy open() { return {TouchingRule::open}; }
    /// The tolerance policy with the given relative tolerance.
    [[nodiscard]] static constexpr TouchingPolicy tolerance(float relative) {
        return {TouchingRule::tolerance, relative};
    }
    /// Two policies are equal when rule and tolerance are.
    [[nodiscard]] constexpr bool operator==(const TouchingPolicy&) const = default;
};

/// The padding the tolerance policy adds to every side of `box` (0 for closed and open).
template <int Dim>
[[nodiscard]] constexpr float tolerance_padding(const Box<Dim>& box, const TouchingPolicy& policy) {
    if (policy.rule != TouchingRule::tolerance) return 0.0f;
    return policy.relative_tolerance * std::max(1.0f, magnitude(box));
}

/// Closed overlap: every axis interval overlaps or touches.
template <int Dim>
[[nodiscard]] constexpr bool overlaps_closed(const Box<Dim>& a, const Box<Dim>& b) {
    for (int axis = 0; axis < Dim; ++axis) {
        if (a.min[axis] > b.max[axis] || b.min[axis] > a.max[axis]) return false;
    }
    return true;
}

/// Open overlap: every axis has a positive overlap length, min(maxes) − max(mins) > 0.
template <int Dim>
[[nodiscard]] constexpr bool overlaps_open(const Box<Dim>& a, const Box<Dim>& b) {
    for (int axis = 0; axis < Dim; ++axis) {
        if (!(std::min(a.max[axis], b.max[axis]) > std::max(a.min[axis], b.min[axis]))) {
            return false;
        }
    }
    return true;
}

/// Overlap under the policy. Under `tolerance` the boxes are first padded (tolerance_padding)
/// and then tested closed; every broad phase uses this same definition, so all agree.
template <int Dim>
[[nodiscard]] constexpr bool overlaps(const Box<Dim>& a, const Box<Dim>& b,
                                      const TouchingPolicy& policy = {}) {
    switch (policy.rule) {
        case TouchingRule::closed:
            return overlaps_closed(a, b);
        case TouchingRule::open:
            return overlaps_open(a, b);
        case TouchingRule::tolerance:
            return overlaps_closed(expanded(a, tolerance_padding(a, policy)),
                                   expanded(b, tolerance_padding(b, policy)));
    }
    return false;
}

/// Closed overlap in the center/extents form: |cA − cB| <= eA + eB on every axis (§2). Agrees
/// with overlaps_closed whenever the arithmetic is exact; kept to show the two forms match.
template <int Dim>
[[nodiscard]] constexpr bool overlaps_center_extents(const Vector<Dim>& center_a,
                                                     const Vector<Dim>& extents_a,
                                                     const Vector<Dim>& center_b,
                                                     const Vector<Dim>& extents_b) {
    for (int axis = 0; axis < Dim; ++axis) {
        const float distance = center_a[axis] - center_b[axis];
        const float reach = extents_a[axis] + extents_b[axis];
        if (distance > reach || -distance > reach) return false;
    }
    return true;
}

/// Per-axis overlap length, min(a.max, b.max) − max(a.min, b.min): positive is the length of
/// the shared interval, zero is touching, negative is minus the gap (curriculum §2, seed 000).
/// It is not a push-out distance: a small box inside a big one has its own width.
template <int Dim>
[[nodiscard]] constexpr Vector<Dim> overlap_lengths(const Box<Dim>& a, const Box<Dim>& b) {
    return glm::min(a.max, b.max) - glm::max(a.min, b.min);
}

}  // namespace aabb

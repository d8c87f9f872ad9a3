#pragma once
// A ray p(t) = origin + t·direction and its slab test against a box (curriculum §6).

#include <cmath>
#include <limits>

#include "core/geometry/box.hpp"

namespace aabb {

/// A ray segment from `origin` along `direction`, for t in [0, max_t].
template <int Dim>
struct Ray {
    /// Where the ray starts (t = 0).
    Vector<Dim> origin{0.0f};
    /// Direction, not necessarily normalised; t is measured in multiples of it.
    Vector<Dim> direction{1.0f};
    /// The largest t that counts as a hit. Default: unbounded.
    float max_t = std::numeric_limits<float>::infinity();
};

/// A 2D ray.
using Ray2 = Ray<2>;
/// A 3D ray.
using Ray3 = Ray<3>;

/// A ray with its inverse direction computed once, for testing many boxes.
template <int Dim>
struct PreparedRay {
    /// The ray itself.
    Ray<Dim> ray;
    /// 1 / direction per axis; ±inf (signed like the zero) where a component is ±0.
    Vector<Dim> inverse_direction{0.0f};
    /// Per axis: the direction is parallel to the slab (a zero component, or one so tiny that
    /// its inverse overflows to inf). Such an axis is tested without any division (§6).
    glm::vec<Dim, bool, glm::defaultp> parallel{false};
    /// False when the origin or direction has a NaN/inf or max_t is NaN: such a ray hits
    /// nothing (BroadPhase::cast_ray rejects it with an exception before getting here).
    bool well_formed = true;

    /// Prepares `r`: one division per axis, never again per box.
    explicit PreparedRay(const Ray<Dim>& r) : ray(r) {
        well_formed = !std::isnan(r.max_t);
        for (int axis = 0; axis < Dim; ++axis) {
            const float component = r.direction[axis];
            if (!std::isfinite(component) || !std::isfinite(r.origin[axis])) well_formed = false;
            // No 1/0 division: the infinity is written directly, with the zero's sign.
            inverse_direction[axis] =
                component == 0.0f ? std::copysign(std::numeric_limits<float>::infinity(), component)
                                  : 1.0f / component;
            parallel[axis] = !std::isfinite(inverse_direction[axis]);
        }
    }
};

/// The result of a slab test.
template <int Dim>
struct RayBoxHit {
    /// True when the ray meets the box for some t in [0, max_t].
    bool hit = false;
    /// True when the origin lies in the closed box, boundary included (then t_enter is 0 and
    /// normal is zero).
    bool origin_inside = false;
    /// Where the ray enters the box (clamped to 0 when the origin is inside).
    float t_enter = 0.0f;
    /// Where the ray leaves the box: +inf when every axis is parallel (the ray never leaves).
    /// Not clamped to max_t.
    float t_exit = 0.0f;
    /// Outward normal of the face entered; zero when the origin is inside.
    Vector<Dim> normal{0.0f};
};

/// Slab test (curriculum §6): tEnter = max of per-axis entries, tExit = min of exits, hit iff
/// tExit >= max(tEnter, 0) and max(tEnter, 0) <= max_t. Boxes are closed, so touching counts.
/// Defined answers for the edge cases, never NaN:
/// - a parallel axis (zero direction component) places no constraint when the origin lies in
///   the closed slab — including exactly on one of its planes, where (min − o)·inf would be
///   0·inf = NaN — and misses otherwise; so a ray sliding along a face or edge hits;
/// - a ray through a corner or along an edge hits with t_enter == t_exit;
/// - on a tie between entry planes (entering through an edge or corner) the normal is that of
///   the lowest such axis;
/// - an empty box (min > max) or a box with NaN is missed, as is a malformed ray.
template <int Dim>
[[nodiscard]] RayBoxHit<Dim> intersect(const PreparedRay<Dim>& prepared, const Box<Dim>& box) {
    RayBoxHit<Dim> result;
    if (!prepared.well_formed) return result;
    float t_enter = -std::numeric_limits<float>::infinity();
    float t_exit = std::numeric_limits<float>::infinity();
    int enter_axis = -1;
    for (int axis = 0; axis < Dim; ++axis) {
        const float origin = prepared.ray.origin[axis];
        if (prepared.parallel[axis]) {
            // Written so that a NaN coordinate also misses.
            if (!(origin >= box.min[axis] && origin <= box.max[axis])) return result;
            continue;
        }
        const float inverse = prepared.inverse_direction[axis];
        // The near plane is picked by the direction's sign rather than by swapping, so an empty
        // box keeps near > far and misses instead of turning into an infinite slab.
        const bool backwards = inverse < 0.0f;
        const float near_t = ((backwards ? box.max[axis] : box.min[axis]) - origin) * inverse;
        const float far_t = ((backwards ? box.min[axis] : box.max[axis]) - origin) * inverse;
        if (!(near_t <= far_t)) return result;  // empty box or NaN
        if (near_t > t_enter) {
            t_enter = near_t;
            enter_axis = axis;
        }
        t_exit = std::min(t_exit, far_t);
    }
    const float first = std::max(t_enter, 0.0f);
    if (t_exit < first || first > prepared.ray.max_t) return result;
    result.hit = true;
    result.t_exit = t_exit + 0.0f;  // turns a -0 exit (leaving at the origin) into +0
    if (t_enter <= 0.0f) {
        result.origin_inside = true;
        result.t_enter = 0.0f;
    } else {
        result.t_enter = t_enter;
        result.normal[enter_axis] = prepared.ray.direction[enter_axis] > 0.0f ? -1.0f : 1.0f;
    }
    return result;
}

/// Slab test of a single ray against a single box (prepares the ray on the spot).
template <int Dim>
[[nodiscard]] RayBoxHit<Dim> intersect(const Ray<Dim>& ray, const Box<Dim>& box) {
    return intersect(PreparedRay<Dim>(ray), box);
}

}  // namespace aabb

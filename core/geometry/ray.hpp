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
    /// 1 / direction per axis; ±inf where a component is zero (IEEE division).
    Vector<Dim> inverse_direction{0.0f};

    /// Prepares `r`: one division per axis, never again per box.
    explicit PreparedRay(const Ray<Dim>& r) : ray(r) {
        for (int axis = 0; axis < Dim; ++axis)
            inverse_direction[axis] = 1.0f / r.direction[axis];
    }
};

/// The result of a slab test.
template <int Dim>
struct RayBoxHit {
    /// True when the ray meets the box for some t in [0, max_t].
    bool hit = false;
    /// True when the origin lies in the closed box (then t_enter is 0 and normal is zero).
    bool origin_inside = false;
    /// Where the ray enters the box (clamped to 0 when the origin is inside).
    float t_enter = 0.0f;
    /// Where the ray leaves the box.
    float t_exit = 0.0f;
    /// Outward normal of the face entered; zero when the origin is inside.
    Vector<Dim> normal{0.0f};
};

/// Slab test: tEnter = max of per-axis entries, tExit = min of exits, hit iff
/// tExit >= max(tEnter, 0) and max(tEnter, 0) <= max_t.
/// An axis with a zero direction component places no constraint when the origin lies in the
/// closed slab — including exactly on one of its planes, where 0·inf would give NaN — and
/// misses otherwise. So a ray grazing along a face counts as a hit (closed boxes), never NaN.
template <int Dim>
[[nodiscard]] RayBoxHit<Dim> intersect(const PreparedRay<Dim>& prepared, const Box<Dim>& box) {
    RayBoxHit<Dim> result;
    float t_enter = -std::numeric_limits<float>::infinity();
    float t_exit = std::numeric_limits<float>::infinity();
    int enter_axis = -1;
    for (int axis = 0; axis < Dim; ++axis) {
        const float origin = prepared.ray.origin[axis];
        if (prepared.ray.direction[axis] == 0.0f) {
            if (origin < box.min[axis] || origin > box.max[axis]) return result;
            continue;
        }
        const float inverse = prepared.inverse_direction[axis];
        float near_t = (box.min[axis] - origin) * inverse;
        float far_t = (box.max[axis] - origin) * inverse;
        if (near_t > far_t) std::swap(near_t, far_t);
        if (near_t > t_enter) {
            t_enter = near_t;
            enter_axis = axis;
        }
        t_exit = std::min(t_exit, far_t);
    }
    const float first = std::max(t_enter, 0.0f);
    if (t_exit < first || first > prepared.ray.max_t) return result;
    result.hit = true;
    result.t_exit = t_exit;
    if (t_enter <= 0.0f) {
        result.origin_inside = true;
        result.t_enter = 0.0f;
    } else {
        result.t_enter = t_enter;
        result.normal[enter_axis] = prepared.ray.direction[enter_axis] > 0.0f ? -1.0f : 1.0f;
    }
    return result;
}

}  // namespace aabb

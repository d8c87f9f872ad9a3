#pragma once
// DELIBERATELY WRONG CODE, KEPT FOR TEACHING. Every function here is a bug the curriculum warns
// about, written on purpose so lessons can show it next to the right answer. Nothing outside
// core/lesson/ uses them, and no broad phase, world or scene code may include this file (a
// test checks core/broadphase, core/world and core/geometry never do).
//
// - naive_slab: the ray-box slab test with 1/0 = ∞ and plain min/max, which meets 0·∞ = NaN
//   when the origin lies exactly on a slab plane of a parallel axis (L12, curriculum §6). The
//   right version is aabb::intersect (core/geometry/ray.hpp).
// - rotate_world_box_again: turning last step's world box instead of the local box, the
//   "growing box" (越转越胖, L06, curriculum §3). Right: transformed(local, R(kΔθ), t).
// - transformed_min_max_only: transforming only min and max (L05). Right: transformed (Arvo)
//   or transformed_by_corners.
// - transformed_min_max_directly: transforming min and max and keeping them as min and max, so
//   a negative scale gives min > max (L05). Right: aabb::scaled or transformed.
// - bounds_from_origin: growing a box from (0, 0) instead of Box::empty() (L04, §3).
// - seed001_sweep_pairs: seed 001's sweep-and-prune, which decides whether an endpoint opens or
//   closes an interval by its position in the sorted array (even opens, odd closes), wrong as
//   soon as endpoints interleave (L16, curriculum §8). Right: SortAndSweep.

#include <cstdint>
#include <span>
#include <vector>

#include "core/broadphase/broad_phase.hpp"
#include "core/geometry/box.hpp"
#include "core/geometry/box_transform.hpp"

namespace aabb::deliberately_wrong {

/// How the naive slab test takes the per-axis min and max of t1 and t2 (and accumulates
/// them); each meets the NaN differently (L12, checked with g++ 12).
enum class NaiveMinMax : std::uint8_t {
    /// std::min(t1, t2) / std::max(t1, t2): the top face (t2 = 0·∞) misses.
    std_min_max,
    /// std::min(t2, t1) / std::max(t2, t1): the results flip, the bottom face misses.
    swapped_arguments,
    /// C#-style a < b ? a : b and a > b ? a : b, also for accumulating: NaN spreads to t_enter
    /// and t_exit.
    ternary,
};

/// What the naive slab test computed.
struct NaiveSlabResult {
    /// 1 / direction per axis, with 1/0 = ±∞ (IEEE).
    glm::vec2 inverse_direction{0.0f};
    /// (box.min − origin) · inverse, per axis (may be NaN).
    glm::vec2 t1{0.0f};
    /// (box.max − origin) · inverse, per axis (may be NaN).
    glm::vec2 t2{0.0f};
    /// The per-axis entry: min(t1, t2) in the chosen style.
    glm::vec2 near_t{0.0f};
    /// The per-axis exit: max(t1, t2) in the chosen style.
    glm::vec2 far_t{0.0f};
    /// max of the entries (accumulated from −∞, x then y).
    float t_enter = 0.0f;
    /// min of the exits (accumulated from +∞, x then y).
    float t_exit = 0.0f;
    /// t_exit >= max(t_enter, 0), false when a NaN is involved.
    bool hit = false;
};

/// DELIBERATELY WRONG: the slab test without a guard for parallel axes (L12).
[[nodiscard]] NaiveSlabResult naive_slab(const Box2& box, glm::vec2 origin, glm::vec2 direction,
                                         NaiveMinMax style);

/// DELIBERATELY WRONG: last step's world box turned by `step_radians` about its center with
/// Arvo's |R| (the box can only grow; L06). Right: transform the local box by the total angle.
[[nodiscard]] Box2 rotate_world_box_again(const Box2& last_world_box, float step_radians);

/// DELIBERATELY WRONG, kept for the bug demo: transforms only min and max and bounds those two
/// points. Under a rotation the other corners stick out, so the result misses part of the
/// shape (the unit square at 45° collapses to a vertical line; L05).
template <int Dim>
[[nodiscard]] Box<Dim> transformed_min_max_only(const Box<Dim>& local, const Matrix<Dim>& linear,
                                                const Vector<Dim>& translation) {
    Box<Dim> result = Box<Dim>::empty();
    result.grow(linear * local.min + translation);
    result.grow(linear * local.max + translation);
    return result;
}

/// DELIBERATELY WRONG: min and max transformed and kept as min and max without re-ordering,
/// so a negative scale gives min > max, an invalid box ([1,3]×[1,2] scaled by −2 gives min
/// (−2,−2), max (−6,−4); L05). Right: aabb::scaled, or transformed (Arvo).
template <int Dim>
[[nodiscard]] Box<Dim> transformed_min_max_directly(const Box<Dim>& local,
                                                    const Matrix<Dim>& linear,
                                                    const Vector<Dim>& translation) {
    return Box<Dim>{linear * local.min + translation, linear * local.max + translation};
}

/// DELIBERATELY WRONG: the box of the points grown from the point (0, 0) instead of
/// Box::empty(), so it always reaches the origin (L04, the seeds' classic bug).
[[nodiscard]] Box2 bounds_from_origin(std::span<const glm::vec2> points);

/// DELIBERATELY WRONG: seed 001's sweep and prune on x. It sorts the 2n endpoints by value and
/// then treats the endpoint at an even array index as an interval's start and one at an odd
/// index as its end; a start tests the boxes open so far with the closed 2D test. For
/// A = [0,2], B = [1,3] it finds 0 of the 1 pair; for [0,3], [1,4], [2,5] 2 of 3 (L16). Pairs
/// come back with first < second, sorted. Endpoints of equal value keep min before max and
/// lower index first (a stable sort of min0, max0, min1, max1, …, like the seed's list sort).
[[nodiscard]] std::vector<BoxPair> seed001_sweep_pairs(std::span<const Box2> boxes);

}  // namespace aabb::deliberately_wrong

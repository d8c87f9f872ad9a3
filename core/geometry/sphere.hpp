#pragma once
// A circle (2D) or sphere (3D) and its overlap with a box (curriculum §7): clamp the center into
// the box, then compare the squared distance with r², so no square root is taken.

#include "core/geometry/box.hpp"

namespace aabb {

/// All points within `radius` of `center`: a circle in 2D, a ball in 3D.
template <int Dim>
struct Sphere {
    static_assert(Dim == 2 || Dim == 3, "spheres are 2D or 3D");
    /// The center point.
    Vector<Dim> center{0.0f};
    /// The radius, >= 0.
    float radius = 0.0f;

    /// Exact equality of center and radius.
    [[nodiscard]] constexpr bool operator==(const Sphere& other) const = default;
};

/// A 2D sphere.
using Circle = Sphere<2>;
/// A 3D sphere.
using Sphere3 = Sphere<3>;

/// True when the (closed) sphere and the (closed) box share a point: squared distance from the
/// center to the box <= r². Touching counts, as for boxes under the closed policy.
template <int Dim>
[[nodiscard]] constexpr bool overlaps(const Sphere<Dim>& sphere, const Box<Dim>& box) {
    return squared_distance(box, sphere.center) <= sphere.radius * sphere.radius;
}

/// Same as overlaps(sphere, box), arguments swapped.
template <int Dim>
[[nodiscard]] constexpr bool overlaps(const Box<Dim>& box, const Sphere<Dim>& sphere) {
    return overlaps(sphere, box);
}

/// The sphere's bounding box: center ± radius on every axis.
template <int Dim>
[[nodiscard]] constexpr Box<Dim> bounding_box(const Sphere<Dim>& sphere) {
    return Box<Dim>::from_center_extents(sphere.center, Vector<Dim>(sphere.radius));
}

}  // namespace aabb

#pragma once
// A line (2D) or plane (3D) as the zero set of dot(normal, x) + offset, with the side where
// that value is >= 0 called "inside" (the convention of frustum planes, curriculum §7).

#include <glm/glm.hpp>

#include "core/geometry/box.hpp"

namespace aabb {

/// The half-space dot(normal, x) + offset >= 0. The normal points inside and need not be unit
/// length (frustum planes extracted from a matrix are not): culling only compares signs.
template <int Dim>
struct Plane {
    static_assert(Dim == 2 || Dim == 3, "planes are 2D (lines) or 3D");
    /// Points to the inside half-space.
    Vector<Dim> normal{0.0f};
    /// The d of dot(n, x) + d; for a unit normal, minus the distance of the plane from the
    /// origin along the normal.
    float offset = 0.0f;

    /// The plane through `point` with inside direction `normal`.
    [[nodiscard]] static constexpr Plane through(const Vector<Dim>& point,
                                                 const Vector<Dim>& normal) {
        return Plane{normal, -glm::dot(normal, point)};
    }

    /// Exact equality of normal and offset.
    [[nodiscard]] constexpr bool operator==(const Plane& other) const = default;
};

/// A 2D plane (a line with an inside).
using Plane2 = Plane<2>;
/// A 3D plane.
using Plane3 = Plane<3>;

/// dot(normal, point) + offset: >= 0 inside; the true signed distance when the normal is unit.
template <int Dim>
[[nodiscard]] constexpr float signed_distance(const Plane<Dim>& plane, const Vector<Dim>& point) {
    return glm::dot(plane.normal, point) + plane.offset;
}

/// The same plane with a unit normal (the normal must not be zero).
template <int Dim>
[[nodiscard]] Plane<Dim> normalized(const Plane<Dim>& plane) {
    const float length = glm::length(plane.normal);
    return Plane<Dim>{plane.normal / length, plane.offset / length};
}

}  // namespace aabb

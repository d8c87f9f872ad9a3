#pragma once
// Conservative view culling of boxes against the inside-facing planes of a view (curriculum
// §7). A box is outside a plane when even its corner furthest along the normal is outside:
// dot(n, c) + d < −Σ|n_i|·e_i, the "projected radius" form of the corner test (as in
// Ericson, Real-Time Collision Detection, §5.2.3). A box is culled iff it is outside some plane.
// The test is conservative: it never culls a box with a visible point, but it may keep a box
// that straddles two planes near a corner of the view while lying outside the view.

#include <array>
#include <cmath>
#include <cstddef>
#include <span>

#include <glm/glm.hpp>

#include "core/geometry/box.hpp"
#include "core/geometry/box_transform.hpp"
#include "core/geometry/plane.hpp"

namespace aabb {

/// True when every point of the box is strictly outside the plane (dot(n, x) + d < 0).
/// A box touching the plane is not outside.
template <int Dim>
[[nodiscard]] constexpr bool is_outside(const Plane<Dim>& plane, const Box<Dim>& box) {
    const Vector<Dim> extents = box.extents();
    float projected_radius = 0.0f;
    for (int axis = 0; axis < Dim; ++axis) {
        const float component = plane.normal[axis];
        projected_radius += (component < 0.0f ? -component : component) * extents[axis];
    }
    return signed_distance(plane, box.center()) < -projected_radius;
}

/// True when the box is outside at least one of the planes, so it can be skipped when drawing.
template <int Dim>
[[nodiscard]] constexpr bool is_culled(std::span<const Plane<Dim>> planes, const Box<Dim>& box) {
    for (const Plane<Dim>& plane : planes) {
        if (is_outside(plane, box)) return true;
    }
    return false;
}

/// is_culled for a fixed-size plane set (std::array), where span deduction would not apply.
template <int Dim, std::size_t Count>
[[nodiscard]] constexpr bool is_culled(const std::array<Plane<Dim>, Count>& planes,
                                       const Box<Dim>& box) {
    return is_culled(std::span<const Plane<Dim>>(planes), box);
}

/// The 4 inside-facing planes of an axis-aligned 2D view rectangle (left, right, bottom, top).
/// For this view the test is exact: culled iff the box does not overlap the view (closed).
[[nodiscard]] inline std::array<Plane2, 4> view_rectangle_planes(const Box2& view) {
    return {Plane2{{1.0f, 0.0f}, -view.min.x}, Plane2{{-1.0f, 0.0f}, view.max.x},
            Plane2{{0.0f, 1.0f}, -view.min.y}, Plane2{{0.0f, -1.0f}, view.max.y}};
}

/// The 4 planes of a rotated 2D view: the rectangle center ± half_size in the camera's frame,
/// turned by `radians`. Here the test is only conservative (the planes are not axis-aligned).
[[nodiscard]] inline std::array<Plane2, 4> rotated_view_planes(const glm::vec2& center,
                                                               const glm::vec2& half_size,
                                                               float radians) {
    const glm::mat2 rotation = rotation_2d(radians);
    const glm::vec2 right = rotation[0];  // the camera's x axis in the world
    const glm::vec2 up = rotation[1];     // the camera's y axis in the world
    return {Plane2::through(center - right * half_size.x, right),
            Plane2::through(center + right * half_size.x, -right),
            Plane2::through(center - up * half_size.y, up),
            Plane2::through(center + up * half_size.y, -up)};
}

/// The 4 inside-facing planes (near, far, upper side, lower side) of a 2D view wedge: a camera
/// at `apex` looking along the unit direction (cos yaw, sin yaw) with half-angle
/// `half_angle`, cut at `near` and `far` along the view direction (a frustum seen from above).
/// The side planes pass through the apex; their normals are unit length. For yaw 0 and a
/// half-angle of 30° the upper side is n = (0.5, −0.866), d = 0 (lessons.md L15).
[[nodiscard]] inline std::array<Plane2, 4> view_wedge_planes(const glm::vec2& apex, float yaw,
                                                             float half_angle, float near,
                                                             float far) {
    const glm::mat2 rotation = rotation_2d(yaw);
    const glm::vec2 forward = rotation[0];
    const float sine = std::sin(half_angle);
    const float cosine = std::cos(half_angle);
    // The upper side's edge runs along (cos α, sin α); its inside is below it, and the reverse
    // for the lower side.
    const glm::vec2 upper_normal = rotation * glm::vec2(sine, -cosine);
    const glm::vec2 lower_normal = rotation * glm::vec2(sine, cosine);
    return {Plane2::through(apex + forward * near, forward),
            Plane2::through(apex + forward * far, -forward), Plane2::through(apex, upper_normal),
            Plane2::through(apex, lower_normal)};
}

/// The 6 inside-facing planes (left, right, bottom, top, near, far) of the view frustum of a
/// view-projection matrix with OpenGL clip conventions (−w <= x, y, z <= w; glm's default),
/// extracted from its rows (Gribb & Hartmann, "Fast Extraction of Viewing Frustum Planes from
/// the World-View-Projection Matrix", 2001). The normals are not unit length.
[[nodiscard]] inline std::array<Plane3, 6> frustum_planes(const glm::mat4& view_projection) {
    // glm is column-major: row r is (m[0][r], m[1][r], m[2][r], m[3][r]).
    const auto row = [&](int r) {
        return glm::vec4(view_projection[0][r], view_projection[1][r], view_projection[2][r],
                         view_projection[3][r]);
    };
    const auto plane = [](const glm::vec4& coefficients) {
        return Plane3{glm::vec3(coefficients), coefficients.w};
    };
    const glm::vec4 w = row(3);
    return {plane(w + row(0)), plane(w - row(0)), plane(w + row(1)),
            plane(w - row(1)), plane(w + row(2)), plane(w - row(2))};
}

}  // namespace aabb

#pragma once
// The world box of a local box under x' = M·x + t (rotation, or any linear map, then
// translation), computed two equivalent ways (curriculum §3):
// - by corners: transform all 4 (2D) / 8 (3D) corners and bound them;
// - by Arvo's method: c' = M·c + t, e' = |M|·e with |M| the element-wise absolute value
//   (J. Arvo, "Transforming Axis-Aligned Bounding Boxes", Graphics Gems, 1990).
// Both give the tightest box of the transformed box. Always recompute the world box from the
// local box and the current transform: re-transforming last frame's world box grows it every
// frame ("越转越胖"). The wrong ways (only min and max, last frame's box again) are kept for
// the lessons in core/lesson/deliberately_wrong.hpp, never here.

#include <cmath>

#include <glm/glm.hpp>

#include "core/geometry/box.hpp"

namespace aabb {

/// A Dim×Dim linear map (glm::mat2 / glm::mat3), column-major as in glm: M * v.
template <int Dim>
using Matrix = glm::mat<Dim, Dim, float, glm::defaultp>;

/// The element-wise absolute value |M| used by Arvo's method.
template <int Dim>
[[nodiscard]] Matrix<Dim> absolute(const Matrix<Dim>& matrix) {
    Matrix<Dim> result;
    for (int column = 0; column < Dim; ++column)
        result[column] = glm::abs(matrix[column]);
    return result;
}

/// The 2D counter-clockwise rotation by `radians`.
[[nodiscard]] inline glm::mat2 rotation_2d(float radians) {
    const float cosine = std::cos(radians);
    const float sine = std::sin(radians);
    // glm is column-major: the first column is the image of the x axis.
    return glm::mat2(cosine, sine, -sine, cosine);
}

/// The 3D rotation by `radians` about the unit vector `axis` (Rodrigues' formula).
[[nodiscard]] inline glm::mat3 rotation_3d(const glm::vec3& axis, float radians) {
    const float cosine = std::cos(radians);
    const float sine = std::sin(radians);
    const float one_minus_cosine = 1.0f - cosine;
    const glm::vec3 u = axis;
    return glm::mat3(
        cosine + u.x * u.x * one_minus_cosine, u.y * u.x * one_minus_cosine + u.z * sine,
        u.z * u.x * one_minus_cosine - u.y * sine,  // first column
        u.x * u.y * one_minus_cosine - u.z * sine, cosine + u.y * u.y * one_minus_cosine,
        u.z * u.y * one_minus_cosine + u.x * sine,  // second column
        u.x * u.z * one_minus_cosine + u.y * sine, u.y * u.z * one_minus_cosine - u.x * sine,
        cosine + u.z * u.z * one_minus_cosine);  // third column
}

/// The world box by transforming every corner and bounding the results: 2^Dim
/// matrix-vector products; the reference that Arvo's method is tested against.
template <int Dim>
[[nodiscard]] Box<Dim> transformed_by_corners(const Box<Dim>& local, const Matrix<Dim>& linear,
                                              const Vector<Dim>& translation) {
    Box<Dim> result = Box<Dim>::empty();
    for (int index = 0; index < Box<Dim>::corner_count; ++index)
        result.grow(linear * local.corner(index) + translation);
    return result;
}

/// The world box by Arvo's method: c' = M·c + t, e' = |M|·e. Same box as
/// transformed_by_corners (up to rounding) at the cost of two matrix-vector products.
template <int Dim>
[[nodiscard]] Box<Dim> transformed(const Box<Dim>& local, const Matrix<Dim>& linear,
                                   const Vector<Dim>& translation) {
    return Box<Dim>::from_center_extents(linear * local.center() + translation,
                                         absolute(linear) * local.extents());
}

}  // namespace aabb

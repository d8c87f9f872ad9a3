#pragma once
// An axis-aligned bounding box: the product of one closed interval per axis (curriculum §2).
// Dimension-generic so that 2D (what the sandbox draws) and 3D (8 corners, frustum planes)
// share one implementation.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>

#include <glm/glm.hpp>

namespace aabb {

/// A point or direction with Dim float components (glm::vec2 / glm::vec3).
template <int Dim>
using Vector = glm::vec<Dim, float, glm::defaultp>;

/// Axis-aligned box [min, max]; a plain value type, cheap to copy.
template <int Dim>
struct Box {
    static_assert(Dim == 2 || Dim == 3, "boxes are 2D or 3D");
    /// Number of axes.
    static constexpr int dimension = Dim;

    /// Lower corner: the smallest coordinate on each axis.
    Vector<Dim> min{0.0f};
    /// Upper corner: the largest coordinate on each axis.
    Vector<Dim> max{0.0f};

    /// The empty box (min = +inf, max = -inf): the identity of grow/merge. Start from this,
    /// never from (0,0), when bounding points — curriculum §3's classic bug.
    [[nodiscard]] static constexpr Box empty() {
        constexpr float infinity = std::numeric_limits<float>::infinity();
        return Box{Vector<Dim>(infinity), Vector<Dim>(-infinity)};
    }

    /// The box with the given center and half-sizes (extents must be >= 0).
    [[nodiscard]] static constexpr Box from_center_extents(const Vector<Dim>& center,
                                                           const Vector<Dim>& extents) {
        return Box{center - extents, center + extents};
    }

    /// Center point, (min + max) / 2.
    [[nodiscard]] constexpr Vector<Dim> center() const { return (min + max) * 0.5f; }
    /// Half-sizes, (max - min) / 2.
    [[nodiscard]] constexpr Vector<Dim> extents() const { return (max - min) * 0.5f; }
    /// Full sizes, max - min.
    [[nodiscard]] constexpr Vector<Dim> size() const { return max - min; }

    /// True when every coordinate is finite and min <= max on every axis. Structures accept
    /// only valid boxes; the empty box is not valid.
    [[nodiscard]] bool is_valid() const {
        for (int axis = 0; axis < Dim; ++axis) {
            if (!std::isfinite(min[axis]) || !std::isfinite(max[axis])) return false;
            if (min[axis] > max[axis]) return false;
        }
        return true;
    }

    /// True when the box holds no point (min > max on some axis, e.g. Box::empty()).
    [[nodiscard]] constexpr bool is_empty() const {
        for (int axis = 0; axis < Dim; ++axis) {
            if (!(min[axis] <= max[axis])) return true;
        }
        return false;
    }

    /// Grows the box to contain the point.
    constexpr void grow(const Vector<Dim>& point) {
        min = glm::min(min, point);
        max = glm::max(max, point);
    }

    /// Grows the box to contain another box (a no-op for an empty `other`).
    constexpr void grow(const Box& other) {
        min = glm::min(min, other.min);
        max = glm::max(max, other.max);
    }

    /// Number of corners: 4 in 2D, 8 in 3D.
    static constexpr int corner_count = 1 << Dim;

    /// Corner `index`: bit `axis` of the index picks max (1) or min (0) on that axis.
    [[nodiscard]] constexpr Vector<Dim> corner(int index) const {
        Vector<Dim> point = min;
        for (int axis = 0; axis < Dim; ++axis) {
            if ((index >> axis) & 1) point[axis] = max[axis];
        }
        return point;
    }

    /// All corners, in corner(index) order.
    [[nodiscard]] constexpr std::array<Vector<Dim>, corner_count> corners() const {
        std::array<Vector<Dim>, corner_count> result{};
        for (int index = 0; index < corner_count; ++index)
            result[static_cast<std::size_t>(index)] = corner(index);
        return result;
    }

    /// Exact equality of both corners.
    [[nodiscard]] constexpr bool operator==(const Box& other) const = default;
};

/// A 2D box, the sandbox's working type.
using Box2 = Box<2>;
/// A 3D box.
using Box3 = Box<3>;

/// Throws std::invalid_argument naming `field` unless the box is valid (finite, min <= max).
template <int Dim>
void require_valid(const Box<Dim>& box, const char* field) {
    if (box.is_valid()) return;
    std::string message = std::string(field) + ": box must be finite with min <= max, got min (";
    for (int axis = 0; axis < Dim; ++axis)
        message += (axis ? ", " : "") + std::to_string(box.min[axis]);
    message += ") max (";
    for (int axis = 0; axis < Dim; ++axis)
        message += (axis ? ", " : "") + std::to_string(box.max[axis]);
    throw std::invalid_argument(message + ")");
}

/// The smallest box holding every point: grown from Box::empty(), so it is Box::empty() for
/// no points, and never dragged to the origin (curriculum §3).
template <int Dim>
[[nodiscard]] constexpr Box<Dim> bounding_box(std::span<const Vector<Dim>> points) {
    Box<Dim> result = Box<Dim>::empty();
    for (const Vector<Dim>& point : points)
        result.grow(point);
    return result;
}

/// The smallest box containing both (the union's bounding box).
template <int Dim>
[[nodiscard]] constexpr Box<Dim> merge(const Box<Dim>& a, const Box<Dim>& b) {
    return Box<Dim>{glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

/// The intersection of two boxes; is_empty() on the result when they do not overlap, and of
/// zero size on an axis where they only touch (closed boxes share that face).
template <int Dim>
[[nodiscard]] constexpr Box<Dim> intersection(const Box<Dim>& a, const Box<Dim>& b) {
    return Box<Dim>{glm::max(a.min, b.min), glm::min(a.max, b.max)};
}

/// True when the point lies in the closed box.
template <int Dim>
[[nodiscard]] constexpr bool contains(const Box<Dim>& box, const Vector<Dim>& point) {
    for (int axis = 0; axis < Dim; ++axis) {
        if (point[axis] < box.min[axis] || point[axis] > box.max[axis]) return false;
    }
    return true;
}

/// True when `inner` lies entirely inside the closed box `outer`.
template <int Dim>
[[nodiscard]] constexpr bool contains(const Box<Dim>& outer, const Box<Dim>& inner) {
    for (int axis = 0; axis < Dim; ++axis) {
        if (inner.min[axis] < outer.min[axis] || inner.max[axis] > outer.max[axis]) return false;
    }
    return true;
}

/// The point of the box nearest to `point`: clamp each coordinate into its interval (§7).
/// The box must not be empty.
template <int Dim>
[[nodiscard]] constexpr Vector<Dim> closest_point(const Box<Dim>& box, const Vector<Dim>& point) {
    return glm::clamp(point, box.min, box.max);
}

/// Squared distance from the point to the box (0 inside).
template <int Dim>
[[nodiscard]] constexpr float squared_distance(const Box<Dim>& box, const Vector<Dim>& point) {
    const Vector<Dim> offset = point - closest_point(box, point);
    return glm::dot(offset, offset);
}

/// Area of a 2D box.
/// The four corners counter-clockwise from min: the vertices of an unrotated box.
[[nodiscard]] constexpr std::array<glm::vec2, 4> corners(const Box2& box) {
    return {box.min, glm::vec2(box.max.x, box.min.y), box.max, glm::vec2(box.min.x, box.max.y)};
}

[[nodiscard]] constexpr float area(const Box2& box) {
    const glm::vec2 size = box.size();
    return size.x * size.y;
}

/// Perimeter of a 2D box: the 2D analogue of surface area, used by SAH costs in 2D trees.
[[nodiscard]] constexpr float perimeter(const Box2& box) {
    const glm::vec2 size = box.size();
    return 2.0f * (size.x + size.y);
}

/// Volume of a 3D box.
[[nodiscard]] constexpr float volume(const Box3& box) {
    const glm::vec3 size = box.size();
    return size.x * size.y * size.z;
}

/// Surface area of a 3D box: the SAH cost measure of BVH builders.
[[nodiscard]] constexpr float surface_area(const Box3& box) {
    const glm::vec3 size = box.size();
    return 2.0f * (size.x * size.y + size.y * size.z + size.z * size.x);
}

/// The box grown by `margin` on every side ("fat" boxes of dynamic trees, §7).
template <int Dim>
[[nodiscard]] constexpr Box<Dim> expanded(const Box<Dim>& box, float margin) {
    return Box<Dim>{box.min - Vector<Dim>(margin), box.max + Vector<Dim>(margin)};
}

/// The box moved by `offset`: add it to min and max, O(1) (§3).
template <int Dim>
[[nodiscard]] constexpr Box<Dim> translated(const Box<Dim>& box, const Vector<Dim>& offset) {
    return Box<Dim>{box.min + offset, box.max + offset};
}

/// The box scaled about the origin: center·s, extents·|s| (§3), so negative factors mirror.
template <int Dim>
[[nodiscard]] constexpr Box<Dim> scaled(const Box<Dim>& box, const Vector<Dim>& factors) {
    return Box<Dim>::from_center_extents(box.center() * factors, box.extents() * glm::abs(factors));
}

/// The largest absolute coordinate of the box: its magnitude, for tolerances that scale.
template <int Dim>
[[nodiscard]] constexpr float magnitude(const Box<Dim>& box) {
    float largest = 0.0f;
    for (int axis = 0; axis < Dim; ++axis) {
        largest = std::max({largest, std::abs(box.min[axis]), std::abs(box.max[axis])});
    }
    return largest;
}

}  // namespace aabb

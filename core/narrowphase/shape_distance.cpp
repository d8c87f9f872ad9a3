#include "core/narrowphase/shape_distance.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aabb {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// The outward unit normal of the counter-clockwise edge from `start` to `end` (zero for a
// degenerate edge).
glm::dvec2 outward_normal(glm::dvec2 start, glm::dvec2 end) {
    const glm::dvec2 edge = end - start;
    const double length = std::sqrt(edge.x * edge.x + edge.y * edge.y);
    if (!(length > 0.0)) return glm::dvec2(0.0);
    return {edge.y / length, -edge.x / length};
}

glm::dvec2 closest_on_segment(glm::dvec2 start, glm::dvec2 end, glm::dvec2 point) {
    const glm::dvec2 edge = end - start;
    const double squared = glm::dot(edge, edge);
    if (!(squared > 0.0)) return start;
    const double t = std::clamp(glm::dot(point - start, edge) / squared, 0.0, 1.0);
    return start + edge * t;
}

// The core distance between A's and B's cores with the nearest points and the normal from A
// towards B; separation <= 0 when the cores overlap.
struct CoreDistance {
    double separation = infinity;
    glm::dvec2 normal{1.0, 0.0};
    glm::dvec2 on_a{0.0};
    glm::dvec2 on_b{0.0};
};

// Keeps the nearer of `best` and the pair (on_a, on_b).
void keep_nearer(CoreDistance& best, glm::dvec2 on_a, glm::dvec2 on_b) {
    const glm::dvec2 offset = on_b - on_a;
    const double distance = std::sqrt(glm::dot(offset, offset));
    if (distance < best.separation) {
        best.separation = distance;
        best.on_a = on_a;
        best.on_b = on_b;
        if (distance > 0.0) best.normal = offset / distance;
    }
}

// A point core against a polygon core; the normal points from the point towards the polygon.
CoreDistance point_polygon(glm::dvec2 point, std::span<const glm::dvec2> polygon) {
    const std::size_t count = polygon.size();
    double deepest = -infinity;
    glm::dvec2 deepest_normal{1.0, 0.0};
    for (std::size_t k = 0; k < count; ++k) {
        const glm::dvec2 normal = outward_normal(polygon[k], polygon[(k + 1) % count]);
        const double distance = glm::dot(point - polygon[k], normal);
        if (distance > deepest) {
            deepest = distance;
            deepest_normal = normal;
        }
    }
    CoreDistance result;
    if (deepest <= 0.0) {
        // Inside: the depth to the nearest edge line (the separating-axis value).
        result.separation = deepest;
        result.normal = -deepest_normal;
        result.on_a = point;
        result.on_b = point - deepest_normal * deepest;
        return result;
    }
    for (std::size_t k = 0; k < count; ++k)
        keep_nearer(result, point, closest_on_segment(polygon[k], polygon[(k + 1) % count], point));
    return result;
}

// The largest gap over `edges_of`'s edge normals between the two cores; `flip` when
// `edges_of` is B, so the kept normal points from A towards B.
void separating_axes(std::span<const glm::dvec2> edges_of, std::span<const glm::dvec2> other,
                     bool flip, CoreDistance& best) {
    const std::size_t count = edges_of.size();
    for (std::size_t k = 0; k < count; ++k) {
        const glm::dvec2 normal = outward_normal(edges_of[k], edges_of[(k + 1) % count]);
        double gap = infinity;
        glm::dvec2 deepest{0.0};
        for (const glm::dvec2& point : other) {
            const double value = glm::dot(point - edges_of[k], normal);
            if (value < gap) {
                gap = value;
                deepest = point;
            }
        }
        if (best.separation == infinity || gap > best.separation) {
            best.separation = gap;
            best.normal = flip ? -normal : normal;
            const glm::dvec2 on_edge = deepest - normal * gap;
            best.on_a = flip ? deepest : on_edge;
            best.on_b = flip ? on_edge : deepest;
        }
    }
}

CoreDistance polygon_polygon(std::span<const glm::dvec2> a, std::span<const glm::dvec2> b) {
    CoreDistance axes;
    separating_axes(a, b, false, axes);
    separating_axes(b, a, true, axes);
    if (axes.separation <= 0.0) return axes;
    // Apart: the nearest points of two disjoint convex polygons include a vertex of one, so
    // the least vertex-to-edge distance both ways is the exact distance.
    CoreDistance nearest;
    for (std::size_t k = 0; k < b.size(); ++k) {
        const glm::dvec2 start = b[k];
        const glm::dvec2 end = b[(k + 1) % b.size()];
        for (const glm::dvec2& point : a)
            keep_nearer(nearest, point, closest_on_segment(start, end, point));
    }
    for (std::size_t k = 0; k < a.size(); ++k) {
        const glm::dvec2 start = a[k];
        const glm::dvec2 end = a[(k + 1) % a.size()];
        for (const glm::dvec2& point : b)
            keep_nearer(nearest, closest_on_segment(start, end, point), point);
    }
    return nearest;
}

CoreDistance core_distance(const ConvexShape& a, const ConvexShape& b) {
    if (a.count == 1 && b.count == 1) {
        CoreDistance result;
        keep_nearer(result, a.points[0], b.points[0]);
        return result;
    }
    if (a.count == 1) return point_polygon(a.points[0], b.core());
    if (b.count == 1) {
        CoreDistance result = point_polygon(b.points[0], a.core());
        result.normal = -result.normal;
        std::swap(result.on_a, result.on_b);
        return result;
    }
    return polygon_polygon(a.core(), b.core());
}

}  // namespace

ShapeDistance shape_distance(const ConvexShape& a, const ConvexShape& b) {
    const CoreDistance core = core_distance(a, b);
    ShapeDistance result;
    result.separation = core.separation - a.radius - b.radius;
    result.normal = core.normal;
    result.point_a = core.on_a + core.normal * a.radius;
    result.point_b = core.on_b - core.normal * b.radius;
    return result;
}

}  // namespace aabb

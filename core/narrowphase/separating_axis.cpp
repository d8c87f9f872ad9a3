#include "core/narrowphase/separating_axis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aabb {

namespace {

struct Interval {
    float min = std::numeric_limits<float>::infinity();
    float max = -std::numeric_limits<float>::infinity();
};

Interval project(std::span<const glm::vec2> points, glm::vec2 axis) {
    Interval interval;
    for (const glm::vec2& point : points) {
        const float value = glm::dot(point, axis);
        interval.min = std::min(interval.min, value);
        interval.max = std::max(interval.max, value);
    }
    return interval;
}

// Tests the edge normals of `edges_of` and keeps the best axis; `flip` when `edges_of` is B,
// so the kept normal still points from A towards B.
void test_edge_normals(std::span<const glm::vec2> edges_of, std::span<const glm::vec2> a,
                       std::span<const glm::vec2> b, ShapeContact& best) {
    const std::size_t count = edges_of.size();
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 edge = edges_of[(i + 1) % count] - edges_of[i];
        const float length = std::sqrt(edge.x * edge.x + edge.y * edge.y);
        if (!(length > 0.0f)) continue;
        const glm::vec2 axis{edge.y / length, -edge.x / length};
        const Interval on_a = project(a, axis);
        const Interval on_b = project(b, axis);
        const float b_after_a = on_b.min - on_a.max;
        const float a_after_b = on_a.min - on_b.max;
        const float separation = std::max(b_after_a, a_after_b);
        if (separation > best.separation) {
            best.separation = separation;
            best.normal = b_after_a >= a_after_b ? axis : -axis;
        }
    }
}

}  // namespace

ShapeContact contact_polygon_polygon(std::span<const glm::vec2> a, std::span<const glm::vec2> b) {
    ShapeContact best;
    best.separation = -std::numeric_limits<float>::infinity();
    test_edge_normals(a, a, b, best);
    test_edge_normals(b, a, b, best);
    return best;
}

}  // namespace aabb

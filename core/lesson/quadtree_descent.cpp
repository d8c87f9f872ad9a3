#include "core/lesson/quadtree_descent.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::lesson {

std::vector<QuadtreeStep> quadtree_descent(const Box2& box, const Box2& region, int max_depth) {
    const int deepest = std::clamp(max_depth, 0, 30);
    std::vector<QuadtreeStep> steps{{region, -1}};
    while (static_cast<int>(steps.size()) <= deepest) {
        QuadtreeStep& here = steps.back();
        // Halves summed separately, as the quadtree splits (no overflow near float max).
        const glm::vec2 split = here.region.min * 0.5f + here.region.max * 0.5f;
        Box2 child = here.region;
        int quadrant = 0;
        for (int axis = 0; axis < 2; ++axis) {
            if (box.min[axis] > split[axis]) {
                child.min[axis] = split[axis];
                quadrant |= 1 << axis;
            } else if (box.max[axis] < split[axis]) {
                child.max[axis] = split[axis];
            } else {
                return steps;  // it crosses or touches a split line: it stays here
            }
        }
        here.quadrant = quadrant;
        steps.push_back({child, -1});
    }
    return steps;
}

int quadtree_level_at(int depth, double progress) {
    const double levels = double(std::max(depth, 0)) + 1.0;
    const double level = std::floor(std::clamp(progress, 0.0, 1.0) * levels);
    return std::min(std::max(depth, 0), static_cast<int>(level));
}

}  // namespace aabb::lesson

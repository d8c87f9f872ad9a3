// DELIBERATELY WRONG CODE, KEPT FOR TEACHING (see deliberately_wrong.hpp).

#include "core/lesson/deliberately_wrong.hpp"

#include <algorithm>
#include <limits>

#include "core/geometry/overlap.hpp"

namespace aabb::deliberately_wrong {

namespace {

// The three ways L12 compares: the argument order is what decides which NaN survives.
float naive_min(float a, float b, NaiveMinMax style) {
    switch (style) {
        case NaiveMinMax::std_min_max:
            return std::min(a, b);  // (b < a) ? b : a: a NaN b is dropped, a NaN a is kept
        case NaiveMinMax::swapped_arguments:
            return std::min(b, a);
        case NaiveMinMax::ternary:
            break;
    }
    return a < b ? a : b;  // any NaN gives b
}

float naive_max(float a, float b, NaiveMinMax style) {
    switch (style) {
        case NaiveMinMax::std_min_max:
            return std::max(a, b);  // (a < b) ? b : a
        case NaiveMinMax::swapped_arguments:
            return std::max(b, a);
        case NaiveMinMax::ternary:
            break;
    }
    return a > b ? a : b;
}

}  // namespace

NaiveSlabResult naive_slab(const Box2& box, glm::vec2 origin, glm::vec2 direction,
                           NaiveMinMax style) {
    NaiveSlabResult result;
    result.t_enter = -std::numeric_limits<float>::infinity();
    result.t_exit = std::numeric_limits<float>::infinity();
    // Accumulating keeps the running value first, std::max(t_enter, near), as the textbook
    // loop is written; only the per-axis min/max follow the chosen argument order.
    const NaiveMinMax accumulate =
        style == NaiveMinMax::ternary ? NaiveMinMax::ternary : NaiveMinMax::std_min_max;
    for (int axis = 0; axis < 2; ++axis) {
        const float inverse = 1.0f / direction[axis];  // 1/0 = ±∞ by IEEE rules: the trap's start
        const float t1 = (box.min[axis] - origin[axis]) * inverse;  // 0·∞ = NaN on a slab plane
        const float t2 = (box.max[axis] - origin[axis]) * inverse;
        result.inverse_direction[axis] = inverse;
        result.t1[axis] = t1;
        result.t2[axis] = t2;
        result.near_t[axis] = naive_min(t1, t2, style);
        result.far_t[axis] = naive_max(t1, t2, style);
        result.t_enter = naive_max(result.t_enter, result.near_t[axis], accumulate);
        result.t_exit = naive_min(result.t_exit, result.far_t[axis], accumulate);
    }
    result.hit = result.t_exit >= std::max(result.t_enter, 0.0f);
    return result;
}

Box2 rotate_world_box_again(const Box2& last_world_box, float step_radians) {
    // Correct for the box it is given, wrong in use: the world box is not the shape, so every
    // step adds the corners of last step's box to this one.
    return transformed(Box2::from_center_extents(glm::vec2(0.0f), last_world_box.extents()),
                       rotation_2d(step_radians), last_world_box.center());
}

Box2 bounds_from_origin(std::span<const glm::vec2> points) {
    Box2 result{glm::vec2(0.0f), glm::vec2(0.0f)};
    for (const glm::vec2& point : points)
        result.grow(point);
    return result;
}

std::vector<BoxPair> seed001_sweep_pairs(std::span<const Box2> boxes) {
    struct Endpoint {
        float value;
        std::uint32_t id;
    };
    std::vector<Endpoint> endpoints;
    endpoints.reserve(boxes.size() * 2);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        endpoints.push_back({boxes[i].min.x, static_cast<std::uint32_t>(i)});
        endpoints.push_back({boxes[i].max.x, static_cast<std::uint32_t>(i)});
    }
    std::stable_sort(endpoints.begin(), endpoints.end(),
                     [](const Endpoint& a, const Endpoint& b) { return a.value < b.value; });
    std::vector<BoxPair> pairs;
    std::vector<std::uint32_t> open;
    for (std::size_t i = 0; i < endpoints.size(); ++i) {
        const std::uint32_t id = endpoints[i].id;
        if (i % 2 == 0) {
            // The seed's bug: "even index = min" held before sorting, not after.
            for (const std::uint32_t other : open) {
                if (other == id || !overlaps_closed(boxes[id], boxes[other])) continue;
                pairs.push_back(make_pair_ordered(id, other));
            }
            if (std::find(open.begin(), open.end(), id) == open.end()) open.push_back(id);
        } else {
            open.erase(std::remove(open.begin(), open.end(), id), open.end());
        }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    return pairs;
}

}  // namespace aabb::deliberately_wrong

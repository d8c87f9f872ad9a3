#pragma once
// Boxes for the one-band tests (one_band_sweep_test.cpp, the structure; one_band_path_test.cpp,
// the engine's path): a corridor of boxes along y, and its drift.

#include <algorithm>
#include <random>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb::testing {

// `count` boxes in a corridor `width` wide along y, about one per unit of length, sizes 0.5 to
// 1.5; every tenth is `tall` long along the corridor (reaching past many neighbours).
inline std::vector<Box2> corridor(std::mt19937& random, std::size_t count, float width,
                                  float tall) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<Box2> boxes(count);
    const float length = std::max(8.0f, static_cast<float>(count));
    for (std::size_t index = 0; index < count; ++index) {
        const glm::vec2 size{0.5f + unit(random), index % 10 == 3 ? tall : 0.5f + unit(random)};
        const glm::vec2 low{unit(random) * width, unit(random) * length};
        boxes[index] = Box2{low, low + size};
    }
    return boxes;
}

// Moves every box by up to `step` along y and a fifth of it across.
inline void drift(std::vector<Box2>& boxes, std::mt19937& random, float step) {
    std::uniform_real_distribution<float> signed_unit(-1.0f, 1.0f);
    for (Box2& box : boxes) {
        const glm::vec2 move{0.2f * step * signed_unit(random), step * signed_unit(random)};
        box.min += move;
        box.max += move;
    }
}

}  // namespace aabb::testing

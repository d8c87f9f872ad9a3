#pragma once
// Fixed-seed random and adversarial box sets shared by the broad-phase tests.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb::testing {

/// A named set of boxes.
struct BoxSet {
    /// What the set stresses.
    std::string name;
    /// The boxes; box i gets id i.
    std::vector<Box2> boxes;
};

/// `count` bullets as aabb-bench's bullets workload places them: boxes 0.2-0.4 wide on each
/// axis, corners in a square 0.6·√count wide whose low corner is `offset`.
inline std::vector<Box2> bullet_boxes(std::mt19937& random, std::size_t count,
                                      glm::vec2 offset = glm::vec2(0.0f)) {
    const float side = 0.6f * std::sqrt(static_cast<float>(count));
    std::uniform_real_distribution<float> size(0.2f, 0.4f);
    std::uniform_real_distribution<float> place(0.0f, side);
    std::vector<Box2> boxes;
    for (std::size_t index = 0; index < count; ++index) {
        const glm::vec2 low = offset + glm::vec2(place(random), place(random));
        boxes.push_back({low, low + glm::vec2(size(random), size(random))});
    }
    return boxes;
}

/// Moves boxes [0, count) along each axis, either way, by a distance drawn from [low, high]:
/// in units, or in the box's own widths when `in_widths` (how far bullets fly in a frame).
inline void move_each_way(std::vector<Box2>& boxes, std::size_t count, std::mt19937& random,
                          float low, float high, bool in_widths) {
    std::uniform_real_distribution<float> distance(low, high);
    std::bernoulli_distribution backwards(0.5);
    for (std::size_t index = 0; index < count; ++index) {
        const float unit = in_widths ? boxes[index].max.x - boxes[index].min.x : 1.0f;
        glm::vec2 step;
        for (int axis = 0; axis < 2; ++axis) {
            const float sign = backwards(random) ? -1.0f : 1.0f;
            step[axis] = sign * unit * distance(random);
        }
        boxes[index] = translated(boxes[index], step);
    }
}

/// `count` boxes with corners in [-extent, extent]² and sizes up to `max_size`.
inline std::vector<Box2> random_boxes(std::mt19937& random, std::size_t count, float extent,
                                      float max_size) {
    std::uniform_real_distribution<float> position(-extent, extent);
    std::uniform_real_distribution<float> size(0.0f, max_size);
    std::vector<Box2> boxes;
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec2 corner(position(random), position(random));
        boxes.push_back({corner, corner + glm::vec2(size(random), size(random))});
    }
    return boxes;
}

/// The random and adversarial sets every broad phase must get exactly right.
inline std::vector<BoxSet> adversarial_box_sets() {
    std::mt19937 random(12345);
    std::vector<BoxSet> sets;
    sets.push_back({"random", random_boxes(random, 400, 50.0f, 6.0f)});
    sets.push_back({"random sparse", random_boxes(random, 300, 500.0f, 4.0f)});
    sets.push_back({"identical", std::vector<Box2>(60, Box2{{1, 1}, {3, 2}})});
    {
        BoxSet set{"zero size", {}};
        for (int i = 0; i < 80; ++i) {
            const glm::vec2 point(float(i % 9), float(i % 7));
            set.boxes.push_back({point, point});
            if (i % 3 == 0) set.boxes.push_back({point, point + glm::vec2(1.0f, 0.0f)});
        }
        sets.push_back(set);
    }
    {
        BoxSet set{"touching lattice", {}};
        for (int y = 0; y < 15; ++y) {
            for (int x = 0; x < 15; ++x) {
                set.boxes.push_back({{float(x), float(y)}, {float(x + 1), float(y + 1)}});
            }
        }
        sets.push_back(set);
    }
    {
        BoxSet set{"negative coordinates", random_boxes(random, 200, 30.0f, 5.0f)};
        for (Box2& box : set.boxes)
            box = translated(box, glm::vec2(-100.0f, -250.0f));
        sets.push_back(set);
    }
    {
        BoxSet set{"one huge box", random_boxes(random, 200, 40.0f, 3.0f)};
        set.boxes.push_back({{-1000, -1000}, {1000, 1000}});
        sets.push_back(set);
    }
    {
        BoxSet set{"long thin", {}};
        std::uniform_real_distribution<float> coordinate(-50.0f, 50.0f);
        for (int i = 0; i < 120; ++i) {
            const float c = coordinate(random);
            const float d = coordinate(random);
            if (i % 2) {
                set.boxes.push_back({{-60.0f, c}, {60.0f, c + 0.1f}});
            } else {
                set.boxes.push_back({{d, -60.0f}, {d + 0.2f, 60.0f}});
            }
        }
        for (const Box2& box : random_boxes(random, 100, 50.0f, 2.0f))
            set.boxes.push_back(box);
        sets.push_back(set);
    }
    {
        BoxSet set{"far from origin", random_boxes(random, 250, 40.0f, 5.0f)};
        for (Box2& box : set.boxes)
            box = translated(box, glm::vec2(1e6f, -1e6f));
        sets.push_back(set);
    }
    {
        BoxSet set{"straddling boundaries", {}};
        // Boxes centred on powers-of-two and integer lines, where cells and nodes split.
        for (int i = -16; i <= 16; ++i) {
            for (int j = -4; j <= 4; ++j) {
                const glm::vec2 center(float(i) * 8.0f, float(j) * 16.0f);
                set.boxes.push_back(
                    Box2::from_center_extents(center, glm::vec2(0.5f + 0.25f * float(j & 3))));
            }
        }
        sets.push_back(set);
    }
    {
        BoxSet set{"in a row", {}};
        for (int i = 0; i < 320; ++i) {
            set.boxes.push_back({{float(i) * 0.5f, 0.0f}, {float(i) * 0.5f + 0.75f, 1.0f}});
        }
        sets.push_back(set);
    }
    {
        BoxSet set{"in a column, descending", {}};
        for (int i = 320; i > 0; --i) {
            set.boxes.push_back({{0.0f, float(i)}, {1.0f, float(i) + 1.0f}});
        }
        sets.push_back(set);
    }
    return sets;
}

}  // namespace aabb::testing

#pragma once
// A scene for the tests of broad phases that keep state between frames: boxes drifting at
// constant velocities, bouncing off the sides of a square.

#include <random>
#include <vector>

#include "core/geometry/box.hpp"
#include "tests/support/box_set_generators.hpp"

namespace aabb::testing {

// Boxes drifting at constant velocities inside a square, bouncing off its sides: coherent
// motion, so most frames keep the fat-box candidates, and each bounce makes a box leave its
// fat box (it turned around).
struct DriftingBoxes {
    /// The boxes, box i with id i.
    std::vector<Box2> boxes;
    /// Per box: its motion per frame.
    std::vector<glm::vec2> velocities;
    /// The square's side: boxes bounce off 0 and side on both axes.
    float side = 0.0f;

    /// `count` random boxes up to 3 wide, velocities up to `speed` per axis.
    DriftingBoxes(std::mt19937& random, std::size_t count, float world_side, float speed)
        : side(world_side) {
        boxes = testing::random_boxes(random, count, world_side, 3.0f);
        std::uniform_real_distribution<float> component(-speed, speed);
        for (std::size_t i = 0; i < count; ++i)
            velocities.emplace_back(component(random), component(random));
    }

    /// Moves every box one frame, turning it back at the sides.
    void step() {
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            Box2& box = boxes[i];
            for (int axis = 0; axis < 2; ++axis) {
                if ((box.min[axis] < 0.0f && velocities[i][axis] < 0.0f) ||
                    (box.max[axis] > side && velocities[i][axis] > 0.0f)) {
                    velocities[i][axis] = -velocities[i][axis];
                }
            }
            box = translated(box, velocities[i]);
        }
    }
};

}  // namespace aabb::testing

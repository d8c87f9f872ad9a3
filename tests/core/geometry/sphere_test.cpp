// Circle/sphere against box (curriculum §7): squared distance from the clamped center <= r².

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/geometry/overlap.hpp"
#include "core/geometry/sphere.hpp"

namespace aabb {

TEST_CASE("circle against box: inside, face, corner region, touching") {
    const Box2 box{{0.0f, 0.0f}, {4.0f, 2.0f}};
    CHECK(overlaps(Circle{{2.0f, 1.0f}, 0.1f}, box));         // center inside
    CHECK(overlaps(Circle{{2.0f, 1.0f}, 0.0f}, box));         // a point inside
    CHECK(overlaps(Circle{{5.0f, 1.0f}, 1.5f}, box));         // across the right face
    CHECK_FALSE(overlaps(Circle{{5.5f, 1.0f}, 1.4f}, box));   // short of it
    CHECK(overlaps(Circle{{5.0f, 1.0f}, 1.0f}, box));         // touching the face
    CHECK(overlaps(Circle{{7.0f, 6.0f}, 5.0f}, box));         // touching the corner (3-4-5)
    CHECK_FALSE(overlaps(Circle{{7.0f, 6.0f}, 4.99f}, box));  // just short
    // In the corner region the box's bounding test alone would be wrong: the circle's box
    // overlaps the box, but the circle does not.
    const Circle near_corner{{4.8f, 2.8f}, 1.0f};
    CHECK(overlaps(bounding_box(near_corner), box));
    CHECK_FALSE(overlaps(near_corner, box));
    CHECK(overlaps(box, Circle{{2.0f, 1.0f}, 0.1f}));  // both argument orders
}

TEST_CASE("sphere against box in 3D") {
    const Box3 cube{{-1.0f, -1.0f, -1.0f}, {1.0f, 1.0f, 1.0f}};
    CHECK(overlaps(Sphere3{{0.0f, 0.0f, 3.0f}, 2.0f}, cube));  // touching the top face
    CHECK_FALSE(overlaps(Sphere3{{0.0f, 0.0f, 3.0f}, 1.9f}, cube));
    // Corner region: distance to (1,1,1) from (2,2,2) is √3 ≈ 1.732.
    CHECK(overlaps(Sphere3{{2.0f, 2.0f, 2.0f}, 1.74f}, cube));
    CHECK_FALSE(overlaps(Sphere3{{2.0f, 2.0f, 2.0f}, 1.72f}, cube));
    CHECK(bounding_box(Sphere3{{1.0f, 2.0f, 3.0f}, 0.5f}) ==
          Box3{{0.5f, 1.5f, 2.5f}, {1.5f, 2.5f, 3.5f}});
}

TEST_CASE("circle-box overlap matches a brute-force sampling of the box") {
    std::mt19937 random(5);
    std::uniform_real_distribution<float> coordinate(-3.0f, 3.0f);
    std::uniform_real_distribution<float> radius(0.0f, 2.0f);
    const Box2 box{{-1.0f, -0.5f}, {1.0f, 0.5f}};
    int overlapping = 0;
    for (int trial = 0; trial < 500; ++trial) {
        const Circle circle{{coordinate(random), coordinate(random)}, radius(random)};
        // Dense grid of box points: the circle overlaps iff some point is within r (up to the
        // grid spacing, so skip circles whose boundary is within that spacing of the box).
        float best = 1e30f;
        for (int i = 0; i <= 200; ++i) {
            for (int j = 0; j <= 100; ++j) {
                const glm::vec2 point = box.min + box.size() * glm::vec2(i / 200.0f, j / 100.0f);
                best = std::min(best, glm::length(point - circle.center));
            }
        }
        if (std::abs(best - circle.radius) < 0.02f) continue;
        overlapping += overlaps(circle, box);
        CHECK(overlaps(circle, box) == (best <= circle.radius));
    }
    CHECK(overlapping > 50);
}

}  // namespace aabb

// Oriented boxes and circles: corners, and boxes recomputed from the local box (curriculum §3).

#include <doctest/doctest.h>

#include "core/shapes/circle.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb {

TEST_CASE("a 2 x 0.1 bar at 45 degrees has a box about 11 times its area") {
    const OrientedBox flat{{0, 0}, {1.0f, 0.05f}, 0.0f};
    CHECK(area(bounding_box(flat)) == doctest::Approx(0.2f));
    const OrientedBox tilted{{0, 0}, {1.0f, 0.05f}, 0.785398163f};
    const Box2 box = bounding_box(tilted);
    // 2.1·√2/2 ≈ 1.485 on each side, area ≈ 2.205 (not seed 002's 1.0 and 5×).
    CHECK(box.size().x == doctest::Approx(1.4849242f));
    CHECK(box.size().y == doctest::Approx(1.4849242f));
    CHECK(area(box) == doctest::Approx(2.205f).epsilon(1e-3));
    CHECK(area(box) / area(bounding_box(flat)) == doctest::Approx(11.025f).epsilon(1e-3));
}

TEST_CASE("the Arvo box equals the box of the four corners") {
    for (int step = 0; step < 64; ++step) {
        const OrientedBox box{{3.0f, -2.0f}, {2.5f, 0.7f}, static_cast<float>(step) * 0.1f};
        Box2 from_corners = Box2::empty();
        for (const glm::vec2& corner : corners(box))
            from_corners.grow(corner);
        const Box2 arvo = bounding_box(box);
        CHECK(arvo.min.x == doctest::Approx(from_corners.min.x));
        CHECK(arvo.min.y == doctest::Approx(from_corners.min.y));
        CHECK(arvo.max.x == doctest::Approx(from_corners.max.x));
        CHECK(arvo.max.y == doctest::Approx(from_corners.max.y));
    }
}

TEST_CASE("corners run counter-clockwise from the local (-x, -y) corner") {
    const auto points = corners(OrientedBox{{0, 0}, {2, 1}, 0.0f});
    CHECK(points[0] == glm::vec2(-2, -1));
    CHECK(points[1] == glm::vec2(2, -1));
    CHECK(points[2] == glm::vec2(2, 1));
    CHECK(points[3] == glm::vec2(-2, 1));
}

TEST_CASE("a circle's box ignores rotation") {
    CHECK(bounding_box(Circle{{1, 2}, 0.5f}) == Box2{{0.5f, 1.5f}, {1.5f, 2.5f}});
}

}  // namespace aabb

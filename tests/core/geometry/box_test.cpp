// Box basics (curriculum §2, §3, §7): representations, building from points, validity, set
// operations, distances, measures and the cheap transforms.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "core/geometry/box.hpp"

namespace aabb {
namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();
constexpr float not_a_number = std::numeric_limits<float>::quiet_NaN();

}  // namespace

TEST_CASE("center/extents and min/max describe the same box") {
    const Box2 box{{2.0f, 2.0f}, {5.0f, 4.0f}};
    CHECK(box.center() == glm::vec2(3.5f, 3.0f));
    CHECK(box.extents() == glm::vec2(1.5f, 1.0f));
    CHECK(box.size() == glm::vec2(3.0f, 2.0f));
    CHECK(Box2::from_center_extents(box.center(), box.extents()) == box);

    const Box3 cube = Box3::from_center_extents({1.0f, -2.0f, 3.0f}, {0.5f, 1.0f, 2.0f});
    CHECK(cube.min == glm::vec3(0.5f, -3.0f, 1.0f));
    CHECK(cube.max == glm::vec3(1.5f, -1.0f, 5.0f));
    CHECK(cube.center() == glm::vec3(1.0f, -2.0f, 3.0f));
    CHECK(cube.extents() == glm::vec3(0.5f, 1.0f, 2.0f));

    std::mt19937 random(2024);
    std::uniform_int_distribution<int> coordinate(-1000, 1000);
    for (int trial = 0; trial < 200; ++trial) {
        // Integers (and their halves) are exact in float, so the round trip must be exact.
        Box3 random_box = Box3::empty();
        random_box.grow(glm::vec3(coordinate(random), coordinate(random), coordinate(random)));
        random_box.grow(glm::vec3(coordinate(random), coordinate(random), coordinate(random)));
        CHECK(Box3::from_center_extents(random_box.center(), random_box.extents()) == random_box);
    }
}

TEST_CASE("growing from the empty box, not from (0,0) (curriculum §3 pitfall)") {
    const std::vector<glm::vec2> points{{3.0f, 4.0f}, {5.0f, 7.0f}, {4.0f, 5.0f}};

    Box2 from_origin{};  // min = max = (0,0): the classic bug
    for (const glm::vec2& point : points)
        from_origin.grow(point);
    CHECK(from_origin.min == glm::vec2(0.0f, 0.0f));  // dragged to the origin
    CHECK(from_origin.max == glm::vec2(5.0f, 7.0f));

    Box2 from_empty = Box2::empty();
    for (const glm::vec2& point : points)
        from_empty.grow(point);
    CHECK(from_empty.min == glm::vec2(3.0f, 4.0f));
    CHECK(from_empty.max == glm::vec2(5.0f, 7.0f));

    CHECK(bounding_box<2>(points) == from_empty);
    CHECK(bounding_box<2>(std::vector<glm::vec2>{}) == Box2::empty());
    CHECK(bounding_box<2>(std::vector<glm::vec2>{{-1.0f, 2.0f}}) ==
          Box2{{-1.0f, 2.0f}, {-1.0f, 2.0f}});

    const std::vector<glm::vec3> points_3d{{1.0f, -1.0f, 9.0f}, {-4.0f, 2.0f, 3.0f}};
    CHECK(bounding_box<3>(points_3d) == Box3{{-4.0f, -1.0f, 3.0f}, {1.0f, 2.0f, 9.0f}});

    // The empty box is the identity of grow and merge.
    const Box2 some{{-1.0f, -2.0f}, {3.0f, 4.0f}};
    CHECK(merge(Box2::empty(), some) == some);
    CHECK(merge(some, Box2::empty()) == some);
    Box2 grown = Box2::empty();
    grown.grow(some);
    CHECK(grown == some);
}

TEST_CASE("bounding_box contains every point and touches each side") {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> coordinate(-50.0f, 50.0f);
    for (int trial = 0; trial < 50; ++trial) {
        std::vector<glm::vec3> points(1 + trial);
        for (glm::vec3& point : points)
            point = {coordinate(random), coordinate(random), coordinate(random)};
        const Box3 box = bounding_box<3>(points);
        CHECK(box.is_valid());
        for (const glm::vec3& point : points)
            CHECK(contains(box, point));
        for (int axis = 0; axis < 3; ++axis) {
            bool touches_min = false;
            bool touches_max = false;
            for (const glm::vec3& point : points) {
                touches_min = touches_min || point[axis] == box.min[axis];
                touches_max = touches_max || point[axis] == box.max[axis];
            }
            CHECK(touches_min);
            CHECK(touches_max);
        }
    }
}

TEST_CASE("validity: finite and min <= max") {
    CHECK(Box2{{0.0f, 0.0f}, {1.0f, 1.0f}}.is_valid());
    CHECK(Box2{{1.0f, 1.0f}, {1.0f, 1.0f}}.is_valid());  // a point is a valid box
    CHECK_FALSE(Box2::empty().is_valid());
    CHECK(Box2::empty().is_empty());
    CHECK(Box3::empty().is_empty());
    CHECK_FALSE(Box2{{2.0f, 0.0f}, {1.0f, 1.0f}}.is_valid());
    CHECK_FALSE(Box2{{0.0f, not_a_number}, {1.0f, 1.0f}}.is_valid());
    CHECK_FALSE(Box2{{0.0f, 0.0f}, {infinity, 1.0f}}.is_valid());
    CHECK_FALSE(Box2{{-infinity, 0.0f}, {1.0f, 1.0f}}.is_valid());
    CHECK_FALSE(Box3{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, -1.0f}}.is_valid());
    CHECK(Box3{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}}.is_valid());
    CHECK_FALSE(Box2{{0.0f, 0.0f}, {1.0f, 1.0f}}.is_empty());

    CHECK_NOTHROW(require_valid(Box2{{0.0f, 0.0f}, {1.0f, 1.0f}}, "test box"));
    CHECK_THROWS_WITH_AS(require_valid(Box2{{0.0f, 3.0f}, {1.0f, 1.0f}}, "body 7"),
                         doctest::Contains("body 7"), std::invalid_argument);
    CHECK_THROWS_AS(require_valid(Box3::empty(), "empty"), std::invalid_argument);
}

TEST_CASE("corners enumerate 4 points in 2D and 8 in 3D") {
    const Box2 box{{1.0f, 2.0f}, {3.0f, 5.0f}};
    const auto corners = box.corners();
    REQUIRE(corners.size() == 4);
    CHECK(corners[0] == glm::vec2(1.0f, 2.0f));
    CHECK(corners[1] == glm::vec2(3.0f, 2.0f));
    CHECK(corners[2] == glm::vec2(1.0f, 5.0f));
    CHECK(corners[3] == glm::vec2(3.0f, 5.0f));

    const Box3 cube{{0.0f, 0.0f, 0.0f}, {1.0f, 2.0f, 3.0f}};
    const auto corners_3d = cube.corners();
    REQUIRE(corners_3d.size() == 8);
    for (std::size_t i = 0; i < corners_3d.size(); ++i) {
        for (std::size_t j = i + 1; j < corners_3d.size(); ++j)
            CHECK(corners_3d[i] != corners_3d[j]);
    }
    CHECK(bounding_box<3>(corners_3d) == cube);
}

TEST_CASE("merge and intersection") {
    const Box2 a{{2.0f, 2.0f}, {5.0f, 4.0f}};
    const Box2 b{{4.0f, 3.0f}, {6.0f, 5.0f}};
    CHECK(merge(a, b) == Box2{{2.0f, 2.0f}, {6.0f, 5.0f}});
    CHECK(intersection(a, b) == Box2{{4.0f, 3.0f}, {5.0f, 4.0f}});
    CHECK_FALSE(intersection(a, b).is_empty());

    // Disjoint: the intersection is empty.
    const Box2 far{{10.0f, 10.0f}, {11.0f, 11.0f}};
    CHECK(intersection(a, far).is_empty());
    // Touching: a zero-width box on the shared face, not empty (closed boxes).
    const Box2 touching{{5.0f, 3.0f}, {7.0f, 5.0f}};
    const Box2 face = intersection(a, touching);
    CHECK_FALSE(face.is_empty());
    CHECK(face == Box2{{5.0f, 3.0f}, {5.0f, 4.0f}});
    CHECK(area(face) == 0.0f);

    // 3D, and merge contains both while the intersection is inside both.
    std::mt19937 random(11);
    std::uniform_real_distribution<float> coordinate(-10.0f, 10.0f);
    for (int trial = 0; trial < 200; ++trial) {
        Box3 p = Box3::empty();
        Box3 q = Box3::empty();
        for (int corner = 0; corner < 2; ++corner) {
            p.grow(glm::vec3(coordinate(random), coordinate(random), coordinate(random)));
            q.grow(glm::vec3(coordinate(random), coordinate(random), coordinate(random)));
        }
        const Box3 both = merge(p, q);
        CHECK(contains(both, p));
        CHECK(contains(both, q));
        const Box3 common = intersection(p, q);
        if (!common.is_empty()) {
            CHECK(contains(p, common));
            CHECK(contains(q, common));
        }
    }
}

TEST_CASE("contains a point or a box, boundary included") {
    const Box2 box{{0.0f, 0.0f}, {4.0f, 2.0f}};
    CHECK(contains(box, glm::vec2(1.0f, 1.0f)));
    CHECK(contains(box, glm::vec2(0.0f, 0.0f)));
    CHECK(contains(box, glm::vec2(4.0f, 2.0f)));
    CHECK(contains(box, glm::vec2(4.0f, 1.0f)));
    CHECK_FALSE(contains(box, glm::vec2(4.0001f, 1.0f)));
    CHECK_FALSE(contains(box, glm::vec2(1.0f, -0.0001f)));
    CHECK(contains(box, box));
    CHECK(contains(box, Box2{{1.0f, 1.0f}, {2.0f, 2.0f}}));
    CHECK_FALSE(contains(box, Box2{{1.0f, 1.0f}, {5.0f, 2.0f}}));
    CHECK_FALSE(contains(Box2{{1.0f, 1.0f}, {2.0f, 2.0f}}, box));

    const Box3 cube{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}};
    CHECK(contains(cube, glm::vec3(0.5f, 1.0f, 0.0f)));
    CHECK_FALSE(contains(cube, glm::vec3(0.5f, 0.5f, 1.5f)));
}

TEST_CASE("closest point clamps per axis, squared distance is 0 inside") {
    const Box2 box{{0.0f, 0.0f}, {4.0f, 2.0f}};
    CHECK(closest_point(box, glm::vec2(1.0f, 1.0f)) == glm::vec2(1.0f, 1.0f));
    CHECK(squared_distance(box, glm::vec2(1.0f, 1.0f)) == 0.0f);
    CHECK(closest_point(box, glm::vec2(7.0f, 6.0f)) == glm::vec2(4.0f, 2.0f));   // corner region
    CHECK(squared_distance(box, glm::vec2(7.0f, 6.0f)) == 25.0f);                // 3-4-5
    CHECK(closest_point(box, glm::vec2(2.0f, -3.0f)) == glm::vec2(2.0f, 0.0f));  // face region
    CHECK(squared_distance(box, glm::vec2(2.0f, -3.0f)) == 9.0f);
    CHECK(squared_distance(box, glm::vec2(4.0f, 2.0f)) == 0.0f);  // on the boundary

    const Box3 cube{{-1.0f, -1.0f, -1.0f}, {1.0f, 1.0f, 1.0f}};
    CHECK(closest_point(cube, glm::vec3(3.0f, 0.5f, -5.0f)) == glm::vec3(1.0f, 0.5f, -1.0f));
    CHECK(squared_distance(cube, glm::vec3(3.0f, 0.5f, -5.0f)) == 4.0f + 16.0f);

    // Brute force: no sampled point of the box is closer than the closest point.
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(-4.0f, 4.0f);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (int trial = 0; trial < 100; ++trial) {
        const glm::vec3 point(coordinate(random), coordinate(random), coordinate(random));
        const float best = squared_distance(cube, point);
        CHECK(contains(cube, closest_point(cube, point)));
        for (int sample = 0; sample < 50; ++sample) {
            const glm::vec3 inside =
                cube.min + cube.size() * glm::vec3(unit(random), unit(random), unit(random));
            const glm::vec3 offset = point - inside;
            CHECK(glm::dot(offset, offset) >= best * (1.0f - 1e-6f));
        }
    }
}

TEST_CASE("area, perimeter, surface area, volume") {
    const Box2 box{{2.0f, 2.0f}, {5.0f, 4.0f}};
    CHECK(area(box) == 6.0f);
    CHECK(perimeter(box) == 10.0f);
    const Box3 cube{{0.0f, 0.0f, 0.0f}, {1.0f, 2.0f, 3.0f}};
    CHECK(volume(cube) == 6.0f);
    CHECK(surface_area(cube) == 2.0f * (2.0f + 6.0f + 3.0f));
    CHECK(area(Box2{{1.0f, 1.0f}, {1.0f, 3.0f}}) == 0.0f);
    CHECK(perimeter(Box2{{1.0f, 1.0f}, {1.0f, 3.0f}}) == 4.0f);
}

TEST_CASE("expand by a margin, translate, scale about the origin") {
    const Box2 box{{2.0f, 2.0f}, {5.0f, 4.0f}};
    CHECK(expanded(box, 0.5f) == Box2{{1.5f, 1.5f}, {5.5f, 4.5f}});
    CHECK(expanded(box, 0.0f) == box);
    CHECK(contains(expanded(box, 0.1f), box));
    // A small move stays inside the fat box: no tree update needed (§7).
    CHECK(contains(expanded(box, 0.5f), translated(box, glm::vec2(0.3f, -0.4f))));

    CHECK(translated(box, glm::vec2(-2.0f, 10.0f)) == Box2{{0.0f, 12.0f}, {3.0f, 14.0f}});
    CHECK(translated(box, glm::vec2(-2.0f, 10.0f)).size() == box.size());

    CHECK(scaled(box, glm::vec2(2.0f, 2.0f)) == Box2{{4.0f, 4.0f}, {10.0f, 8.0f}});
    // A negative factor mirrors: center·s, extents·|s|, and the box stays valid.
    const Box2 mirrored = scaled(box, glm::vec2(-1.0f, 1.0f));
    CHECK(mirrored == Box2{{-5.0f, 2.0f}, {-2.0f, 4.0f}});
    CHECK(mirrored.is_valid());
    const Box3 cube{{1.0f, 1.0f, 1.0f}, {2.0f, 3.0f, 4.0f}};
    CHECK(scaled(cube, glm::vec3(1.0f, -2.0f, 0.5f)) ==
          Box3{{1.0f, -6.0f, 0.5f}, {2.0f, -2.0f, 2.0f}});
    CHECK(translated(cube, glm::vec3(1.0f, 2.0f, 3.0f)) ==
          Box3{{2.0f, 3.0f, 4.0f}, {3.0f, 5.0f, 7.0f}});
    CHECK(expanded(cube, 1.0f) == Box3{{0.0f, 0.0f, 0.0f}, {3.0f, 4.0f, 5.0f}});
}

TEST_CASE("magnitude is the largest absolute coordinate") {
    CHECK(magnitude(Box2{{-7.0f, 2.0f}, {5.0f, 4.0f}}) == 7.0f);
    CHECK(magnitude(Box3{{0.0f, 0.0f, 0.0f}, {1.0f, 2.0f, 1e6f}}) == 1e6f);
    CHECK(magnitude(Box2{}) == 0.0f);
}

}  // namespace aabb

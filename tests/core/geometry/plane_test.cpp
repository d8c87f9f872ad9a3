// Planes as half-spaces dot(n, x) + d >= 0 (inside), in 2D and 3D.

#include <doctest/doctest.h>

#include <random>

#include "core/geometry/plane.hpp"

namespace aabb {

TEST_CASE("a plane through a point: signed distance is >= 0 on the normal's side") {
    const Plane2 line = Plane2::through({2.0f, 0.0f}, {1.0f, 0.0f});  // x >= 2 is inside
    CHECK(line.offset == -2.0f);
    CHECK(signed_distance(line, glm::vec2(2.0f, 7.0f)) == 0.0f);
    CHECK(signed_distance(line, glm::vec2(5.0f, -1.0f)) == 3.0f);
    CHECK(signed_distance(line, glm::vec2(0.0f, 0.0f)) == -2.0f);

    const Plane3 floor = Plane3::through({0.0f, 0.0f, 1.0f}, {0.0f, 0.0f, -2.0f});  // z <= 1
    CHECK(signed_distance(floor, glm::vec3(9.0f, 9.0f, 0.0f)) == 2.0f);  // not unit: scaled by 2
    const Plane3 unit = normalized(floor);
    CHECK(unit.normal == glm::vec3(0.0f, 0.0f, -1.0f));
    CHECK(signed_distance(unit, glm::vec3(9.0f, 9.0f, 0.0f)) == 1.0f);
    CHECK(signed_distance(unit, glm::vec3(0.0f, 0.0f, 3.0f)) == -2.0f);
}

TEST_CASE("normalizing keeps the sign of the signed distance everywhere") {
    std::mt19937 random(17);
    std::uniform_real_distribution<float> value(-10.0f, 10.0f);
    for (int trial = 0; trial < 500; ++trial) {
        const Plane3 plane{{value(random), value(random), value(random)}, value(random)};
        const Plane3 unit = normalized(plane);
        CHECK(glm::length(unit.normal) == doctest::Approx(1.0f));
        const glm::vec3 point(value(random), value(random), value(random));
        const float raw = signed_distance(plane, point);
        const float scaled = signed_distance(unit, point);
        CHECK(scaled * glm::length(plane.normal) == doctest::Approx(raw).epsilon(1e-3));
    }
}

}  // namespace aabb

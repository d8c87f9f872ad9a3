// The rotation of a body's angle, shared by world_box and the step's motion passes: exactly
// std::cos and std::sin, an unrotated body spared both, and a matrix turning x towards y.

#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

#include "core/world/body_rotation.hpp"

namespace aabb {

TEST_CASE("body rotation is std::cos and std::sin, and the identity for an unrotated body") {
    const glm::vec2 zero = body_cosine_sine(0.0f);
    CHECK(zero.x == 1.0f);
    CHECK(zero.y == 0.0f);
    // -0 keeps its sign, as std::sin(-0.0f) would.
    CHECK(std::signbit(body_cosine_sine(-0.0f).y));
    for (const float angle : {0.5f, -1.25f, 3.0f, 100.0f}) {
        const glm::vec2 cs = body_cosine_sine(angle);
        CHECK(cs.x == std::cos(angle));
        CHECK(cs.y == std::sin(angle));
    }
}

TEST_CASE("body rotation matrix turns the x axis by the angle, counter-clockwise") {
    const float angle = 0.5f;
    const glm::mat2 rotation = body_rotation_matrix(body_cosine_sine(angle));
    const glm::vec2 x_axis = rotation * glm::vec2(1.0f, 0.0f);
    const glm::vec2 y_axis = rotation * glm::vec2(0.0f, 1.0f);
    CHECK(x_axis.x == std::cos(angle));
    CHECK(x_axis.y == std::sin(angle));
    CHECK(y_axis.x == -std::sin(angle));
    CHECK(y_axis.y == std::cos(angle));
    const glm::mat2 identity = body_rotation_matrix(body_cosine_sine(0.0f));
    CHECK(identity * glm::vec2(2.0f, -3.0f) == glm::vec2(2.0f, -3.0f));
}

}  // namespace aabb

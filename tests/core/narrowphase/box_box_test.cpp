// The exact axis-aligned box test: separation along the axis of least overlap.

#include <doctest/doctest.h>

#include "core/narrowphase/box_box.hpp"

namespace aabb {

TEST_CASE("box-box separation: the curriculum's sliding boxes") {
    // A = [2,5]×[2,4]; B is 2×2 with y in [3,5] (dy = 1 throughout).
    const Box2 a{{2, 2}, {5, 4}};
    CHECK(contact_box_box(a, {{6, 3}, {8, 5}}).separation == 1.0f);
    CHECK(contact_box_box(a, {{5, 3}, {7, 5}}).separation == 0.0f);
    const ShapeContact overlap = contact_box_box(a, {{4, 3}, {6, 5}});
    CHECK(overlap.separation == -1.0f);
    CHECK(overlap.normal == glm::vec2(1.0f, 0.0f));
}

TEST_CASE("box-box normal follows the axis of least overlap and points from A to B") {
    const ShapeContact below = contact_box_box({{0, 0}, {10, 10}}, {{4, -1}, {6, 1}});
    CHECK(below.separation == -1.0f);
    CHECK(below.normal == glm::vec2(0.0f, -1.0f));
}

}  // namespace aabb

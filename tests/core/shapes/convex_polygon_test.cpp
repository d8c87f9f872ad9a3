// Convex polygon validation, transform and box.

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/shapes/convex_polygon.hpp"

namespace aabb {

TEST_CASE("convex counter-clockwise polygons are accepted, everything else rejected") {
    const std::vector<glm::vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    CHECK(is_convex_counter_clockwise(square));
    CHECK_NOTHROW(validate_convex_polygon(square, "square"));

    const std::vector<glm::vec2> clockwise{{0, 0}, {0, 1}, {1, 1}, {1, 0}};
    CHECK_FALSE(is_convex_counter_clockwise(clockwise));
    const std::vector<glm::vec2> concave{{0, 0}, {2, 0}, {1, 0.5f}, {2, 2}, {0, 2}};
    CHECK_FALSE(is_convex_counter_clockwise(concave));
    const std::vector<glm::vec2> collinear{{0, 0}, {1, 0}, {2, 0}, {1, 1}};
    CHECK_FALSE(is_convex_counter_clockwise(collinear));
    // A pentagram turns left at every vertex but winds twice.
    std::vector<glm::vec2> pentagram;
    for (int k = 0; k < 5; ++k) {
        const float angle = static_cast<float>(k) * 2.0f * 2.0f * 3.14159265f / 5.0f;
        pentagram.push_back({std::cos(angle), std::sin(angle)});
    }
    CHECK_FALSE(is_convex_counter_clockwise(pentagram));

    CHECK_THROWS_WITH_AS(validate_convex_polygon(clockwise, "poly"),
                         doctest::Contains("poly: vertices must be strictly convex"),
                         std::invalid_argument);
    const std::vector<glm::vec2> two{{0, 0}, {1, 0}};
    CHECK_THROWS_WITH_AS(validate_convex_polygon(two, "poly"), doctest::Contains("3 to 16"),
                         std::invalid_argument);
    const std::vector<glm::vec2> not_finite{{0, 0}, {1, 0}, {std::nanf(""), 1}};
    CHECK_THROWS_WITH_AS(validate_convex_polygon(not_finite, "poly"), doctest::Contains("NaN"),
                         std::invalid_argument);
}

TEST_CASE("transformed polygon points and their box") {
    const std::vector<glm::vec2> triangle{{-1, 0}, {1, 0}, {0, 2}};
    std::vector<glm::vec2> placed(3);
    transform_points(triangle, {10, 0}, Rotation::from_angle(3.14159265f / 2.0f), placed);
    CHECK(placed[0].x == doctest::Approx(10.0f));
    CHECK(placed[0].y == doctest::Approx(-1.0f));
    CHECK(placed[2].x == doctest::Approx(8.0f));
    CHECK(placed[2].y == doctest::Approx(0.0f).epsilon(1e-5));
    const Box2 box = bounding_box_of_points(placed);
    CHECK(box.min.x == doctest::Approx(8.0f));
    CHECK(box.max.x == doctest::Approx(10.0f));
    CHECK(box.min.y == doctest::Approx(-1.0f));
    CHECK(box.max.y == doctest::Approx(1.0f));
    // Grown from the empty box: points far from the origin do not drag it to (0, 0).
    const std::vector<glm::vec2> far{{50, 60}, {51, 61}};
    CHECK(bounding_box_of_points(far) == Box2{{50, 60}, {51, 61}});
}

}  // namespace aabb

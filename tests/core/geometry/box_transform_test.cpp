// World boxes of rotated/affinely mapped local boxes (curriculum §3): Arvo's center/|M|·extents
// agrees with transforming all corners; re-rotating last frame's world box grows it every frame
// ("越转越胖"). Transforming only min and max is tested with the other deliberately wrong
// variants in tests/core/lesson/deliberately_wrong_test.cpp.

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "core/geometry/box_transform.hpp"

namespace aabb {
namespace {

constexpr float pi = std::numbers::pi_v<float>;

/// Corners agree within a tolerance relative to the boxes' magnitude (float rounding).
template <int Dim>
bool nearly_equal(const Box<Dim>& a, const Box<Dim>& b) {
    const float tolerance = 1e-5f * std::max(1.0f, std::max(magnitude(a), magnitude(b)));
    for (int axis = 0; axis < Dim; ++axis) {
        if (std::abs(a.min[axis] - b.min[axis]) > tolerance) return false;
        if (std::abs(a.max[axis] - b.max[axis]) > tolerance) return false;
    }
    return true;
}

template <int Dim>
Matrix<Dim> random_matrix(std::mt19937& random) {
    std::uniform_real_distribution<float> entry(-3.0f, 3.0f);
    Matrix<Dim> matrix;
    for (int column = 0; column < Dim; ++column)
        for (int row = 0; row < Dim; ++row)
            matrix[column][row] = entry(random);
    return matrix;
}

glm::mat3 random_rotation(std::mt19937& random) {
    std::normal_distribution<float> gaussian(0.0f, 1.0f);
    std::uniform_real_distribution<float> angle(-pi, pi);
    glm::vec3 axis(gaussian(random), gaussian(random), gaussian(random));
    axis = glm::normalize(axis + glm::vec3(1e-3f, 0.0f, 0.0f));
    return rotation_3d(axis, angle(random));
}

template <int Dim>
Box<Dim> random_box(std::mt19937& random) {
    std::uniform_real_distribution<float> coordinate(-20.0f, 20.0f);
    Box<Dim> box = Box<Dim>::empty();
    for (int corner = 0; corner < 2; ++corner) {
        Vector<Dim> point;
        for (int axis = 0; axis < Dim; ++axis)
            point[axis] = coordinate(random);
        box.grow(point);
    }
    return box;
}

template <int Dim>
Vector<Dim> random_vector(std::mt19937& random) {
    std::uniform_real_distribution<float> coordinate(-100.0f, 100.0f);
    Vector<Dim> vector;
    for (int axis = 0; axis < Dim; ++axis)
        vector[axis] = coordinate(random);
    return vector;
}

}  // namespace

TEST_CASE("rotation matrices") {
    const glm::vec2 turned = rotation_2d(pi / 2.0f) * glm::vec2(1.0f, 0.0f);
    CHECK(turned.x == doctest::Approx(0.0f).epsilon(1e-6));
    CHECK(turned.y == doctest::Approx(1.0f));
    const glm::vec3 about_z = rotation_3d({0.0f, 0.0f, 1.0f}, pi / 2.0f) * glm::vec3(1, 0, 0);
    CHECK(glm::length(about_z - glm::vec3(0.0f, 1.0f, 0.0f)) < 1e-6f);
    const glm::vec3 about_x = rotation_3d({1.0f, 0.0f, 0.0f}, pi / 2.0f) * glm::vec3(0, 1, 0);
    CHECK(glm::length(about_x - glm::vec3(0.0f, 0.0f, 1.0f)) < 1e-6f);
    std::mt19937 random(8);
    for (int trial = 0; trial < 100; ++trial) {
        const glm::mat3 rotation = random_rotation(random);
        CHECK(glm::determinant(rotation) == doctest::Approx(1.0f).epsilon(1e-5));
        const glm::mat3 should_be_identity = glm::transpose(rotation) * rotation;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                CHECK(std::abs(should_be_identity[i][j] - (i == j ? 1.0f : 0.0f)) < 1e-5f);
    }
}

TEST_CASE("Arvo's center/|M|·extents equals transforming all corners, 2D") {
    std::mt19937 random(2026);
    std::uniform_real_distribution<float> angle(-pi, pi);
    for (int trial = 0; trial < 1000; ++trial) {
        const Box2 local = random_box<2>(random);
        const glm::vec2 translation = random_vector<2>(random);
        // Rotations, and general linear maps (scale, shear, mirror, even singular-ish).
        const glm::mat2 rotation = rotation_2d(angle(random));
        const glm::mat2 general = random_matrix<2>(random);
        for (const glm::mat2& linear : {rotation, general}) {
            const Box2 by_corners = transformed_by_corners(local, linear, translation);
            const Box2 by_arvo = transformed(local, linear, translation);
            CHECK(nearly_equal(by_corners, by_arvo));
            CHECK(by_arvo.is_valid());
        }
    }
}

TEST_CASE("Arvo's center/|M|·extents equals transforming all corners, 3D") {
    std::mt19937 random(1990);
    for (int trial = 0; trial < 1000; ++trial) {
        const Box3 local = random_box<3>(random);
        const glm::vec3 translation = random_vector<3>(random);
        const glm::mat3 rotation = random_rotation(random);
        const glm::mat3 general = random_matrix<3>(random);
        for (const glm::mat3& linear : {rotation, general}) {
            const Box3 by_corners = transformed_by_corners(local, linear, translation);
            const Box3 by_arvo = transformed(local, linear, translation);
            CHECK(nearly_equal(by_corners, by_arvo));
        }
    }
}

TEST_CASE("the 2D formula ex' = |cos|ex + |sin|ey, ey' = |sin|ex + |cos|ey") {
    const Box2 local = Box2::from_center_extents({0.0f, 0.0f}, {3.0f, 1.0f});
    for (int degrees = -180; degrees <= 180; degrees += 15) {
        const float theta = static_cast<float>(degrees) * pi / 180.0f;
        const glm::vec2 extents = transformed(local, rotation_2d(theta), glm::vec2(0.0f)).extents();
        const float c = std::abs(std::cos(theta));
        const float s = std::abs(std::sin(theta));
        CHECK(extents.x == doctest::Approx(c * 3.0f + s * 1.0f));
        CHECK(extents.y == doctest::Approx(s * 3.0f + c * 1.0f));
    }
    // Identity + translation is just translated(); a pure scale matrix is scaled().
    const Box2 box{{1.0f, 2.0f}, {4.0f, 3.0f}};
    CHECK(transformed(box, glm::mat2(1.0f), glm::vec2(5.0f, -1.0f)) ==
          translated(box, glm::vec2(5.0f, -1.0f)));
    CHECK(transformed(box, glm::mat2(-2.0f, 0.0f, 0.0f, 3.0f), glm::vec2(0.0f)) ==
          scaled(box, glm::vec2(-2.0f, 3.0f)));
}

TEST_CASE("rotation inflates boxes: the 2 x 0.1 bar is about 11x larger at 45 degrees") {
    const Box2 bar = Box2::from_center_extents({0.0f, 0.0f}, {1.0f, 0.05f});
    CHECK(area(bar) == doctest::Approx(0.2f));
    const Box2 at_45 = transformed(bar, rotation_2d(pi / 4.0f), glm::vec2(0.0f));
    const float side = 2.1f * std::sqrt(2.0f) / 2.0f;  // ≈ 1.485
    CHECK(side == doctest::Approx(1.485f).epsilon(1e-3));
    CHECK(at_45.size().x == doctest::Approx(side));
    CHECK(at_45.size().y == doctest::Approx(side));
    CHECK(area(at_45) == doctest::Approx(2.205f).epsilon(1e-4));
    CHECK(area(at_45) / area(bar) == doctest::Approx(11.025f).epsilon(1e-4));
    // 45° is the worst angle; 0° and 90° give back 0.2.
    float largest = 0.0f;
    for (int degrees = 0; degrees <= 90; ++degrees) {
        const float theta = static_cast<float>(degrees) * pi / 180.0f;
        largest = std::max(largest, area(transformed(bar, rotation_2d(theta), glm::vec2(0.0f))));
    }
    CHECK(largest == doctest::Approx(area(at_45)));
    CHECK(area(transformed(bar, rotation_2d(pi / 2.0f), glm::vec2(0.0f))) == doctest::Approx(0.2f));
}

TEST_CASE("越转越胖: re-rotating last frame's world box grows it, recomputing does not") {
    const Box2 local = Box2::from_center_extents({0.0f, 0.0f}, {1.0f, 0.05f});  // the bar
    const float step = pi / 180.0f;                                             // 1° per frame
    const glm::mat2 frame_rotation = rotation_2d(step);

    Box2 accumulated = local;  // the bug: rotate last frame's world box again
    float previous_area = area(accumulated);
    for (int frame = 1; frame <= 360; ++frame) {
        accumulated = transformed(accumulated, frame_rotation, glm::vec2(0.0f));
        const Box2 recomputed =
            transformed(local, rotation_2d(step * static_cast<float>(frame)), glm::vec2(0.0f));
        CAPTURE(frame);
        CHECK(area(accumulated) > previous_area);  // grows every single frame
        previous_area = area(accumulated);
        CHECK(area(recomputed) <= 2.206f);  // never above the 45° worst case
        CHECK(contains(expanded(accumulated, 1e-3f), recomputed));  // still a (loose) bound
    }
    // After a full turn the recomputed box is the original bar again; the accumulated one has
    // grown by orders of magnitude.
    const Box2 full_turn = transformed(local, rotation_2d(2.0f * pi), glm::vec2(0.0f));
    CHECK(area(full_turn) == doctest::Approx(0.2f).epsilon(1e-3));
    CHECK(area(accumulated) > 1000.0f * area(full_turn));
}

}  // namespace aabb

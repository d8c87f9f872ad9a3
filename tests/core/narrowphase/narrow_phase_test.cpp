// The narrow-phase dispatcher: right test per shape pair, touching policy respected.

#include <doctest/doctest.h>

#include <array>

#include "core/narrowphase/narrow_phase.hpp"
#include "core/shapes/circle.hpp"
#include "core/shapes/oriented_box.hpp"

namespace aabb {

namespace {

struct BoxShape {
    OrientedBox box;
    std::array<glm::vec2, 4> points;
    PlacedShape placed() const {
        PlacedShape shape;
        shape.type = ShapeType::box;
        shape.axis_aligned = box.angle == 0.0f;
        shape.box = bounding_box(box);
        shape.center = box.center;
        shape.vertices = points;
        return shape;
    }
};

BoxShape make_box(glm::vec2 center, glm::vec2 half, float angle = 0.0f) {
    const OrientedBox box{center, half, angle};
    return {box, corners(box)};
}

PlacedShape make_circle(glm::vec2 center, float radius) {
    PlacedShape shape;
    shape.type = ShapeType::circle;
    shape.center = center;
    shape.radius = radius;
    shape.box = bounding_box(Circle{center, radius});
    return shape;
}

}  // namespace

TEST_CASE("axis-aligned boxes touching: closed counts, open does not") {
    const BoxShape a = make_box({0, 0}, {1, 1});
    const BoxShape b = make_box({2, 0}, {1, 1});
    CHECK(collide(a.placed(), b.placed(), TouchingPolicy::closed()).touching);
    CHECK_FALSE(collide(a.placed(), b.placed(), TouchingPolicy::open()).touching);
    CHECK(collide(a.placed(), b.placed(), TouchingPolicy::tolerance(1e-6f)).touching);
}

TEST_CASE("circle and rotated box in either order give opposite normals") {
    const BoxShape box = make_box({0, 0}, {1, 1}, 0.3f);
    const PlacedShape circle = make_circle({1.5f, 0}, 1.0f);
    const NarrowPhaseResult ab = collide(circle, box.placed(), {});
    const NarrowPhaseResult ba = collide(box.placed(), circle, {});
    CHECK(ab.touching);
    CHECK(ba.touching);
    CHECK(ab.contact.separation == doctest::Approx(ba.contact.separation));
    CHECK(ab.contact.normal.x == doctest::Approx(-ba.contact.normal.x));
    const PlacedShape far_circle = make_circle({4, 0}, 1.0f);
    CHECK_FALSE(collide(box.placed(), far_circle, {}).touching);
}

TEST_CASE("an unrotated box given without vertices collides as its box's corners") {
    // The world keeps no vertices for unrotated boxes: the same results as with its corners.
    const BoxShape with_corners = make_box({0, 0}, {1, 0.5f});
    PlacedShape without = with_corners.placed();
    without.vertices = {};
    // Named: a placed box's vertices point into its BoxShape.
    const BoxShape rotated = make_box({1.5f, 0.3f}, {0.5f, 0.5f}, 0.4f);
    const PlacedShape others[] = {make_circle({1.6f, 0.2f}, 0.7f), rotated.placed(),
                                  make_circle({3.0f, 0.0f}, 0.5f)};
    for (const PlacedShape& other : others) {
        for (const bool first : {true, false}) {
            const NarrowPhaseResult expected = first ? collide(with_corners.placed(), other, {})
                                                     : collide(other, with_corners.placed(), {});
            const NarrowPhaseResult actual =
                first ? collide(without, other, {}) : collide(other, without, {});
            CHECK(actual.touching == expected.touching);
            CHECK(actual.contact.separation == expected.contact.separation);
            CHECK(actual.contact.normal == expected.contact.normal);
        }
    }
    CHECK(collide(without, others[0], {}).touching);
    CHECK(collide(without, others[1], {}).touching);
    CHECK_FALSE(collide(without, others[2], {}).touching);
}

TEST_CASE("circle circle touching follows the policy") {
    const PlacedShape a = make_circle({0, 0}, 1);
    const PlacedShape b = make_circle({2, 0}, 1);
    CHECK(collide(a, b, TouchingPolicy::closed()).touching);
    CHECK_FALSE(collide(a, b, TouchingPolicy::open()).touching);
}

}  // namespace aabb

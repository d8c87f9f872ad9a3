// The slab ray test (curriculum §6): every side, inside, parallel on an edge, grazing a corner,
// max_t, 3D, the zero-direction-on-a-slab-plane case, and never a NaN.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/geometry/ray.hpp"

namespace aabb {
namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

template <int Dim>
RayBoxHit<Dim> cast(const Vector<Dim>& origin, const Vector<Dim>& direction, const Box<Dim>& box,
                    float max_t = infinity) {
    return intersect(PreparedRay<Dim>(Ray<Dim>{origin, direction, max_t}), box);
}

template <int Dim>
bool has_nan(const RayBoxHit<Dim>& hit) {
    bool any = std::isnan(hit.t_enter) || std::isnan(hit.t_exit);
    for (int axis = 0; axis < Dim; ++axis)
        any = any || std::isnan(hit.normal[axis]);
    return any;
}

const Box2 unit_box{{0.0f, 0.0f}, {1.0f, 1.0f}};

}  // namespace

TEST_CASE("prepared ray stores the inverse direction, ±inf for zero components") {
    const PreparedRay<2> prepared(Ray2{{0.0f, 0.0f}, {2.0f, -4.0f}});
    CHECK(prepared.inverse_direction == glm::vec2(0.5f, -0.25f));
    CHECK_FALSE(prepared.parallel.x);
    CHECK(prepared.well_formed);
    const PreparedRay<3> zeros(Ray3{{0.0f, 0.0f, 0.0f}, {0.0f, -0.0f, 1.0f}});
    CHECK(zeros.inverse_direction.x == infinity);
    CHECK(zeros.inverse_direction.y == -infinity);
    CHECK(zeros.parallel.x);
    CHECK(zeros.parallel.y);
    CHECK_FALSE(zeros.parallel.z);
    // A denormal component whose inverse overflows is treated as parallel too.
    const PreparedRay<2> tiny(Ray2{{0.0f, 0.0f}, {1e-45f, 1.0f}});
    CHECK(tiny.parallel.x);
    CHECK_FALSE(PreparedRay<2>(Ray2{{std::nanf(""), 0.0f}, {1.0f, 0.0f}}).well_formed);
    CHECK_FALSE(PreparedRay<2>(Ray2{{0.0f, 0.0f}, {infinity, 0.0f}}).well_formed);
    CHECK_FALSE(PreparedRay<2>(Ray2{{0.0f, 0.0f}, {1.0f, 0.0f}, std::nanf("")}).well_formed);
}

TEST_CASE("rays from every side enter through that side with its outward normal") {
    const Box2 box{{2.0f, 1.0f}, {4.0f, 3.0f}};
    struct Case {
        glm::vec2 origin, direction, normal;
        float t_enter, t_exit;
    };
    const Case cases[] = {
        {{0.0f, 2.0f}, {1.0f, 0.0f}, {-1.0f, 0.0f}, 2.0f, 4.0f},   // from the left
        {{7.0f, 2.0f}, {-1.0f, 0.0f}, {1.0f, 0.0f}, 3.0f, 5.0f},   // from the right
        {{3.0f, -1.0f}, {0.0f, 2.0f}, {0.0f, -1.0f}, 1.0f, 2.0f},  // from below, |d| = 2
        {{3.0f, 5.0f}, {0.0f, -0.5f}, {0.0f, 1.0f}, 4.0f, 8.0f},   // from above, |d| = 0.5
    };
    for (const Case& c : cases) {
        CAPTURE(c.origin);
        const RayBoxHit<2> hit = cast<2>(c.origin, c.direction, box);
        CHECK(hit.hit);
        CHECK_FALSE(hit.origin_inside);
        CHECK(hit.t_enter == c.t_enter);
        CHECK(hit.t_exit == c.t_exit);
        CHECK(hit.normal == c.normal);
        // The single-ray overload agrees.
        CHECK(intersect(Ray2{c.origin, c.direction}, box).t_enter == c.t_enter);
        // Pointing away: a miss.
        CHECK_FALSE(cast<2>(c.origin, -c.direction, box).hit);
    }
    // Diagonal entry through a face: the latest entry decides the normal.
    const RayBoxHit<2> diagonal = cast<2>({0.0f, 0.0f}, {1.0f, 0.75f}, box);
    CHECK(diagonal.hit);
    CHECK(diagonal.t_enter == 2.0f);  // x enters at 2, y at 4/3
    CHECK(diagonal.normal == glm::vec2(-1.0f, 0.0f));
    CHECK(diagonal.t_exit == 4.0f);  // y leaves at 4, x at 4
    // A ray passing beside the box misses.
    CHECK_FALSE(cast<2>({0.0f, 0.0f}, {1.0f, 2.0f}, box).hit);
}

TEST_CASE("origin inside: hit at t = 0 with the exit, no normal") {
    const RayBoxHit<2> hit = cast<2>({0.25f, 0.5f}, {1.0f, 0.0f}, unit_box);
    CHECK(hit.hit);
    CHECK(hit.origin_inside);
    CHECK(hit.t_enter == 0.0f);
    CHECK(hit.t_exit == 0.75f);
    CHECK(hit.normal == glm::vec2(0.0f));
    // On the boundary counts as inside (closed box); leaving at once gives t_exit = +0.
    const RayBoxHit<2> leaving = cast<2>({1.0f, 0.5f}, {1.0f, 0.0f}, unit_box);
    CHECK(leaving.hit);
    CHECK(leaving.origin_inside);
    CHECK(leaving.t_exit == 0.0f);
    CHECK_FALSE(std::signbit(leaving.t_exit));
    // A zero direction from inside: never leaves.
    const RayBoxHit<2> still = cast<2>({0.5f, 0.5f}, {0.0f, 0.0f}, unit_box);
    CHECK(still.hit);
    CHECK(still.origin_inside);
    CHECK(still.t_exit == infinity);
    CHECK_FALSE(cast<2>({2.0f, 0.5f}, {0.0f, 0.0f}, unit_box).hit);
}

TEST_CASE("zero direction component with the origin exactly on a slab plane: defined, no NaN") {
    // Documented answer: a parallel axis places no constraint when the origin is in the closed
    // slab, planes included, so a ray sliding along a face hits.
    SUBCASE("sliding along the bottom face y = 0") {
        const RayBoxHit<2> hit = cast<2>({-1.0f, 0.0f}, {1.0f, 0.0f}, unit_box);
        CHECK(hit.hit);
        CHECK(hit.t_enter == 1.0f);
        CHECK(hit.t_exit == 2.0f);
        CHECK(hit.normal == glm::vec2(-1.0f, 0.0f));
        CHECK_FALSE(has_nan(hit));
    }
    SUBCASE("sliding along the top face y = 1, leftwards, with -0 as the zero") {
        const RayBoxHit<2> hit = cast<2>({3.0f, 1.0f}, {-2.0f, -0.0f}, unit_box);
        CHECK(hit.hit);
        CHECK(hit.t_enter == 1.0f);
        CHECK(hit.t_exit == 1.5f);
        CHECK(hit.normal == glm::vec2(1.0f, 0.0f));
        CHECK_FALSE(has_nan(hit));
    }
    SUBCASE("just outside the plane: a miss") {
        CHECK_FALSE(cast<2>({-1.0f, std::nextafter(1.0f, 2.0f)}, {1.0f, 0.0f}, unit_box).hit);
        CHECK_FALSE(cast<2>({-1.0f, std::nextafter(0.0f, -1.0f)}, {1.0f, 0.0f}, unit_box).hit);
    }
    SUBCASE("the naive IEEE formula would produce NaN here") {
        const PreparedRay<2> prepared(Ray2{{-1.0f, 0.0f}, {1.0f, 0.0f}});
        const float naive = (unit_box.min.y - prepared.ray.origin.y) * prepared.inverse_direction.y;
        CHECK(std::isnan(naive));  // 0 · inf
        CHECK_FALSE(has_nan(intersect(prepared, unit_box)));
    }
    SUBCASE("origin on the plane of a zero-size box") {
        const Box2 point_box{{0.5f, 0.5f}, {0.5f, 0.5f}};
        const RayBoxHit<2> hit = cast<2>({0.0f, 0.5f}, {1.0f, 0.0f}, point_box);
        CHECK(hit.hit);
        CHECK(hit.t_enter == 0.5f);
        CHECK(hit.t_exit == 0.5f);
    }
}

TEST_CASE("parallel on an edge and grazing a corner count as hits (closed box)") {
    const Box3 cube{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}};
    // Along the edge y = 1, z = 1 of the cube: two zero components, origin on both planes.
    const RayBoxHit<3> edge = cast<3>({-2.0f, 1.0f, 1.0f}, {1.0f, 0.0f, 0.0f}, cube);
    CHECK(edge.hit);
    CHECK(edge.t_enter == 2.0f);
    CHECK(edge.t_exit == 3.0f);
    CHECK(edge.normal == glm::vec3(-1.0f, 0.0f, 0.0f));
    // Through the corner (0,1) of the unit square only: enters and leaves at the same t.
    const RayBoxHit<2> corner = cast<2>({-1.0f, 0.0f}, {1.0f, 1.0f}, unit_box);
    CHECK(corner.hit);
    CHECK(corner.t_enter == 1.0f);
    CHECK(corner.t_exit == 1.0f);
    CHECK(corner.normal == glm::vec2(-1.0f, 0.0f));  // tie: lowest axis
    // Shifted slightly so that it passes above the corner: a miss.
    CHECK_FALSE(cast<2>({-1.0f, 1e-6f}, {1.0f, 1.0f}, unit_box).hit);
    // Grazing the 3D corner (1,1,1).
    const RayBoxHit<3> corner_3d = cast<3>({2.0f, 2.0f, 0.0f}, {-1.0f, -1.0f, 1.0f}, cube);
    CHECK(corner_3d.hit);
    CHECK(corner_3d.t_enter == 1.0f);
    CHECK(corner_3d.t_exit == 1.0f);
}

TEST_CASE("max_t cuts the ray off") {
    const Box2 box{{2.0f, 1.0f}, {4.0f, 3.0f}};
    CHECK(cast<2>({0.0f, 2.0f}, {1.0f, 0.0f}, box, 2.0f).hit);  // reaches the face exactly
    CHECK_FALSE(cast<2>({0.0f, 2.0f}, {1.0f, 0.0f}, box, 1.99f).hit);
    CHECK(cast<2>({0.0f, 2.0f}, {2.0f, 0.0f}, box, 1.0f).hit);  // t counts multiples of d
    CHECK_FALSE(cast<2>({0.0f, 2.0f}, {2.0f, 0.0f}, box, 0.99f).hit);
    // From inside, any max_t >= 0 hits.
    CHECK(cast<2>({3.0f, 2.0f}, {1.0f, 0.0f}, box, 0.0f).hit);
    CHECK_FALSE(cast<2>({3.0f, 2.0f}, {1.0f, 0.0f}, box, -1.0f).hit);
    // Behind the origin never counts.
    CHECK_FALSE(cast<2>({5.0f, 2.0f}, {1.0f, 0.0f}, box).hit);
}

TEST_CASE("3D rays from each of the six sides and from inside") {
    const Box3 box{{-1.0f, -2.0f, -3.0f}, {1.0f, 2.0f, 3.0f}};
    for (int axis = 0; axis < 3; ++axis) {
        for (const float side : {-1.0f, 1.0f}) {
            glm::vec3 origin(0.0f);
            origin[axis] = side * 10.0f;
            glm::vec3 direction(0.0f);
            direction[axis] = -side;
            const RayBoxHit<3> hit = cast<3>(origin, direction, box);
            CAPTURE(axis);
            CAPTURE(side);
            CHECK(hit.hit);
            CHECK(hit.t_enter == 10.0f - box.max[axis]);
            CHECK(hit.t_exit == 10.0f + box.max[axis]);
            glm::vec3 normal(0.0f);
            normal[axis] = side;
            CHECK(hit.normal == normal);
        }
    }
    const RayBoxHit<3> inside = cast<3>({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f}, box);
    CHECK(inside.origin_inside);
    CHECK(inside.t_exit == 3.0f);
}

TEST_CASE("slab test matches a brute-force march along random rays") {
    std::mt19937 random(42);
    std::uniform_real_distribution<float> coordinate(-5.0f, 5.0f);
    const Box3 box{{-1.0f, -1.5f, -0.5f}, {1.5f, 1.0f, 2.0f}};
    int hits = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const glm::vec3 origin(coordinate(random), coordinate(random), coordinate(random));
        const glm::vec3 direction(coordinate(random), coordinate(random), coordinate(random));
        const RayBoxHit<3> hit = cast<3>(origin, direction, box, 3.0f);
        hits += hit.hit;
        if (hit.hit) {
            const glm::vec3 midpoint = origin + direction * ((hit.t_enter + hit.t_exit) * 0.5f);
            CHECK(contains(expanded(box, 1e-3f), midpoint));
            CHECK(contains(expanded(box, 1e-3f), origin + direction * hit.t_enter));
            CHECK(hit.t_enter <= hit.t_exit);
            CHECK(hit.t_enter <= 3.0f);
        } else {
            // No sampled point of the segment t in [0, 3] lies clearly inside the box.
            const Box3 shrunk = expanded(box, -1e-3f);
            for (int step = 0; step <= 300; ++step)
                CHECK_FALSE(contains(shrunk, origin + direction * (3.0f * step / 300.0f)));
        }
    }
    CHECK(hits > 100);
}

TEST_CASE("no result is ever NaN over edge configurations") {
    // Origins on every slab plane, at the corners and beside them, directions with zero (both
    // signs), tiny, huge and ordinary components, against ordinary, flat and point boxes.
    const std::vector<float> coordinates{
        -1.0f, 0.0f, -0.0f, 0.5f, 1.0f, 2.0f, std::nextafter(1.0f, 2.0f)};
    const std::vector<float> components{0.0f, -0.0f, 1.0f, -1.0f, 1e-45f, -1e-38f, 3e38f};
    const std::vector<Box2> boxes{unit_box, Box2{{0.0f, 0.5f}, {1.0f, 0.5f}},
                                  Box2{{1.0f, 1.0f}, {1.0f, 1.0f}}, Box2::empty(),
                                  Box2{{-3e38f, -3e38f}, {3e38f, 3e38f}}};
    const std::vector<float> max_ts{infinity, 1.0f, 0.0f};
    long tested = 0;
    long hits = 0;
    for (const Box2& box : boxes) {
        for (const float ox : coordinates) {
            for (const float oy : coordinates) {
                for (const float dx : components) {
                    for (const float dy : components) {
                        for (const float max_t : max_ts) {
                            const RayBoxHit<2> hit = cast<2>({ox, oy}, {dx, dy}, box, max_t);
                            ++tested;
                            hits += hit.hit;
                            REQUIRE_FALSE(has_nan(hit));
                            if (hit.hit) {
                                REQUIRE(hit.t_enter >= 0.0f);
                                REQUIRE(hit.t_enter <= hit.t_exit);
                                REQUIRE(hit.t_enter <= max_t);
                            }
                            if (box.is_empty()) REQUIRE_FALSE(hit.hit);
                            // An origin in the closed box is always a hit from t = 0.
                            if (contains(box, glm::vec2(ox, oy)) && max_t >= 0.0f) {
                                REQUIRE(hit.hit);
                                REQUIRE(hit.origin_inside);
                            }
                        }
                    }
                }
            }
        }
    }
    CHECK(tested == 5L * 7 * 7 * 7 * 7 * 3);
    CHECK(hits > 1000);

    // 3D: origins on planes, edges and corners of the cube with every zero pattern.
    const Box3 cube{{0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}};
    const float values[] = {0.0f, 1.0f, -1.0f, 0.5f};
    for (const float ox : values)
        for (const float oy : values)
            for (const float oz : values)
                for (const float dx : values)
                    for (const float dy : values)
                        for (const float dz : values) {
                            const RayBoxHit<3> hit = cast<3>({ox, oy, oz}, {dx, dy, dz}, cube);
                            REQUIRE_FALSE(has_nan(hit));
                        }
    // Malformed rays hit nothing (the broad phase rejects them earlier with an exception).
    CHECK_FALSE(cast<2>({std::nanf(""), 0.5f}, {1.0f, 0.0f}, unit_box).hit);
    CHECK_FALSE(cast<2>({-1.0f, 0.5f}, {std::nanf(""), 0.0f}, unit_box).hit);
    CHECK_FALSE(cast<2>({0.5f, 0.5f}, {1.0f, 0.0f}, unit_box, std::nanf("")).hit);
    // A box with NaN is missed rather than hit everywhere.
    CHECK_FALSE(
        cast<2>({-1.0f, 0.5f}, {1.0f, 0.0f}, Box2{{std::nanf(""), 0.0f}, {1.0f, 1.0f}}).hit);
}

}  // namespace aabb

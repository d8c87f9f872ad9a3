// Conservative view culling (curriculum §7): a box is outside a plane when
// dot(n, c) + d < −Σ|n_i|·e_i, culled iff outside some plane. It must never drop a visible box
// (checked against brute-force point sampling) and may keep an invisible one.

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "core/geometry/overlap.hpp"
#include "core/geometry/view_culling.hpp"

namespace aabb {
namespace {

constexpr float pi = std::numbers::pi_v<float>;

/// True when the point is inside (or on) every plane.
template <int Dim, std::size_t Count>
bool inside_all(const std::array<Plane<Dim>, Count>& planes, const Vector<Dim>& point) {
    for (const Plane<Dim>& plane : planes) {
        if (signed_distance(plane, point) < 0.0f) return false;
    }
    return true;
}

/// Brute force: some point of a (samples+1)^Dim grid over the box is inside the view.
template <int Dim, std::size_t Count>
bool some_sample_visible(const std::array<Plane<Dim>, Count>& planes, const Box<Dim>& box,
                         int samples) {
    const int per_axis = samples + 1;
    int total = 1;
    for (int axis = 0; axis < Dim; ++axis)
        total *= per_axis;
    for (int index = 0; index < total; ++index) {
        Vector<Dim> point;
        int rest = index;
        for (int axis = 0; axis < Dim; ++axis) {
            const float fraction = static_cast<float>(rest % per_axis) / samples;
            rest /= per_axis;
            point[axis] = box.min[axis] + (box.max[axis] - box.min[axis]) * fraction;
        }
        if (inside_all(planes, point)) return true;
    }
    return false;
}

template <int Dim>
Box<Dim> random_box(std::mt19937& random, float spread, float largest_size) {
    std::uniform_real_distribution<float> coordinate(-spread, spread);
    std::uniform_real_distribution<float> size(0.0f, largest_size);
    Vector<Dim> min;
    Vector<Dim> extent;
    for (int axis = 0; axis < Dim; ++axis) {
        min[axis] = coordinate(random);
        extent[axis] = size(random);
    }
    return Box<Dim>{min, min + extent};
}

}  // namespace

TEST_CASE("outside one plane iff every corner is outside it (brute force over corners)") {
    std::mt19937 random(31);
    std::uniform_real_distribution<float> value(-5.0f, 5.0f);
    int outside = 0;
    int checked = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        const Plane3 plane{{value(random), value(random), value(random)}, value(random)};
        const Box3 box = random_box<3>(random, 5.0f, 3.0f);
        float nearest_corner = -1e30f;
        for (const glm::vec3& corner : box.corners())
            nearest_corner = std::max(nearest_corner, signed_distance(plane, corner));
        if (std::abs(nearest_corner) < 1e-4f) continue;  // a rounding tie: either answer is fine
        ++checked;
        outside += is_outside(plane, box);
        CHECK(is_outside(plane, box) == (nearest_corner < 0.0f));
    }
    CHECK(checked > 4900);
    CHECK(outside > 500);
    // Touching the plane is not outside.
    const Plane2 line = Plane2::through({1.0f, 0.0f}, {-1.0f, 0.0f});  // x <= 1
    CHECK_FALSE(is_outside(line, Box2{{1.0f, 0.0f}, {2.0f, 1.0f}}));
    CHECK(is_outside(line, Box2{{1.5f, 0.0f}, {2.0f, 1.0f}}));
}

TEST_CASE("an axis-aligned 2D view rectangle culls exactly the boxes that do not overlap it") {
    const Box2 view{{-4.0f, -3.0f}, {4.0f, 3.0f}};
    const auto planes = view_rectangle_planes(view);
    std::mt19937 random(64);
    std::uniform_int_distribution<int> grid(-12, 12);
    int culled = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        Box2 box = Box2::empty();
        for (int corner = 0; corner < 2; ++corner)
            box.grow(glm::vec2(grid(random), grid(random)) * 0.5f);  // exact, touching often
        culled += is_culled(planes, box);
        CHECK(is_culled(planes, box) == !overlaps(view, box));
    }
    CHECK(culled > 500);
    // Touching the view's edge is kept (closed).
    CHECK_FALSE(is_culled(planes, Box2{{4.0f, 0.0f}, {5.0f, 1.0f}}));
    CHECK(is_culled(planes, Box2{{4.5f, 0.0f}, {5.0f, 1.0f}}));
}

TEST_CASE("a rotated 2D view: never drops a visible box, may keep an invisible one") {
    // A square view of half-size 1 turned by 45°: the diamond |x| + |y| <= √2.
    const auto planes = rotated_view_planes({0.0f, 0.0f}, {1.0f, 1.0f}, pi / 4.0f);
    CHECK(inside_all(planes, glm::vec2(0.0f, 0.0f)));
    CHECK(inside_all(planes, glm::vec2(1.4f, 0.0f)));
    CHECK_FALSE(inside_all(planes, glm::vec2(1.0f, 1.0f)));

    // Invisible but kept: beyond the diamond's right vertex (x >= 1.5 > √2), yet each of the
    // four edge lines has some corner of the box on its inside.
    const Box2 beyond_vertex{{1.5f, -1.0f}, {2.0f, 1.0f}};
    CHECK_FALSE(is_culled(planes, beyond_vertex));
    CHECK_FALSE(some_sample_visible(planes, beyond_vertex, 40));
    // Entirely beyond one edge: culled.
    CHECK(is_culled(planes, Box2{{1.0f, 1.0f}, {2.0f, 2.0f}}));

    std::mt19937 random(77);
    int culled = 0;
    int kept_invisible = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const Box2 box = random_box<2>(random, 4.0f, 2.0f);
        const bool visible = some_sample_visible(planes, box, 12);
        const bool dropped = is_culled(planes, box);
        culled += dropped;
        if (visible) CHECK_FALSE(dropped);  // never drops a visible box
        kept_invisible += !visible && !dropped;
    }
    CHECK(culled > 500);
    CHECK(kept_invisible > 0);  // conservative: some invisible boxes are kept
}

TEST_CASE("a 3D perspective frustum: planes, never drops a visible box, may keep invisible") {
    // Camera at the origin looking down −z, 90° field of view, near 1, far 100: the frustum is
    // |x| <= −z, |y| <= −z, 1 <= −z <= 100.
    const glm::mat4 projection = glm::perspective(pi / 2.0f, 1.0f, 1.0f, 100.0f);
    const glm::mat4 view =
        glm::lookAt(glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, -1.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    const auto planes = frustum_planes(projection * view);
    CHECK(inside_all(planes, glm::vec3(0.0f, 0.0f, -10.0f)));
    CHECK(inside_all(planes, glm::vec3(9.9f, -9.9f, -10.0f)));
    CHECK_FALSE(inside_all(planes, glm::vec3(10.1f, 0.0f, -10.0f)));
    CHECK_FALSE(inside_all(planes, glm::vec3(0.0f, 0.0f, -0.9f)));    // before near
    CHECK_FALSE(inside_all(planes, glm::vec3(0.0f, 0.0f, -101.0f)));  // beyond far
    CHECK_FALSE(inside_all(planes, glm::vec3(0.0f, 0.0f, 10.0f)));    // behind

    CHECK_FALSE(is_culled(planes, Box3{{-1.0f, -1.0f, -6.0f}, {1.0f, 1.0f, -4.0f}}));  // ahead
    CHECK(is_culled(planes, Box3{{-1.0f, -1.0f, 4.0f}, {1.0f, 1.0f, 6.0f}}));          // behind
    CHECK(is_culled(planes, Box3{{20.0f, -1.0f, -11.0f}, {22.0f, 1.0f, -9.0f}}));      // right
    // Straddling the left plane: partly visible, kept.
    CHECK_FALSE(is_culled(planes, Box3{{-12.0f, -1.0f, -11.0f}, {-8.0f, 1.0f, -9.0f}}));

    // Invisible but kept, at the edge where the right and far planes meet: every visible point
    // needs x <= −z <= 100, but the box has x >= 101; yet some corner is inside the far plane
    // (z = −98) and some corner inside the right plane (x = 101, z = −102).
    const Box3 at_far_edge{{101.0f, -1.0f, -102.0f}, {103.0f, 1.0f, -98.0f}};
    CHECK_FALSE(is_culled(planes, at_far_edge));
    CHECK_FALSE(some_sample_visible(planes, at_far_edge, 20));

    std::mt19937 random(3);
    std::uniform_real_distribution<float> depth(-110.0f, 5.0f);
    std::uniform_real_distribution<float> lateral(-1.3f, 1.3f);
    std::uniform_real_distribution<float> size(0.1f, 15.0f);
    int culled = 0;
    int kept_invisible = 0;
    const int trials = 2000;
    for (int trial = 0; trial < trials; ++trial) {
        // Boxes scattered around the frustum, scaled with depth so many straddle its planes.
        const float z = depth(random);
        const float reach = std::max(2.0f, -z);
        const glm::vec3 min(lateral(random) * reach, lateral(random) * reach, z);
        const Box3 box{min, min + glm::vec3(size(random), size(random), size(random))};
        const bool visible = some_sample_visible(planes, box, 6);
        const bool dropped = is_culled(planes, box);
        culled += dropped;
        if (visible) CHECK_FALSE(dropped);  // never drops a visible box
        kept_invisible += !visible && !dropped;
    }
    CHECK(culled > trials / 10);
    CHECK(kept_invisible > 0);
}

TEST_CASE("culling accepts any span of planes, and an empty set culls nothing") {
    const std::vector<Plane2> planes{Plane2::through({0.0f, 0.0f}, {1.0f, 0.0f})};  // x >= 0
    CHECK(is_culled<2>(planes, Box2{{-2.0f, 0.0f}, {-1.0f, 1.0f}}));
    CHECK_FALSE(is_culled<2>(planes, Box2{{-2.0f, 0.0f}, {1.0f, 1.0f}}));
    CHECK_FALSE(is_culled<2>(std::span<const Plane2>{}, Box2{{-2.0f, 0.0f}, {-1.0f, 1.0f}}));
}

TEST_CASE("a 2D view wedge: inside-facing planes, the upper side (0.5, −0.866) at 30°") {
    const float pi = 3.14159265358979f;
    const std::array<Plane2, 4> planes = view_wedge_planes({0, 0}, 0.0f, pi / 6.0f, 1.0f, 20.0f);
    CHECK(planes[0].normal == glm::vec2(1, 0));  // near x = 1
    CHECK(planes[0].offset == -1.0f);
    CHECK(planes[1].normal == glm::vec2(-1, 0));  // far x = 20
    CHECK(planes[1].offset == 20.0f);
    CHECK(planes[2].normal.x == doctest::Approx(0.5));
    CHECK(planes[2].normal.y == doctest::Approx(-0.866025));
    CHECK(planes[2].offset == doctest::Approx(0.0));
    CHECK(planes[3].normal.y == doctest::Approx(0.866025));
    // A point on the view axis is inside all four; points outside each side are not.
    for (const Plane2& plane : planes)
        CHECK(signed_distance(plane, glm::vec2(10, 0)) > 0.0f);
    CHECK(signed_distance(planes[2], glm::vec2(10, 6)) < 0.0f);  // above 30°
    CHECK(signed_distance(planes[0], glm::vec2(0.5f, 0)) < 0.0f);
    // Turned and moved: the camera at (5, 5) looking along +y.
    const std::array<Plane2, 4> turned =
        view_wedge_planes({5, 5}, pi / 2.0f, pi / 6.0f, 1.0f, 20.0f);
    for (const Plane2& plane : turned)
        CHECK(signed_distance(plane, glm::vec2(5, 15)) > 0.0f);
    CHECK(signed_distance(turned[1], glm::vec2(5, 26)) < 0.0f);
    CHECK(is_culled(turned, Box2{{20, 5}, {21, 6}}));
}

}  // namespace aabb

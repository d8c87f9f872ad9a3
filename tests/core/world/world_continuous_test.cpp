// The world's continuous detection (core/world/world_continuous.cpp), on the cases of issue 50,
// each with its answer computed by hand beside it: detection before bounds, starts inside the
// target's box, shapes (rotated bar, circle, polygon, rotating bullet and target), corridors
// of walls with stop, reflect and the contact limit, open and closed grazes, ccd "all", the
// counts, and the same events from every broad phase.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/narrowphase/shape_distance.hpp"
#include "core/world/world.hpp"

namespace aabb {

namespace {

constexpr float step_60 = 1.0f / 60.0f;
constexpr float quarter_turn = 0.785398163f;  // 45°

Body wall(glm::vec2 position, glm::vec2 size, float angle = 0.0f) {
    return {.position = position, .half_size = size * 0.5f, .kind = BodyKind::wall, .angle = angle};
}

Body bullet(glm::vec2 position, glm::vec2 velocity, DetectionMode detection, Response response,
            glm::vec2 size = {0.2f, 0.2f}) {
    return {.position = position,
            .velocity = velocity,
            .half_size = size * 0.5f,
            .kind = BodyKind::bullet,
            .detection = detection,
            .response = response};
}

// The first repro: bounds x in [−10, 60], a wall 0.2 × 9.8 at (10, 0), a bullet
// 0.2 × 0.2 at (2, 0) at 6000 u/s (100 a step at 1/60 s).
World escape_world(DetectionMode detection, Response response,
                   const std::string& broad_phase = "sort_and_sweep") {
    World world(WorldSettings{.bounds = {{-10.0f, -10.0f}, {60.0f, 10.0f}},
                              .time_step = step_60,
                              .broad_phase = broad_phase});
    world.add_body(wall({10.0f, 0.0f}, {0.2f, 9.8f}));
    world.add_body(bullet({2.0f, 0.0f}, {6000.0f, 0.0f}, detection, response));
    world.refresh_pairs();
    return world;
}

// The second repro: a 6 × 0.4 wall at (10, 0) turned 45°, and bullets at (0, 1.9)
// at 600 u/s (10 a step) and 60 u/s (1 a step).
World bar_world(DetectionMode detection, const std::string& broad_phase = "sort_and_sweep") {
    World world(WorldSettings{.bounds = {{-20.0f, -20.0f}, {40.0f, 20.0f}},
                              .time_step = step_60,
                              .broad_phase = broad_phase});
    world.add_body(wall({10.0f, 0.0f}, {6.0f, 0.4f}, quarter_turn));
    world.add_body(bullet({0.0f, 1.9f}, {600.0f, 0.0f}, detection, Response::stop));
    world.add_body(bullet({0.0f, 1.9f}, {60.0f, 0.0f}, detection, Response::stop));
    world.refresh_pairs();
    return world;
}

// A corridor: walls 0.2 wide at x = 0, 10, 20 and 30 (the first behind the bullet), bounds x in
// [−10, 60], a bullet 0.2 wide at x = 2 moving `speed` a step (time step 1/60).
World corridor_world(float speed, DetectionMode detection, Response response, int bullets = 1) {
    World world(WorldSettings{.bounds = {{-10.0f, -10.0f}, {60.0f, 10.0f}},
                              .time_step = step_60,
                              .broad_phase = "brute_force"});
    for (const float x : {0.0f, 10.0f, 20.0f, 30.0f})
        world.add_body(wall({x, 0.0f}, {0.2f, 9.8f}));
    for (int k = 0; k < bullets; ++k) {
        world.add_body(bullet({2.0f, -2.0f + 2.0f * static_cast<float>(k)}, {speed * 60.0f, 0.0f},
                              detection, response));
    }
    world.refresh_pairs();
    return world;
}

std::vector<MotionEventKind> kinds_of(std::span<const MotionEvent> events) {
    std::vector<MotionEventKind> kinds;
    for (const MotionEvent& event : events)
        kinds.push_back(event.kind);
    return kinds;
}

// Body `index`'s shape as the narrow phase places it, for distances.
ConvexShape placed(const World& world, std::size_t index) {
    const PlacedShape shape = world.placed_shape(index);
    ConvexShape convex;
    if (shape.type == ShapeType::circle) {
        convex.points[0] = glm::dvec2(shape.center);
        convex.count = 1;
        convex.radius = shape.radius;
        return convex;
    }
    std::array<glm::vec2, 4> corners;
    const auto points = outline(shape, corners);
    for (const glm::vec2& point : points)
        convex.points[convex.count++] = glm::dvec2(point);
    return convex;
}

}  // namespace

TEST_CASE("issue 50, repro 1: a swept bullet that would leave the world stops at the wall") {
    // Before: the bullet's end (x = 102) was outside the bounds, so it was removed before
    // detection: no hit, and the bullet gone. Now: its right face 2.1 reaches the wall's left
    // face 9.9 after 7.8 of its 100: τ = 0.078; it stops at x = 9.8 and stays in the world.
    World world = escape_world(DetectionMode::swept, Response::stop);
    world.step();
    REQUIRE(world.events().size() == 1);
    const MotionEvent& hit = world.events()[0];
    CHECK(hit.kind == MotionEventKind::hit);
    CHECK(hit.step == 1);
    CHECK(hit.body == 1);
    CHECK(hit.body_kind == BodyKind::bullet);
    CHECK(hit.other == 0);
    CHECK(hit.other_kind == BodyKind::wall);
    CHECK(hit.time_of_impact == doctest::Approx(0.078f));
    // Seconds: (step − 1 + τ) · 1/60 = 0.0013.
    CHECK(hit.time == doctest::Approx(0.078 / 60.0));
    CHECK(hit.body_pose.position.x == doctest::Approx(9.8f));
    CHECK(hit.other_pose == BodyPose{{10.0f, 0.0f}, 0.0f});
    CHECK(hit.normal == glm::vec2(1.0f, 0.0f));
    REQUIRE(world.bodies().size() == 2);
    CHECK(world.bodies()[1].position.x == doctest::Approx(9.8f));
    CHECK(world.bodies()[1].velocity == glm::vec2(0.0f));
    world.step();
    CHECK(world.events().empty());
    CHECK(world.bodies().size() == 2);
}

TEST_CASE("issue 50, repro 1: a discrete bullet tunnels, then escapes the world") {
    // The crossing: τ = 0.078 (2.1 → 9.9) until 0.082 (its left face 1.9 passes 10.1). Then its
    // box leaves the bounds when its left face passes 60: (60 − 1.9) / 100 = 0.581.
    World world = escape_world(DetectionMode::discrete, Response::stop);
    world.step();
    REQUIRE(kinds_of(world.events()) ==
            std::vector{MotionEventKind::tunneled, MotionEventKind::escaped});
    const MotionEvent& crossing = world.events()[0];
    CHECK(crossing.time_of_impact == doctest::Approx(0.078f));
    CHECK(crossing.time_of_exit == doctest::Approx(0.082f));
    const MotionEvent& escaped = world.events()[1];
    CHECK(escaped.body == 1);
    CHECK(escaped.other == 0);
    CHECK(escaped.time_of_impact == doctest::Approx(0.581f));
    CHECK(escaped.body_pose.position.x == doctest::Approx(60.1f));
    CHECK(world.last_counts().tunneling_events == 1);
    CHECK(world.last_counts().escaped == 1);
    // Removed after detection and response.
    CHECK(world.bodies().size() == 1);
    CHECK(world.bullet_count() == 0);

    // A swept bullet that passes through (no response) hits the wall, then escapes.
    World passing = escape_world(DetectionMode::swept, Response::pass_through);
    passing.step();
    REQUIRE(kinds_of(passing.events()) ==
            std::vector{MotionEventKind::hit, MotionEventKind::escaped});
    CHECK(passing.events()[1].time_of_impact == doctest::Approx(0.581f));
}

TEST_CASE("issue 50, repro 2: a start inside the bar's box; the shapes decide") {
    // Bullet 1 goes x 10 → 20 in step 2, starting inside the bar's box (x in [7.74, 12.26]).
    // Its corner (x + 0.1, 1.8) meets the face x = y + 10 − 0.2·√2 at x = 11.41716: τ =
    // 0.141716; it leaves past the bar's corner (12.26274, 1.97990) at x = 12.36274: exit
    // 0.236274. Neither end of the step touches: tunneled. Before: tunneled 0.
    // Bullet 2 (1 a step) meets the face at x = 11.41716 in step 12 (x 11 → 12), τ = 0.41716;
    // at x = 12 its corner (11.9, 2.0) is inside the bar (across = 0.07 < 0.2): the end-of-step
    // test sees it, a hit, and the discrete stop leaves it at x = 12. Before: not in hits.
    World world = bar_world(DetectionMode::discrete);
    std::vector<MotionEvent> events;
    for (int step = 0; step < 20; ++step) {
        world.step();
        events.insert(events.end(), world.events().begin(), world.events().end());
    }
    REQUIRE(events.size() == 2);
    CHECK(events[0].kind == MotionEventKind::tunneled);
    CHECK(events[0].step == 2);
    CHECK(events[0].body == 1);
    // Tolerance: slop 1e-4 over a gap closing 10·√½ a step.
    CHECK(events[0].time_of_impact == doctest::Approx(0.141716f).epsilon(1e-4));
    CHECK(events[0].time_of_impact <= 0.141716f);
    CHECK(events[0].time_of_exit == doctest::Approx(0.236274f).epsilon(1e-4));
    CHECK(events[0].other_pose.angle == doctest::Approx(quarter_turn));
    CHECK(events[1].kind == MotionEventKind::hit);
    CHECK(events[1].step == 12);
    CHECK(events[1].body == 2);
    CHECK(events[1].time_of_impact == doctest::Approx(0.41716f).epsilon(3e-4));
    CHECK(world.total_counts().tunneled_bodies == 1);
    CHECK(world.total_counts().hits == 1);
}

TEST_CASE("a swept bullet stops at the rotated bar within the slop of touching") {
    // The same bullet as above, swept: it stops at τ = 0.141716 of step 2, x = 11.41716, where
    // its distance to the bar is at most the slop (1e-4), and never negative.
    World world = bar_world(DetectionMode::swept);
    world.step();
    world.step();
    REQUIRE(world.events().size() == 1);
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.141716f).epsilon(1e-4));
    CHECK(world.bodies()[1].position.x == doctest::Approx(11.41716f).epsilon(1e-4));
    const double gap = shape_distance(placed(world, 1), placed(world, 0)).separation;
    CHECK(gap >= 0.0);
    CHECK(gap <= 1e-4);
}

TEST_CASE("circle and polygon targets") {
    World world(WorldSettings{.time_step = 1.0f, .broad_phase = "brute_force"});
    // A circle wall of radius 1 at (5, 0); a swept box bullet (half 0.1) from (0, 0.5) at 10 a
    // step: its right face at y = 0.4 meets x = 5 − √0.84 = 4.083485, τ = 0.3983485.
    Body round{.position = {5.0f, 0.0f},
               .kind = BodyKind::wall,
               .shape = ShapeType::circle,
               .radius = 1.0f};
    world.add_body(round);
    world.add_body(bullet({0.0f, 0.5f}, {10.0f, 0.0f}, DetectionMode::swept, Response::stop));
    // The triangle (5, 20), (7, 20), (5, 22) (local (0,0), (2,0), (0,2) at (5, 20)); a circle
    // bullet of radius 0.5 from (10, 21) at −10 a step meets its hypotenuse x + y = 27 when
    // (x + 21 − 27)/√2 = 0.5: x = 6.707107, τ = 0.3292893.
    const glm::vec2 triangle[] = {{0, 0}, {2, 0}, {0, 2}};
    const PolygonId polygon = world.add_polygon(triangle);
    world.add_body({.position = {5.0f, 20.0f},
                    .kind = BodyKind::wall,
                    .shape = ShapeType::polygon,
                    .polygon = polygon});
    Body ball = bullet({10.0f, 21.0f}, {-10.0f, 0.0f}, DetectionMode::swept, Response::stop);
    ball.shape = ShapeType::circle;
    ball.radius = 0.5f;
    world.add_body(ball);
    world.refresh_pairs();
    world.step();
    REQUIRE(world.events().size() == 2);
    CHECK(world.events()[0].body == 1);
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.3983485f).epsilon(1e-4));
    CHECK(world.events()[1].body == 3);
    // Tolerance: slop 5e-4 over a gap closing 10·√½ a step, 7e-5 in τ.
    CHECK(world.events()[1].time_of_impact == doctest::Approx(0.3292893f).epsilon(3e-4));
    CHECK(world.events()[1].normal.x == doctest::Approx(-std::sqrt(0.5f)).epsilon(1e-3));
    CHECK(world.bodies()[3].position.x == doctest::Approx(6.707107f).epsilon(2e-4));
}

TEST_CASE("a rotating bullet, and a spinning bar against a bullet at rest") {
    // A bar bullet of half-size (1, 0.05) at the origin turning π/2 a step, and a circle wall of
    // radius 0.1 at (0, 0.8): the bar's leading face is 0.8·cos θ − 0.05 from the circle's
    // center, 0.1 at cos θ = 0.1875, θ = 1.38218: τ = 1.38218 / (π/2) = 0.879923.
    World world(WorldSettings{.time_step = 1.0f, .broad_phase = "brute_force"});
    world.add_body({.position = {0.0f, 0.8f},
                    .kind = BodyKind::wall,
                    .shape = ShapeType::circle,
                    .radius = 0.1f});
    Body bar =
        bullet({0.0f, 0.0f}, {0.0f, 0.0f}, DetectionMode::swept, Response::stop, {2.0f, 0.1f});
    bar.angular_velocity = 1.5707963f;
    world.add_body(bar);
    world.refresh_pairs();
    world.step();
    REQUIRE(world.events().size() == 1);
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.879923f).epsilon(1e-4));
    CHECK(world.events()[0].body_pose.angle == doctest::Approx(1.38218f).epsilon(1e-4));
    // Stopped there: angle 1.38218 and no angular velocity.
    CHECK(world.bodies()[1].angle == doctest::Approx(1.38218f).epsilon(1e-4));
    CHECK(world.bodies()[1].angular_velocity == 0.0f);

    // The spinning bar (3 rad/s, steps of 1/60 s, so 0.05 rad a step) as the target: a
    // shape of the same size from angle 0, and a circle bullet at rest at (0, 0.8). It touches
    // at θ = 1.38218, t = 0.460727 s, 27.6436 steps: step 28, τ = 0.6436.
    World spinning(WorldSettings{.time_step = step_60, .broad_phase = "brute_force"});
    spinning.add_body(
        {.half_size = {1.0f, 0.05f}, .kind = BodyKind::shape, .angular_velocity = 3.0f});
    Body ball = bullet({0.0f, 0.8f}, {0.0f, 0.0f}, DetectionMode::swept, Response::stop);
    ball.shape = ShapeType::circle;
    ball.radius = 0.1f;
    spinning.add_body(ball);
    spinning.refresh_pairs();
    std::vector<MotionEvent> events;
    for (int step = 0; step < 30; ++step) {
        spinning.step();
        events.insert(events.end(), spinning.events().begin(), spinning.events().end());
    }
    REQUIRE_FALSE(events.empty());
    CHECK(events[0].step == 28);
    CHECK(events[0].time_of_impact == doctest::Approx(0.6436f).epsilon(1e-3));
    CHECK(events[0].other_pose.angle == doctest::Approx(1.38218f).epsilon(1e-4));
}

TEST_CASE("a corridor with stop: the path ends at the first wall") {
    // 100 a step from x = 2: the wall at 10 is met at τ = 0.078; the walls at 20 and 30
    // further on are never reached, so they are not hits (before, all three were listed).
    World world = corridor_world(100.0f, DetectionMode::swept, Response::stop);
    world.step();
    REQUIRE(world.events().size() == 1);
    CHECK(world.events()[0].other == 1);
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.078f));
    CHECK(world.bodies()[4].position.x == doctest::Approx(9.8f));
    // Passing through, it meets every wall on the way, then leaves the world: the faces at
    // 9.9, 19.9 and 29.9 are reached at τ = 0.078, 0.178, 0.278; it leaves at 0.581.
    World passing = corridor_world(100.0f, DetectionMode::swept, Response::pass_through);
    passing.step();
    REQUIRE(kinds_of(passing.events()) == std::vector{MotionEventKind::hit, MotionEventKind::hit,
                                                      MotionEventKind::hit,
                                                      MotionEventKind::escaped});
    CHECK(passing.events()[1].time_of_impact == doctest::Approx(0.178f));
    CHECK(passing.events()[2].time_of_impact == doctest::Approx(0.278f));
    CHECK(passing.events()[3].other == 3);
}

TEST_CASE("a corridor with reflect: the rest of the step goes on from each contact") {
    // 20 a step from x = 2: the wall at 10 at τ = 7.8/20 = 0.39 (x = 9.8), then back: its left
    // face 9.7 reaches the wall at 0 (right face 0.1) after 9.6 more, τ = 0.39 + 0.48 = 0.87
    // (x = 0.2); then forward for the last 0.13 · 20 = 2.6: x = 2.8, moving +x.
    World world = corridor_world(20.0f, DetectionMode::swept, Response::reflect);
    world.step();
    REQUIRE(world.events().size() == 2);
    CHECK(world.events()[0].other == 1);
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.39f));
    CHECK(world.events()[0].normal == glm::vec2(1.0f, 0.0f));
    CHECK(world.events()[1].other == 0);
    CHECK(world.events()[1].time_of_impact == doctest::Approx(0.87f));
    CHECK(world.events()[1].body_pose.position.x == doctest::Approx(0.2f));
    CHECK(world.events()[1].normal == glm::vec2(-1.0f, 0.0f));
    CHECK(world.bodies()[4].position.x == doctest::Approx(2.8f));
    CHECK(world.bodies()[4].velocity.x == doctest::Approx(1200.0f));
}

TEST_CASE("a reflecting bullet makes at most max_contacts_per_step contacts in a step") {
    // 100 a step between the walls at 0 and 10: contacts every 9.6/100 after the first at
    // 0.078: 0.078, 0.174, 0.270, ..., the 8th at 0.078 + 7·0.096 = 0.750, at the wall at 0
    // (x = 0.2). There it stays for the rest of the step, moving +x again.
    static_assert(World::max_contacts_per_step == 8);
    World world = corridor_world(100.0f, DetectionMode::swept, Response::reflect);
    world.step();
    REQUIRE(world.events().size() == 8);
    CHECK(world.events()[7].time_of_impact == doctest::Approx(0.750f).epsilon(1e-4));
    CHECK(world.bodies()[4].position.x == doctest::Approx(0.2f).epsilon(1e-4));
    CHECK(world.bodies()[4].velocity.x == doctest::Approx(6000.0f));
    // The next step starts there: the wall at 10 after 9.6, τ = 0.096.
    world.step();
    REQUIRE_FALSE(world.events().empty());
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.096f).epsilon(1e-3));
}

TEST_CASE("the counts: tunneling events and the bodies that tunneled") {
    // Three discrete bullets at 100 a step each cross the walls at 10, 20 and 30 in one step,
    // then leave the world: 9 tunneling events, 3 bodies that tunneled, 3 escaped.
    World world = corridor_world(100.0f, DetectionMode::discrete, Response::pass_through, 3);
    world.step();
    CHECK(world.last_counts().tunneling_events == 9);
    CHECK(world.last_counts().tunneled_bodies == 3);
    CHECK(world.last_counts().escaped == 3);
    CHECK(world.total_counts().tunneled_bodies == 3);
    world.step();
    CHECK(world.total_counts().tunneling_events == 9);
    CHECK(world.total_counts().tunneled_bodies == 3);
}

TEST_CASE("grazes: a zero-length touch crosses under closed, not under open") {
    // The wall [9.875, 10.125] × [−4.75, 4.75] and a bullet 0.25 wide moving (20, 20) a step
    // from (−0.25, −5.125) (numbers exact in floats): x overlap starts at τ = (9.875 + 0.125)
    // / 20 = 0.5 and y overlap ends at τ = (4.75 + 5.25) / 20 = 0.5. One instant, corner to
    // corner.
    for (const TouchingRule rule : {TouchingRule::closed, TouchingRule::open}) {
        CAPTURE(static_cast<int>(rule));
        World world(
            WorldSettings{.time_step = 1.0f, .broad_phase = "brute_force", .touching = {rule}});
        world.add_body(wall({10.0f, 0.0f}, {0.25f, 9.5f}));
        world.add_body(bullet({-0.25f, -5.125f}, {20.0f, 20.0f}, DetectionMode::discrete,
                              Response::pass_through, {0.25f, 0.25f}));
        // Sliding along the top face (bottom 4.75 = the wall's top): touching, never inside.
        world.add_body(bullet({0.0f, 4.875f}, {20.0f, 0.0f}, DetectionMode::discrete,
                              Response::pass_through, {0.25f, 0.25f}));
        // Two circles of radius 0.5 passing at exactly 1 apart (the CA path, not the slab).
        world.add_body({.position = {10.0f, 30.0f},
                        .kind = BodyKind::wall,
                        .shape = ShapeType::circle,
                        .radius = 0.5f});
        Body ball =
            bullet({0.0f, 31.0f}, {20.0f, 0.0f}, DetectionMode::discrete, Response::pass_through);
        ball.shape = ShapeType::circle;
        ball.radius = 0.5f;
        world.add_body(ball);
        world.refresh_pairs();
        world.step();
        if (rule == TouchingRule::open) {
            CHECK(world.events().empty());
            continue;
        }
        REQUIRE(world.events().size() == 3);
        for (const MotionEvent& event : world.events())
            CHECK(event.kind == MotionEventKind::tunneled);
        CHECK(world.events()[0].time_of_impact == 0.5f);
        CHECK(world.events()[0].time_of_exit == 0.5f);
        // Sliding: from its right face 0.125 reaching 9.875 (τ = 0.4875) to its left face
        // passing 10.125 (τ = 0.5125).
        CHECK(world.events()[1].time_of_impact == doctest::Approx(0.4875f));
        CHECK(world.events()[1].time_of_exit == doctest::Approx(0.5125f));
        // The circles come within the slop (5e-4) of touching around τ = 0.5:
        // √((20τ − 10)² + 1) − 1 <= 5e-4 from |20τ − 10| <= 0.0316, τ >= 0.4984.
        CHECK(world.events()[2].time_of_impact >= 0.4984f);
        CHECK(world.events()[2].time_of_impact <= 0.5f);
    }
}

TEST_CASE("ccd all: moving boxes and rotating shapes are checked and protected") {
    // A box 1 × 1 at x = 0 moving 20 a step towards a wall at x in [5, 5.5], and a circle shape
    // of radius 0.5 at y = 10 doing the same towards a wall there. The box meets the wall at
    // τ = (5 − 0.5)/20 = 0.225, the circle too (its rightmost point 0.5 + 20τ = 5).
    const auto make = [](ContinuousBodies ccd, DetectionMode detection) {
        World world(WorldSettings{.time_step = 1.0f, .broad_phase = "brute_force", .ccd = ccd});
        world.add_body(wall({5.25f, 0.0f}, {0.5f, 4.0f}));
        world.add_body(wall({5.25f, 10.0f}, {0.5f, 4.0f}));
        world.add_body(
            {.velocity = {20.0f, 0.0f}, .detection = detection, .response = Response::reflect});
        world.add_body({.position = {0.0f, 10.0f},
                        .velocity = {20.0f, 0.0f},
                        .kind = BodyKind::shape,
                        .shape = ShapeType::circle,
                        .angular_velocity = 2.0f,
                        .radius = 0.5f,
                        .detection = detection,
                        .response = Response::reflect});
        world.refresh_pairs();
        world.step();
        return world;
    };
    // Bullets only: the box and the circle pass through the walls unnoticed.
    const World bullets = make(ContinuousBodies::bullets, DetectionMode::swept);
    CHECK(bullets.events().empty());
    CHECK(bullets.bodies()[2].position.x == 20.0f);
    // All, swept: both reflect at τ = 0.225 (x = 4.5) and go back 0.775 · 20: x = −11.
    const World protected_ = make(ContinuousBodies::all, DetectionMode::swept);
    REQUIRE(protected_.events().size() == 2);
    CHECK(protected_.events()[0].body_kind == BodyKind::box);
    CHECK(protected_.events()[0].time_of_impact == doctest::Approx(0.225f));
    CHECK(protected_.events()[1].body_kind == BodyKind::shape);
    CHECK(protected_.events()[1].time_of_impact == doctest::Approx(0.225f).epsilon(1e-4));
    CHECK(protected_.bodies()[2].position.x == doctest::Approx(-11.0f));
    CHECK(protected_.bodies()[3].position.x == doctest::Approx(-11.0f).epsilon(1e-4));
    // All, discrete: both crossings are found and reported as tunneling.
    const World checked = make(ContinuousBodies::all, DetectionMode::discrete);
    REQUIRE(checked.events().size() == 2);
    CHECK(checked.events()[0].kind == MotionEventKind::tunneled);
    CHECK(checked.events()[1].kind == MotionEventKind::tunneled);
    CHECK(checked.last_counts().tunneled_bodies == 2);
}

TEST_CASE("every broad phase gives the same events, bit for bit") {
    for (const DetectionMode mode : {DetectionMode::discrete, DetectionMode::swept}) {
        World reference_bar = bar_world(mode, "brute_force");
        World reference_escape = escape_world(mode, Response::reflect, "brute_force");
        std::vector<World> bars;
        std::vector<World> escapes;
        for (const std::string& name : broad_phase_names()) {
            bars.push_back(bar_world(mode, name));
            escapes.push_back(escape_world(mode, Response::reflect, name));
        }
        for (int step = 0; step < 20; ++step) {
            reference_bar.step();
            reference_escape.step();
            for (std::size_t k = 0; k < bars.size(); ++k) {
                CAPTURE(broad_phase_names()[k]);
                bars[k].step();
                escapes[k].step();
                REQUIRE(std::ranges::equal(bars[k].events(), reference_bar.events()));
                REQUIRE(std::ranges::equal(escapes[k].events(), reference_escape.events()));
                REQUIRE(bars[k].state_hash() == reference_bar.state_hash());
            }
        }
    }
}

TEST_CASE("many bullets give each bullet's events alone (the grid of targets and the scan)") {
    // From World::target_index_min_bodies followed bodies the candidates come from a grid over
    // the targets' motion regions, below from a scan of them: bullets never meet each other, so
    // 40 bullets together (grid) must give, bullet by bullet, the events each gives alone (scan).
    const auto make = [](std::span<const Body> bullets) {
        World world(WorldSettings{.bounds = {{-30.0f, -30.0f}, {30.0f, 30.0f}},
                                  .time_step = step_60,
                                  .broad_phase = "sort_and_sweep"});
        world.add_body(wall({10.0f, 0.0f}, {6.0f, 0.4f}, quarter_turn));
        world.add_body({.position = {-8.0f, 5.0f},
                        .kind = BodyKind::wall,
                        .shape = ShapeType::circle,
                        .radius = 2.0f});
        world.add_body({.position = {0.0f, -8.0f},
                        .half_size = {4.0f, 0.2f},
                        .kind = BodyKind::shape,
                        .angular_velocity = 3.0f});
        // An enclosure, so reflecting bullets stay (passing ones escape).
        world.add_body(wall({0.0f, 25.0f}, {52.0f, 1.0f}));
        world.add_body(wall({0.0f, -25.0f}, {52.0f, 1.0f}));
        world.add_body(wall({25.0f, 0.0f}, {1.0f, 52.0f}));
        world.add_body(wall({-25.0f, 0.0f}, {1.0f, 52.0f}));
        for (const Body& body : bullets)
            world.add_body(body);
        world.refresh_pairs();
        return world;
    };
    std::mt19937 random(50);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::vector<Body> bullets;
    for (int k = 0; k < 40; ++k) {
        const glm::vec2 position{unit(random) * 20.0f, unit(random) * 20.0f};
        const glm::vec2 velocity{unit(random) * 900.0f, unit(random) * 900.0f};
        bullets.push_back(bullet(position, velocity,
                                 k % 2 ? DetectionMode::swept : DetectionMode::discrete,
                                 k % 3 ? Response::reflect : Response::pass_through));
    }
    static_assert(World::target_index_min_bodies <= 40);
    World together = make(bullets);
    std::vector<MotionEvent> all;
    for (int step = 0; step < 30; ++step) {
        together.step();
        all.insert(all.end(), together.events().begin(), together.events().end());
    }
    CHECK(all.size() > 150);
    for (std::size_t k = 0; k < bullets.size(); ++k) {
        World alone = make(std::span<const Body>(&bullets[k], 1));
        std::vector<MotionEvent> mine;
        for (int step = 0; step < 30; ++step) {
            alone.step();
            mine.insert(mine.end(), alone.events().begin(), alone.events().end());
        }
        // The bullet is body 7 alone, body 7 + k together: the same events but for its id.
        std::vector<MotionEvent> expected;
        for (MotionEvent event : all) {
            if (event.body != 7 + k) continue;
            event.body = 7;
            expected.push_back(event);
        }
        CAPTURE(k);
        CHECK(mine == expected);
    }
}

}  // namespace aabb

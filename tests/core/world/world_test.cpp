// The world steps deterministically and its pairs match brute force under any broad phase.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/geometry/overlap.hpp"
#include "core/world/world.hpp"

namespace aabb {

TEST_CASE("world pairs are the same under every broad phase, frame after frame") {
    World reference(WorldSettings{.broad_phase = "brute_force"});
    add_random_moving_boxes(reference, 300, 99);
    std::vector<std::unique_ptr<World>> others;
    for (const std::string& name : broad_phase_names()) {
        WorldSettings settings;
        settings.broad_phase = name;
        others.push_back(std::make_unique<World>(settings));
        add_random_moving_boxes(*others.back(), 300, 99);
    }
    for (int frame = 0; frame < 60; ++frame) {
        reference.step();
        for (auto& world : others) {
            world->step();
            const auto expected = reference.overlapping_pairs();
            const auto actual = world->overlapping_pairs();
            REQUIRE(std::equal(expected.begin(), expected.end(), actual.begin(), actual.end()));
        }
    }
    CHECK(reference.frame() == 60);
    CHECK_FALSE(reference.overlapping_pairs().empty());
}

TEST_CASE("switching the broad phase keeps the pairs") {
    World world;
    add_random_moving_boxes(world, 200, 5);
    world.step();
    const std::vector<BoxPair> before(world.overlapping_pairs().begin(),
                                      world.overlapping_pairs().end());
    for (const std::string& name : broad_phase_names()) {
        world.set_broad_phase(name);
        CHECK(world.broad_phase().name() == name);
        CHECK(std::equal(before.begin(), before.end(), world.overlapping_pairs().begin(),
                         world.overlapping_pairs().end()));
    }
}

TEST_CASE("bodies stay inside the bounds") {
    World world;
    add_random_moving_boxes(world, 100, 3);
    for (int frame = 0; frame < 600; ++frame)
        world.step();
    const Box2& bounds = world.settings().bounds;
    for (const Box2& box : world.world_boxes())
        CHECK(contains(bounds, box));
}

TEST_CASE("bad world input is rejected with a clear error") {
    CHECK_THROWS_WITH_AS(World(WorldSettings{.broad_phase = "nope"}), doctest::Contains("nope"),
                         std::invalid_argument);
    CHECK_THROWS_AS(World(WorldSettings{.time_step = 0.0f}), std::invalid_argument);
    World world;
    CHECK_THROWS_AS(world.add_body({.half_size = {0.0f, 1.0f}}), std::invalid_argument);
    CHECK_THROWS_AS(world.add_body({.position = {std::nanf(""), 0.0f}}), std::invalid_argument);
    CHECK(world.bodies().empty());
}

namespace {

// The curriculum's tunneling example: a wall at x in [5, 5.5], a bullet of width 1 moving 10
// per step from x = [0, 1].
World tunneling_world(DetectionMode mode, Response response, const std::string& broad_phase) {
    World world(WorldSettings{.bounds = {{-20.0f, -20.0f}, {40.0f, 20.0f}},
                              .time_step = 1.0f,
                              .broad_phase = broad_phase});
    world.add_body({.position = {5.25f, 0.0f}, .half_size = {0.25f, 2.0f}, .kind = BodyKind::wall});
    world.add_body({.position = {0.5f, 0.0f},
                    .velocity = {10.0f, 0.0f},
                    .half_size = {0.5f, 0.5f},
                    .kind = BodyKind::bullet,
                    .detection = mode,
                    .response = response});
    world.refresh_pairs();
    return world;
}

// A mixed world: walls, rotating boxes, circles, polygons, and spawners of bullets in both
// detection modes.
World mixed_world(const std::string& broad_phase) {
    World world(WorldSettings{.broad_phase = broad_phase, .seed = 77});
    const glm::vec2 hexagon[] = {{2, 0}, {1, 1.7f}, {-1, 1.7f}, {-2, 0}, {-1, -1.7f}, {1, -1.7f}};
    const PolygonId polygon = world.add_polygon(hexagon);
    for (int i = 0; i < 6; ++i) {
        world.add_body({.position = {-60.0f + 25.0f * static_cast<float>(i), 0.0f},
                        .half_size = {0.4f, 30.0f},
                        .kind = BodyKind::wall});
    }
    std::mt19937 random(5);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    for (int i = 0; i < 60; ++i) {
        Body body{.position = {unit(random) * 90.0f, unit(random) * 90.0f},
                  .velocity = {unit(random) * 20.0f, unit(random) * 20.0f},
                  .half_size = {3.0f, 0.3f},
                  .kind = BodyKind::shape,
                  .angle = unit(random) * 3.0f,
                  .angular_velocity = unit(random) * 2.0f,
                  .response = i % 2 ? Response::reflect : Response::stop};
        if (i % 3 == 1) {
            body.shape = ShapeType::circle;
            body.radius = 1.5f;
        } else if (i % 3 == 2) {
            body.shape = ShapeType::polygon;
            body.polygon = polygon;
        }
        world.add_body(body);
    }
    world.add_spawner({.position = {-95.0f, 10.0f},
                       .spread = 1.0f,
                       .speed = 400.0f,
                       .rate = 30.0f,
                       .body = {.half_size = {0.3f, 0.3f},
                                .kind = BodyKind::bullet,
                                .detection = DetectionMode::swept,
                                .response = Response::reflect}});
    world.add_spawner({.position = {-95.0f, -10.0f},
                       .spread = 1.0f,
                       .speed = 400.0f,
                       .rate = 30.0f,
                       .body = {.half_size = {0.3f, 0.3f},
                                .kind = BodyKind::bullet,
                                .detection = DetectionMode::discrete,
                                .response = Response::remove}});
    world.refresh_pairs();
    return world;
}

}  // namespace

TEST_CASE("a discrete bullet tunnels through the wall and the detector records it") {
    World world = tunneling_world(DetectionMode::discrete, Response::stop, "sort_and_sweep");
    world.step();
    CHECK(world.overlapping_pairs().empty());
    CHECK(world.contacts().empty());
    REQUIRE(world.events().size() == 1);
    const MotionEvent event = world.events()[0];
    CHECK(event.kind == MotionEventKind::tunneled);
    CHECK(event.step == 1);
    CHECK(event.body == 1);
    CHECK(event.other == 0);
    // The slab sweep: enter (5 − 1)/10 = 0.40, exit (5.5 − 0)/10 = 0.55.
    CHECK(event.time_of_impact == doctest::Approx(0.40f));
    CHECK(event.time_of_exit == doctest::Approx(0.55f));
    CHECK(world.bodies()[1].position.x == 10.5f);
    CHECK(world.last_counts().tunneling_events == 1);
    CHECK(world.last_counts().tunneled_bodies == 1);
}

TEST_CASE("a swept bullet hits at 0.40 and stops against the wall") {
    World world = tunneling_world(DetectionMode::swept, Response::stop, "sort_and_sweep");
    world.step();
    // The swept box [0, 11] went into the broad phase.
    CHECK(world.broad_phase_boxes()[1] == Box2{{0.0f, -0.5f}, {11.0f, 0.5f}});
    REQUIRE(world.events().size() == 1);
    CHECK(world.events()[0].kind == MotionEventKind::hit);
    CHECK(world.events()[0].time_of_impact == doctest::Approx(0.40f));
    const Body& bullet = world.bodies()[1];
    CHECK(bullet.velocity == glm::vec2(0.0f));
    CHECK(bullet.position.x == doctest::Approx(4.5f));
    CHECK(world.world_boxes()[1].max.x == doctest::Approx(5.0f));
    // Resting against the wall: a contact each step, never a new hit.
    world.step();
    CHECK(world.events().empty());
    CHECK(world.contacts().size() == 1);
    CHECK(world.bodies()[1].position.x == doctest::Approx(4.5f));
}

TEST_CASE("responses: reflect turns the bullet back, remove deletes it, walls never move") {
    World reflecting = tunneling_world(DetectionMode::swept, Response::reflect, "brute_force");
    reflecting.step();
    // It meets the wall at τ = 0.4 (x = 4.5) and goes back for the rest of the step:
    // 4.5 − 0.6 · 10 = −1.5.
    CHECK(reflecting.bodies()[1].velocity.x == -10.0f);
    CHECK(reflecting.bodies()[1].position.x == doctest::Approx(-1.5f));
    reflecting.step();
    CHECK(reflecting.bodies()[1].position.x == doctest::Approx(-11.5f));
    CHECK(reflecting.events().empty());

    World removing = tunneling_world(DetectionMode::swept, Response::remove, "brute_force");
    removing.step();
    CHECK(removing.bodies().size() == 1);
    CHECK(removing.body_ids()[0] == 0);
    CHECK(removing.overlapping_pairs().empty());
    CHECK(removing.total_counts().hits == 1);

    World world;
    world.add_body({.velocity = {5.0f, 5.0f}, .kind = BodyKind::wall, .angular_velocity = 3.0f});
    world.step();
    CHECK(world.bodies()[0].position == glm::vec2(0.0f));
    CHECK(world.bodies()[0].angle == 0.0f);
}

TEST_CASE("a response lasts one step, also when a body before its responder is removed") {
    World world(WorldSettings{.broad_phase = "brute_force"});
    world.add_body({.position = {-50.0f, -50.0f}});
    // Box A (1) runs into wall A (4) in the first step; box B (2), one unit a step, reaches
    // wall B (3) in the second.
    world.add_body(
        {.position = {4.0f, 0.0f}, .velocity = {1.0f, 0.0f}, .response = Response::reflect});
    world.add_body(
        {.position = {50.0f, 0.0f}, .velocity = {60.0f, 0.0f}, .response = Response::reflect});
    world.add_body({.position = {53.0f, 0.0f}, .half_size = {1.0f, 5.0f}, .kind = BodyKind::wall});
    world.add_body({.position = {5.0f, 0.0f}, .half_size = {0.5f, 5.0f}, .kind = BodyKind::wall});
    world.step();
    CHECK(world.bodies()[1].velocity.x == -1.0f);
    CHECK(world.bodies()[2].velocity.x == 60.0f);
    // Now A is body 0 and B body 1, where A's response was kept: B must get its own.
    world.remove_body(0);
    world.step();
    CHECK(world.bodies()[0].velocity.x == -1.0f);
    CHECK(world.bodies()[1].velocity.x == -60.0f);
    world.step();
    CHECK(world.bodies()[1].velocity.x == -60.0f);
}

TEST_CASE("plain box flags follow adds, rotation, removal and clear") {
    World world;
    world.add_body({.position = {0.0f, 0.0f}});
    world.add_body({.position = {3.0f, 0.0f}, .kind = BodyKind::wall});
    world.add_body({.position = {6.0f, 0.0f}, .shape = ShapeType::circle});
    world.add_body({.position = {9.0f, 0.0f}, .angle = 0.5f});
    // Unrotated at first, turning from the first step on.
    world.add_body({.position = {12.0f, 0.0f}, .angular_velocity = 1.0f});
    const auto flags = [&] {
        return std::vector<std::uint8_t>(world.plain_boxes().begin(), world.plain_boxes().end());
    };
    CHECK(flags() == std::vector<std::uint8_t>{1, 0, 0, 0, 1});
    world.step();
    CHECK(flags() == std::vector<std::uint8_t>{1, 0, 0, 0, 0});
    world.remove_body(1);
    CHECK(flags() == std::vector<std::uint8_t>{1, 0, 0, 0});
    for (std::size_t i = 0; i < world.bodies().size(); ++i)
        CHECK((world.plain_boxes()[i] != 0) == is_plain_box(world.bodies()[i]));
    // An unrotated box keeps no vertices (its world box is its shape), nor a circle; a rotated
    // box keeps four.
    CHECK(world.vertex_ranges()[0].count == 0);
    CHECK(world.vertex_ranges()[1].count == 0);
    CHECK(world.vertex_ranges()[2].count == 4);
    CHECK(world.vertex_ranges()[3].count == 4);
    world.clear();
    CHECK(world.plain_boxes().empty());
}

TEST_CASE("world boxes come from the local box and the current angle, never grow") {
    World world;
    world.add_body({.half_size = {1.0f, 0.05f}, .kind = BodyKind::shape, .angular_velocity = 0.7f});
    for (int frame = 0; frame < 3000; ++frame)
        world.step();
    const float angle = world.bodies()[0].angle;
    const float c = std::abs(std::cos(angle));
    const float s = std::abs(std::sin(angle));
    const glm::vec2 extents = world.world_boxes()[0].extents();
    CHECK(extents.x == doctest::Approx(c * 1.0f + s * 0.05f));
    CHECK(extents.y == doctest::Approx(s * 1.0f + c * 0.05f));
}

TEST_CASE("candidate pairs split into contacts and false positives") {
    World world;
    const glm::vec2 across{-0.70710678f, 0.70710678f};
    for (int k = 0; k < 4; ++k) {
        world.add_body({.position = across * (3.0f * static_cast<float>(k)),
                        .half_size = {10.0f, 0.5f},
                        .kind = BodyKind::shape,
                        .angle = 0.785398163f});
    }
    // And one circle lying across the first bar: a true contact.
    world.add_body({.position = {0.0f, 0.0f}, .kind = BodyKind::shape, .shape = ShapeType::circle});
    world.step();
    const auto flags = world.pair_is_contact();
    REQUIRE(flags.size() == world.overlapping_pairs().size());
    CHECK(world.last_counts().candidate_pairs == 6 + 4);
    CHECK(world.last_counts().contacts == 1);
    CHECK(world.last_counts().false_positives == 9);
    REQUIRE(world.contacts().size() == 1);
    CHECK(world.contacts()[0].first == 0);
    CHECK(world.contacts()[0].second == 4);
}

TEST_CASE("the same world gives the same state hash; the hash sees every change") {
    World first = mixed_world("sort_and_sweep");
    World second = mixed_world("sort_and_sweep");
    CHECK(first.state_hash() == second.state_hash());
    const std::uint64_t initial = first.state_hash();
    for (int frame = 0; frame < 240; ++frame) {
        first.step();
        second.step();
    }
    CHECK(first.state_hash() == second.state_hash());
    CHECK(first.state_hash() != initial);
    CHECK(first.total_counts().hits > 0);
    CHECK(first.total_counts().tunneling_events > 0);
    CHECK(first.total_counts().false_positives > 0);
}

TEST_CASE("switching broad phases mid-run keeps the state bit-identical") {
    const std::vector<std::string> names = broad_phase_names();
    World reference = mixed_world("brute_force");
    World switching = mixed_world(names.back());
    for (int frame = 0; frame < 240; ++frame) {
        if (frame % 7 == 3) switching.set_broad_phase(names[(frame / 7) % names.size()]);
        reference.step();
        switching.step();
        REQUIRE(reference.state_hash() == switching.state_hash());
        const auto expected = reference.overlapping_pairs();
        const auto actual = switching.overlapping_pairs();
        REQUIRE(std::equal(expected.begin(), expected.end(), actual.begin(), actual.end()));
        const auto expected_flags = reference.pair_is_contact();
        const auto actual_flags = switching.pair_is_contact();
        REQUIRE(std::equal(expected_flags.begin(), expected_flags.end(), actual_flags.begin(),
                           actual_flags.end()));
        REQUIRE(std::ranges::equal(reference.events(), switching.events()));
    }
    CHECK(reference.total_counts().candidate_pairs == switching.total_counts().candidate_pairs);
    CHECK(reference.total_counts().tunneling_events == switching.total_counts().tunneling_events);
}

TEST_CASE("every broad phase runs the mixed world to the same hash") {
    World reference = mixed_world("brute_force");
    for (int frame = 0; frame < 120; ++frame)
        reference.step();
    for (const std::string& name : broad_phase_names()) {
        CAPTURE(name);
        World world = mixed_world(name);
        for (int frame = 0; frame < 120; ++frame)
            world.step();
        CHECK(world.state_hash() == reference.state_hash());
    }
}

TEST_CASE("switching after adding a body keeps pairs and their classification aligned") {
    World world = tunneling_world(DetectionMode::swept, Response::stop, "sort_and_sweep");
    world.step();
    world.add_body({.position = {4.5f, 0.0f}, .half_size = {0.2f, 0.2f}});
    world.set_broad_phase("brute_force");
    CHECK(world.pair_is_contact().size() == world.overlapping_pairs().size());
    CHECK(world.overlapping_pairs().size() == 2);
    CHECK(world.contacts().size() == 2);
}

TEST_CASE("bad shapes and spawners are rejected") {
    World world;
    const glm::vec2 clockwise[] = {{0, 0}, {0, 1}, {1, 1}};
    CHECK_THROWS_AS(world.add_polygon(clockwise), std::invalid_argument);
    CHECK_THROWS_AS(world.add_body({.shape = ShapeType::polygon, .polygon = 3}),
                    std::invalid_argument);
    CHECK_THROWS_AS(world.add_body({.shape = ShapeType::circle, .radius = -1.0f}),
                    std::invalid_argument);
    CHECK_THROWS_AS(world.add_body({.angle = std::nanf("")}), std::invalid_argument);
    CHECK_THROWS_AS(world.add_spawner({.rate = 0.0f}), std::invalid_argument);
    CHECK_THROWS_AS(world.add_spawner({.spread = -1.0f}), std::invalid_argument);
    CHECK(world.bodies().empty());
    CHECK(world.spawners().empty());
}

TEST_CASE("spawners emit at their rate and stop at their limit") {
    World world(WorldSettings{.time_step = 0.1f});
    world.add_spawner({.rate = 5.0f, .limit = 7, .body = {.kind = BodyKind::shape}});
    for (int frame = 0; frame < 10; ++frame)
        world.step();
    CHECK(world.bodies().size() == 5);
    for (int frame = 0; frame < 20; ++frame)
        world.step();
    CHECK(world.bodies().size() == 7);
    world.clear();
    CHECK(world.spawners().empty());
    CHECK(world.frame() == 0);
}

TEST_CASE("the world reports contact points of each true contact, on request") {
    World world(WorldSettings{.broad_phase = "brute_force"});
    // Boxes [−1,1]² and [0.5,2.5]×[−0.5,1.5]: overlap 0.5 along x, so the incident edge is the
    // second box's left face x = 0.5, clipped to the first box's y range [−1, 1].
    world.add_body({.position = {0.0f, 0.0f}, .half_size = {1.0f, 1.0f}});
    world.add_body({.position = {1.5f, 0.5f}, .half_size = {1.0f, 1.0f}});
    // Two circles of radius 1, centers 1.5 apart: one point midway, (30.75, 0).
    world.add_body({.position = {30.0f, 0.0f},
                    .kind = BodyKind::shape,
                    .shape = ShapeType::circle,
                    .radius = 1.0f});
    world.add_body({.position = {31.5f, 0.0f},
                    .kind = BodyKind::shape,
                    .shape = ShapeType::circle,
                    .radius = 1.0f});
    // A thin bar turned 45° whose box overlaps a box in its empty corner: a false positive,
    // with no contact points.
    world.add_body({.position = {-30.0f, 0.0f},
                    .half_size = {2.0f, 0.1f},
                    .kind = BodyKind::shape,
                    .angle = 0.78539816f});
    world.add_body({.position = {-31.0f, 1.0f}, .half_size = {0.4f, 0.4f}});
    world.refresh_pairs();
    REQUIRE(world.overlapping_pairs().size() == 3);
    REQUIRE(world.contacts().size() == 2);

    const std::vector<PairContactPoints> points = world.contact_points();
    REQUIRE(points.size() == world.contacts().size());
    CHECK(points[0].first == 0);
    CHECK(points[0].second == 1);
    REQUIRE(points[0].manifold.count == 2);
    const float low = std::min(points[0].manifold.points[0].y, points[0].manifold.points[1].y);
    const float high = std::max(points[0].manifold.points[0].y, points[0].manifold.points[1].y);
    CHECK(points[0].manifold.points[0].x == doctest::Approx(0.5f));
    CHECK(points[0].manifold.points[1].x == doctest::Approx(0.5f));
    CHECK(low == doctest::Approx(-0.5f));
    CHECK(high == doctest::Approx(1.0f));
    CHECK(points[0].manifold.normal == glm::vec2(1.0f, 0.0f));
    CHECK(points[0].manifold.depth == doctest::Approx(0.5f));
    CHECK(points[1].first == 2);
    CHECK(points[1].second == 3);
    REQUIRE(points[1].manifold.count == 1);
    CHECK(points[1].manifold.points[0].x == doctest::Approx(30.75f));
    CHECK(points[1].manifold.points[0].y == doctest::Approx(0.0f));

    // Stepping moves nothing here (no velocities), and the points follow the same contacts.
    world.step();
    CHECK(world.contact_points().size() == world.contacts().size());
}

TEST_CASE("many pairs (the counting-sort path) come out sorted and equal to brute force") {
    // 2,000 boxes in a 40 x 40 square: tens of thousands of pairs, above the 4,096 where the
    // world sorts pairs by counting; body 0 is a long wall across all of them, so one bucket
    // holds hundreds of pairs (the std::sort fallback inside a bucket).
    WorldSettings settings;
    settings.broad_phase = "sort_and_sweep";
    World world(settings);
    Body wall;
    wall.half_size = {20.0f, 0.5f};
    world.add_body(wall);
    std::uint32_t state = 12345;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return static_cast<float>(state >> 8) / static_cast<float>(1u << 24);
    };
    for (int i = 0; i < 2000; ++i) {
        Body body;
        body.half_size = {0.5f + next(), 0.5f + next()};
        body.position = {40.0f * next() - 20.0f, 40.0f * next() - 20.0f};
        world.add_body(body);
    }
    world.refresh_pairs();
    const auto boxes = world.world_boxes();
    std::vector<BoxPair> expected;
    for (BoxId a = 0; a < boxes.size(); ++a) {
        for (BoxId b = a + 1; b < boxes.size(); ++b) {
            if (overlaps(boxes[a], boxes[b], TouchingPolicy{})) expected.push_back({a, b});
        }
    }
    REQUIRE(expected.size() > 4096);
    const auto actual = world.overlapping_pairs();
    CHECK(std::count_if(expected.begin(), expected.end(),
                        [](const BoxPair& pair) { return pair.first == 0; }) > 32);
    CHECK(std::vector<BoxPair>(actual.begin(), actual.end()) == expected);
}

}  // namespace aabb

namespace aabb {

TEST_CASE("the bullet count follows adds, removals, bullets leaving the world and clear") {
    World world;
    const auto counted = [&world] {
        return static_cast<std::size_t>(
            std::count_if(world.bodies().begin(), world.bodies().end(),
                          [](const Body& body) { return body.kind == BodyKind::bullet; }));
    };
    add_random_moving_boxes(world, 50, 4);
    CHECK(world.bullet_count() == 0);
    for (int i = 0; i < 6; ++i) {
        Body bullet{.position = {-90.0f + 30.0f * static_cast<float>(i), 0.0f},
                    .velocity = {0.0f, 2000.0f * static_cast<float>(i % 2)},
                    .half_size = {0.2f, 0.2f},
                    .kind = BodyKind::bullet};
        world.add_body(bullet);
    }
    CHECK(world.bullet_count() == 6);
    world.remove_body(world.bodies().size() - 1);  // a moving bullet
    CHECK(world.bullet_count() == 5);
    world.remove_body(0);  // a box
    CHECK(world.bullet_count() == 5);
    // The two other moving bullets (odd i) leave the world within a few steps.
    for (int step = 0; step < 12; ++step)
        world.step();
    CHECK(world.bullet_count() == counted());
    CHECK(world.bullet_count() == 3);
    const World copy = world;
    CHECK(copy.bullet_count() == 3);
    world.clear();
    CHECK(world.bullet_count() == 0);
}

}  // namespace aabb

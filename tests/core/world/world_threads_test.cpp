// The step's loops over bodies and pairs on two threads (WorldSettings::threads): a world past
// World::parallel_step_min_bodies, with every kind of body and shape, must step to the same
// state, pairs, contacts, vertices and counts bit for bit as on one thread.

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <stdexcept>

#include "core/world/world.hpp"

namespace aabb {

namespace {

// A float in [low, high) from the generator's top 24 bits.
float uniform(std::mt19937& random, float low, float high) {
    const float unit = static_cast<float>(random() >> 8) * (1.0f / 16777216.0f);
    return low + (high - low) * unit;
}

// Plain boxes, rotating boxes, circles and polygons (so that vertices are written in chunks
// all over the bodies), walls, and bullets of both modes with every response.
World large_mixed_world(int threads) {
    World world(WorldSettings{.bounds = {{-400.0f, -400.0f}, {400.0f, 400.0f}},
                              .broad_phase = "banded_sort_and_sweep",
                              .threads = threads});
    const glm::vec2 pentagon[] = {
        {1, 0}, {0.3f, 0.95f}, {-0.8f, 0.6f}, {-0.8f, -0.6f}, {0.3f, -0.95f}};
    const PolygonId polygon = world.add_polygon(pentagon);
    std::mt19937 random(44);
    const Response responses[] = {Response::pass_through, Response::stop, Response::reflect,
                                  Response::remove};
    const std::size_t count = World::parallel_step_min_bodies + 5000;
    for (std::size_t i = 0; i < count; ++i) {
        Body body;
        body.position = {uniform(random, -395.0f, 395.0f), uniform(random, -395.0f, 395.0f)};
        body.velocity = {uniform(random, -20.0f, 20.0f), uniform(random, -20.0f, 20.0f)};
        body.half_size = {uniform(random, 0.3f, 1.2f), uniform(random, 0.3f, 1.2f)};
        body.response = responses[i % 4];
        switch (i % 23) {
            case 3:
                body.kind = BodyKind::shape;
                body.angular_velocity = uniform(random, -2.0f, 2.0f);
                break;
            case 7:
                body.kind = BodyKind::shape;
                body.shape = ShapeType::circle;
                body.radius = body.half_size.x;
                break;
            case 11:
                body.kind = BodyKind::shape;
                body.shape = ShapeType::polygon;
                body.polygon = polygon;
                body.angle = uniform(random, 0.0f, 3.0f);
                body.angular_velocity = uniform(random, -2.0f, 2.0f);
                break;
            case 13:
                body.kind = BodyKind::wall;
                body.velocity = {0.0f, 0.0f};
                break;
            case 17:
            case 19:
                body.kind = BodyKind::bullet;
                body.half_size = {0.2f, 0.2f};
                body.velocity *= 40.0f;
                body.detection = i % 23 == 17 ? DetectionMode::swept : DetectionMode::discrete;
                break;
            default:
                break;
        }
        world.add_body(body);
    }
    world.refresh_pairs();
    return world;
}

}  // namespace

TEST_CASE("A world on two threads steps exactly as on one") {
    World one = large_mixed_world(1);
    World two = large_mixed_world(2);
    for (int step = 0; step < 12; ++step) {
        one.step();
        two.step();
        REQUIRE(one.state_hash() == two.state_hash());
        REQUIRE(one.bodies().size() == two.bodies().size());
        REQUIRE(std::ranges::equal(one.overlapping_pairs(), two.overlapping_pairs()));
        REQUIRE(std::ranges::equal(one.pair_is_contact(), two.pair_is_contact()));
        REQUIRE(one.contacts().size() == two.contacts().size());
        for (std::size_t k = 0; k < one.contacts().size(); ++k) {
            const Contact& a = one.contacts()[k];
            const Contact& b = two.contacts()[k];
            REQUIRE(a.first == b.first);
            REQUIRE(a.second == b.second);
            REQUIRE(a.time_of_impact == b.time_of_impact);
            REQUIRE(a.contact.normal == b.contact.normal);
            REQUIRE(a.contact.separation == b.contact.separation);
        }
        REQUIRE(std::ranges::equal(
            one.world_boxes(), two.world_boxes(),
            [](const Box2& a, const Box2& b) { return a.min == b.min && a.max == b.max; }));
        REQUIRE(std::ranges::equal(one.plain_boxes(), two.plain_boxes()));
        REQUIRE(std::ranges::equal(one.vertices(), two.vertices()));
        REQUIRE(std::ranges::equal(one.vertex_ranges(), two.vertex_ranges(),
                                   [](const VertexRange& a, const VertexRange& b) {
                                       return a.offset == b.offset && a.count == b.count;
                                   }));
        REQUIRE(one.last_counts().hits == two.last_counts().hits);
        REQUIRE(one.last_counts().tunneling_events == two.last_counts().tunneling_events);
        REQUIRE(std::ranges::equal(one.events(), two.events()));
    }
    // The loops did run on two threads, and the scene kept rotated bodies with vertices.
    CHECK(one.step_threads() == 1);
    CHECK(two.step_threads() == 2);
    CHECK(two.vertices().size() > 10000);
    CHECK(two.total_counts().hits > 0);
    CHECK(two.total_counts().contacts > 0);
}

TEST_CASE("A small world keeps its loops on the caller") {
    World world(WorldSettings{.threads = 2});
    add_random_moving_boxes(world, 1000, 3);
    world.step();
    CHECK(world.step_threads() == 1);
}

TEST_CASE("A world copy makes its own threads when it steps") {
    World original = large_mixed_world(2);
    original.step();
    REQUIRE(original.step_threads() == 2);
    World copy(original);
    CHECK(copy.step_threads() == 1);
    copy.step();
    original.step();
    CHECK(copy.step_threads() == 2);
    CHECK(copy.state_hash() == original.state_hash());
}

TEST_CASE("World threads outside 0..2 are refused, naming the setting") {
    for (const int threads : {-1, 3, 64}) {
        CHECK_THROWS_WITH_AS(World(WorldSettings{.threads = threads}),
                             doctest::Contains("threads must be 0 (automatic), 1 or 2"),
                             std::invalid_argument);
    }
}

}  // namespace aabb

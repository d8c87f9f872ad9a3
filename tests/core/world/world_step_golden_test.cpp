// The world's step, pinned bit for bit: a mixed world (boxes, circles, walls, discrete and
// swept bullets with every response) stepped 240 times must end in the state and the counts
// recorded when this test was written. Optimisations of the step (fast paths for unrotated
// bodies, fewer passes) must not change a single bit. The world is made without std::cos or
// std::sin (their last bit may differ between libm builds), so the recorded values hold on any
// x86-64 machine. Re-recorded for issue 50, which changed what a step detects: times of
// impact of the shapes (not their boxes), detection before bullets leaving the world are
// removed, reflecting swept bullets going on from the contact.

#include <doctest/doctest.h>

#include <cstdint>
#include <random>

#include "core/world/world.hpp"

namespace aabb {

namespace {

// A float in [low, high) from the generator's top 24 bits: exact, the same everywhere.
float uniform(std::mt19937& random, float low, float high) {
    const float unit = static_cast<float>(random() >> 8) * (1.0f / 16777216.0f);
    return low + (high - low) * unit;
}

World mixed_world() {
    World world(WorldSettings{.broad_phase = "banded_sort_and_sweep"});
    std::mt19937 random(2026);
    const auto add = [&](BodyKind kind, ShapeType shape, float size, float speed, Response response,
                         DetectionMode detection) {
        Body body;
        body.kind = kind;
        body.shape = shape;
        body.position = {uniform(random, -95.0f, 95.0f), uniform(random, -95.0f, 95.0f)};
        body.velocity = {uniform(random, -speed, speed), uniform(random, -speed, speed)};
        body.half_size = {uniform(random, 0.3f, 1.0f) * size, uniform(random, 0.3f, 1.0f) * size};
        body.radius = uniform(random, 0.3f, 1.0f) * size;
        body.response = response;
        body.detection = detection;
        world.add_body(body);
    };
    for (int i = 0; i < 1500; ++i)
        add(BodyKind::box, ShapeType::box, 1.5f, 20.0f, Response::reflect, DetectionMode::discrete);
    for (int i = 0; i < 60; ++i)
        add(BodyKind::shape, ShapeType::circle, 1.5f, 15.0f, Response::reflect,
            DetectionMode::discrete);
    for (int i = 0; i < 24; ++i)
        add(BodyKind::wall, ShapeType::box, 6.0f, 0.0f, Response::pass_through,
            DetectionMode::discrete);
    const Response responses[] = {Response::pass_through, Response::stop, Response::reflect,
                                  Response::remove};
    for (int i = 0; i < 160; ++i) {
        add(BodyKind::bullet, ShapeType::box, 0.3f, 600.0f, responses[i % 4],
            i % 2 == 0 ? DetectionMode::discrete : DetectionMode::swept);
    }
    world.refresh_pairs();
    return world;
}

}  // namespace

TEST_CASE("a mixed world steps to the recorded state, bit for bit") {
    World world = mixed_world();
    for (int step = 0; step < 240; ++step)
        world.step();
    const DetectionCounts& totals = world.total_counts();
    CHECK(world.state_hash() == 14709483077297224502ull);
    CHECK(world.bodies().size() == 1623);
    CHECK(totals.candidate_pairs == 127862);
    CHECK(totals.contacts == 127075);
    CHECK(totals.hits == 736);
    CHECK(totals.tunneling_events == 1009);
}

}  // namespace aabb

#include "app/bench/physics/physics_scenes.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace aabb::bench {

namespace {

// Box2D's testbed settings: one step of 1/60 s, 8 velocity and 3 position iterations.
constexpr float time_step = 1.0f / 60.0f;
constexpr int velocity_iterations = 8;
constexpr int position_iterations = 3;

// Every fixture of the scene in creation order (fixture i is box id i).
using Fixtures = std::vector<b2Fixture*>;

b2Fixture* add_box(b2Body* body, float half_width, float half_height, b2Vec2 center,
                   float density) {
    b2PolygonShape shape;
    shape.SetAsBox(half_width, half_height, center, 0.0f);
    return body->CreateFixture(&shape, density);
}

b2Body* add_body(b2World& world, b2BodyType type, b2Vec2 position) {
    b2BodyDef definition;
    definition.type = type;
    definition.position = position;
    return world.CreateBody(&definition);
}

// The testbed's "Pyramid": unit boxes in rows 1.125 apart, each row half a step right of the
// one below and one box higher, on a static ground box whose top is y = 0. The rows are as wide
// as box_count − 1 boxes need; the top row holds what remains.
void build_pyramid(b2World& world, std::size_t box_count, Fixtures& fixtures) {
    const std::size_t boxes = box_count - 1;
    std::size_t base = 1;
    while (base * (base + 1) / 2 < boxes)
        ++base;
    const float spacing = 1.125f;
    const float half_span = 0.5f * spacing * static_cast<float>(base);
    b2Body* ground = add_body(world, b2_staticBody, b2Vec2(0.0f, -0.5f));
    fixtures.push_back(add_box(ground, half_span + 10.0f, 0.5f, b2Vec2(0.0f, 0.0f), 0.0f));
    std::size_t placed = 0;
    for (std::size_t row = 0; placed < boxes; ++row) {
        const float left = -half_span + 0.5f + 0.5f * spacing * static_cast<float>(row);
        for (std::size_t column = 0; column + row < base && placed < boxes; ++column, ++placed) {
            b2Body* body = add_body(world, b2_dynamicBody,
                                    b2Vec2(left + spacing * static_cast<float>(column),
                                           0.75f + static_cast<float>(row)));
            fixtures.push_back(add_box(body, 0.5f, 0.5f, b2Vec2(0.0f, 0.0f), 5.0f));
        }
    }
}

// The testbed's "Tumbler": a container of four walls on a motor turning at 0.05π rad/s, with
// boxes of side 0.25 (density 1). The testbed drops 800 into a 20 × 20 container one a step,
// so a recording would start with a near-empty container; here all of them start as a pile on
// the container's floor, in rows 0.3 apart with every other row shifted half a pitch (so boxes
// land on edges and slide, not in still columns), and the container is scaled so the boxes
// fill the same eighth of its area.
void build_tumbler(b2World& world, std::size_t box_count, Fixtures& fixtures) {
    const std::size_t boxes = box_count - 4;
    const float side = std::max(std::sqrt(0.5f * static_cast<float>(boxes)), 4.0f);
    const float half = 0.5f * side;
    const b2Vec2 centre(0.0f, half);

    b2Body* ground = add_body(world, b2_staticBody, b2Vec2(0.0f, 0.0f));
    b2BodyDef container_definition;
    container_definition.type = b2_dynamicBody;
    container_definition.allowSleep = false;
    container_definition.position = centre;
    b2Body* container = world.CreateBody(&container_definition);
    const float density = 5.0f;
    fixtures.push_back(add_box(container, 0.5f, half, b2Vec2(half, 0.0f), density));
    fixtures.push_back(add_box(container, 0.5f, half, b2Vec2(-half, 0.0f), density));
    fixtures.push_back(add_box(container, half, 0.5f, b2Vec2(0.0f, half), density));
    fixtures.push_back(add_box(container, half, 0.5f, b2Vec2(0.0f, -half), density));

    b2RevoluteJointDef motor;
    motor.bodyA = ground;
    motor.bodyB = container;
    motor.localAnchorA = centre;
    motor.localAnchorB.SetZero();
    motor.referenceAngle = 0.0f;
    motor.motorSpeed = 0.05f * std::numbers::pi_v<float>;
    // The testbed's 1e8 for a 20-unit container, grown with the container's moment of inertia
    // (side⁴) so the larger container turns as steadily.
    motor.maxMotorTorque = 1e8f * std::pow(side / 20.0f, 4.0f);
    motor.enableMotor = true;
    world.CreateJoint(&motor);

    // The walls' inner faces are 0.5 inside `half`; boxes keep a 0.25 margin from them.
    const float pitch = 0.3f;
    const float inner = half - 0.5f;
    const auto columns = static_cast<std::size_t>((2.0f * (inner - 0.25f) - pitch) / pitch);
    const float left = -inner + 0.25f + 0.125f;
    const float floor = -inner + 0.125f + 0.05f;
    for (std::size_t i = 0; i < boxes; ++i) {
        const std::size_t row = i / columns;
        const float shift = row % 2 == 1 ? 0.5f * pitch : 0.0f;
        const b2Vec2 position(centre.x + left + shift + pitch * static_cast<float>(i % columns),
                              centre.y + floor + pitch * static_cast<float>(row));
        b2Body* body = add_body(world, b2_dynamicBody, position);
        fixtures.push_back(add_box(body, 0.125f, 0.125f, b2Vec2(0.0f, 0.0f), 1.0f));
    }
}

// Bodies raining onto a floor of static unit tiles: half the boxes are tiles, edge to edge in
// rows stacked on each other (so every tile touches its neighbours, a static-static pair a
// broad phase must still report), the other half boxes of side 0.5 falling in staggered rows
// 1.5 apart, the lowest 1 above the floor.
void build_rain(b2World& world, std::size_t box_count, Fixtures& fixtures) {
    const std::size_t tiles = box_count / 2;
    const std::size_t drops = box_count - tiles;
    const auto width =
        static_cast<std::size_t>(std::ceil(2.0 * std::sqrt(static_cast<double>(tiles))));
    for (std::size_t i = 0; i < tiles; ++i) {
        b2Body* tile = add_body(
            world, b2_staticBody,
            b2Vec2(static_cast<float>(i % width) + 0.5f, -0.5f - static_cast<float>(i / width)));
        fixtures.push_back(add_box(tile, 0.5f, 0.5f, b2Vec2(0.0f, 0.0f), 0.0f));
    }
    // Drops: one column per tile, alternate rows shifted by a third and two thirds of a tile.
    for (std::size_t i = 0; i < drops; ++i) {
        const std::size_t row = i / width;
        const float shift = static_cast<float>(row % 3) / 3.0f;
        const b2Vec2 position(
            std::fmod(static_cast<float>(i % width) + 0.5f + shift, static_cast<float>(width)),
            1.25f + 1.5f * static_cast<float>(row));
        b2Body* body = add_body(world, b2_dynamicBody, position);
        fixtures.push_back(add_box(body, 0.25f, 0.25f, b2Vec2(0.0f, 0.0f), 1.0f));
    }
}

// Ragdoll-like chains: links of 1 × 0.25 joined end to end by revolute joints, each chain
// hanging from a static anchor box and starting horizontal, so it falls and swings. Chains of
// 20 links (the last one shorter) are 2 apart in x and 1 in y, so swinging chains cross.
void build_chains(b2World& world, std::size_t box_count, Fixtures& fixtures) {
    constexpr std::size_t links_per_chain = 20;
    std::size_t left = box_count;
    for (std::size_t chain = 0; left > 0; ++chain) {
        const b2Vec2 anchor_position(
            2.0f * static_cast<float>(chain % 64),
            50.0f + 25.0f * static_cast<float>(chain / 64) + static_cast<float>(chain % 2));
        b2Body* previous = add_body(world, b2_staticBody, anchor_position);
        fixtures.push_back(add_box(previous, 0.25f, 0.25f, b2Vec2(0.0f, 0.0f), 0.0f));
        --left;
        for (std::size_t link = 0; link < links_per_chain && left > 0; ++link, --left) {
            b2Body* body = add_body(
                world, b2_dynamicBody,
                b2Vec2(anchor_position.x + 0.5f + static_cast<float>(link), anchor_position.y));
            fixtures.push_back(add_box(body, 0.5f, 0.125f, b2Vec2(0.0f, 0.0f), 20.0f));
            b2RevoluteJointDef joint;
            joint.Initialize(
                previous, body,
                b2Vec2(anchor_position.x + static_cast<float>(link), anchor_position.y));
            joint.collideConnected = false;
            world.CreateJoint(&joint);
            previous = body;
        }
    }
}

// A pile that avalanches: boxes of side 0.5 stacked in a block on a static slope of 35°
// (steeper than friction 0.6 holds, tan 35° = 0.7), sliding and tumbling down to a static
// floor. The slope and the floor are two of the boxes.
void build_avalanche(b2World& world, std::size_t box_count, Fixtures& fixtures) {
    const std::size_t boxes = box_count - 2;
    const auto columns =
        static_cast<std::size_t>(std::ceil(std::sqrt(2.0 * static_cast<double>(boxes))));
    const float pitch = 0.55f;
    const float angle = 35.0f * std::numbers::pi_v<float> / 180.0f;
    const b2Vec2 downhill(std::cos(angle), -std::sin(angle));
    const b2Vec2 normal(std::sin(angle), std::cos(angle));
    const float slope_length = pitch * static_cast<float>(columns) + 4.0f;
    const b2Vec2 top(0.0f, slope_length * std::sin(angle));
    // The slope: its top face runs from `top` down to the floor (y = 0).
    const b2Vec2 slope_centre = top + 0.5f * slope_length * downhill - 0.5f * normal;
    b2Body* slope = add_body(world, b2_staticBody, slope_centre);
    b2PolygonShape slope_shape;
    slope_shape.SetAsBox(0.5f * slope_length, 0.5f, b2Vec2(0.0f, 0.0f), -angle);
    fixtures.push_back(slope->CreateFixture(&slope_shape, 0.0f));
    const float floor_half = 2.0f * slope_length;
    b2Body* floor = add_body(world, b2_staticBody, b2Vec2(top.x + slope_length, -0.5f));
    fixtures.push_back(add_box(floor, floor_half, 0.5f, b2Vec2(0.0f, 0.0f), 0.0f));
    for (std::size_t i = 0; i < boxes; ++i) {
        const float along = 1.0f + pitch * static_cast<float>(i % columns);
        const float up = 0.26f + pitch * static_cast<float>(i / columns);
        b2BodyDef definition;
        definition.type = b2_dynamicBody;
        definition.position = top + along * downhill + up * normal;
        definition.angle = -angle;
        b2Body* body = world.CreateBody(&definition);
        b2PolygonShape shape;
        shape.SetAsBox(0.25f, 0.25f);
        b2FixtureDef fixture;
        fixture.shape = &shape;
        fixture.density = 1.0f;
        fixture.friction = 0.6f;
        fixtures.push_back(body->CreateFixture(&fixture));
    }
}

// Every fixture's tight AABB at its body's transform now (not the broad phase's fattened or
// swept one), appended as one frame. It includes the polygon's skin, b2_polygonRadius (0.01),
// which is part of the shape Box2D collides.
void record_frame(const Fixtures& fixtures, Trace& trace) {
    for (const b2Fixture* fixture : fixtures) {
        b2AABB box;
        fixture->GetShape()->ComputeAABB(&box, fixture->GetBody()->GetTransform(), 0);
        trace.boxes.push_back(
            Box2{{box.lowerBound.x, box.lowerBound.y}, {box.upperBound.x, box.upperBound.y}});
    }
}

}  // namespace

Trace simulate_physics_scene(PhysicsScene scene, std::size_t box_count, int frame_count) {
    b2World world(b2Vec2(0.0f, -10.0f));
    Fixtures fixtures;
    fixtures.reserve(box_count);
    switch (scene) {
        case PhysicsScene::pyramid:
            build_pyramid(world, box_count, fixtures);
            break;
        case PhysicsScene::tumbler:
            build_tumbler(world, box_count, fixtures);
            break;
        case PhysicsScene::rain:
            build_rain(world, box_count, fixtures);
            break;
        case PhysicsScene::chains:
            build_chains(world, box_count, fixtures);
            break;
        case PhysicsScene::avalanche:
            build_avalanche(world, box_count, fixtures);
            break;
    }
    Trace trace;
    trace.box_count = fixtures.size();
    trace.frame_count = frame_count;
    trace.boxes.reserve(fixtures.size() * static_cast<std::size_t>(frame_count));
    record_frame(fixtures, trace);
    for (int frame = 1; frame < frame_count; ++frame) {
        world.Step(time_step, velocity_iterations, position_iterations);
        record_frame(fixtures, trace);
    }
    return trace;
}

}  // namespace aabb::bench

#include "app/bench/physics/physics_scenes.hpp"

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
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

// Bullets fired through walls: lanes, one above the other, each a static floor (whose underside
// is the ceiling of the lane below), two static end walls and walls of unit boxes (4 wide, 12
// high, 8 apart) standing on the floor; the top lane has a static ceiling. One body in 256, at
// least 1 and at most max_bullets, is a bullet (Box2D's continuous collision, bodyDef.bullet): a
// box of side 0.25 (density 10) fired along its lane at 100 m/s (1.7 units a step) from a gap
// between two walls. A bullet is refired once it has flown 90 frames or slowed below 50 m/s
// (stopped in a wall or the debris), so bullets are in flight in every frame; the gap, height and
// direction of each shot come from a shot counter, not a random generator. The lanes are as many
// walls long as makes the whole about as wide as it is high.
class Guns {
  public:
    Guns(b2World& world, std::size_t box_count, Fixtures& fixtures) {
        constexpr std::size_t wall_columns = 4;
        constexpr std::size_t wall_rows = 12;
        constexpr std::size_t per_wall = wall_columns * wall_rows;
        const std::size_t bullets = std::clamp<std::size_t>(box_count / 256, 1, max_bullets);
        // Lanes as long as makes the whole about square (a lane is 16 high, a wall 8 long),
        // then as many lanes as the wall boxes need; the statics are 3 a lane and the ceiling.
        const auto walls_for = [&](std::size_t boxes) {
            return std::max<std::size_t>(1, (boxes + per_wall - 1) / per_wall);
        };
        walls_per_lane_ = std::max<std::size_t>(
            2, static_cast<std::size_t>(std::round(
                   std::sqrt(2.0 * static_cast<double>(walls_for(box_count - bullets))))));
        std::size_t lanes = 1;
        while (walls_for(box_count - bullets - 3 * lanes - 1) > lanes * walls_per_lane_)
            ++lanes;
        lanes_ = lanes;
        std::size_t boxes = box_count - bullets - 3 * lanes - 1;
        lane_length_ = wall_pitch * static_cast<float>(walls_per_lane_) + 4.0f;
        for (std::size_t lane = 0; lane < lanes; ++lane) {
            const float floor_top = lane_height * static_cast<float>(lane);
            b2Body* statics = add_body(world, b2_staticBody, b2Vec2(0.0f, floor_top));
            fixtures.push_back(add_box(statics, 0.5f * lane_length_ + 1.0f, 0.5f,
                                       b2Vec2(0.5f * lane_length_, -0.5f), 0.0f));
            const float end_half = 0.5f * (lane_height - 1.0f);
            fixtures.push_back(add_box(statics, 0.5f, end_half, b2Vec2(-0.5f, end_half), 0.0f));
            fixtures.push_back(
                add_box(statics, 0.5f, end_half, b2Vec2(lane_length_ + 0.5f, end_half), 0.0f));
        }
        b2Body* ceiling =
            add_body(world, b2_staticBody, b2Vec2(0.0f, lane_height * static_cast<float>(lanes)));
        fixtures.push_back(add_box(ceiling, 0.5f * lane_length_ + 1.0f, 0.5f,
                                   b2Vec2(0.5f * lane_length_, -0.5f), 0.0f));
        // Wall boxes, wall by wall along each lane, bottom row first, 1.02 apart vertically so
        // they settle onto each other; side by side they touch.
        for (std::size_t i = 0; boxes > 0; ++i, --boxes) {
            const std::size_t wall = i / per_wall;
            const std::size_t lane = wall / walls_per_lane_;
            const std::size_t in_wall = i % per_wall;
            const float x = 4.0f + wall_pitch * static_cast<float>(wall % walls_per_lane_) +
                            static_cast<float>(in_wall % wall_columns);
            const float y = lane_height * static_cast<float>(lane) + 0.51f +
                            1.02f * static_cast<float>(in_wall / wall_columns);
            b2Body* body = add_body(world, b2_dynamicBody, b2Vec2(x, y));
            fixtures.push_back(add_box(body, 0.5f, 0.5f, b2Vec2(0.0f, 0.0f), wall_density));
        }
        for (std::size_t i = 0; i < bullets; ++i) {
            b2BodyDef definition;
            definition.type = b2_dynamicBody;
            definition.bullet = true;
            b2Body* body = world.CreateBody(&definition);
            fixtures.push_back(add_box(body, 0.125f, 0.125f, b2Vec2(0.0f, 0.0f), bullet_density));
            bullets_.push_back({body, 0});
            // Every bullet flies from frame 0; their lifetimes are staggered (as if fired up to
            // `lifetime` frames ago) so that later shots spread over the frames.
            fire(bullets_.back(), -static_cast<int>(i % lifetime));
        }
    }

    // Before the step that makes frame `frame`: refires the bullets that are due.
    void before_step(int frame) {
        for (Bullet& bullet : bullets_) {
            const int age = frame - bullet.fired;
            const float speed_squared = bullet.body->GetLinearVelocity().LengthSquared();
            if (age >= lifetime || (age > 2 && speed_squared < min_speed * min_speed))
                fire(bullet, frame);
        }
    }

  private:
    struct Bullet {
        b2Body* body;
        // The frame of the last shot.
        int fired;
    };
    // Box2D 2.4 scans every contact of the world for each time-of-impact event, so each bullet
    // costs stepping time in proportion to the scene: measured on 2 shared cores at 10k, 156
    // bullets (1 in 64) made a step 0.8 s, against 0.11 s with 10 (walls of density 1 then).
    // A fixed number keeps recording time in proportion to the box count.
    static constexpr std::size_t max_bullets = 32;
    // Heavy wall boxes and lighter bullets: a shot knocks boxes loose and slows in the wall
    // rather than scattering it, since flying debris made Box2D's steps 3× slower (745 against
    // 254 ms a step at 10k, measured on shared cores) and the scene a pile within seconds.
    static constexpr float wall_density = 5.0f;
    static constexpr float bullet_density = 10.0f;
    static constexpr float wall_pitch = 8.0f;
    static constexpr float lane_height = 16.0f;
    static constexpr float speed = 100.0f;
    static constexpr float min_speed = 50.0f;
    static constexpr int lifetime = 90;

    void fire(Bullet& bullet, int frame) {
        const std::size_t shot = shots_++;
        // Lane, gap, height and direction vary from shot to shot, from the shot counter alone.
        const std::size_t lane = (shot * 7) % lanes_;
        const std::size_t gap = (shot * 5 + shot / lanes_) % (walls_per_lane_ + 1);
        const float height = 0.5f + static_cast<float>((shot * 3) % 11);
        const bool rightward = (shot / 2) % 2 == 0;
        // Gap g lies before wall g (the last one after the last wall), 2 units before it.
        const float x = 2.0f + wall_pitch * static_cast<float>(gap);
        bullet.body->SetTransform(b2Vec2(std::min(x, lane_length_ - 1.0f),
                                         lane_height * static_cast<float>(lane) + height),
                                  0.0f);
        bullet.body->SetLinearVelocity(b2Vec2(rightward ? speed : -speed, 0.0f));
        bullet.body->SetAngularVelocity(0.0f);
        bullet.body->SetAwake(true);
        bullet.fired = frame;
    }

    std::vector<Bullet> bullets_;
    std::size_t lanes_ = 1;
    std::size_t walls_per_lane_ = 2;
    float lane_length_ = 0.0f;
    std::size_t shots_ = 0;
};

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
    std::optional<Guns> guns;  // The bullets scene's, which refire between steps.
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
        case PhysicsScene::bullets:
            guns.emplace(world, box_count, fixtures);
            break;
    }
    Trace trace;
    trace.box_count = fixtures.size();
    trace.frame_count = frame_count;
    trace.boxes.reserve(fixtures.size() * static_cast<std::size_t>(frame_count));
    record_frame(fixtures, trace);
    for (int frame = 1; frame < frame_count; ++frame) {
        if (guns) guns->before_step(frame);
        world.Step(time_step, velocity_iterations, position_iterations);
        record_frame(fixtures, trace);
    }
    return trace;
}

}  // namespace aabb::bench

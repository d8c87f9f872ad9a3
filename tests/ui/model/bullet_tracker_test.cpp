// Bullet history on the UI side: the curriculum's tunneling example gives one tunneling record
// with the exact start, impact, exit and end poses; swept detection gives a hit at 0.40.

#include <doctest/doctest.h>

#include <filesystem>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"
#include "ui/model/bullet_tracker.hpp"

namespace aabb::ui {

namespace {

void step_tracked(World& world, BulletTracker& tracker, int steps) {
    for (int i = 0; i < steps; ++i) {
        tracker.before_step(world);
        world.step();
        tracker.after_step(world);
    }
}

Scene tunneling_scene() {
    return load_scene(std::filesystem::path(AABB_SOURCE_DIR) / "scenes/tunneling.json");
}

}  // namespace

TEST_CASE("a discrete bullet through the thin wall leaves one tunneling record with its poses") {
    World world = build_world(tunneling_scene());
    BulletTracker tracker;
    step_tracked(world, tracker, 3);
    REQUIRE(tracker.events().size() == 1);
    const BulletEventRecord& event = tracker.events().front();
    CHECK(event.tunneled());
    CHECK(event.motion.step == 1);
    CHECK(tracker.tunneling_count() == 1);
    // Bullet x = [0, 1] → [10, 11]; wall x = [5, 5.5]: touch at 0.40, leave at 0.55.
    CHECK(event.motion.time_of_impact == doctest::Approx(0.4f));
    CHECK(event.motion.time_of_exit == doctest::Approx(0.55f));
    CHECK(event.start.x == doctest::Approx(0.5f));
    CHECK(event.motion.body_pose.position.x == doctest::Approx(4.5f));
    CHECK(event.exit.x == doctest::Approx(6.0f));
    CHECK(event.end.x == doctest::Approx(10.5f));
    // The trail follows the bullet: start plus one point per step.
    const auto ids = world.body_ids();
    const auto trail = tracker.trail(ids[1]);
    REQUIRE(trail.size() == 4);
    CHECK(trail.front().x == doctest::Approx(0.5f));
    CHECK(trail.back().x == doctest::Approx(30.5f));
    REQUIRE(tracker.start_position(ids[1]) != nullptr);
    CHECK(tracker.start_position(ids[1])->x == doctest::Approx(20.5f));
    tracker.clear();
    CHECK(tracker.events().empty());
    CHECK(tracker.trailed_bullets().empty());
}

TEST_CASE("a swept bullet records a hit at the time of impact and no tunneling") {
    Scene scene = tunneling_scene();
    set_bullet_detection(scene, DetectionMode::swept);
    World world = build_world(scene);
    BulletTracker tracker;
    step_tracked(world, tracker, 2);
    REQUIRE_FALSE(tracker.events().empty());
    const BulletEventRecord& event = tracker.events().front();
    CHECK_FALSE(event.tunneled());
    CHECK(event.motion.time_of_impact == doctest::Approx(0.4f));
    CHECK(event.motion.body_pose.position.x == doctest::Approx(4.5f));
    // The wall stands still: only the bullet gets a ghost at τ.
    CHECK_FALSE(event.other_moved);
    CHECK(tracker.tunneling_count() == 0);
}

TEST_CASE("a bullet met by a spinning bar: both shapes are kept to draw them at τ") {
    // The spinning bar (half-size (1, 0.05), 3 rad/s, steps of 1/60 s) and a circle
    // bullet of radius 0.1 at rest at (0, 0.8): they touch at θ = 1.38218 (0.8·cos θ − 0.05 =
    // 0.1 with θ measured from the vertical), in step 28 (world_continuous_test.cpp).
    World world(WorldSettings{.time_step = 1.0f / 60.0f, .broad_phase = "brute_force"});
    world.add_body({.half_size = {1.0f, 0.05f}, .kind = BodyKind::shape, .angular_velocity = 3.0f});
    world.add_body({.position = {0.0f, 0.8f},
                    .kind = BodyKind::bullet,
                    .shape = ShapeType::circle,
                    .radius = 0.1f,
                    .detection = DetectionMode::swept,
                    .response = Response::stop});
    world.refresh_pairs();
    BulletTracker tracker;
    step_tracked(world, tracker, 30);
    REQUIRE_FALSE(tracker.events().empty());
    const BulletEventRecord& event = tracker.events().front();
    CHECK(event.motion.step == 28);
    // The bullet's own shape, and the bar's, which turned in the step: its pose at τ is not
    // where it is drawn now, so it gets a ghost too.
    CHECK(event.shape.shape == ShapeType::circle);
    CHECK(event.shape.radius == 0.1f);
    CHECK(event.other_moved);
    CHECK(event.other_shape.shape == ShapeType::box);
    CHECK(event.other_shape.half_size == glm::vec2(1.0f, 0.05f));
    CHECK(event.motion.other_pose.angle == doctest::Approx(1.38218f).epsilon(1e-4));
    CHECK(event.motion.other_pose.angle != world.bodies()[0].angle);
}

TEST_CASE("a bullet the step removes keeps its own shape for its ghost") {
    // A circle bullet of radius 0.25 at 10 a step from x = 0, removed at the wall at x = 5
    // (faces 4.9): it touches at τ = (4.9 − 0.25) / 10 = 0.465 and is gone after the step.
    World world(WorldSettings{.time_step = 1.0f, .broad_phase = "brute_force"});
    world.add_body({.position = {5.0f, 0.0f}, .half_size = {0.1f, 2.0f}, .kind = BodyKind::wall});
    world.add_body({.velocity = {10.0f, 0.0f},
                    .kind = BodyKind::bullet,
                    .shape = ShapeType::circle,
                    .radius = 0.25f,
                    .detection = DetectionMode::swept,
                    .response = Response::remove});
    world.refresh_pairs();
    BulletTracker tracker;
    step_tracked(world, tracker, 1);
    REQUIRE(tracker.events().size() == 1);
    CHECK(world.bodies().size() == 1);
    const BulletEventRecord& event = tracker.events().front();
    CHECK(event.motion.time_of_impact == doctest::Approx(0.465f).epsilon(1e-3));
    CHECK(event.shape.shape == ShapeType::circle);
    CHECK(event.shape.radius == 0.25f);
    CHECK(event.path_ends_at_impact);
    CHECK_FALSE(event.other_moved);
}

TEST_CASE("the event list keeps only the most recent events") {
    Scene scene = load_scene(std::filesystem::path(AABB_SOURCE_DIR) / "scenes/bullet_storm.json");
    World world = build_world(scene);
    BulletTracker tracker;
    step_tracked(world, tracker, 600);
    CHECK(tracker.events().size() <= BulletTracker::event_capacity);
    CHECK(tracker.tunneling_count() > 0);
    for (const BodyId id : tracker.trailed_bullets())
        CHECK(tracker.trail(id).size() <= BulletTracker::trail_length);
}

}  // namespace aabb::ui

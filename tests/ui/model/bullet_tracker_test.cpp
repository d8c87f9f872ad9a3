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
    CHECK(event.tunneled);
    CHECK(event.frame == 1);
    CHECK(tracker.tunneling_count() == 1);
    // Bullet x = [0, 1] → [10, 11]; wall x = [5, 5.5]: touch at 0.40, leave at 0.55.
    CHECK(event.time_of_impact == doctest::Approx(0.4f));
    CHECK(event.time_of_exit == doctest::Approx(0.55f));
    CHECK(event.start.x == doctest::Approx(0.5f));
    CHECK(event.impact.x == doctest::Approx(4.5f));
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
    CHECK_FALSE(event.tunneled);
    CHECK(event.time_of_impact == doctest::Approx(0.4f));
    CHECK(event.impact.x == doctest::Approx(4.5f));
    CHECK(tracker.tunneling_count() == 0);
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

// The Tunneling panel's model: the tracker keeps the core's events (hit, tunneled, escaped) as
// World::events() gave them, the body filter, going back to an event's step through the
// history with the event still listed, Clear, and the ccd switch reaching the world.

#include <doctest/doctest.h>

#include "core/scene/headless_run.hpp"
#include "ui/model/event_filter.hpp"
#include "ui/model/event_jump.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

namespace {

/// A controller on `scene`, stepped `steps` times.
SimulationController stepped(const char* scene, int steps) {
    SimulationController simulation({.scene_path = scene});
    for (int i = 0; i < steps; ++i) {
        simulation.request_single_step();
        simulation.set_paused(true);
        (void)simulation.advance_frame();
    }
    return simulation;
}

}  // namespace

TEST_CASE("event list: the tracker holds the core's events, escaped included, as headless") {
    // Discrete (the scene's default): tunneled through the wall, then escaped (the scene's
    // description works both τ out).
    const SimulationController simulation = stepped("tests/data/escape_after_wall.json", 2);
    HeadlessOptions options;
    options.scene = "tests/data/escape_after_wall.json";
    options.frames = 2;
    const HeadlessReport report = run_scene_headless(options);
    const auto& events = simulation.bullets().events();
    REQUIRE(events.size() == report.events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        CHECK(events[i].motion == report.events[i]);
    CHECK(events[0].motion.kind == MotionEventKind::tunneled);
    CHECK(events[1].motion.kind == MotionEventKind::escaped);
}

TEST_CASE("event list: the body filter matches either side, digits only") {
    CHECK(parse_body_filter("") == std::nullopt);
    CHECK(parse_body_filter(" 12 ") == BodyId{12});
    CHECK(parse_body_filter("#3") == BodyId{3});
    CHECK(parse_body_filter("1x") == std::nullopt);
    CHECK(parse_body_filter("-1") == std::nullopt);
    const SimulationController simulation = stepped("scenes/bullet_storm.json", 60);
    const auto& events = simulation.bullets().events();
    REQUIRE(events.size() > 10);
    CHECK(filter_events(events, std::nullopt).size() == events.size());
    const BodyId bullet = events.back().motion.body;
    const BodyId wall = events.back().motion.other;
    for (const std::size_t i : filter_events(events, bullet))
        CHECK((events[i].motion.body == bullet || events[i].motion.other == bullet));
    // A wall is the other side of its events.
    const auto of_wall = filter_events(events, wall);
    CHECK(!of_wall.empty());
    for (const std::size_t i : of_wall)
        CHECK(events[i].motion.other == wall);
    const auto indices = filter_events(events, bullet);
    CHECK(motion_events(events, indices).size() == indices.size());
    std::size_t kinds = 0;
    for (const MotionEventKind kind :
         {MotionEventKind::hit, MotionEventKind::tunneled, MotionEventKind::escaped})
        kinds += count_kind(events, indices, kind);
    CHECK(kinds == indices.size());
}

TEST_CASE("event list: going back to an event's step keeps it listed, at its step") {
    SimulationController simulation = stepped("scenes/bullet_storm.json", 60);
    const auto& events = simulation.bullets().events();
    REQUIRE(events.size() > 2);
    const MotionEvent target = events[events.size() / 2].motion;
    REQUIRE(target.step < 60);
    CHECK(go_back_to_step(simulation, target.step) == target.step);
    CHECK(simulation.paused());
    CHECK(simulation.world().frame() == target.step);
    bool listed = false;
    for (const BulletEventRecord& event : simulation.bullets().events()) {
        CHECK(event.motion.step <= target.step);
        listed = listed || event.motion == target;
    }
    CHECK(listed);
    // Forward is out of reach: nothing moves.
    CHECK(go_back_to_step(simulation, target.step + 5) == target.step);
}

TEST_CASE("event list: an event older than the history goes back as far as it can") {
    SimulationController simulation = stepped("scenes/bullet_storm.json", 5);
    CHECK(go_back_to_step(simulation, 0) == 0);
    CHECK(simulation.history().empty());
}

TEST_CASE("event list: Clear forgets the events, not the world") {
    SimulationController simulation = stepped("tests/data/escape_after_wall.json", 2);
    const std::uint64_t hash = simulation.world().state_hash();
    REQUIRE(!simulation.bullets().events().empty());
    simulation.clear_events();
    CHECK(simulation.bullets().events().empty());
    CHECK(simulation.world().state_hash() == hash);
}

TEST_CASE("event list: the ccd switch reaches the world and step back undoes it") {
    SimulationController simulation = stepped("scenes/rotating_bars.json", 1);
    CHECK(simulation.world().settings().ccd == ContinuousBodies::bullets);
    simulation.set_continuous_bodies(ContinuousBodies::all);
    CHECK(simulation.world().settings().ccd == ContinuousBodies::all);
    simulation.request_single_step();
    (void)simulation.advance_frame();
    CHECK(simulation.world().settings().ccd == ContinuousBodies::all);
    REQUIRE(simulation.step_back());
    REQUIRE(simulation.step_back());
    CHECK(simulation.world().settings().ccd == ContinuousBodies::bullets);
}

}  // namespace aabb::ui

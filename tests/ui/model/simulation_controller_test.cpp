// Play controls: pause, single step, fractional and fast speeds, respawn, broad-phase switch.

#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/scene/scene_file.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

TEST_CASE("simulation controller loads the requested scene") {
    const SimulationController simulation(
        {.body_count = 120, .seed = 7, .broad_phase = "brute_force"});
    CHECK(simulation.world().bodies().size() == 120);
    CHECK(simulation.world().broad_phase().name() == "brute_force");
    CHECK(simulation.world().frame() == 0);
    // The same seed gives the same scene as the core's own generator.
    World reference;
    add_random_moving_boxes(reference, 120, 7);
    CHECK(reference.bodies()[42].position == simulation.world().bodies()[42].position);
}

TEST_CASE("one step per frame by default, none while paused, exactly one on single step") {
    SimulationController simulation({.body_count = 10});
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.world().frame() == 1);
    simulation.set_paused(true);
    CHECK(simulation.advance_frame() == 0);
    CHECK(simulation.advance_frame() == 0);
    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.advance_frame() == 0);
    CHECK(simulation.world().frame() == 2);
    simulation.set_paused(false);
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.last_steps() == 1);
}

TEST_CASE("speed changes how many fixed steps a frame takes, never the time step") {
    SimulationController simulation({.body_count = 10});
    const float time_step = simulation.world().settings().time_step;
    simulation.set_steps_per_frame(3.0f);
    CHECK(simulation.advance_frame() == 3);
    simulation.set_steps_per_frame(0.25f);
    int steps = 0;
    for (int frame = 0; frame < 8; ++frame)
        steps += simulation.advance_frame();
    CHECK(steps == 2);  // slow motion: every fourth frame
    CHECK(simulation.world().settings().time_step == time_step);
    simulation.set_steps_per_frame(1000.0f);
    CHECK(simulation.steps_per_frame() == SimulationController::max_steps_per_frame);
    simulation.set_steps_per_frame(0.0f);
    CHECK(simulation.steps_per_frame() == SimulationController::min_steps_per_frame);
    CHECK_THROWS_AS(simulation.set_steps_per_frame(std::nanf("")), std::invalid_argument);
}

TEST_CASE("respawn replaces the bodies and keeps the broad phase, absurd counts are rejected") {
    SimulationController simulation({.body_count = 50, .seed = 1, .broad_phase = "brute_force"});
    simulation.advance_frame();
    simulation.respawn(80, 9);
    CHECK(simulation.world().bodies().size() == 80);
    CHECK(simulation.world().frame() == 0);
    CHECK(simulation.scene().body_count == 80);
    CHECK(simulation.scene().seed == 9);
    CHECK(simulation.world().broad_phase().name() == "brute_force");
    // The window takes a million boxes (`--count 1000000`), and no more.
    CHECK(SimulationController::max_body_count == 1'000'000);
    CHECK_THROWS_AS(simulation.respawn(SimulationController::max_body_count + 1, 1),
                    std::invalid_argument);
    CHECK(simulation.world().bodies().size() == 80);
    CHECK_THROWS_AS(SimulationController({.body_count = SimulationController::max_body_count + 1}),
                    std::invalid_argument);
}

TEST_CASE("switching broad phase keeps the pairs, an unknown name changes nothing") {
    SimulationController simulation({.body_count = 300, .seed = 3});
    simulation.advance_frame();
    const std::vector<BoxPair> before(simulation.world().overlapping_pairs().begin(),
                                      simulation.world().overlapping_pairs().end());
    for (const std::string& name : broad_phase_names()) {
        simulation.select_broad_phase(name);
        CHECK(simulation.scene().broad_phase == name);
        const auto after = simulation.world().overlapping_pairs();
        CHECK(std::equal(before.begin(), before.end(), after.begin(), after.end()));
    }
    const std::string last = simulation.scene().broad_phase;
    CHECK_THROWS_AS(simulation.select_broad_phase("no_such_algorithm"), std::invalid_argument);
    CHECK(simulation.scene().broad_phase == last);
    CHECK_THROWS_AS(SimulationController({.broad_phase = "no_such_algorithm"}),
                    std::invalid_argument);
}

}  // namespace aabb::ui

namespace aabb::ui {

TEST_CASE("scene files load, reset reloads, and a bad file leaves the running scene alone") {
    const std::string tunneling = std::string(AABB_SOURCE_DIR) + "/scenes/tunneling.json";
    SimulationController simulation({.body_count = 10});
    CHECK(simulation.scene_path().empty());
    CHECK(simulation.scene_description().title == "Random moving boxes");
    const auto generation = simulation.world_generation();
    simulation.load_scene_file(tunneling);
    CHECK(simulation.world_generation() > generation);
    CHECK(simulation.world().bodies().size() == 2);
    CHECK(simulation.scene_description().title.starts_with("Tunneling"));
    simulation.advance_frame();
    CHECK(simulation.world().frame() == 1);
    simulation.reset();
    CHECK(simulation.world().frame() == 0);
    CHECK(simulation.world().bodies().size() == 2);

    CHECK_THROWS_AS(simulation.load_scene_file("scenes/no-such-scene.json"), SceneError);
    CHECK(simulation.world().bodies().size() == 2);
    CHECK(simulation.scene_path() == tunneling);

    const SimulationController from_request({.scene_path = tunneling});
    CHECK(from_request.world().bodies().size() == 2);
    simulation.respawn(5, 3);
    CHECK(simulation.scene_path().empty());
    CHECK(simulation.world().bodies().size() == 5);
}

}  // namespace aabb::ui

namespace aabb::ui {

TEST_CASE("step back restores the previous states; auto-pause stops at the first tunneling") {
    const std::string tunneling = std::string(AABB_SOURCE_DIR) + "/scenes/tunneling.json";
    SimulationController simulation({.scene_path = tunneling});
    simulation.set_pause_on_tunneling(true);
    CHECK(simulation.advance_frame() == 1);
    // The bullet crossed the wall in step 1: paused, disarmed, the marker recorded.
    CHECK(simulation.paused());
    CHECK_FALSE(simulation.pause_on_tunneling());
    REQUIRE(simulation.auto_pause().has_value());
    CHECK(simulation.auto_pause()->cause == AutoPause::Cause::tunneling);
    CHECK(simulation.auto_pause()->step == 1);
    CHECK(simulation.bullets().tunneling_count() == 1);
    CHECK(simulation.advance_frame() == 0);

    simulation.request_single_step();
    CHECK(simulation.advance_frame() == 1);
    CHECK(simulation.world().frame() == 2);
    const std::uint64_t at_two = simulation.world().state_hash();
    CHECK(simulation.history().size() == 2);
    // The bullet (x 0.5 → 10.5 → 20.5, a step of 10) started step 2 at 10.5.
    const BodyId bullet = simulation.world().body_ids()[1];
    REQUIRE(simulation.bullets().start_position(bullet) != nullptr);
    CHECK(simulation.bullets().start_position(bullet)->x == doctest::Approx(10.5f));
    CHECK(simulation.step_back());
    CHECK(simulation.world().frame() == 1);
    // Back at step 1, its start (the swept region's other end) is known at once: 0.5.
    REQUIRE(simulation.bullets().start_position(bullet) != nullptr);
    CHECK(simulation.bullets().start_position(bullet)->x == doctest::Approx(0.5f));
    CHECK(simulation.step_back());
    CHECK(simulation.world().frame() == 0);
    // Before the first step nothing moved.
    CHECK(simulation.bullets().start_position(bullet) == nullptr);
    CHECK(simulation.bullets().tunneling_count() == 0);
    CHECK_FALSE(simulation.step_back());
    simulation.request_single_step();
    simulation.advance_frame();
    simulation.request_single_step();
    simulation.advance_frame();
    CHECK(simulation.world().state_hash() == at_two);
}

TEST_CASE("auto-pause on the first contact of a chosen body") {
    SimulationController simulation({.body_count = 0});
    simulation.load_scene_file(std::string(AABB_SOURCE_DIR) + "/scenes/rotating_bars.json");
    REQUIRE(simulation.world().bodies().size() > 1);
    // Pick a body that has a contact within a few hundred steps.
    World probe = simulation.world();
    std::optional<BodyId> target;
    for (int i = 0; i < 600 && !target; ++i) {
        probe.step();
        if (!probe.contacts().empty()) target = probe.body_ids()[probe.contacts()[0].first];
    }
    REQUIRE(target.has_value());
    simulation.set_steps_per_frame(SimulationController::max_steps_per_frame);
    simulation.set_pause_on_contact_of(target);
    for (int frame = 0; frame < 100 && !simulation.paused(); ++frame)
        simulation.advance_frame();
    CHECK(simulation.paused());
    CHECK_FALSE(simulation.pause_on_contact_of().has_value());
    REQUIRE(simulation.auto_pause().has_value());
    CHECK(simulation.auto_pause()->cause == AutoPause::Cause::contact);
    CHECK(simulation.auto_pause()->body == *target);
    CHECK(simulation.auto_pause()->step == simulation.world().frame());
    bool has_contact = false;
    for (const Contact& contact : simulation.world().contacts()) {
        has_contact = has_contact || simulation.world().body_ids()[contact.first] == *target ||
                      simulation.world().body_ids()[contact.second] == *target;
    }
    CHECK(has_contact);
}

}  // namespace aabb::ui

namespace aabb::ui {

TEST_CASE("editor commands change the world and step back undoes them") {
    SimulationController simulation({.body_count = 0});
    Body box{.position = {0.0f, 0.0f}, .half_size = {1.0f, 1.0f}};
    const BodyId first = simulation.add_body(box);
    box.position = {1.5f, 0.0f};
    const BodyId second = simulation.add_body(box);
    CHECK(simulation.world().bodies().size() == 2);
    CHECK(simulation.world().overlapping_pairs().size() == 1);

    simulation.move_body(second, {10.0f, 0.0f}, true);
    CHECK(simulation.world().overlapping_pairs().empty());
    simulation.remove_body(first);
    CHECK(simulation.world().bodies().size() == 1);
    simulation.remove_body(999);  // gone already: nothing happens
    simulation.clear_bodies();
    CHECK(simulation.world().bodies().empty());

    CHECK(simulation.step_back());  // before clear
    CHECK(simulation.world().bodies().size() == 1);
    CHECK(simulation.step_back());  // before remove
    CHECK(simulation.world().bodies().size() == 2);
    CHECK(simulation.step_back());  // before move
    CHECK(simulation.world().overlapping_pairs().size() == 1);

    Body bad = box;
    bad.half_size = {-1.0f, 1.0f};
    CHECK_THROWS_AS(simulation.add_body(bad), std::invalid_argument);
    CHECK(simulation.world().bodies().size() == 2);
}

TEST_CASE("broad-phase options from the panel reach the world and keep the pairs") {
    SimulationController simulation({.body_count = 300, .seed = 4});
    simulation.advance_frame();
    const std::vector<BoxPair> before(simulation.world().overlapping_pairs().begin(),
                                      simulation.world().overlapping_pairs().end());
    simulation.select_broad_phase("uniform_grid", {{"cell_size", 3.0}});
    CHECK(simulation.world().settings().broad_phase_options.at("cell_size") == 3.0);
    const auto after = simulation.world().overlapping_pairs();
    CHECK(std::equal(before.begin(), before.end(), after.begin(), after.end()));
    // A bad option is refused and the running broad phase and its options stay.
    CHECK_THROWS_AS(simulation.select_broad_phase("uniform_grid", {{"cell_size", -1.0}}),
                    std::invalid_argument);
    CHECK(simulation.world().broad_phase().name() == "uniform_grid");
    CHECK(simulation.world().settings().broad_phase_options.at("cell_size") == 3.0);
}

}  // namespace aabb::ui

namespace aabb::ui {

TEST_CASE("the scene-wide detection switch replays the scene with every bullet in that mode") {
    const std::string tunneling = std::string(AABB_SOURCE_DIR) + "/scenes/tunneling.json";
    SimulationController simulation({.scene_path = tunneling});
    CHECK(simulation.bullet_detection() == DetectionMode::discrete);
    for (int step = 0; step < 3; ++step)
        simulation.advance_frame();
    // The curriculum's bullet passes the wall unseen in discrete mode.
    CHECK(simulation.bullets().tunneling_count() == 1);

    const auto generation = simulation.world_generation();
    simulation.set_bullet_detection(DetectionMode::swept);
    CHECK(simulation.world_generation() > generation);
    CHECK(simulation.world().frame() == 0);  // replayed from the start
    CHECK(simulation.bullet_detection() == DetectionMode::swept);
    for (const Body& body : simulation.world().bodies()) {
        if (body.kind == BodyKind::bullet) CHECK(body.detection == DetectionMode::swept);
    }
    for (int step = 0; step < 3; ++step)
        simulation.advance_frame();
    // Swept: it hits at 0.40 and stops, nothing tunnels.
    CHECK(simulation.bullets().tunneling_count() == 0);
    REQUIRE_FALSE(simulation.bullets().events().empty());
    CHECK_FALSE(simulation.bullets().events().front().tunneled());
    CHECK(simulation.bullets().events().front().motion.time_of_impact == doctest::Approx(0.4f));

    // Reset (R) keeps the chosen mode; loading another file brings its own modes back.
    simulation.reset();
    CHECK(simulation.bullet_detection() == DetectionMode::swept);
    simulation.load_scene_file(std::string(AABB_SOURCE_DIR) + "/scenes/bullet_storm.json");
    CHECK(simulation.bullet_detection() == simulation.scene_description().detection);
    // A bad file leaves the mode and the world as they were.
    simulation.set_bullet_detection(DetectionMode::swept);
    CHECK_THROWS(simulation.load_scene_file("scenes/no-such-scene.json"));
    CHECK(simulation.bullet_detection() == DetectionMode::swept);
}

}  // namespace aabb::ui

namespace aabb::ui {

TEST_CASE("a step over the resource budget pauses with the scene's name instead of ending") {
    Scene scene;
    SceneSpawner pile;
    pile.spawner.position = {0.0f, 0.0f};
    pile.spawner.speed = 0.0f;
    pile.spawner.rate = 40000.0f * 60.0f;  // 40,000 boxes at one point in the first step
    pile.spawner.body.half_size = {0.5f, 0.5f};
    scene.spawners.push_back(pile);
    SimulationController simulation;
    simulation.load_scene(scene, "pile.json");
    CHECK(simulation.advance_frame() == 0);
    CHECK(simulation.paused());
    // The failed step is undone.
    CHECK(simulation.world().frame() == 0);
    CHECK(simulation.world().bodies().empty());
    REQUIRE(simulation.auto_pause().has_value());
    CHECK(simulation.auto_pause()->cause == AutoPause::Cause::failure);
    const std::string& message = simulation.auto_pause()->message;
    INFO(message);
    CHECK(message.find("scene pile.json, step 1: sort_and_sweep: ") == 0);
    CHECK(message.find("above the budget of 33554432 (max_pairs)") != std::string::npos);
    // Paused means paused: the next frame takes no step and nothing throws.
    CHECK(simulation.advance_frame() == 0);
}

}  // namespace aabb::ui

namespace aabb::ui {

TEST_CASE("the requested resource budget holds for every world the controller builds") {
    SceneRequest request;
    request.body_count = 10;
    request.resource_budget.max_pairs = 50;
    SimulationController simulation(request);
    CHECK(simulation.world().resource_budget().max_pairs == 50);
    simulation.respawn(20, 3);
    CHECK(simulation.world().resource_budget().max_pairs == 50);
    // A loaded scene keeps it too: 15 boxes at one point need 105 pairs, above 50.
    Scene scene;
    BoxField pile;
    pile.count = 15;
    pile.region = {{0.0f, 0.0f}, {0.01f, 0.01f}};
    scene.box_fields.push_back(pile);
    CHECK_THROWS_AS(simulation.load_scene(scene, "pile.json"), BudgetExceeded);
    // Nothing was half-applied: the running world is the respawned one.
    CHECK(simulation.world().bodies().size() == 20);
}

}  // namespace aabb::ui

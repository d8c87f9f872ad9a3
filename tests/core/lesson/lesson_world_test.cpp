// The lesson's world side: world targets read from and written into a scene, and the work
// limit of a headless step's run.

#include "core/lesson/lesson_world.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

#include "core/scene/scene_file.hpp"

namespace aabb::lesson {
namespace {

Scene tunneling() {
    return load_scene(std::filesystem::path(AABB_SCENES_DIR) / "tunneling.json");
}

HandleTarget world(const char* text) {
    return parse_target(text, {});
}

}  // namespace

TEST_CASE("world targets read and write the scene") {
    Scene scene = tunneling();
    const std::vector<std::string> none;
    const HandleTarget velocity = world("world.bodies[1].velocity.x");
    CHECK(read_world_field(velocity, scene, none).numbers[0] == 10.0);
    apply_world_field(velocity, HandleValue{{12, 0}}, none, scene);
    CHECK(scene.bodies[1].body.velocity == glm::vec2(12, 0));
    apply_world_field(world("world.substeps"), HandleValue{{4, 0}}, none, scene);
    CHECK(scene.world.time_step == 0.25f);
    const std::vector<std::string> modes = world_choice_names(world("world.detection"));
    CHECK(modes == std::vector<std::string>{"discrete", "swept"});
    apply_world_field(world("world.detection"), HandleValue{{1, 0}}, modes, scene);
    CHECK(scene.bodies[1].body.detection == DetectionMode::swept);
    CHECK(read_world_field(world("world.detection"), scene, modes).numbers[0] == 1.0);
    const std::vector<std::string> phases = world_choice_names(world("world.broad_phase"));
    const std::vector<std::string> choices{"bvh", "dynamic_tree"};
    apply_world_field(world("world.option.relative_margin"), HandleValue{{0.3, 0}}, none, scene);
    CHECK(scene.world.broad_phase_options.empty());  // sort_and_sweep has no such option
    apply_world_field(world("world.broad_phase"), HandleValue{{1, 0}}, choices, scene);
    CHECK(scene.world.broad_phase == "dynamic_tree");
    apply_world_field(world("world.option.relative_margin"), HandleValue{{0.3, 0}}, none, scene);
    CHECK(scene.world.broad_phase_options.at("relative_margin") == 0.3);
    apply_world_field(world("world.broad_phase"), HandleValue{{0, 0}}, choices, scene);
    CHECK(scene.world.broad_phase_options.empty());  // dropped: bvh has no such option
    CHECK(read_world_field(world("world.bodies[0].angle_deg"), scene, none).numbers[0] == 0.0);
}

TEST_CASE("world targets are checked against the scene and keep sane ranges") {
    const Scene scene = tunneling();
    const std::vector<std::string> none;
    CHECK_THROWS_WITH_AS(check_world_target(world("world.count"), scene, Range{1, 10}, none),
                         "world.count needs a scene with a box field", std::invalid_argument);
    CHECK_THROWS_WITH_AS(
        check_world_target(world("world.bodies[5].position"), scene, Range{0, 1}, none),
        "the scene has 2 bodies, so there is no body 5", std::invalid_argument);
    CHECK_THROWS_WITH_AS(check_world_target(world("world.substeps"), scene, Range{1, 100}, none),
                         "the range [1, 100] of world.substeps must lie within [1, 64]",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(check_world_target(world("world.time_step"), scene, Range{0, 1}, none),
                         "the range [0, 1] of world.time_step must lie within [1e-06, 10]",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(
        check_world_target(world("world.option.cell_size"), scene, Range{-1, 5}, none),
        "the range [-1, 5] of world.option.cell_size must lie within [0, 1e+30]",
        std::invalid_argument);
    const std::vector<std::string> bad{"sometimes"};
    CHECK_THROWS_WITH_AS(check_world_target(world("world.detection"), scene, Range{0, 0}, bad),
                         "'sometimes' is not a valid name for this target", std::invalid_argument);
    CHECK_NOTHROW(
        check_world_target(world("world.bodies[1].velocity.x"), scene, Range{1, 40}, none));
}

TEST_CASE("a step's run is limited: bodies × steps, and brute force's pair tests") {
    Scene scene;
    BoxField field;
    field.count = 20000;
    field.region = {{-100, -100}, {100, 100}};
    scene.box_fields.push_back(field);
    CHECK_NOTHROW((void)run_lesson_world(scene, 1));
    CHECK_THROWS_WITH_AS((void)run_lesson_world(scene, 600),
                         "600 world steps of 20000 bodies are above the limit of 5e6 body-steps",
                         std::invalid_argument);
    scene.world.broad_phase = "brute_force";
    scene.box_fields[0].count = 5000;
    CHECK_THROWS_WITH_AS(
        (void)run_lesson_world(scene, 100),
        "brute force over 100 world steps of 5000 bodies is above the limit of 5e8 "
        "pair tests",
        std::invalid_argument);
    scene.box_fields[0].count = 200000;  // refused before building: the build is a step too
    CHECK_THROWS_WITH_AS(
        (void)run_lesson_world(scene, 0),
        "brute force over 0 world steps of 200000 bodies is above the limit of 5e8 "
        "pair tests",
        std::invalid_argument);
    const World stepped = run_lesson_world(tunneling(), 3);
    CHECK(stepped.frame() == 3);
    CHECK(stepped.total_counts().tunneled == 1);
}

}  // namespace aabb::lesson

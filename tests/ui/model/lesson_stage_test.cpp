// A lesson step's stage: its own `stage` field, else what it draws, its handles and (for a step
// that uses the scene world) the world's bodies.

#include <doctest/doctest.h>

#include <filesystem>

#include "core/lesson/lesson_runtime.hpp"
#include "core/scene/scene_world.hpp"
#include "ui/model/lesson_stage.hpp"

namespace aabb::ui {

namespace {

lesson::LessonRuntime lesson_of(const char* file) {
    return lesson::LessonRuntime::load(std::filesystem::path(AABB_SOURCE_DIR) / "lessons" / file);
}

}  // namespace

TEST_CASE("a lesson without a scene frames what its step draws and its handles") {
    lesson::LessonRuntime runtime = lesson_of("02_box_intervals.json");
    CHECK_FALSE(step_uses_world(runtime, Box2::empty()));
    // B.min's handle at (6, 3) joins what the gadget drew.
    const Box2 drawn{{2, 2}, {5, 4}};
    const std::optional<Box2> stage = step_stage(runtime, drawn, nullptr);
    REQUIRE(stage.has_value());
    CHECK(stage->min == glm::vec2(2, 2));
    CHECK(stage->max == glm::vec2(6, 4));
    CHECK(visible_handle_anchors(runtime) == Box2{{6, 3}, {6, 3}});
}

TEST_CASE("a step about the scene world adds the world's bodies; one about its figure does not") {
    lesson::LessonRuntime runtime = lesson_of("11_ray_slabs.json");
    const World world = build_world(*runtime.scene());
    const Box2 bodies = bodies_extent(world);
    REQUIRE(bodies.is_valid());
    // The scene's boxes lie in [0, 40] × [-20, 20], each up to 3 wide.
    CHECK(bodies.min.x >= -1.5f);
    CHECK(bodies.max.x <= 41.5f);
    const Box2 slab{{0, 0}, {4, 3}};
    // Step 1 draws the slab figure only.
    CHECK_FALSE(step_uses_world(runtime, slab));
    CHECK(step_stage(runtime, slab, &world)->max.x <= 4.0f);
    // Step 7 switches the structure overlay on: the ray goes through the world's boxes.
    runtime.go_to_step(6);
    CHECK(step_uses_world(runtime, slab));
    const std::optional<Box2> stage = step_stage(runtime, slab, &world);
    REQUIRE(stage.has_value());
    CHECK(stage->max.x == doctest::Approx(bodies.max.x));
    CHECK(stage->min.y == doctest::Approx(bodies.min.y));
}

TEST_CASE("a step that draws nothing of its own frames the world; nothing at all gives none") {
    lesson::LessonRuntime runtime = lesson_of("20_worst_case_tour.json");
    CHECK(step_uses_world(runtime, Box2::empty()));
    CHECK_FALSE(step_stage(runtime, Box2::empty(), nullptr).has_value());
}

}  // namespace aabb::ui

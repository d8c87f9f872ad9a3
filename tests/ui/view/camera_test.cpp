// The canvas camera: world <-> screen transforms, pan, zoom toward the cursor, fit.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "ui/view/camera.hpp"

namespace aabb::ui {

namespace {

Camera camera_800x600() {
    Camera camera;
    camera.set_viewport({{0.0f, 0.0f}, {800.0f, 600.0f}});
    return camera;
}

void check_near(glm::vec2 actual, glm::vec2 expected) {
    CHECK(actual.x == doctest::Approx(expected.x).epsilon(1e-5));
    CHECK(actual.y == doctest::Approx(expected.y).epsilon(1e-5));
}

}  // namespace

TEST_CASE("camera maps the center to the viewport middle with y pointing up") {
    Camera camera = camera_800x600();
    camera.look_at({10.0f, 20.0f});
    camera.set_zoom(4.0f);
    check_near(camera.world_to_screen({10.0f, 20.0f}), {400.0f, 300.0f});
    // One unit right is 4 pixels right; one unit up is 4 pixels up (smaller screen y).
    check_near(camera.world_to_screen({11.0f, 20.0f}), {404.0f, 300.0f});
    check_near(camera.world_to_screen({10.0f, 21.0f}), {400.0f, 296.0f});
}

TEST_CASE("camera screen_to_world inverts world_to_screen, also with an offset viewport") {
    Camera camera;
    camera.set_viewport({{100.0f, 50.0f}, {900.0f, 650.0f}});
    camera.look_at({-3.5f, 7.25f});
    camera.set_zoom(2.5f);
    for (const glm::vec2 point :
         {glm::vec2(0.0f), glm::vec2(-100.0f, 40.0f), glm::vec2(3.0f, -9.0f)}) {
        check_near(camera.screen_to_world(camera.world_to_screen(point)), point);
    }
    check_near(camera.world_to_screen({-3.5f, 7.25f}), {500.0f, 350.0f});
}

TEST_CASE("a world box maps to a screen rect whose top edge is the box's max y") {
    Camera camera = camera_800x600();
    camera.set_zoom(10.0f);
    const ScreenRect rect = camera.world_to_screen(Box2{{-1.0f, -2.0f}, {3.0f, 4.0f}});
    check_near(rect.min, {390.0f, 260.0f});
    check_near(rect.max, {430.0f, 320.0f});
}

TEST_CASE("the visible world box is exactly what the viewport shows") {
    Camera camera = camera_800x600();
    camera.look_at({5.0f, 5.0f});
    camera.set_zoom(2.0f);
    const Box2 visible = camera.visible_world_box();
    check_near(visible.min, {5.0f - 200.0f, 5.0f - 150.0f});
    check_near(visible.max, {5.0f + 200.0f, 5.0f + 150.0f});
}

TEST_CASE("panning moves the content by exactly the mouse movement") {
    Camera camera = camera_800x600();
    camera.set_zoom(3.0f);
    const glm::vec2 world_point(12.0f, -4.0f);
    const glm::vec2 before = camera.world_to_screen(world_point);
    camera.pan_by_pixels({30.0f, -15.0f});
    check_near(camera.world_to_screen(world_point), before + glm::vec2(30.0f, -15.0f));
}

TEST_CASE("zooming keeps the world point under the cursor fixed") {
    Camera camera = camera_800x600();
    camera.look_at({1.0f, 2.0f});
    camera.set_zoom(5.0f);
    const glm::vec2 cursor(650.0f, 120.0f);
    const glm::vec2 anchor = camera.screen_to_world(cursor);
    camera.zoom_at(cursor, 1.15f);
    CHECK(camera.zoom() == doctest::Approx(5.75f));
    check_near(camera.screen_to_world(cursor), anchor);
    camera.zoom_at(cursor, 1.0f / 1.15f / 1.15f);
    check_near(camera.screen_to_world(cursor), anchor);
}

TEST_CASE("zoom clamps to its limits and rejects non-finite or non-positive factors") {
    Camera camera = camera_800x600();
    camera.zoom_at({0.0f, 0.0f}, 1e30f);
    CHECK(camera.zoom() == Camera::max_zoom);
    camera.set_zoom(1e-30f);
    CHECK(camera.zoom() == Camera::min_zoom);
    CHECK_THROWS_AS(camera.zoom_at({0.0f, 0.0f}, 0.0f), std::invalid_argument);
    CHECK_THROWS_AS(camera.zoom_at({0.0f, 0.0f}, -2.0f), std::invalid_argument);
    CHECK_THROWS_AS(camera.zoom_at({0.0f, 0.0f}, std::nanf("")), std::invalid_argument);
    CHECK_THROWS_AS(camera.set_zoom(std::numeric_limits<float>::infinity()), std::invalid_argument);
    CHECK_THROWS_AS(camera.look_at({std::nanf(""), 0.0f}), std::invalid_argument);
    CHECK(camera.zoom() == Camera::min_zoom);
}

TEST_CASE("fit centers the box and makes its limiting side fill the viewport minus margins") {
    Camera camera = camera_800x600();
    camera.fit(Box2{{-100.0f, -100.0f}, {100.0f, 100.0f}}, 24.0f);
    check_near(camera.center(), {0.0f, 0.0f});
    // Height limits: (600 - 48) / 200 pixels per unit.
    CHECK(camera.zoom() == doctest::Approx(552.0f / 200.0f));
    const ScreenRect rect = camera.world_to_screen(Box2{{-100.0f, -100.0f}, {100.0f, 100.0f}});
    CHECK(rect.min.y == doctest::Approx(24.0f));
    CHECK(rect.max.y == doctest::Approx(576.0f));
    CHECK(camera.viewport().contains(rect.min));
    CHECK(camera.viewport().contains(rect.max));
    CHECK_THROWS_AS(camera.fit(Box2::empty()), std::invalid_argument);
}

TEST_CASE("a degenerate viewport (minimized window) keeps the transforms finite") {
    Camera camera;
    camera.set_viewport({{10.0f, 10.0f}, {10.0f, 10.0f}});
    camera.fit(Box2{{0.0f, 0.0f}, {1.0f, 1.0f}});
    const glm::vec2 point = camera.world_to_screen({0.5f, 0.5f});
    CHECK(std::isfinite(point.x));
    CHECK(std::isfinite(camera.zoom()));
}

TEST_CASE("the projection matrix sends world points to the same place as world_to_screen") {
    Camera camera;
    camera.set_viewport({{0.0f, 0.0f}, {600.0f, 400.0f}});
    camera.look_at({3.0f, -2.0f});
    camera.set_zoom(7.0f);
    const glm::vec2 framebuffer(800.0f, 400.0f);
    const glm::mat4 projection = camera.projection(framebuffer);
    for (const glm::vec2 point : {glm::vec2(3.0f, -2.0f), glm::vec2(-20.0f, 11.0f)}) {
        const glm::vec4 clip = projection * glm::vec4(point, 0.0f, 1.0f);
        const glm::vec2 screen((clip.x + 1.0f) * 0.5f * framebuffer.x,
                               (1.0f - clip.y) * 0.5f * framebuffer.y);
        check_near(screen, camera.world_to_screen(point));
    }
}

}  // namespace aabb::ui

// Lesson mode's model: the lesson list, navigation that runs on across lessons, reload that
// keeps the running lesson when the edited file is broken, goals ticking, the world following
// the lesson's scene, and B locked unless the lesson unlocks the broad phase.

#include "ui/model/lesson_session.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/temporary_path.hpp"

namespace aabb::ui {

namespace {

std::string read_file(const std::filesystem::path& path) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

/// A folder of lessons for one test: copies of the box-intervals lesson under other names.
struct LessonFolder {
    std::filesystem::path path;
    std::string lesson;

    LessonFolder()
        : path(testing::unique_temporary_path("aabb_lesson_session")),
          lesson(
              read_file(std::filesystem::path(AABB_SOURCE_DIR) / "lessons/02_box_intervals.json")) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~LessonFolder() { std::filesystem::remove_all(path); }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name) << text;
    }
};

}  // namespace

TEST_CASE("lessons are listed by file name and navigation runs on across lessons") {
    LessonFolder folder;
    folder.write("01_first.json", folder.lesson);
    folder.write("02_second.json", folder.lesson);
    LessonSession session(folder.path);
    REQUIRE(session.entries().size() == 2);
    CHECK_FALSE(session.active());
    REQUIRE(session.open(0));
    const std::size_t steps = session.runtime()->step_count();
    REQUIRE(steps >= 2);
    CHECK(session.lesson_index() == 0u);
    // PageDown through the first lesson, then on into the second.
    for (std::size_t step = 1; step < steps; ++step) {
        CHECK(session.next_step());
        CHECK(session.runtime()->current_step() == step);
    }
    CHECK(session.next_step());
    CHECK(session.lesson_index() == 1u);
    CHECK(session.runtime()->current_step() == 0);
    // PageUp goes back to the first lesson's last step.
    CHECK(session.previous_step());
    CHECK(session.lesson_index() == 0u);
    CHECK(session.runtime()->current_step() == steps - 1);
    session.first_step();
    CHECK(session.runtime()->current_step() == 0);
    session.last_step();
    CHECK(session.runtime()->current_step() == steps - 1);
    // At the very end nothing moves.
    CHECK(session.next_lesson());
    session.last_step();
    CHECK_FALSE(session.next_step());
    CHECK(session.lesson_index() == 1u);
    CHECK(session.place()->second == steps - 1);
}

TEST_CASE("a broken lesson is reported and the running lesson keeps running") {
    LessonFolder folder;
    folder.write("01_good.json", folder.lesson);
    folder.write("02_broken.json", "{\"version\": 1, \"id\": 5}");
    folder.write("03_good.json", folder.lesson);
    LessonSession session(folder.path);
    REQUIRE(session.entries().size() == 3);
    CHECK_FALSE(session.entries()[1].error.empty());
    REQUIRE(session.open(0));
    CHECK_FALSE(session.open(1));
    CHECK(session.error().find("02_broken.json") != std::string::npos);
    CHECK(session.lesson_index() == 0u);
    // Next lesson skips the broken file.
    CHECK(session.next_lesson());
    CHECK(session.lesson_index() == 2u);
    // R with the file broken since: an error naming it, the lesson as it was.
    session.go_to_step(1);
    folder.write("03_good.json", "{ not json");
    CHECK_FALSE(session.reload());
    CHECK(session.error().find("03_good.json") != std::string::npos);
    CHECK(session.runtime()->current_step() == 1);
    // Fixed again: R reloads and stays on the step.
    folder.write("03_good.json", folder.lesson);
    CHECK(session.reload());
    CHECK(session.error().empty());
    CHECK(session.runtime()->current_step() == 1);
    CHECK_FALSE(session.open_named("no_such_lesson"));
    CHECK(session.lesson_index() == 2u);
}

TEST_CASE("the world follows the lesson and goals tick when reached") {
    LessonSession session(std::filesystem::path(AABB_SOURCE_DIR) / "lessons");
    REQUIRE(session.open_named("box_intervals"));
    SimulationController simulation({.body_count = 50});
    session.sync_world(simulation);
    // A lesson without a scene: an empty, paused world that reset() keeps.
    CHECK(simulation.world().bodies().empty());
    CHECK(simulation.paused());
    simulation.reset();
    CHECK(simulation.world().bodies().empty());
    const std::string id = session.runtime()->lesson().id;
    CHECK_FALSE(session.goal_reached(id, 0));
    session.update_progress(&simulation.world());
    CHECK_FALSE(session.goal_reached(id, 0));
    // Step 1's goal: dx == 0, reached by sliding B to x = 5.
    session.runtime()->set_handle_text("b_min_x", "5");
    session.update_progress(&simulation.world());
    CHECK(session.goal_reached(id, 0));
    CHECK(session.goals_reached(id) == 1);
    // The lesson does not unlock the broad phase: B is locked in lesson mode.
    CHECK_FALSE(session.broad_phase_unlocked());
    REQUIRE(session.objects_bounds().has_value());
    CHECK(contains(*session.objects_bounds(), glm::vec2(2.0f, 2.0f)));
    session.close();
    CHECK(session.broad_phase_unlocked());
    CHECK_FALSE(session.place().has_value());
}

}  // namespace aabb::ui

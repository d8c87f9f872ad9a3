// The pair inspector's numbers are the curriculum's: the tunneling example sweeps to 0.40.

#include <doctest/doctest.h>

#include <filesystem>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"
#include "ui/model/pair_inspection.hpp"

namespace aabb::ui {

TEST_CASE("inspecting the tunneling bullet and wall gives the curriculum's sweep numbers") {
    const World world =
        build_world(load_scene(std::filesystem::path(AABB_SOURCE_DIR) / "scenes/tunneling.json"));
    // Body 0 is the wall x = [5, 5.5], body 1 the bullet x = [0, 1] moving 10 per step.
    const PairInspection inspection = inspect_pair(world, 1, 0);
    CHECK(inspection.overlap_lengths.x == doctest::Approx(-4.0f));  // a gap of 4 on x
    CHECK(inspection.overlap_lengths.y == doctest::Approx(1.0f));
    CHECK_FALSE(inspection.closed_overlap);
    CHECK_FALSE(inspection.policy_overlap);
    CHECK_FALSE(inspection.is_candidate);
    CHECK(inspection.first_displacement == glm::vec2(10.0f, 0.0f));
    CHECK(inspection.second_displacement == glm::vec2(0.0f));
    CHECK(inspection.sweep.state == SweepState::hit);
    CHECK(inspection.sweep.entry_times.x == doctest::Approx(0.4f));
    CHECK(inspection.sweep.exit_times.x == doctest::Approx(0.55f));
    CHECK(inspection.sweep.time_of_impact == doctest::Approx(0.4f));
}

TEST_CASE("touching boxes: closed says overlap, open says no; the candidate is a true contact") {
    World world;
    world.add_body({.position = {0.0f, 0.0f}, .half_size = {1.0f, 1.0f}});
    world.add_body({.position = {2.0f, 0.5f}, .half_size = {1.0f, 1.0f}});
    world.refresh_pairs();
    const PairInspection inspection = inspect_pair(world, 0, 1);
    CHECK(inspection.overlap_lengths.x == 0.0f);
    CHECK(inspection.overlap_lengths.y == doctest::Approx(1.5f));
    CHECK(inspection.closed_overlap);
    CHECK_FALSE(inspection.open_overlap);
    CHECK(inspection.policy_overlap);
    CHECK(inspection.is_candidate);
    CHECK(inspection.is_contact);
}

}  // namespace aabb::ui

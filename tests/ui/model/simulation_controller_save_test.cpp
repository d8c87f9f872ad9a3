// Save in the Scenes tab (SimulationController::save_scene_file, whose exception the tab shows
// instead of "Saved"): under `ulimit -f 0` the save fails and the scene file is not emptied
// (issue 48, item 3: it was left at 0 bytes and, for a small scene, the tab said "Saved").

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "core/scene/scene_file.hpp"
#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"
#include "ui/model/simulation_controller.hpp"

namespace aabb::ui {

TEST_CASE("a failed Save throws for the Scenes tab and keeps the old scene file") {
    const testing::TemporaryFolder folder("scenes_tab_save");
    const std::filesystem::path path = folder.path / "mine.json";
    SimulationController simulation({.body_count = 3, .seed = 5});
    simulation.save_scene_file(path.string());
    const std::string old_text = testing::file_text(path);
    REQUIRE_FALSE(old_text.empty());
    simulation.advance_frame();
    const testing::ChildOutcome outcome =
        testing::run_with_file_size_limit(0, [&] { simulation.save_scene_file(path.string()); });
    CHECK(outcome.threw);
    CHECK(outcome.message == "cannot write '" + path.string() + "': File too large");
    CHECK(testing::file_text(path) == old_text);
    CHECK(testing::entry_count(folder.path) == 1);
}

}  // namespace aabb::ui

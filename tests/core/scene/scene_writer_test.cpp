// Saving a scene is atomic (issue 48, item 3): a save that fails on a full disk, at a file-size
// limit (`ulimit -f 0`) or in a folder that takes no new file throws an error naming the file
// and the cause, and the scene file that was there keeps every byte.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "core/io/atomic_file.hpp"
#include "core/scene/scene_file.hpp"
#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"

namespace aabb {

namespace {

const std::filesystem::path tunneling = AABB_SCENES_DIR "/tunneling.json";

}  // namespace

TEST_CASE("a scene save at a file-size limit fails by name and leaves the old file intact") {
    const testing::TemporaryFolder folder("scene_save_limit");
    const std::filesystem::path path = folder.path / "mine.json";
    const Scene scene = load_scene(tunneling);
    save_scene(scene, path);
    const std::string old_text = testing::file_text(path);
    REQUIRE(old_text.size() > 100);
    Scene changed = scene;
    changed.title = "changed";
    // `ulimit -f 0`, the reproducer, and a limit the small scene would fit under but
    // not the whole of it.
    for (const rlim_t limit : {rlim_t{0}, rlim_t{old_text.size() / 2}}) {
        CAPTURE(limit);
        const testing::ChildOutcome outcome =
            testing::run_with_file_size_limit(limit, [&] { save_scene(changed, path); });
        CHECK(outcome.threw);
        CHECK(outcome.message == "cannot write '" + path.string() + "': File too large");
        CHECK(testing::file_text(path) == old_text);
        CHECK(testing::entry_count(folder.path) == 1);
    }
    save_scene(changed, path);
    CHECK(load_scene(path).title == "changed");
}

TEST_CASE("a scene save to a full disk or an unwritable place throws and names the file") {
    const Scene scene = load_scene(tunneling);
    CHECK_THROWS_WITH_AS(save_scene(scene, "/dev/full"),
                         "cannot write '/dev/full': No space left on device", io::WriteError);
    const testing::TemporaryFolder folder("scene_save_place");
    const std::filesystem::path path = folder.path / "mine.json";
    save_scene(scene, path);
    const std::string old_text = testing::file_text(path);
    const testing::ChildOutcome outcome =
        testing::run_without_free_descriptors([&] { save_scene(scene, path); });
    CHECK(outcome.threw);
    CHECK(outcome.message == "cannot write '" + path.string() + "': Too many open files");
    CHECK_THROWS_AS(save_scene(scene, folder.path / "missing" / "mine.json"), std::runtime_error);
    CHECK(testing::file_text(path) == old_text);
    CHECK(testing::entry_count(folder.path) == 1);
}

}  // namespace aabb

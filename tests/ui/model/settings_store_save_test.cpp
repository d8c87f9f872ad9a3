// Saving the settings is atomic (issue 48, item 3): a failed save (a file-size limit, a full
// disk, a folder that takes no new file) throws an error naming settings.ini and the cause,
// and the settings file keeps what it held, so the next start finds the old settings.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"
#include "ui/model/settings_store.hpp"

namespace aabb::ui {

TEST_CASE("a failed settings save leaves settings.ini intact") {
    const testing::TemporaryFolder folder("settings_save_fault");
    const std::filesystem::path path = folder.path / "aabb-sandbox" / "settings.ini";
    UiSettings before;
    before.ui_scale = 1.5f;
    before.language = Language::zh;
    save_settings(path, before);
    const std::string old_text = testing::file_text(path);
    UiSettings after = before;
    after.high_contrast = true;

    const testing::ChildOutcome limited =
        testing::run_with_file_size_limit(0, [&] { save_settings(path, after); });
    CHECK(limited.threw);
    CHECK(limited.message == "cannot write '" + path.string() + "': File too large");
    CHECK(testing::file_text(path) == old_text);

    const testing::ChildOutcome no_descriptor =
        testing::run_without_free_descriptors([&] { save_settings(path, after); });
    CHECK(no_descriptor.threw);
    CHECK(no_descriptor.message.find(path.string()) != std::string::npos);
    CHECK(testing::file_text(path) == old_text);
    CHECK(testing::entry_count(path.parent_path()) == 1);
    CHECK(load_settings(path).settings == before);

    CHECK_THROWS_WITH_AS(save_settings("/dev/full", after),
                         "cannot write '/dev/full': No space left on device", std::runtime_error);
    save_settings(path, after);
    CHECK(load_settings(path).settings == after);
}

}  // namespace aabb::ui

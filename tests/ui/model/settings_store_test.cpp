// Settings store: parsing is forgiving (bad lines become warnings, never failures), saving
// and loading round-trip, and the path follows the XDG rules.

#include "ui/model/settings_store.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "tests/support/temporary_path.hpp"

namespace aabb::ui {

namespace {

/// Settings with the given scale, contrast, language and remembered lesson place.
UiSettings settings_of(float scale, bool high_contrast, Language language = Language::en,
                       std::string lesson = {}, int step = 0) {
    UiSettings settings;
    settings.ui_scale = scale;
    settings.high_contrast = high_contrast;
    settings.language = language;
    settings.last_lesson = std::move(lesson);
    settings.last_step = step;
    return settings;
}

}  // namespace

TEST_CASE("settings parse keys, comments and the section header") {
    const SettingsParseResult result = parse_settings(
        "# comment\n; another\n[sandbox]\n  ui_scale = 1.75 \r\nhigh_contrast=true\n\n"
        "language = zh\n");
    CHECK(result.warnings.empty());
    CHECK(result.settings.ui_scale == 1.75f);
    CHECK(result.settings.high_contrast);
    CHECK(result.settings.language == Language::zh);
    CHECK(parse_settings("language=en").settings.language == Language::en);
    CHECK(parse_settings("high_contrast = 0").settings.high_contrast == false);
    CHECK(parse_settings("").settings == UiSettings{});
}

TEST_CASE("bad settings lines are skipped with a warning naming line and key") {
    const SettingsParseResult result = parse_settings(
        "ui_scale = 9\nui_scale = nan\nui_scale = 1.5x\nhigh_contrast = maybe\ncolour = red\n"
        "no equals sign\nui_scale = 2\nlanguage = fr\nlanguage = ZH\n");
    REQUIRE(result.warnings.size() == 8);
    CHECK(result.warnings[0].find("line 1 (ui_scale)") != std::string::npos);
    CHECK(result.warnings[3].find("line 4 (high_contrast)") != std::string::npos);
    CHECK(result.warnings[4].find("unknown key") != std::string::npos);
    CHECK(result.warnings[6].find("line 8 (language): expected en or zh, got 'fr'") !=
          std::string::npos);
    CHECK(result.settings.ui_scale == 2.0f);  // the one good line still counts
    CHECK_FALSE(result.settings.high_contrast);
    CHECK(result.settings.language == Language::en);
}

// Issue 48 items 8 and 12: a settings.ini linked to /dev/zero stopped the window starting, a
// 200 MB one cost 30 s and 480 MB of warnings, and values reached the terminal raw.
TEST_CASE("settings warnings quote values escaped and cut, and are at most a few") {
    const SettingsParseResult escaped =
        parse_settings("language = \x1b[31m" + std::string(10'000, 'z') + "\n\x1b]0;k = 1\n");
    REQUIRE(escaped.warnings.size() == 2);
    CHECK(escaped.warnings[0] == "settings line 1 (language): expected en or zh, got '\\x1B[31m" +
                                     std::string(75, 'z') + "…'");
    CHECK(escaped.warnings[1] == "settings line 2 (\\x1B]0;k): unknown key");
    std::string many;
    for (int i = 0; i < 1000; ++i)
        many += "no equals sign\n";
    const SettingsParseResult result = parse_settings(many + "ui_scale = 2\n");
    REQUIRE(result.warnings.size() == max_settings_warnings + 1);
    CHECK(result.warnings.back() == "990 more bad lines were ignored");
    CHECK(result.settings.ui_scale == 2.0f);
}

TEST_CASE("a settings file that is not a regular file or is too large gives the defaults") {
    const testing::TemporaryFolder folder("settings_reads");
    const std::filesystem::path link = folder.path / "settings.ini";
    std::filesystem::create_symlink("/dev/zero", link);
    const SettingsParseResult zero = load_settings(link);
    CHECK(zero.settings == UiSettings{});
    REQUIRE(zero.warnings.size() == 1);
    CHECK(zero.warnings[0] == "is a device, not a settings file; using the default settings");
    const std::filesystem::path big = folder.path / "big.ini";
    std::ofstream(big) << "ui_scale = 2\n";
    std::filesystem::resize_file(big, std::uintmax_t{200} << 20);
    const SettingsParseResult large = load_settings(big);
    CHECK(large.settings == UiSettings{});
    REQUIRE(large.warnings.size() == 1);
    CHECK(large.warnings[0] ==
          "the file is larger than 64 KiB, the limit for a settings file; using the default "
          "settings");
    std::filesystem::resize_file(big, max_settings_file_bytes);
    CHECK(load_settings(big).settings.ui_scale == 2.0f);
}

TEST_CASE("format_settings round-trips through parse_settings") {
    for (const UiSettings& settings :
         {UiSettings{}, settings_of(0.5f, true), settings_of(1.3f, false, Language::zh),
          settings_of(3.0f, true, Language::zh, "02_box_intervals", 3),
          settings_of(1.0f, false, Language::en)}) {
        const SettingsParseResult back = parse_settings(format_settings(settings));
        CHECK(back.warnings.empty());
        CHECK(back.settings == settings);
    }
}

TEST_CASE("settings path follows XDG_CONFIG_HOME, then HOME") {
    CHECK(settings_path("/x/config", "/home/a") == "/x/config/aabb-sandbox/settings.ini");
    CHECK(settings_path("relative", "/home/a") == "/home/a/.config/aabb-sandbox/settings.ini");
    CHECK(settings_path(nullptr, "/home/a") == "/home/a/.config/aabb-sandbox/settings.ini");
    CHECK(settings_path("", "").empty());
    CHECK(settings_path(nullptr, nullptr).empty());
}

TEST_CASE("settings save creates the directory and load reads them back") {
    const std::filesystem::path directory =
        testing::unique_temporary_path("aabb_settings_store_test");
    std::filesystem::remove_all(directory);
    const std::filesystem::path path = directory / "aabb-sandbox" / "settings.ini";
    const SettingsParseResult missing = load_settings(path);
    CHECK(missing.warnings.empty());
    CHECK(missing.settings == UiSettings{});
    save_settings(path, settings_of(2.25f, true, Language::zh));
    const SettingsParseResult loaded = load_settings(path);
    CHECK(loaded.warnings.empty());
    CHECK(loaded.settings == settings_of(2.25f, true, Language::zh));
    std::filesystem::remove_all(directory);
    CHECK_THROWS_AS(save_settings({}, {}), std::runtime_error);
    CHECK_THROWS_AS(save_settings("/proc/no-such-dir/settings.ini", {}), std::runtime_error);
}

TEST_CASE("clamp_ui_scale keeps the scale usable") {
    CHECK(clamp_ui_scale(0.1f) == min_ui_scale);
    CHECK(clamp_ui_scale(10.0f) == max_ui_scale);
    CHECK(clamp_ui_scale(1.25f) == 1.25f);
    CHECK(clamp_ui_scale(NAN) == 1.0f);
    CHECK(clamp_ui_scale(INFINITY) == 1.0f);
}

namespace aabb::ui {

TEST_CASE("the last lesson and step are remembered, and bad values are warned about") {
    UiSettings settings;
    settings.last_lesson = "08_tunneling";
    settings.last_step = 3;
    const SettingsParseResult read = parse_settings(format_settings(settings));
    CHECK(read.warnings.empty());
    CHECK(read.settings == settings);
    const SettingsParseResult bad =
        parse_settings("lesson = ../../etc/passwd\nlesson_step = -1\nlesson_step = 99999\n");
    CHECK(bad.warnings.size() == 3);
    CHECK(bad.settings.last_lesson.empty());
    CHECK(bad.settings.last_step == 0);
    // No lesson at all is an empty id.
    CHECK(parse_settings("lesson =\n").settings.last_lesson.empty());
}

}  // namespace aabb::ui

TEST_CASE("the UI scale a window uses is at most what leaves it 640 x 360 at scale 1") {
    // 1280 x 720 allows scale 2: 2.5 is used as 2, 2 and below as asked.
    CHECK(usable_ui_scale(2.5f, 1280.0f, 720.0f) == doctest::Approx(2.0f));
    CHECK(usable_ui_scale(2.0f, 1280.0f, 720.0f) == doctest::Approx(2.0f));
    CHECK(usable_ui_scale(1.5f, 1280.0f, 720.0f) == doctest::Approx(1.5f));
    // The narrower side decides, in tenths: 1600 x 720 still allows 2, 1600 x 900 allows 2.5.
    CHECK(usable_ui_scale(3.0f, 1600.0f, 720.0f) == doctest::Approx(2.0f));
    CHECK(usable_ui_scale(2.5f, 1600.0f, 900.0f) == doctest::Approx(2.5f));
    CHECK(usable_ui_scale(3.0f, 1500.0f, 1000.0f) == doctest::Approx(2.3f));
    // A big window uses the scale asked, clamped; a tiny one the smallest scale; an unknown
    // size (before the first frame) the scale asked.
    CHECK(usable_ui_scale(2.5f, 3840.0f, 2160.0f) == doctest::Approx(2.5f));
    CHECK(usable_ui_scale(9.0f, 3840.0f, 2160.0f) == doctest::Approx(max_ui_scale));
    CHECK(usable_ui_scale(1.0f, 200.0f, 100.0f) == doctest::Approx(min_ui_scale));
    CHECK(usable_ui_scale(2.5f, 0.0f, 0.0f) == doctest::Approx(2.5f));
}

}  // namespace aabb::ui

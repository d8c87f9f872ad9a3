#pragma once
// The sandbox's persisted preferences (UI scale, high contrast, language) as a tiny INI file, by
// default $XDG_CONFIG_HOME/aabb-sandbox/settings.ini or ~/.config/aabb-sandbox/settings.ini.
// Pure C++ (no SDL or ImGui), unit tested in tests/ui/settings_store_test.cpp.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ui/text/language.hpp"

namespace aabb::ui {

/// The smallest UI scale.
inline constexpr float min_ui_scale = 0.5f;
/// The largest UI scale (a 16-pixel font becomes 48 pixels: readable at the back of a room).
inline constexpr float max_ui_scale = 3.0f;

/// The longest lesson id the settings keep.
inline constexpr std::size_t max_lesson_id_length = 100;
/// The largest step the settings keep.
inline constexpr int max_remembered_step = 1000;

/// The largest settings file read: 64 KiB (the program writes about 120 bytes). A larger one,
/// or one that is not a regular file (a link to /dev/zero), is ignored with one warning.
inline constexpr std::uint64_t max_settings_file_bytes = std::uint64_t{64} << 10;
/// The most warnings one settings file gives, one per bad line; the rest are counted in one
/// last warning.
inline constexpr std::size_t max_settings_warnings = 10;

/// What the user chose and expects to find again at the next start.
struct UiSettings {
    /// Size of text and widgets relative to the default. min_ui_scale..max_ui_scale,
    /// default 1.
    float ui_scale = 1.0f;
    /// The high-contrast color scheme (projectors, bright rooms). Default false.
    bool high_contrast = false;
    /// The interface language. Default English.
    Language language = Language::en;
    /// The lesson running when the window closed (its id, e.g. "02_box_intervals"), reopened
    /// at the next interactive start; empty for none. Letters, digits, '_' and '-', at most
    /// max_lesson_id_length. Default empty.
    std::string last_lesson;
    /// Its step, 0-based, 0..max_remembered_step. Default 0.
    int last_step = 0;

    /// Field-wise equality.
    [[nodiscard]] bool operator==(const UiSettings&) const = default;
};

/// Settings read from text, and what was wrong with it (a bad line is skipped, not fatal:
/// a broken settings file must never keep the program from starting). Values are quoted in
/// warnings through input_excerpt.
struct SettingsParseResult {
    /// The settings; defaults for keys missing or invalid.
    UiSettings settings;
    /// One message per ignored line, naming the line number and key: at most
    /// max_settings_warnings, then one counting the other ignored lines.
    std::vector<std::string> warnings;
};

/// Parses "key = value" lines; blank lines, "# ..." / "; ..." comments and a "[sandbox]"
/// section header are allowed. Keys: ui_scale (a number in min..max_ui_scale), high_contrast
/// (true/false/1/0), language (en/zh), lesson (a lesson id or empty), lesson_step (0..1000).
[[nodiscard]] SettingsParseResult parse_settings(std::string_view text);
/// The text parse_settings() reads back into `settings`.
[[nodiscard]] std::string format_settings(const UiSettings& settings);

/// Where the settings live: `xdg_config_home`/aabb-sandbox/settings.ini when that is a
/// non-empty absolute path, else `home`/.config/aabb-sandbox/settings.ini, else empty (no
/// place to keep them). Pass the environment variables' values (nullptr when unset).
[[nodiscard]] std::filesystem::path settings_path(const char* xdg_config_home, const char* home);

/// Reads `path`; a missing file gives the defaults without warnings, one that cannot be read,
/// is not a regular file or is larger than max_settings_file_bytes the defaults and a warning.
[[nodiscard]] SettingsParseResult load_settings(const std::filesystem::path& path);
/// Writes `settings` to `path`, creating its directory, atomically (core/io/atomic_file.hpp).
/// Throws std::runtime_error naming the path and the cause when it cannot; the old file is
/// then intact.
void save_settings(const std::filesystem::path& path, const UiSettings& settings);

/// `scale` clamped to [min_ui_scale, max_ui_scale]; 1 when it is not finite.
[[nodiscard]] float clamp_ui_scale(float scale);

/// The smallest window, in pixels at UI scale 1, the interface is laid out for: 1280 × 720 at
/// scale 2. A larger scale leaves the lesson's figure no room beside the step card, the lesson
/// bar and the side panel (at 1280 × 720 and scale 2.5 the canvas would be 512 × 288 at scale 1).
inline constexpr float min_layout_width = 640.0f;
inline constexpr float min_layout_height = 360.0f;

/// The UI scale a `width` × `height` window (pixels) uses when `asked` is set: `asked`
/// (clamped), but no more than leaves the window min_layout_width × min_layout_height at
/// scale 1, in tenths (the steps of Ctrl + and Ctrl -), and never below min_ui_scale. The
/// setting keeps `asked`: a larger window uses it again; the toolbar shows both.
[[nodiscard]] float usable_ui_scale(float asked, float width, float height);

}  // namespace aabb::ui

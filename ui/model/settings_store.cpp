#include "ui/model/settings_store.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "core/io/atomic_file.hpp"

namespace aabb::ui {

namespace {

std::string_view trimmed(std::string_view text) {
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!text.empty() && is_space(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && is_space(text.back()))
        text.remove_suffix(1);
    return text;
}

std::string where(int line_number, std::string_view key) {
    return "settings line " + std::to_string(line_number) + " (" + std::string(key) + "): ";
}

}  // namespace

float clamp_ui_scale(float scale) {
    if (!std::isfinite(scale)) return 1.0f;
    return std::clamp(scale, min_ui_scale, max_ui_scale);
}

SettingsParseResult parse_settings(std::string_view text) {
    SettingsParseResult result;
    int line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view raw = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        ++line_number;
        const std::string_view line = trimmed(raw);
        if (line.empty() || line.front() == '#' || line.front() == ';' || line == "[sandbox]") {
            continue;
        }
        const std::size_t equals = line.find('=');
        if (equals == std::string_view::npos) {
            result.warnings.push_back(where(line_number, line) + "expected key = value");
            continue;
        }
        const std::string_view key = trimmed(line.substr(0, equals));
        const std::string_view value = trimmed(line.substr(equals + 1));
        if (key == "ui_scale") {
            float scale = 0.0f;
            const auto [stop, error] = std::from_chars(value.data(), value.data() + value.size(),
                                                       scale, std::chars_format::general);
            if (error != std::errc() || stop != value.data() + value.size() ||
                !std::isfinite(scale) || scale < min_ui_scale || scale > max_ui_scale) {
                result.warnings.push_back(where(line_number, key) +
                                          "expected a number in 0.5..3, got '" +
                                          std::string(value) + "'");
                continue;
            }
            result.settings.ui_scale = scale;
        } else if (key == "high_contrast") {
            if (value == "true" || value == "1") {
                result.settings.high_contrast = true;
            } else if (value == "false" || value == "0") {
                result.settings.high_contrast = false;
            } else {
                result.warnings.push_back(where(line_number, key) +
                                          "expected true or false, got '" + std::string(value) +
                                          "'");
            }
        } else if (key == "language") {
            if (const std::optional<Language> language = language_named(value)) {
                result.settings.language = *language;
            } else {
                result.warnings.push_back(where(line_number, key) + "expected en or zh, got '" +
                                          std::string(value) + "'");
            }
        } else if (key == "lesson") {
            const bool valid =
                value.size() <= max_lesson_id_length &&
                std::all_of(value.begin(), value.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
                });
            if (valid) {
                result.settings.last_lesson = std::string(value);
            } else {
                result.warnings.push_back(where(line_number, key) +
                                          "expected a lesson id (letters, digits, _ and -)");
            }
        } else if (key == "lesson_step") {
            int step = 0;
            const auto [stop, error] =
                std::from_chars(value.data(), value.data() + value.size(), step);
            if (error != std::errc() || stop != value.data() + value.size() || step < 0 ||
                step > max_remembered_step) {
                result.warnings.push_back(where(line_number, key) + "expected a step 0..1000");
                continue;
            }
            result.settings.last_step = step;
        } else {
            result.warnings.push_back(where(line_number, key) + "unknown key");
        }
    }
    return result;
}

std::string format_settings(const UiSettings& settings) {
    char scale[32];
    const auto [end, error] = std::to_chars(scale, scale + sizeof scale, settings.ui_scale);
    const std::string scale_text = error == std::errc() ? std::string(scale, end) : "1";
    return "# aabb-sandbox settings, written by the program\n[sandbox]\nui_scale = " + scale_text +
           "\nhigh_contrast = " + (settings.high_contrast ? "true" : "false") +
           "\nlanguage = " + std::string(language_code(settings.language)) +
           "\nlesson = " + settings.last_lesson +
           "\nlesson_step = " + std::to_string(settings.last_step) + "\n";
}

std::filesystem::path settings_path(const char* xdg_config_home, const char* home) {
    // The XDG Base Directory specification ignores relative XDG_CONFIG_HOME values.
    if (xdg_config_home != nullptr && xdg_config_home[0] == '/') {
        return std::filesystem::path(xdg_config_home) / "aabb-sandbox" / "settings.ini";
    }
    if (home != nullptr && home[0] != '\0') {
        return std::filesystem::path(home) / ".config" / "aabb-sandbox" / "settings.ini";
    }
    return {};
}

SettingsParseResult load_settings(const std::filesystem::path& path) {
    std::error_code error;
    if (path.empty() || !std::filesystem::exists(path, error)) return {};
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        SettingsParseResult result;
        result.warnings.push_back("cannot read settings '" + path.string() + "'");
        return result;
    }
    std::ostringstream text;
    text << file.rdbuf();
    return parse_settings(text.str());
}

void save_settings(const std::filesystem::path& path, const UiSettings& settings) {
    if (path.empty()) throw std::runtime_error("settings: no place to save them (no HOME)");
    // A folder that cannot be made shows as the write's own error (it names the file).
    std::error_code error;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
    // Whole or not at all: a failed save (a full disk) leaves the old settings as they were.
    io::write_file_atomically(path, format_settings(settings));
}

}  // namespace aabb::ui

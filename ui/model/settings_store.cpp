#include "ui/model/settings_store.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "core/io/atomic_file.hpp"
#include "core/io/bounded_read.hpp"
#include "core/text/input_excerpt.hpp"

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
    return "settings line " + std::to_string(line_number) + " (" + input_excerpt(key) + "): ";
}

// Keeps at most max_settings_warnings warnings and counts the others: a large broken file must
// not print a warning per line.
class Warnings {
  public:
    explicit Warnings(std::vector<std::string>& kept) : kept_(kept) {}

    void push_back(std::string warning) {
        if (kept_.size() < max_settings_warnings) {
            kept_.push_back(std::move(warning));
        } else {
            ++dropped_;
        }
    }

    /// Adds the count of the warnings not kept.
    void finish() {
        if (dropped_ > 0) {
            kept_.push_back(std::to_string(dropped_) + " more bad " +
                            (dropped_ == 1 ? "line was" : "lines were") + " ignored");
        }
    }

  private:
    std::vector<std::string>& kept_;
    std::size_t dropped_ = 0;
};

}  // namespace

float clamp_ui_scale(float scale) {
    if (!std::isfinite(scale)) return 1.0f;
    return std::clamp(scale, min_ui_scale, max_ui_scale);
}

float usable_ui_scale(float asked, float width, float height) {
    const float scale = clamp_ui_scale(asked);
    if (!(width > 0.0f && height > 0.0f)) return scale;
    const float largest = std::min(width / min_layout_width, height / min_layout_height);
    // Down to a tenth, with a hair of slack for 1280 / 640 computed in floats.
    const float tenths = std::floor(largest * 10.0f + 1e-3f) / 10.0f;
    return std::max(std::min(scale, tenths), min_ui_scale);
}

SettingsParseResult parse_settings(std::string_view text) {
    SettingsParseResult result;
    Warnings warnings(result.warnings);
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
            warnings.push_back(where(line_number, line) + "expected key = value");
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
                warnings.push_back(where(line_number, key) + "expected a number in 0.5..3, got '" +
                                   input_excerpt(value) + "'");
                continue;
            }
            result.settings.ui_scale = scale;
        } else if (key == "high_contrast") {
            if (value == "true" || value == "1") {
                result.settings.high_contrast = true;
            } else if (value == "false" || value == "0") {
                result.settings.high_contrast = false;
            } else {
                warnings.push_back(where(line_number, key) + "expected true or false, got '" +
                                   input_excerpt(value) + "'");
            }
        } else if (key == "language") {
            if (const std::optional<Language> language = language_named(value)) {
                result.settings.language = *language;
            } else {
                warnings.push_back(where(line_number, key) + "expected en or zh, got '" +
                                   input_excerpt(value) + "'");
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
                warnings.push_back(where(line_number, key) +
                                   "expected a lesson id (letters, digits, _ and -)");
            }
        } else if (key == "lesson_step") {
            int step = 0;
            const auto [stop, error] =
                std::from_chars(value.data(), value.data() + value.size(), step);
            if (error != std::errc() || stop != value.data() + value.size() || step < 0 ||
                step > max_remembered_step) {
                warnings.push_back(where(line_number, key) + "expected a step 0..1000");
                continue;
            }
            result.settings.last_step = step;
        } else {
            warnings.push_back(where(line_number, key) + "unknown key");
        }
    }
    warnings.finish();
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
    std::string text;
    try {
        text = io::read_file(path, input_excerpt(path.string(), quoted_path_limit),
                             {"settings file", max_settings_file_bytes});
    } catch (const io::ReadError& problem) {
        // The caller names the file; a settings file that cannot be read never stops the start.
        SettingsParseResult result;
        result.warnings.push_back(problem.reason() + "; using the default settings");
        return result;
    }
    return parse_settings(text);
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

#pragma once
// The interface languages: English and Simplified Chinese. Their codes ("en", "zh") are what
// `--lang` and the settings file's `language` key accept. Plain data, no ImGui.

#include <array>
#include <optional>
#include <string_view>

namespace aabb::ui {

/// A language of the interface.
enum class Language {
    /// English (the default).
    en,
    /// Simplified Chinese.
    zh,
};

/// Every language, in the order of their columns in the text catalog.
inline constexpr std::array<Language, 2> all_languages = {Language::en, Language::zh};

/// The code of `language`: "en" or "zh".
[[nodiscard]] constexpr std::string_view language_code(Language language) {
    return language == Language::zh ? "zh" : "en";
}

/// The language whose code is `code`, if any.
[[nodiscard]] constexpr std::optional<Language> language_named(std::string_view code) {
    for (const Language language : all_languages) {
        if (language_code(language) == code) return language;
    }
    return std::nullopt;
}

/// The other language: what the toolbar toggle and the Z key switch to.
[[nodiscard]] constexpr Language other_language(Language language) {
    return language == Language::zh ? Language::en : Language::zh;
}

}  // namespace aabb::ui

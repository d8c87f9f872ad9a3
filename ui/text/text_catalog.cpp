#include "ui/text/text_catalog.hpp"

#include <array>
#include <string>
#include <vector>

#include "ui/text/format_conversions.hpp"

namespace aabb::ui {

namespace {

/// One row of the catalog.
struct TextEntry {
    std::string_view name;
    std::array<const char*, all_languages.size()> texts;
};

/// The catalog, in TextKey order (both are expanded from the same files).
constexpr TextEntry entries[] = {
#define AABB_TEXT(key, english, chinese) {#key, {english, chinese}},
#include "ui/text/catalog/all_texts.inc"
#undef AABB_TEXT
};
static_assert(std::size(entries) == text_key_count);

// A translation must take the arguments its English format takes: callers pass the same
// arguments whatever the language, and a mismatch would be undefined behaviour in printf.
static_assert(
    [] {
        for (const TextEntry& entry : entries) {
            if (!same_format_arguments(entry.texts[0], entry.texts[1])) return false;
        }
        return true;
    }(),
    "a catalog text's printf conversions differ between English and Chinese "
    "(tests/ui/text/text_catalog_test.cpp names it)");

Language language = Language::en;

}  // namespace

const char* text(Language in, TextKey key) {
    return entries[static_cast<std::size_t>(key)].texts[static_cast<std::size_t>(in)];
}

std::string_view text_key_name(TextKey key) {
    return entries[static_cast<std::size_t>(key)].name;
}

std::optional<TextKey> text_key_named(std::string_view name) {
    for (std::size_t i = 0; i < std::size(entries); ++i) {
        if (entries[i].name == name) return static_cast<TextKey>(i);
    }
    return std::nullopt;
}

Language current_language() {
    return language;
}

void set_language(Language chosen) {
    language = chosen;
}

const char* tr_label(TextKey key) {
    // Built once for the run: a frame builds no strings for its labels.
    static const auto labels = [] {
        std::array<std::vector<std::string>, all_languages.size()> built;
        for (const Language in : all_languages) {
            for (const TextEntry& entry : entries) {
                built[static_cast<std::size_t>(in)].push_back(
                    std::string(entry.texts[static_cast<std::size_t>(in)]) + "###" +
                    std::string(entry.name));
            }
        }
        return built;
    }();
    return labels[static_cast<std::size_t>(current_language())][static_cast<std::size_t>(key)]
        .c_str();
}

}  // namespace aabb::ui

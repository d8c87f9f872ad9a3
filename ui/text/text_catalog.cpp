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

/// The position of the first entry whose languages take different printf arguments, or the
/// number of entries when none does.
consteval std::size_t first_format_mismatch() {
    for (std::size_t i = 0; i < std::size(entries); ++i) {
        if (!same_format_arguments(entries[i].texts[0], entries[i].texts[1])) return i;
    }
    return std::size(entries);
}

/// A key's name as a template argument, so a compiler error can spell it.
template <std::size_t length>
struct KeyName {
    char text[length + 1]{};
    constexpr explicit KeyName(std::string_view name) {
        for (std::size_t k = 0; k < length; ++k)
            text[k] = name[k];
    }
};

/// Never defined: using it is a compile error that names the key.
template <auto key_name>
struct printf_conversions_differ_between_english_and_chinese_in_key;

/// True when every entry's languages take the same printf arguments; otherwise does not compile
/// and the error names the first such key.
template <std::size_t index>
constexpr bool formats_match() {
    if constexpr (index == std::size(entries)) {
        return true;
    } else {
        constexpr std::string_view name = entries[index].name;
        return sizeof(printf_conversions_differ_between_english_and_chinese_in_key<
                      KeyName<name.size()>(name)>) > 0;
    }
}

// A translation must take the arguments its English format takes: callers pass the same
// arguments whatever the language, and a mismatch would be undefined behaviour in printf.
static_assert(formats_match<first_format_mismatch()>());

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

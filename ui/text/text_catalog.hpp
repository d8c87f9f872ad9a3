#pragma once
// Every user-visible string of the sandbox window, in English and Chinese, from one catalog.
//
// The catalog is one key list split by area into table files, ui/text/catalog/*_texts.inc,
// each row `AABB_TEXT(key, "English", "中文")`. catalog/all_texts.inc lists the area files in
// order; the TextKey enum below and the table in text_catalog.cpp are both expanded from it, so
// a key and its two texts are written once, side by side, and can never drift apart.
//
// To add a string:
//   1. Add a row `AABB_TEXT(area_what, "English text", "中文")` to the area's file (a new area:
//      a new catalog/<area>_texts.inc and one #include line in catalog/all_texts.inc).
//   2. Use it as `tr(TextKey::area_what)`: plain text, or a printf format passed straight to
//      ImGui::Text / tr_format; `tr_label(TextKey::area_what)` for a widget whose ImGui id must
//      not change with the language (headers, windows, fields).
//   3. Build and run the tests: a format whose conversions differ between the languages does
//      not compile (the error names the key); tests/ui/text/text_catalog_test.cpp checks that both
//      texts are non-empty and that the key's name is used somewhere under ui/ or app/ outside
//      ui/text/; aabb-font-check checks that the font has every character of it.
// Rules for the texts: both are printf formats (a literal % is written %%) taking the same
// conversions in the same order; algorithms and broad-phase options are named in words (an
// option's identifier, cell_size, appears only in its tooltip: catalog/option_texts.inc); flag
// names (--show), units (ms, kB) and math (n(n-1)/2, dx) are the same in both.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "ui/text/language.hpp"

namespace aabb::ui {

/// The key of one catalog string, in catalog order (see the file comment).
enum class TextKey : std::uint16_t {
#define AABB_TEXT(key, english, chinese) key,
#include "ui/text/catalog/all_texts.inc"
#undef AABB_TEXT
};

/// How many keys the catalog has.
inline constexpr std::size_t text_key_count = [] {
    std::size_t count = 0;
#define AABB_TEXT(key, english, chinese) ++count;
#include "ui/text/catalog/all_texts.inc"
#undef AABB_TEXT
    return count;
}();

/// The text of `key` in `language`.
[[nodiscard]] const char* text(Language language, TextKey key);
/// The key's name as written in the catalog ("tab_time").
[[nodiscard]] std::string_view text_key_name(TextKey key);
/// The key named `name` in the catalog, if any (e.g. "option_" + a broad-phase option's name).
[[nodiscard]] std::optional<TextKey> text_key_named(std::string_view name);

/// The language tr() answers in. Default English. Read and set on the UI thread only.
[[nodiscard]] Language current_language();
/// Makes `language` the one tr() answers in, from the next call on.
void set_language(Language language);

/// The text of `key` in the current language.
[[nodiscard]] inline const char* tr(TextKey key) {
    return text(current_language(), key);
}
/// The text of `key` in the current language followed by "###" and the key's name: an ImGui
/// label whose id stays the same in every language (an open header stays open, a window keeps
/// its place when the language changes). Valid for the whole run.
[[nodiscard]] const char* tr_label(TextKey key);

/// The format `key` in `language` filled with `args` (printf conventions).
template <typename... Args>
[[nodiscard]] std::string text_format(Language language, TextKey key, const Args&... args) {
    const char* format = text(language, key);
    // Catalog formats are checked against each other at compile time (text_catalog.cpp), not
    // against these arguments: callers pass what the English text asks for.
    const int length = std::snprintf(nullptr, 0, format, args...);
    if (length <= 0) return {};
    std::string out(static_cast<std::size_t>(length), '\0');
    std::snprintf(out.data(), out.size() + 1, format, args...);
    return out;
}
/// The format `key` in the current language filled with `args`.
template <typename... Args>
[[nodiscard]] std::string tr_format(TextKey key, const Args&... args) {
    return text_format(current_language(), key, args...);
}

}  // namespace aabb::ui

#pragma once
// Chinese text in the interface: the Chinese interface (the text catalog) and the scenes'
// Chinese titles and descriptions need CJK glyphs, which the Latin interface fonts lack.
// Merges Debian's Droid Sans Fallback (package fonts-droid-fallback) into the current font
// when it is installed.

#include <string_view>

#include <imgui.h>

namespace aabb::ui {

/// Where Debian's fonts-droid-fallback installs its CJK font.
inline constexpr const char* cjk_font_path =
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf";

/// Adds the characters of `utf8` beyond Latin-1 to those merge_cjk_font() bakes (scene texts
/// use characters outside the common set). Returns true when any was new: the atlas must then
/// be rebuilt for them to show.
bool require_cjk_text(std::string_view utf8);

/// Requires every character of every text of the catalog (ui/text/text_catalog.hpp), in every
/// language, like require_cjk_text(): called once at start, switching the language needs no
/// rebuilt atlas. Returns true when any character was new.
bool require_catalog_text();

/// Merges the common simplified Chinese glyphs (ImGui's ChineseSimplifiedCommon ranges, about
/// 2,500 characters plus CJK punctuation) and every character given to require_cjk_text() of
/// the font at `path` into the last font added to the atlas, at `pixel_size`. Returns false when
/// the file is missing or unreadable; the first such failure logs one line to stderr. Call after
/// the interface font, before the atlas is built.
bool merge_cjk_font(float pixel_size, const char* path = cjk_font_path);

/// True when `font` has a glyph for U+78B0 '碰' (as in 碰撞, collision) without falling back:
/// the atlas must be built.
[[nodiscard]] bool font_has_cjk_glyphs(const ImFont& font);

}  // namespace aabb::ui

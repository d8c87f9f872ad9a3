// aabb-font-check: builds the interface font atlas the way the sandbox does (system sans font
// plus the merged CJK font, every character of the text catalog required) at UI scales 1, 2
// and 3 without a window, and checks that Chinese glyphs are present, that every character of
// every catalog text in every language (and every option's Chinese tooltip) has its own glyph (no
// '?' in the Chinese interface), and that the atlas stays at most 4096 × 4096; a scene character
// outside the common set (U+8F74 '轴', axis) is baked once required. With a folder argument (ctest
// passes lessons/), every character every lesson of it shows, in both languages, must have a glyph
// too, as the window bakes them when a lesson opens. Exit 0 on success, 1 on failure, 77 (ctest's
// skip code) when the CJK font is not installed.

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include <imgui.h>

#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_library.hpp"
#include "ui/platform/cjk_font.hpp"
#include "ui/platform/theme.hpp"
#include "ui/text/option_texts.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/text/utf8.hpp"

namespace {

/// Counts the catalog characters `font` lacks, printing the first few with their keys.
int missing_catalog_glyphs(const ImFont& font, int& characters) {
    int missing = 0;
    characters = 0;
    for (std::size_t index = 0; index < aabb::ui::text_key_count; ++index) {
        const auto key = static_cast<aabb::ui::TextKey>(index);
        for (const aabb::ui::Language language : aabb::ui::all_languages) {
            const std::string_view text = aabb::ui::text(language, key);
            for (std::size_t at = 0; at < text.size();) {
                const char32_t code = aabb::ui::next_code_point(text, at);
                if (code < 0x20) continue;  // line breaks are not drawn
                ++characters;
                if (code <= 0xFFFF && font.FindGlyphNoFallback(static_cast<ImWchar>(code)))
                    continue;
                if (++missing <= 10) {
                    std::fprintf(stderr, "font-check: U+%04X of %s (%s) has no glyph\n",
                                 static_cast<unsigned>(code),
                                 std::string(aabb::ui::text_key_name(key)).c_str(),
                                 std::string(aabb::ui::language_code(language)).c_str());
                }
            }
        }
    }
    return missing;
}

/// Counts the characters of `text` (lesson `source`) that `font` lacks, printing the first few.
int missing_text_glyphs(const ImFont& font, std::string_view text, const std::string& source,
                        int& characters) {
    int missing = 0;
    for (std::size_t at = 0; at < text.size();) {
        const char32_t code = aabb::ui::next_code_point(text, at);
        if (code < 0x20) continue;
        ++characters;
        if (code <= 0xFFFF && font.FindGlyphNoFallback(static_cast<ImWchar>(code))) continue;
        if (++missing <= 10) {
            std::fprintf(stderr, "font-check: U+%04X of %s has no glyph\n",
                         static_cast<unsigned>(code), source.c_str());
        }
    }
    return missing;
}

/// Every lesson's display text of `directory`, with its file, required in the atlas.
std::vector<std::pair<std::string, std::string>> lesson_texts(const char* directory) {
    std::vector<std::pair<std::string, std::string>> texts;
    if (directory == nullptr) return texts;
    for (const std::filesystem::path& file : aabb::lesson::lesson_files(directory)) {
        try {
            std::string text = aabb::lesson::lesson_display_text(aabb::lesson::load_lesson(file));
            (void)aabb::ui::require_cjk_text(text);
            texts.emplace_back(file.string(), std::move(text));
        } catch (const std::exception& error) {
            std::fprintf(stderr, "font-check: %s\n", error.what());
            texts.emplace_back(file.string(), std::string());
        }
    }
    return texts;
}

}  // namespace

int main(int argc, char** argv) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(aabb::ui::cjk_font_path, error)) {
        std::printf("font-check: %s not installed, skipped\n", aabb::ui::cjk_font_path);
        return 77;
    }
    constexpr float base_font_pixels = 16.0f;
    constexpr int max_atlas_side = 4096;
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    int failures = 0;
    // Required once: new the first time, known the second.
    if (!aabb::ui::require_cjk_text("轴对齐") || aabb::ui::require_cjk_text("轴")) {
        std::fprintf(stderr, "font-check: require_cjk_text does not track new characters\n");
        ++failures;
    }
    // As the sandbox does at start: the whole catalog, so a language switch needs no rebake.
    (void)aabb::ui::require_catalog_text();
    const auto lessons = lesson_texts(argc > 1 ? argv[1] : nullptr);
    if (argc > 1 && lessons.empty()) {
        std::fprintf(stderr, "font-check: no lesson files in %s\n", argv[1]);
        ++failures;
    }
    for (const float scale : {1.0f, 2.0f, 3.0f}) {
        io.Fonts->Clear();
        if (!aabb::ui::load_interface_font(base_font_pixels * scale)) {
            ImFontConfig config;
            config.SizePixels = 13.0f * scale;
            io.Fonts->AddFontDefault(&config);
        }
        const bool merged = aabb::ui::merge_cjk_font(base_font_pixels * scale);
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        io.Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
        const ImFont* font = io.Fonts->Fonts.empty() ? nullptr : io.Fonts->Fonts[0];
        const bool has_cjk = font != nullptr && aabb::ui::font_has_cjk_glyphs(*font);
        const bool has_latin = font != nullptr && font->FindGlyphNoFallback('A') != nullptr;
        const bool has_required = font != nullptr && font->FindGlyphNoFallback(0x8F74) != nullptr;
        int characters = 0;
        int missing = font == nullptr ? -1 : missing_catalog_glyphs(*font, characters);
        for (const aabb::ui::OptionChineseTooltip& tooltip : aabb::ui::option_chinese_tooltips()) {
            if (font == nullptr) break;
            missing += missing_text_glyphs(*font, tooltip.text,
                                           "the tooltip of option " + std::string(tooltip.option),
                                           characters);
        }
        int lesson_characters = 0;
        for (const auto& [source, text] : lessons) {
            if (font == nullptr) break;
            if (text.empty()) ++missing;  // the file could not be read
            missing += missing_text_glyphs(*font, text, source, lesson_characters);
        }
        std::printf(
            "font-check: scale %.0f: CJK merged %s, glyph U+78B0 %s, U+8F74 %s, "
            "catalog %zu keys, %d characters, %zu lessons, %d characters, %s, atlas %dx%d\n",
            static_cast<double>(scale), merged ? "yes" : "no", has_cjk ? "present" : "MISSING",
            has_required ? "present" : "MISSING", aabb::ui::text_key_count, characters,
            lessons.size(), lesson_characters, missing == 0 ? "all present" : "SOME MISSING", width,
            height);
        if (!merged || !has_cjk || !has_latin || !has_required || missing != 0 ||
            pixels == nullptr || width > max_atlas_side || height > max_atlas_side) {
            ++failures;
        }
    }
    ImGui::DestroyContext();
    if (failures != 0) std::fprintf(stderr, "font-check: %d scale(s) failed\n", failures);
    return failures == 0 ? 0 : 1;
}

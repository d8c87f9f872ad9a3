#include "ui/platform/cjk_font.hpp"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "ui/text/option_texts.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

/// Characters beyond the common set that scene texts need, as a bit per character.
ImFontGlyphRangesBuilder& required_characters() {
    static ImFontGlyphRangesBuilder characters;
    return characters;
}

/// The glyph ranges of the last merge; the atlas reads them until it is built.
ImVector<ImWchar>& merged_ranges() {
    static ImVector<ImWchar> ranges;
    return ranges;
}

}  // namespace

bool require_cjk_text(std::string_view utf8) {
    // The builder decodes UTF-8 (ImWchar holds the Basic Multilingual Plane).
    ImFontGlyphRangesBuilder text;
    text.AddText(utf8.data(), utf8.data() + utf8.size());
    ImFontGlyphRangesBuilder& required = required_characters();
    bool added = false;
    // Latin-1 comes from the interface font.
    for (std::size_t character = 0x100; character <= 0xFFFF; ++character) {
        if (text.GetBit(character) && !required.GetBit(character)) {
            required.SetBit(character);
            added = true;
        }
    }
    return added;
}

bool require_catalog_text() {
    bool added = false;
    for (std::size_t key = 0; key < text_key_count; ++key) {
        for (const Language language : all_languages)
            added = require_cjk_text(text(language, static_cast<TextKey>(key))) || added;
    }
    // The broad-phase options' Chinese tooltips sit beside the catalog (catalog/option_texts.inc).
    for (const OptionChineseTooltip& tooltip : option_chinese_tooltips())
        added = require_cjk_text(tooltip.text) || added;
    return added;
}

bool merge_cjk_font(float pixel_size, const char* path) {
    static bool failure_logged = false;
    std::error_code error;
    ImGuiIO& io = ImGui::GetIO();
    if (std::filesystem::is_regular_file(path, error) && !io.Fonts->Fonts.empty()) {
        ImFontConfig config;
        config.MergeMode = true;
        // No oversampling and pixel-snapped advances: CJK glyphs are many and dense, and this
        // keeps the atlas at about a quarter of the oversampled size (it is rebuilt at every
        // UI-scale change).
        config.OversampleH = 1;
        config.OversampleV = 1;
        config.PixelSnapH = true;
        io.Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
        ImFontGlyphRangesBuilder builder;
        builder.AddRanges(io.Fonts->GetGlyphRangesChineseSimplifiedCommon());
        for (std::size_t character = 0x100; character <= 0xFFFF; ++character) {
            if (required_characters().GetBit(character))
                builder.AddChar(static_cast<ImWchar>(character));
        }
        merged_ranges().clear();
        builder.BuildRanges(&merged_ranges());
        if (io.Fonts->AddFontFromFileTTF(path, pixel_size, &config, merged_ranges().Data) !=
            nullptr) {
            return true;
        }
    }
    if (!failure_logged) {
        failure_logged = true;
        std::fprintf(stderr,
                     "aabb-sandbox: no CJK font at %s (Debian package fonts-droid-fallback); "
                     "Chinese text shows as '?'\n",
                     path);
    }
    return false;
}

bool font_has_cjk_glyphs(const ImFont& font) {
    return font.FindGlyphNoFallback(static_cast<ImWchar>(0x78B0)) != nullptr;
}

}  // namespace aabb::ui

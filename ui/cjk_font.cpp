#include "ui/cjk_font.hpp"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace aabb::ui {

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
        if (io.Fonts->AddFontFromFileTTF(path, pixel_size, &config,
                                         io.Fonts->GetGlyphRangesChineseSimplifiedCommon()) !=
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

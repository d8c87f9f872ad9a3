// aabb-font-check: builds the interface font atlas the way the sandbox does (system sans font
// plus the merged CJK font) at UI scales 1, 2 and 3 without a window, and checks that Chinese
// glyphs are present and the atlas stays at most 4096 × 4096; a scene character outside the
// common set (U+8F74 '轴', axis) is baked once required. Exit 0 on success, 1 on
// failure, 77 (ctest's skip code) when the CJK font is not installed.

#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>

#include "ui/platform/cjk_font.hpp"
#include "ui/platform/theme.hpp"

int main() {
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
        const bool has_cjk =
            !io.Fonts->Fonts.empty() && aabb::ui::font_has_cjk_glyphs(*io.Fonts->Fonts[0]);
        const bool has_latin =
            !io.Fonts->Fonts.empty() && io.Fonts->Fonts[0]->FindGlyphNoFallback('A') != nullptr;
        const bool has_required =
            !io.Fonts->Fonts.empty() && io.Fonts->Fonts[0]->FindGlyphNoFallback(0x8F74) != nullptr;
        std::printf(
            "font-check: scale %.0f: CJK merged %s, glyph U+78B0 %s, U+8F74 %s, "
            "atlas %dx%d\n",
            static_cast<double>(scale), merged ? "yes" : "no", has_cjk ? "present" : "MISSING",
            has_required ? "present" : "MISSING", width, height);
        if (!merged || !has_cjk || !has_latin || !has_required || pixels == nullptr ||
            width > max_atlas_side || height > max_atlas_side) {
            ++failures;
        }
    }
    ImGui::DestroyContext();
    if (failures != 0) std::fprintf(stderr, "font-check: %d scale(s) failed\n", failures);
    return failures == 0 ? 0 : 1;
}

#include "ui/platform/theme.hpp"

#include <filesystem>
#include <system_error>

namespace aabb::ui {

void apply_theme() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 0.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    // Compact spacing: the whole panel fits a 720-pixel-high window at a 16-pixel font.
    style.FramePadding = ImVec2(6.0f, 2.0f);
    style.ItemSpacing = ImVec2(8.0f, 3.0f);
    style.CellPadding = ImVec2(4.0f, 1.0f);
    style.WindowPadding = ImVec2(10.0f, 8.0f);
    style.ScrollbarSize = 12.0f;

    ImVec4* colors = style.Colors;
    const ImVec4 accent = to_imgui_vec4(palette.accent);
    const auto shade = [](ImVec4 color, float alpha) {
        return ImVec4(color.x, color.y, color.z, alpha);
    };
    colors[ImGuiCol_WindowBg] = to_imgui_vec4(palette.panel_background);
    colors[ImGuiCol_PopupBg] = to_imgui_vec4(palette.panel_background.with_alpha(245));
    colors[ImGuiCol_Text] = to_imgui_vec4(palette.text);
    colors[ImGuiCol_TextDisabled] = to_imgui_vec4(palette.text_dim);
    colors[ImGuiCol_TitleBg] = to_imgui_vec4(palette.canvas_background);
    colors[ImGuiCol_TitleBgActive] = to_imgui_vec4(palette.canvas_background);
    colors[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
    colors[ImGuiCol_FrameBgHovered] = ImVec4(0.20f, 0.23f, 0.29f, 1.0f);
    colors[ImGuiCol_FrameBgActive] = ImVec4(0.23f, 0.27f, 0.34f, 1.0f);
    colors[ImGuiCol_Header] = shade(accent, 0.30f);
    colors[ImGuiCol_HeaderHovered] = shade(accent, 0.45f);
    colors[ImGuiCol_HeaderActive] = shade(accent, 0.60f);
    colors[ImGuiCol_Button] = shade(accent, 0.35f);
    colors[ImGuiCol_ButtonHovered] = shade(accent, 0.55f);
    colors[ImGuiCol_ButtonActive] = shade(accent, 0.75f);
    colors[ImGuiCol_SliderGrab] = shade(accent, 0.85f);
    colors[ImGuiCol_SliderGrabActive] = accent;
    colors[ImGuiCol_CheckMark] = ImVec4(0.55f, 0.78f, 1.0f, 1.0f);
    colors[ImGuiCol_Separator] = ImVec4(0.25f, 0.28f, 0.34f, 1.0f);
    colors[ImGuiCol_TableBorderLight] = ImVec4(0.22f, 0.25f, 0.30f, 1.0f);
    colors[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);
    colors[ImGuiCol_PlotLines] = ImVec4(0.55f, 0.78f, 1.0f, 1.0f);
    colors[ImGuiCol_PlotHistogram] = ImVec4(1.0f, 0.6f, 0.25f, 1.0f);
}

bool load_interface_font(float pixel_size) {
    // System fonts from Debian packages; nothing is bundled with the repository.
    constexpr const char* candidates[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    };
    ImGuiIO& io = ImGui::GetIO();
    for (const char* path : candidates) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(path, error)) continue;
        ImFontConfig config;
        config.OversampleH = 2;
        config.OversampleV = 2;
        // Latin-1, Greek (τ, θ, Δ in formulas), general punctuation (dashes, quotes, ellipsis),
        // super- and subscripts (10⁶), arrows, mathematical operators (−, ≤, ≥, ∞, √),
        // miscellaneous technical (⌈ ⌉ of cell counts), geometric shapes (◀ ▶) and dingbats (✓ of
        // reached goals): every character a lesson's formulas and the lesson panel use.
        static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x209F,
                                         0x2190, 0x21FF, 0x2200, 0x22FF, 0x2300, 0x23FF,
                                         0x25A0, 0x25FF, 0x2700, 0x27BF, 0};
        if (io.Fonts->AddFontFromFileTTF(path, pixel_size, &config, ranges) != nullptr) return true;
    }
    return false;
}

}  // namespace aabb::ui

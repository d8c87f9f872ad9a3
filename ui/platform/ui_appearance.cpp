#include "ui/platform/ui_appearance.hpp"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "ui/platform/cjk_font.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/style/palette.hpp"

namespace aabb::ui {

void apply_appearance(const UiSettings& settings, float base_font_pixels) {
    const float scale = clamp_ui_scale(settings.ui_scale);
    set_color_scheme(settings.high_contrast ? high_contrast_colors : standard_colors);
    // The world overlays follow the scheme and the scale too (projectors need thick lines).
    set_overlay_appearance(
        settings.high_contrast ? high_contrast_overlay_colors : standard_overlay_colors, scale,
        settings.high_contrast);
    // From ImGui's default style every time: ScaleAllSizes multiplies every size in place, and
    // apply_theme() sets only some of them, so scaling the previous style again would grow the
    // others (window minimum size, indents, grab sizes …) with every change of scale or font
    // rebake (issue 49 item 3: after ten Ctrl+= the lesson bar's minimum size covered the
    // window).
    ImGui::GetStyle() = ImGuiStyle();
    apply_theme();
    ImGuiStyle& style = ImGui::GetStyle();
    if (settings.high_contrast) {
        // Widgets need visible edges and brighter frames on a black background.
        style.FrameBorderSize = 1.0f;
        style.Colors[ImGuiCol_Border] = ImVec4(0.85f, 0.85f, 0.85f, 0.8f);
        style.Colors[ImGuiCol_FrameBg] = ImVec4(0.10f, 0.10f, 0.10f, 1.0f);
        style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.22f, 0.22f, 1.0f);
        style.Colors[ImGuiCol_CheckMark] = ImVec4(1.0f, 1.0f, 0.2f, 1.0f);
        style.Colors[ImGuiCol_PlotLines] = ImVec4(0.0f, 0.9f, 1.0f, 1.0f);
        style.Colors[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.08f);
    }
    style.ScaleAllSizes(scale);

    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    if (!load_interface_font(base_font_pixels * scale)) {
        ImFontConfig config;
        config.SizePixels = 13.0f * scale;
        io.Fonts->AddFontDefault(&config);
    }
    // Scene titles and descriptions have Chinese versions.
    merge_cjk_font(base_font_pixels * scale);
    // The backend's shaders are made here, between frames: left to the first frame's
    // ImGui_ImplOpenGL3_NewFrame(), they and an upload of the atlas (10 ms with the CJK glyphs)
    // land in its UI build. It makes them only once (ImGui 1.86's DestroyDeviceObjects() keeps its
    // buffer sizes, so objects made again would draw nothing).
    ImGui_ImplOpenGL3_NewFrame();
    // The backend uploads the atlas again; without this it would keep the old texture.
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace aabb::ui

// The scene caption overlay: The scene's title and live detection counts in the canvas's top-left
// corner.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/scene_texts.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

/// "   bullets swept" / "   bullets discrete" where the scene has bullets to detect, else
/// nothing.
std::string detection_text(const SimulationController& simulation, const World& world) {
    const bool has_bullets =
        !simulation.scene_description().spawners.empty() || world.bullet_count() > 0;
    if (!has_bullets) return {};
    return tr(simulation.bullet_detection() == DetectionMode::swept
                  ? TextKey::caption_bullets_swept
                  : TextKey::caption_bullets_discrete);
}

/// Its names and legend.
constexpr OverlayDescription description{TextKey::overlay_caption, TextKey::overlay_caption_tip,
                                         &overlay_colors.caption_title};

/// The scene's title and live detection counts in the canvas's top-left corner.
void draw_scene_caption(const OverlayContext& context, const OverlaySources& sources) {
    const World& world = context.world;
    std::uint64_t contacts = 0;
    for (const std::uint8_t is_contact : world.pair_is_contact())
        contacts += is_contact;
    const std::uint64_t candidates = world.overlapping_pairs().size();
    const ScreenRect& area = context.camera.viewport();
    // Below the canvas toolbar (a row of buttons at the top-left, more when they wrap).
    // Offsets in font units, so the caption keeps its layout at every UI scale.
    const float unit = ImGui::GetFontSize() / 16.0f;
    const ImVec2 origin(area.min.x + 12.0f * unit, area.min.y + ImGui::GetFrameHeightWithSpacing() +
                                                       22.0f * unit + context.toolbar_extra_height);
    // The title in the interface language; in English the Chinese one follows on the same line.
    const SceneTexts texts = scene_texts(sources.simulation, current_language());
    const std::string title =
        texts.second_title.empty() ? texts.title : texts.title + "   " + texts.second_title;
    const std::string line =
        tr_format(TextKey::caption_counts, static_cast<unsigned long long>(world.frame()),
                  static_cast<unsigned long long>(candidates),
                  static_cast<unsigned long long>(contacts),
                  static_cast<unsigned long long>(candidates - contacts),
                  static_cast<unsigned long long>(sources.simulation.bullets().tunneling_count())) +
        detection_text(sources.simulation, world);
    const float line_height = ImGui::GetTextLineHeightWithSpacing();
    const float width = std::max(ImGui::CalcTextSize(title.c_str()).x + 24.0f * unit,
                                 ImGui::CalcTextSize(line.c_str()).x);
    // At least as dark as the standard caption; opaque in high contrast.
    const Rgba8 backdrop = overlay_colors.text_backdrop.with_alpha(
        std::max<std::uint8_t>(170, overlay_colors.text_backdrop.a));
    context.draw_list.AddRectFilled(
        ImVec2(origin.x - 6.0f * unit, origin.y - 4.0f * unit),
        ImVec2(origin.x + width + 6.0f * unit, origin.y + 2.0f * line_height + 2.0f * unit),
        to_imgui_color(backdrop), 4.0f * unit);
    // A solid square of the title color marks the caption (aabb-png-check --scene-view looks
    // for it; antialiased text alone has too few exact pixels).
    const float square = ImGui::GetTextLineHeight() * 0.7f;
    const float inset = (ImGui::GetTextLineHeight() - square) * 0.5f;
    context.draw_list.AddRectFilled(ImVec2(origin.x, origin.y + inset),
                                    ImVec2(origin.x + square, origin.y + inset + square),
                                    to_imgui_color(overlay_colors.caption_title));
    context.draw_list.AddText(ImVec2(origin.x + square + 6.0f * unit, origin.y),
                              to_imgui_color(overlay_colors.caption_title), title.c_str());
    context.draw_list.AddText(ImVec2(origin.x, origin.y + line_height),
                              to_imgui_color(overlay_colors.caption_text), line.c_str());
}

}  // namespace

const OverlayDefinition scene_caption_overlay{description, draw_scene_caption};

}  // namespace aabb::ui

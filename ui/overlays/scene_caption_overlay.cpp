// The scene caption overlay: The scene's title and live detection counts in the canvas's top-left
// corner.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/overlap.hpp"
#include "core/lesson/lesson_names.hpp"
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

/// `text` in lines of at most `width` pixels, broken only where its pieces are joined by three
/// spaces (a piece wider than `width` stays whole on its own line).
std::vector<std::string> wrapped_at_gaps(const std::string& text, float width) {
    constexpr std::string_view gap = "   ";
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(gap, start);
        if (end == std::string::npos) end = text.size();
        const std::string piece = text.substr(start, end - start);
        if (!piece.empty()) {
            const std::string joined =
                lines.empty() ? piece : lines.back() + std::string(gap) + piece;
            if (!lines.empty() && ImGui::CalcTextSize(joined.c_str()).x <= width) {
                lines.back() = joined;
            } else {
                lines.push_back(piece);
            }
        }
        start = end + gap.size();
    }
    if (lines.empty()) lines.emplace_back();
    return lines;
}

/// A canvas shorter than this many font sizes is too short for the scene's title in a lesson:
/// the step card names what the step is about, and the title's rows took the figure's room
/// (issue 49: lesson 19 step 5 at 1280x720 and UI scale 2 left it none). 36 keeps the title at
/// 1920x1080 and scale 2 (41 font sizes) and drops it at 1280x720 and scale 2 (28).
constexpr float min_fonts_for_lesson_title = 36.0f;

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("caption"), TextKey::overlay_caption,
                                         TextKey::overlay_caption_tip,
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
    float top = area.min.y + ImGui::GetFrameHeightWithSpacing() + 22.0f * unit +
                context.toolbar_extra_height;
    LayoutRecord* record = current_layout_record();
    // The toolbar as drawn this frame, when the window recorded it.
    if (record != nullptr) {
        if (const std::optional<ScreenRect> toolbar = record->region(layout_region::toolbar))
            top = toolbar->max.y + 10.0f * unit;
    }
    const ImVec2 origin(area.min.x + 12.0f * unit, top);
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
    // Pieces joined by three spaces go on one line while it fits the canvas, then wrap (a
    // large UI scale on a narrow canvas).
    const float square = ImGui::GetTextLineHeight() * 0.7f;
    const float title_indent = square + 6.0f * unit;
    const float room = std::max(area.size().x - 24.0f * unit, 1.0f);
    const bool short_lesson_canvas =
        sources.lessons.runtime() != nullptr &&
        area.size().y < min_fonts_for_lesson_title * ImGui::GetFontSize();
    const std::vector<std::string> title_lines = short_lesson_canvas
                                                     ? std::vector<std::string>{}
                                                     : wrapped_at_gaps(title, room - title_indent);
    const std::vector<std::string> count_lines = wrapped_at_gaps(line, room);
    float width = 0.0f;
    for (const std::string& text : title_lines)
        width = std::max(width, ImGui::CalcTextSize(text.c_str()).x + title_indent);
    for (const std::string& text : count_lines)
        width = std::max(width, ImGui::CalcTextSize(text.c_str()).x);
    const float line_height = ImGui::GetTextLineHeightWithSpacing();
    const auto rows = static_cast<float>(title_lines.size() + count_lines.size());
    // At least as dark as the standard caption; opaque in high contrast.
    const Rgba8 backdrop = overlay_colors.text_backdrop.with_alpha(
        std::max<std::uint8_t>(170, overlay_colors.text_backdrop.a));
    const ImVec2 backdrop_min(origin.x - 6.0f * unit, origin.y - 4.0f * unit);
    const ImVec2 backdrop_max(origin.x + width + 6.0f * unit,
                              origin.y + rows * line_height + 2.0f * unit);
    context.draw_list.AddRectFilled(backdrop_min, backdrop_max, to_imgui_color(backdrop),
                                    4.0f * unit);
    if (record != nullptr) {
        record->set_region(layout_region::caption,
                           {{backdrop_min.x, backdrop_min.y}, {backdrop_max.x, backdrop_max.y}});
    }
    // A solid square of the title color marks the caption (aabb-png-check --scene-view looks
    // for it; antialiased text alone has too few exact pixels).
    const float inset = (ImGui::GetTextLineHeight() - square) * 0.5f;
    if (!title_lines.empty()) {
        context.draw_list.AddRectFilled(ImVec2(origin.x, origin.y + inset),
                                        ImVec2(origin.x + square, origin.y + inset + square),
                                        to_imgui_color(overlay_colors.caption_title));
    }
    float y = origin.y;
    for (const std::string& text : title_lines) {
        canvas_text(context.draw_list, ImVec2(origin.x + title_indent, y),
                    to_imgui_color(overlay_colors.caption_title), text.c_str(), TextOwner::caption);
        y += line_height;
    }
    for (const std::string& text : count_lines) {
        canvas_text(context.draw_list, ImVec2(origin.x, y),
                    to_imgui_color(overlay_colors.caption_text), text.c_str(), TextOwner::caption);
        y += line_height;
    }
}

}  // namespace

const OverlayDefinition scene_caption_overlay{description, draw_scene_caption};

}  // namespace aabb::ui

// The tunneling markers overlay: a marker at every tunneling event the bullet tracker holds,
// naming both bodies, the world step and τ ("#12 through #3, step 40, τ 0.78"). Decluttered
// (ui/view/marker_declutter.hpp): the selected and hovered bodies' events and the newest few
// are labelled; the rest become dots with a count, and a line says how many.

#include <string>
#include <vector>

#include "core/lesson/lesson_names.hpp"
#include "ui/canvas/canvas_overlay.hpp"
#include "ui/canvas/overlay_draw.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/label_placement.hpp"
#include "ui/view/marker_declutter.hpp"

namespace aabb::ui {

namespace {

/// Its names and legend.
constexpr OverlayDescription description{lesson::overlay_name("tunneling"),
                                         TextKey::overlay_tunneling, TextKey::overlay_tunneling_tip,
                                         &overlay_colors.tunneling};

/// Markers labelled at most: more would cover the level.
constexpr std::size_t max_labels = 6;
/// Screen cell, at UI scale 1, whose unlabelled markers merge into one dot.
constexpr float dot_cell = 28.0f;

/// The circled cross of one marker.
void draw_cross(ImDrawList& draw_list, glm::vec2 center, ImU32 color) {
    const float radius = overlay_size(12.0f);
    const float width = overlay_stroke(3.0f);
    const float arm = radius * 0.7f;
    draw_list.AddCircle(to_imvec(center), radius, color, 0, width);
    draw_list.AddLine(ImVec2(center.x - arm, center.y - arm),
                      ImVec2(center.x + arm, center.y + arm), color, width);
    draw_list.AddLine(ImVec2(center.x - arm, center.y + arm),
                      ImVec2(center.x + arm, center.y - arm), color, width);
}

/// Where the scene caption goes (drawn after this overlay, so not yet in the frame's layout
/// record): the canvas's width below the toolbar, two caption lines high, as
/// scene_caption_overlay.cpp places it.
ScreenRect caption_band(const OverlayContext& context) {
    const ScreenRect& area = context.camera.viewport();
    const float unit = ImGui::GetFontSize() / 16.0f;
    float top = area.min.y + ImGui::GetFrameHeightWithSpacing() + 22.0f * unit +
                context.toolbar_extra_height;
    if (const LayoutRecord* record = current_layout_record()) {
        if (const std::optional<ScreenRect> toolbar = record->region(layout_region::toolbar))
            top = toolbar->max.y + 10.0f * unit;
    }
    return {area.min,
            {area.max.x, top + 2.0f * ImGui::GetTextLineHeightWithSpacing() + 6.0f * unit}};
}

void draw_tunneling_markers(const OverlayContext& context, const OverlaySources& sources) {
    const auto& events = sources.simulation.bullets().events();
    std::optional<BodyId> hovered;
    if (context.hovered && *context.hovered < context.world.body_ids().size())
        hovered = context.world.body_ids()[*context.hovered];
    const auto looked_at = [&](BodyId id) {
        return id == sources.selection.selected() || id == sources.selection.second() ||
               id == hovered;
    };
    std::vector<const BulletEventRecord*> shown;
    std::vector<MarkerCandidate> candidates;
    for (const BulletEventRecord& event : events) {
        if (!event.tunneled()) continue;
        const glm::vec2 inside = (event.motion.body_pose.position + event.exit) * 0.5f;
        shown.push_back(&event);
        candidates.push_back({context.camera.world_to_screen(inside),
                              looked_at(event.motion.body) || looked_at(event.motion.other)});
    }
    if (shown.empty()) return;
    const ScreenRect view = clip_rect(context.draw_list);
    const MarkerLayout layout =
        declutter_markers(candidates, view, max_labels, overlay_size(dot_cell));
    const ImU32 color = to_imgui_color(overlay_colors.tunneling);

    for (const MarkerDot& dot : layout.dots) {
        const float radius = overlay_size(dot.count > 1 ? 4.5f : 3.5f);
        context.draw_list.AddCircleFilled(to_imvec(dot.screen), radius, color);
        if (dot.count > 1) {
            const std::string count = std::to_string(dot.count);
            canvas_text(context.draw_list,
                        ImVec2(dot.screen.x + radius + 1.0f,
                               dot.screen.y - 0.5f * ImGui::GetFontSize() * 0.8f),
                        color, count.c_str(), TextOwner::overlay, 0.8f);
        }
    }

    std::vector<ScreenRect> taken = label_obstacles(view);
    taken.push_back(caption_band(context));
    const float font = ImGui::GetFontSize();
    // overlay_text() draws its backdrop this far around the text.
    const glm::vec2 padding(overlay_size(2.0f));
    for (const std::size_t k : layout.labelled) {
        const BulletEventRecord& event = *shown[k];
        const glm::vec2 center = candidates[k].screen;
        draw_cross(context.draw_list, center, color);
        // The full label, else the bodies alone where the full one finds no free place (a
        // lesson's card and timeline cover much of the canvas), else none: the marker stays,
        // a label would cover something else.
        const std::string texts[] = {
            tr_format(TextKey::marker_tunneled, static_cast<unsigned>(event.motion.body),
                      static_cast<unsigned>(event.motion.other),
                      static_cast<unsigned long long>(event.motion.step),
                      event.motion.time_of_impact),
            tr_format(TextKey::marker_tunneled_short, static_cast<unsigned>(event.motion.body),
                      static_cast<unsigned>(event.motion.other))};
        const glm::vec2 wanted(center.x + overlay_size(16.0f), center.y - 0.5f * font);
        const std::string* text = nullptr;
        LabelPlace place;
        for (const std::string& candidate : texts) {
            const ImVec2 size = ImGui::CalcTextSize(candidate.c_str());
            place = place_label(wanted, glm::vec2(size.x, size.y) + 2.0f * padding, view, taken,
                                overlay_size(2.0f));
            if (!place.overlaps) {
                text = &candidate;
                break;
            }
        }
        if (text == nullptr) continue;
        taken.push_back(place.rect);
        if (place.moved) {
            context.draw_list.AddLine(to_imvec(center), to_imvec(nearest_point(place.rect, center)),
                                      color, overlay_stroke(1.0f));
        }
        overlay_text(context.draw_list, to_imvec(place.rect.min + glm::vec2(padding.x, padding.y)),
                     color, text->c_str());
    }

    if (layout.dotted > 0) {
        const std::string note = tr_format(TextKey::marker_more, layout.dotted);
        const glm::vec2 wanted(view.min.x + overlay_size(8.0f),
                               view.max.y - 2.5f * font - overlay_size(8.0f));
        const ImVec2 size = ImGui::CalcTextSize(note.c_str());
        const LabelPlace place =
            place_label(wanted, glm::vec2(size.x, size.y) + 2.0f * glm::vec2(padding.x, padding.y),
                        view, taken, overlay_size(2.0f));
        if (!place.overlaps)
            overlay_text(context.draw_list,
                         to_imvec(place.rect.min + glm::vec2(padding.x, padding.y)), color,
                         note.c_str());
    }
}

}  // namespace

const OverlayDefinition tunneling_markers_overlay{description, draw_tunneling_markers};

}  // namespace aabb::ui

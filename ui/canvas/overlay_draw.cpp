#include "ui/canvas/overlay_draw.hpp"

#include <algorithm>
#include <cmath>

#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/clipped_marks.hpp"
#include "ui/view/free_area.hpp"
#include "ui/view/label_placement.hpp"

namespace aabb::ui {

void pose_corners(const Camera& camera, glm::vec2 center, glm::vec2 half_size, float angle,
                  ImVec2 (&corners)[4]) {
    const float cosine = std::cos(angle);
    const float sine = std::sin(angle);
    const glm::vec2 local[4] = {{-half_size.x, -half_size.y},
                                {half_size.x, -half_size.y},
                                {half_size.x, half_size.y},
                                {-half_size.x, half_size.y}};
    for (int i = 0; i < 4; ++i) {
        const glm::vec2 rotated{cosine * local[i].x - sine * local[i].y,
                                sine * local[i].x + cosine * local[i].y};
        corners[i] = to_imvec(camera.world_to_screen(center + rotated));
    }
}

void draw_pose(ImDrawList& draw_list, const Camera& camera, glm::vec2 center, glm::vec2 half_size,
               float angle, Rgba8 color, float thickness) {
    ImVec2 corners[4];
    pose_corners(camera, center, half_size, angle, corners);
    draw_list.AddConvexPolyFilled(corners, 4, to_imgui_color(color.with_alpha(50)));
    draw_list.AddPolyline(corners, 4, to_imgui_color(color), ImDrawFlags_Closed, thickness);
}

void outline_box(ImDrawList& draw_list, const Camera& camera, const Box2& box, ImU32 color,
                 float thickness, float grow) {
    const ScreenRect rect = camera.world_to_screen(box);
    draw_list.AddRect(ImVec2(rect.min.x - grow, rect.min.y - grow),
                      ImVec2(rect.max.x + grow, rect.max.y + grow), color,
                      grow > 0.0f ? 2.0f : 0.0f, 0, thickness);
}

ScreenRect clip_rect(const ImDrawList& draw_list) {
    const ImVec2 min = draw_list.GetClipRectMin();
    const ImVec2 max = draw_list.GetClipRectMax();
    return {{min.x, min.y}, {max.x, max.y}};
}

void dashed_line(ImDrawList& draw_list, glm::vec2 from, glm::vec2 to, ImU32 color,
                 float thickness) {
    constexpr float dash = 8.0f;
    // Only the dashes inside the clip rectangle, found without walking from a far end (a fast
    // bullet's path at high zoom is billions of pixels long: issue 48 item 6).
    for (const ScreenSegment& piece :
         visible_dashes(from, to, dash, 2.0f * dash, clip_rect(draw_list)))
        draw_list.AddLine(to_imvec(piece.from), to_imvec(piece.to), color, thickness);
}

void canvas_text(ImDrawList& draw_list, ImVec2 position, ImU32 color, const char* text,
                 TextOwner owner, float scale) {
    const float font_size = ImGui::GetFontSize() * scale;
    draw_list.AddText(ImGui::GetFont(), font_size, position, color, text);
    if (LayoutRecord* record = current_layout_record()) {
        const ImVec2 size = ImGui::CalcTextSize(text);
        record->add_text(
            owner, text,
            {{position.x, position.y}, {position.x + size.x * scale, position.y + size.y * scale}});
    }
}

void overlay_text(ImDrawList& draw_list, ImVec2 position, ImU32 color, const char* text,
                  TextOwner owner, float scale) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const float pad = overlay_size(2.0f);
    const LayoutRecord* record = current_layout_record();
    if (owner == TextOwner::overlay && record != nullptr &&
        record->region(layout_region::card).has_value()) {
        // In a lesson, a world overlay's label (a time of impact, a tunneling marker) keeps off
        // the texts, handles and windows drawn before it, as the lesson's labels do. (Outside
        // lessons a scene may have thousands of them: they stay where they are.)
        const ScreenRect bounds = inset_rect(clip_rect(draw_list), pad);
        const LabelPlace place =
            place_label({position.x, position.y}, glm::vec2(size.x, size.y) * scale, bounds,
                        label_obstacles(bounds), 2.0f * pad);
        position = to_imvec(place.rect.min);
    }
    draw_list.AddRectFilled(
        ImVec2(position.x - pad, position.y - pad),
        ImVec2(position.x + size.x * scale + pad, position.y + size.y * scale + pad),
        to_imgui_color(overlay_colors.text_backdrop), pad);
    canvas_text(draw_list, position, color, text, owner, scale);
}

void record_item_text(TextOwner owner, std::string_view text) {
    LayoutRecord* record = current_layout_record();
    if (record == nullptr) return;
    // What shows of it: a window that scrolls (a cut step card) hides part of its items.
    if (!ImGui::IsItemVisible()) return;
    const ImDrawList* draw_list = ImGui::GetWindowDrawList();
    const ImVec2 clip_min = draw_list->GetClipRectMin();
    const ImVec2 clip_max = draw_list->GetClipRectMax();
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    record->add_text(owner, text,
                     {{std::max(min.x, clip_min.x), std::max(min.y, clip_min.y)},
                      {std::min(max.x, clip_max.x), std::min(max.y, clip_max.y)}});
}

void record_window_region(std::string_view name) {
    LayoutRecord* record = current_layout_record();
    if (record == nullptr) return;
    const ImVec2 position = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    record->set_region(name,
                       {{position.x, position.y}, {position.x + size.x, position.y + size.y}});
}

std::vector<ScreenRect> label_obstacles(const ScreenRect& bounds) {
    std::vector<ScreenRect> taken;
    const LayoutRecord* record = current_layout_record();
    if (record == nullptr) return taken;
    for (const LayoutText& text : record->texts()) {
        if (text.owner != TextOwner::grid) taken.push_back(text.rect);
    }
    // The windows over the canvas, the insets and the handles; the one a label is drawn in is
    // its bounds.
    for (const LayoutRegion& region : record->regions()) {
        const bool covering = std::find(std::begin(layout_region::covering_windows),
                                        std::end(layout_region::covering_windows),
                                        region.name) != std::end(layout_region::covering_windows);
        if (!covering && region.name != layout_region::handle) continue;
        if (rect_inside(bounds, region.rect, 1.0f)) continue;
        taken.push_back(region.rect);
    }
    for (const ScreenRect& reserved : record->reserved()) {
        if (!rect_inside(bounds, reserved, 1.0f)) taken.push_back(reserved);
    }
    return taken;
}

}  // namespace aabb::ui
